import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type {
  Activity,
  Campaign,
  Communication,
  Contact,
  ContactList,
  ContactPage,
  CrmStats,
  DuplicatePage,
  InboxPage,
  Lead,
  Pipeline,
  WorkflowRun,
} from '../contracts/crm.ts';
import type { ListQuery } from '../contracts/crmApi.ts';
import type { RowsPage } from '../contracts/jsonSchema.ts';
import {
  type ContactQuery,
  campaignsApi,
  findDuplicateContacts,
  getContact,
  getStats,
  type InboxQuery,
  listActivitiesPage,
  listAllContacts,
  listCommunications,
  listContactLists,
  listContacts,
  listInbox,
  listLeadsPage,
  listWorkflowRuns,
  pipelinesApi,
} from './crmApi.ts';
import { crmKeys } from './crmKeys.ts';
import { useHttp } from './httpContext.ts';

export { crmKeys } from './crmKeys.ts';

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
