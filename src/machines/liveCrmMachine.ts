import type { QueryClient } from '@tanstack/react-query';
import { enqueueActions, fromPromise } from 'xstate';
import type { ImportOptions } from '../contracts/crm.ts';
import {
  activitiesApi,
  campaignsApi,
  contactsApi,
  convertLead,
  dealsApi,
  getImport,
  importContacts,
  leadsApi,
  listContacts,
  mergeContacts,
  pipelinesApi,
  retryCampaign,
  rollbackImport,
  sendCampaign,
  workflowsApi,
} from '../services/crmApi.ts';
import { crmKeys } from '../services/crmQueries.ts';
import type { Http } from '../services/http.ts';
import { contactImportMachine } from './contactImportMachine.ts';
import { type CrmLists, type CrmWrite, crmMachine } from './crmMachine.ts';

const orNull = <T>(result: PromiseSettledResult<T>): T | null =>
  result.status === 'fulfilled' ? result.value : null;

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
  }
}

/** The CRM machine with its real calls; each write marks the other CRM views' data stale. */
export function createLiveCrmMachine(http: Http, queryClient: QueryClient) {
  return crmMachine.provide({
    actors: {
      // The five lists together; one failing does not stop the others (spec §7).
      loadLists: fromPromise(async ({ input }: { input: { pageSize: number } }): Promise<CrmLists> => {
        const [contacts, leads, deals, activities, workflows] = await Promise.allSettled([
          listContacts(http, { page: 1, pageSize: input.pageSize }),
          leadsApi.list(http),
          dealsApi.list(http),
          activitiesApi.list(http),
          workflowsApi.list(http),
        ]);
        return {
          contacts: orNull(contacts),
          leads: orNull(leads),
          deals: orNull(deals),
          activities: orNull(activities),
          workflows: orNull(workflows),
        };
      }),
      loadContacts: fromPromise(({ input }: { input: { pageSize: number } }) =>
        listContacts(http, { page: 1, pageSize: input.pageSize }),
      ),
      write: fromPromise(({ input }: { input: CrmWrite }) => runCrmWrite(http, input)),
      contactImport: createLiveImportMachine(http, queryClient),
    },
    actions: {
      invalidate: () => {
        void queryClient.invalidateQueries({ queryKey: crmKeys.all });
      },
    },
  });
}

/**
 * The import flow with its real calls, spawned by the CRM when its Import dialog opens; a finished (or undone)
 * import refreshes the cached CRM data and the CRM's lists (its parent).
 */
export function createLiveImportMachine(http: Http, queryClient: QueryClient) {
  return contactImportMachine.provide({
    actors: {
      upload: fromPromise(({ input }: { input: { file: File; options: ImportOptions } }) =>
        importContacts(http, input.file, input.options),
      ),
      poll: fromPromise(({ input }: { input: { id: number } }) => getImport(http, input.id)),
      rollback: fromPromise(({ input }: { input: { id: number } }) => rollbackImport(http, input.id)),
    },
    actions: {
      imported: enqueueActions(({ enqueue }) => {
        enqueue(() => void queryClient.invalidateQueries({ queryKey: crmKeys.all }));
        enqueue.sendParent({ type: 'crm.refresh' });
      }),
    },
  });
}
