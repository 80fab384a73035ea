import type { QueryClient } from '@tanstack/react-query';
import type { ImportOptions } from '../../contracts/crm.ts';
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
} from '../../services/crm/crmApi.ts';
import { crmListQueries } from '../../services/crm/crmQueries.ts';
import type { Http } from '../../services/http/http.ts';
import { CRM_LISTS, type CrmLoad, type CrmWrite, INITIAL_PAGE_SIZE } from './crmMachine.ts';

// The CRM's calls, loaded with the first CRM place (not with the app's first screen).

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
 * The five lists together into the query cache; one failing does not stop the others (spec §7). Opening uses
 * what the cache holds fresh; a refresh asks the server again.
 */
export async function loadCrmLists(http: Http, queryClient: QueryClient, pageSize: number): Promise<CrmLoad> {
  const lists = crmListQueries(http);
  const cached = queryClient.getDefaultOptions().queries?.staleTime;
  const staleTime = pageSize === INITIAL_PAGE_SIZE && typeof cached === 'number' ? cached : 0;
  const results = await Promise.allSettled([
    queryClient.fetchQuery({ ...lists.contacts(pageSize), staleTime }),
    queryClient.fetchQuery({ ...lists.leads, staleTime }),
    queryClient.fetchQuery({ ...lists.deals, staleTime }),
    queryClient.fetchQuery({ ...lists.activities, staleTime }),
    queryClient.fetchQuery({ ...lists.workflows, staleTime }),
  ]);
  return { failed: CRM_LISTS.filter((_, i) => results[i]?.status === 'rejected') };
}

/** The contacts' first page, asked again. */
export async function loadFirstContacts(
  http: Http,
  queryClient: QueryClient,
  pageSize: number,
): Promise<void> {
  await queryClient.fetchQuery({ ...crmListQueries(http).contacts(pageSize), staleTime: 0 });
}

export const importCalls = {
  upload: (http: Http, file: File, options: ImportOptions) => importContacts(http, file, options),
  poll: (http: Http, id: number) => getImport(http, id),
  rollback: (http: Http, id: number) => rollbackImport(http, id),
};
