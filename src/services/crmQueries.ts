import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import {
  type ContactQuery,
  campaignsApi,
  getStats,
  listCommunications,
  listContactLists,
  listContacts,
  listWorkflowRuns,
  pipelinesApi,
} from './crmApi.ts';
import type {
  Campaign,
  Communication,
  ContactList,
  ContactPage,
  CrmStats,
  Pipeline,
  WorkflowRun,
} from './crmTypes.ts';
import { useHttp } from './httpContext.ts';

/** Keys of the CRM's server data: invalidating `crmKeys.all` refreshes every CRM view. */
export const crmKeys = {
  all: ['crm'] as const,
  stats: ['crm', 'stats'] as const,
  pipelines: ['crm', 'pipelines'] as const,
  contactLists: ['crm', 'contact-lists'] as const,
  campaigns: ['crm', 'campaigns'] as const,
  communications: ['crm', 'communications'] as const,
  workflowRuns: ['crm', 'workflow-runs'] as const,
  contacts: (query: ContactQuery) => ['crm', 'contacts', query] as const,
};

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
