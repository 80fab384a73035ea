import type { QueryClient } from '@tanstack/react-query';
import { fromPromise, sendParent } from 'xstate';
import type { ImportOptions } from '../../contracts/crm.ts';
import { crmKeys } from '../../services/crm/crmKeys.ts';
import type { Http } from '../../services/http/http.ts';
import { contactImportMachine } from './contactImportMachine.ts';
import { type CrmWrite, crmMachine } from './crmMachine.ts';
import { applyCrmWrite, applyImport, crmWriteEffects, moveDealInCache } from './crmWriteCache.ts';

// The calls come with the first CRM place: the app's first screen carries no CRM API.
const crmCalls = () => import('./crmCalls.ts');

/**
 * The CRM machine with its real calls: its lists are fetched into the query cache, and each write updates the
 * rows it returned and marks stale only the lists that can hold them.
 */
export function createLiveCrmMachine(http: Http, queryClient: QueryClient) {
  return crmMachine.provide({
    actors: {
      loadLists: fromPromise(async ({ input }: { input: { pageSize: number } }) =>
        (await crmCalls()).loadCrmLists(http, queryClient, input.pageSize),
      ),
      loadContacts: fromPromise(async ({ input }: { input: { pageSize: number } }) =>
        (await crmCalls()).loadFirstContacts(http, queryClient, input.pageSize),
      ),
      write: fromPromise(async ({ input }: { input: CrmWrite }) =>
        (await crmCalls()).runCrmWrite(http, input),
      ),
      contactImport: createLiveImportMachine(http),
    },
    actions: {
      optimistic: (_, { write }) => {
        if (write.kind === 'updateDeal' && write.input.stage !== undefined)
          moveDealInCache(queryClient, write.id, write.input.stage);
      },
      written: (_, { write, output }) => void applyCrmWrite(queryClient, crmWriteEffects(write, output)),
      // What was shown ahead of the server (a moved deal) is read again.
      writeFailed: (_, { write }) => {
        if (write.kind === 'updateDeal') void queryClient.invalidateQueries({ queryKey: crmKeys.deals });
      },
      imported: () => void applyImport(queryClient),
    },
  });
}

/** The import flow with its real calls, spawned by the CRM when its Import dialog opens (it tells the CRM). */
export function createLiveImportMachine(http: Http) {
  return contactImportMachine.provide({
    actors: {
      upload: fromPromise(async ({ input }: { input: { file: File; options: ImportOptions } }) =>
        (await crmCalls()).importCalls.upload(http, input.file, input.options),
      ),
      poll: fromPromise(async ({ input }: { input: { id: number } }) =>
        (await crmCalls()).importCalls.poll(http, input.id),
      ),
      rollback: fromPromise(async ({ input }: { input: { id: number } }) =>
        (await crmCalls()).importCalls.rollback(http, input.id),
      ),
    },
    actions: { imported: sendParent({ type: 'crm.imported' }) },
  });
}
