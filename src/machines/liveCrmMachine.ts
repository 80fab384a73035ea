import type { QueryClient } from '@tanstack/react-query';
import { fromPromise, sendParent } from 'xstate';
import type { ImportOptions } from '../contracts/crm.ts';
import {
  activitiesApi,
  campaignsApi,
  contactsApi,
  convertLead,
  createContactList,
  dealsApi,
  getImport,
  importContacts,
  leadsApi,
  mergeContacts,
  pipelinesApi,
  retryCampaign,
  rollbackImport,
  sendCampaign,
  workflowsApi,
} from '../services/crmApi.ts';
import { crmKeys } from '../services/crmKeys.ts';
import { crmListQueries } from '../services/crmQueries.ts';
import type { Http } from '../services/http.ts';
import { contactImportMachine } from './contactImportMachine.ts';
import { CRM_LISTS, type CrmLoad, type CrmWrite, crmMachine, INITIAL_PAGE_SIZE } from './crmMachine.ts';
import { applyCrmWrite, applyImport, crmWriteEffects, moveDealInCache } from './crmWriteCache.ts';

/** Runs one CRM write against the API. */
export function runCrmWrite(http: Http, write: CrmWrite): Promise<unknown> {
  switch (write.kind) {
    case 'addContact':
      return contactsApi.create(http, write.input);
    case 'updateContact':
      return contactsApi.update(http, write.id, write.input);
    case 'deleteContact':
      return contactsApi.remove(http, write.id);
    case 'mergeContacts':
      // One call: the server merges in one transaction (fields, tags, lists, deals, activities).
      return mergeContacts(http, { keepId: write.keepId, mergeId: write.mergeId, fields: write.fields });
    case 'addLead':
      return leadsApi.create(http, write.input);
    case 'updateLead':
      return leadsApi.update(http, write.id, write.input);
    case 'deleteLead':
      return leadsApi.remove(http, write.id);
    case 'convertLead':
      return convertLead(http, write.id, write.value);
    case 'addDeal':
      return dealsApi.create(http, write.input);
    case 'updateDeal':
      return dealsApi.update(http, write.id, write.input);
    case 'deleteDeal':
      return dealsApi.remove(http, write.id);
    case 'addActivity':
      return activitiesApi.create(http, write.input);
    case 'updateActivity':
      return activitiesApi.update(http, write.id, write.input);
    case 'deleteActivity':
      return activitiesApi.remove(http, write.id);
    case 'addWorkflow':
      return workflowsApi.create(http, write.input);
    case 'updateWorkflow':
      return workflowsApi.update(http, write.id, write.input);
    case 'deleteWorkflow':
      return workflowsApi.remove(http, write.id);
    case 'saveCampaign':
      return write.id === null
        ? campaignsApi.create(http, write.input)
        : campaignsApi.update(http, write.id, write.input);
    case 'sendCampaign':
      return sendCampaign(http, write.id);
    case 'retryCampaign':
      return retryCampaign(http, write.id);
    case 'savePipeline':
      return write.id === null
        ? pipelinesApi.create(http, write.input)
        : pipelinesApi.update(http, write.id, write.input);
    case 'createContactList':
      return createContactList(http, write.input);
  }
}

/**
 * The CRM machine with its real calls: its lists are fetched into the query cache, and each write updates the
 * rows it returned and marks stale only the lists that can hold them.
 */
export function createLiveCrmMachine(http: Http, queryClient: QueryClient) {
  const lists = crmListQueries(http);
  return crmMachine.provide({
    actors: {
      // The five lists together; one failing does not stop the others (spec §7). Opening uses what the cache
      // holds fresh; a refresh asks the server again.
      loadLists: fromPromise(async ({ input }: { input: { pageSize: number } }): Promise<CrmLoad> => {
        const cached = queryClient.getDefaultOptions().queries?.staleTime;
        const staleTime = input.pageSize === INITIAL_PAGE_SIZE && typeof cached === 'number' ? cached : 0;
        const results = await Promise.allSettled([
          queryClient.fetchQuery({ ...lists.contacts(input.pageSize), staleTime }),
          queryClient.fetchQuery({ ...lists.leads, staleTime }),
          queryClient.fetchQuery({ ...lists.deals, staleTime }),
          queryClient.fetchQuery({ ...lists.activities, staleTime }),
          queryClient.fetchQuery({ ...lists.workflows, staleTime }),
        ]);
        return { failed: CRM_LISTS.filter((_, i) => results[i]?.status === 'rejected') };
      }),
      loadContacts: fromPromise(async ({ input }: { input: { pageSize: number } }) => {
        await queryClient.fetchQuery({ ...lists.contacts(input.pageSize), staleTime: 0 });
      }),
      write: fromPromise(({ input }: { input: CrmWrite }) => runCrmWrite(http, input)),
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
      upload: fromPromise(({ input }: { input: { file: File; options: ImportOptions } }) =>
        importContacts(http, input.file, input.options),
      ),
      poll: fromPromise(({ input }: { input: { id: number } }) => getImport(http, input.id)),
      rollback: fromPromise(({ input }: { input: { id: number } }) => rollbackImport(http, input.id)),
    },
    actions: { imported: sendParent({ type: 'crm.imported' }) },
  });
}
