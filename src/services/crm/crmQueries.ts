import {
  keepPreviousData,
  queryOptions,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { useState } from 'react';
import type {
  Activity,
  Campaign,
  Communication,
  Contact,
  ContactList,
  ContactPage,
  CrmStats,
  Deal,
  DuplicatePage,
  InboxItem,
  InboxKind,
  InboxPage,
  Lead,
  Pipeline,
  Workflow,
  WorkflowRun,
} from '../../contracts/crm.ts';
import type { ListQuery } from '../../contracts/crmApi.ts';
import type { RowsPage } from '../../contracts/jsonSchema.ts';
import type { Http } from '../http/http.ts';
import { useHttp } from '../http/httpContext.ts';
import {
  activitiesApi,
  type ContactQuery,
  campaignsApi,
  dealsApi,
  exportContacts,
  findDuplicateContacts,
  getContact,
  getCrmRecord,
  getInboxItem,
  getStats,
  type InboxQuery,
  leadsApi,
  listActivitiesPage,
  listAllContacts,
  listCommunications,
  listContactLists,
  listContacts,
  listInbox,
  listLeadsPage,
  listWorkflowRuns,
  pipelinesApi,
  workflowsApi,
} from './crmApi.ts';
import { crmKeys } from './crmKeys.ts';

export { crmKeys } from './crmKeys.ts';

/** The contacts page the Contacts view opens on (first page, no search, every list). */
export const firstContactsPage = (pageSize: number): ContactQuery => ({
  page: 1,
  pageSize,
  search: '',
  contactListId: null,
});

// A list whose load failed shows empty (spec §7) and is not asked again just because a view mounts: the
// next invalidation (a write, a live event) asks again.
const list = <T>(queryKey: readonly unknown[], queryFn: () => Promise<T[]>) =>
  queryOptions({ queryKey, queryFn, retryOnMount: false });

/**
 * The lists the CRM loads together when it opens (spec §7), as the query cache holds them: the CRM actor
 * fetches them into the cache, the views read them from it.
 */
export const crmListQueries = (http: Http) => ({
  contacts: (pageSize: number) =>
    queryOptions({
      queryKey: crmKeys.contacts(firstContactsPage(pageSize)),
      queryFn: () => listContacts(http, firstContactsPage(pageSize)),
    }),
  leads: list<Lead>(crmKeys.leadList, () => leadsApi.list(http)),
  deals: list<Deal>(crmKeys.deals, () => dealsApi.list(http)),
  activities: list<Activity>(crmKeys.activityList, () => activitiesApi.list(http)),
  workflows: list<Workflow>(crmKeys.workflows, () => workflowsApi.list(http)),
});

type CrmListName = 'leads' | 'deals' | 'activities' | 'workflows';
type CrmListRow = { leads: Lead; deals: Deal; activities: Activity; workflows: Workflow };

/** Every lead, deal, activity or workflow of the account; empty until loaded or when its load failed. */
export function useCrmList<K extends CrmListName>(name: K): CrmListRow[K][] {
  const http = useHttp();
  const options = crmListQueries(http)[name] as ReturnType<typeof list<CrmListRow[K]>>;
  return useQuery(options).data ?? EMPTY_LIST;
}
const EMPTY_LIST: never[] = [];

/** Whether the list `name` has been read: an address naming one of its rows can then say the row is gone. */
export function useCrmListRead(name: CrmListName): boolean {
  const http = useHttp();
  return useQuery(crmListQueries(http)[name] as ReturnType<typeof list<unknown>>).isSuccess;
}

/** GET /api/crm/stats. */
export function useCrmStats(): UseQueryResult<CrmStats> {
  const http = useHttp();
  return useQuery({ queryKey: crmKeys.stats, queryFn: () => getStats(http) });
}

/** The account's pipelines, the default first. */
export function usePipelines(): UseQueryResult<Pipeline[]> {
  const http = useHttp();
  return useQuery({ queryKey: crmKeys.pipelines, queryFn: () => pipelinesApi.list(http) });
}

/** One contact by id (null: none asked for); a contact already on screen is used as it is. */
export function useContact(id: number | null, shown?: Contact): UseQueryResult<Contact> {
  const http = useHttp();
  return useQuery({
    queryKey: crmKeys.contact(id ?? 0),
    queryFn: () => getContact(http, id ?? 0),
    enabled: id !== null && !shown,
    retry: false,
  });
}

export function useContactLists(): UseQueryResult<ContactList[]> {
  const http = useHttp();
  return useQuery({ queryKey: crmKeys.contactLists, queryFn: () => listContactLists(http) });
}

/** Campaigns; polled while one is sending, so its status and counts move on screen. */
export function useCampaigns(): UseQueryResult<Campaign[]> {
  const http = useHttp();
  return useQuery({
    queryKey: crmKeys.campaigns,
    queryFn: () => campaignsApi.list(http),
    refetchInterval: (query) => (query.state.data?.some((c) => c.status === 'sending') ? 1000 : false),
  });
}

export function useCommunications(): UseQueryResult<Communication[]> {
  const http = useHttp();
  return useQuery({ queryKey: crmKeys.communications, queryFn: () => listCommunications(http) });
}

export function useWorkflowRuns(): UseQueryResult<WorkflowRun[]> {
  const http = useHttp();
  return useQuery({ queryKey: crmKeys.workflowRuns, queryFn: () => listWorkflowRuns(http) });
}

/** One page of contacts (server-side search and paging); the previous page stays while the next loads. */
export function useContactsPage(query: ContactQuery): UseQueryResult<ContactPage> {
  const http = useHttp();
  return useQuery({
    queryKey: crmKeys.contacts(query),
    queryFn: () => listContacts(http, query),
    placeholderData: keepPreviousData,
  });
}

/** Downloads contacts.csv of one list (every contact with null); the file itself is saved by the view. */
export function useExportContacts(): UseMutationResult<Blob, Error, number | null> {
  const http = useHttp();
  return useMutation({ mutationFn: (contactListId) => exportContacts(http, contactListId) });
}

/** The first contact of a contact list (its audience's sample recipient), or null when it has none. */
export function useAudienceSample(contactListId: number | null): UseQueryResult<Contact | null> {
  const http = useHttp();
  const query = { page: 1, pageSize: 1, contactListId };
  return useQuery({
    queryKey: crmKeys.audienceSample(contactListId),
    queryFn: async () => (await listContacts(http, query)).contacts[0] ?? null,
    enabled: contactListId !== null,
  });
}

/** One page of leads (server-side search and paging). */
export function useLeadsPage(query: ListQuery): UseQueryResult<RowsPage<Lead>> {
  const http = useHttp();
  return useQuery({
    queryKey: crmKeys.leads(query),
    queryFn: () => listLeadsPage(http, query),
    placeholderData: keepPreviousData,
  });
}

/**
 * One lead or activity by its id, for an address naming one the list's page does not hold (another page, a
 * search, a reload); `enabled` false while the page may still show it. Under the list's key: a write refreshes it.
 */
export function useCrmRecord<T>(kind: 'leads' | 'activities', id: number | null, enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: ['crm', kind, 'one', id],
    queryFn: () => getCrmRecord<T>(http, kind, id ?? 0),
    enabled: enabled && id !== null,
    retry: false,
  });
}

/** One page of activities (server-side search and paging), each naming its contact and deal. */
export function useActivitiesPage(query: ListQuery): UseQueryResult<RowsPage<Activity>> {
  const http = useHttp();
  return useQuery({
    queryKey: crmKeys.activities(query),
    queryFn: () => listActivitiesPage(http, query),
    placeholderData: keepPreviousData,
  });
}

/** One page of the Unified Inbox: form submissions and CRM messages, newest first. */
export function useInbox(query: InboxQuery): UseQueryResult<InboxPage> {
  const http = useHttp();
  return useQuery({
    queryKey: crmKeys.inboxPage(query),
    queryFn: () => listInbox(http, query),
    placeholderData: keepPreviousData,
  });
}

/** One inbox item (an opened row), or nothing to ask for (`null`). */
export function useInboxItem(item: { kind: InboxKind; id: number } | null): UseQueryResult<InboxItem> {
  const http = useHttp();
  return useQuery({
    queryKey: crmKeys.inboxItem(item?.kind ?? 'form', item?.id ?? 0),
    queryFn: () => getInboxItem(http, item?.kind ?? 'form', item?.id ?? 0),
    enabled: item !== null,
  });
}

/** Groups of likely duplicate contacts across the whole account. */
export function useDuplicateContacts(): UseQueryResult<DuplicatePage> {
  const http = useHttp();
  return useQuery({ queryKey: crmKeys.duplicates, queryFn: () => findDuplicateContacts(http) });
}

/** Every contact of the account (paged through 100 at a time) while `enabled`, with how far it got. */
export function useAllContacts(enabled: boolean): UseQueryResult<Contact[]> & {
  progress: { loaded: number; total: number } | null;
} {
  const http = useHttp();
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const query = useQuery({
    queryKey: crmKeys.allContacts,
    queryFn: () => listAllContacts(http, (loaded, total) => setProgress({ loaded, total })),
    enabled,
  });
  return Object.assign(query, { progress });
}
