import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { OutboxPage, OutboxQuery } from '../../contracts/admin.ts';
import { ApiError } from '../http/ApiError.ts';
import { useHttp } from '../http/httpContext.ts';
import {
  type ActivityFilter,
  type ActivityLog,
  type AdminUser,
  getJobsOverview,
  type JobState,
  type JobsOverview,
  listActivityLogs,
  listAdminUsers,
  listOutbox,
  type Page,
  type PageRequest,
} from './adminApi.ts';
import { adminQueryKeys } from './adminKeys.ts';
import { type AdminReview, type CreditEntry, listAdminCredits, listAdminReviews } from './reviewApi.ts';

export { adminQueryKeys } from './adminKeys.ts';

/** One page of users; the previous page stays shown while the next loads. */
export function useAdminUsers(request: PageRequest & { search?: string }): UseQueryResult<Page<AdminUser>> {
  const http = useHttp();
  return useQuery({
    queryKey: adminQueryKeys.users(request),
    queryFn: () => listAdminUsers(http, request),
    placeholderData: keepPreviousData,
  });
}

export function useActivityLogs(filter: ActivityFilter): UseQueryResult<Page<ActivityLog>> {
  const http = useHttp();
  return useQuery({
    queryKey: adminQueryKeys.activity(filter),
    queryFn: () => listActivityLogs(http, filter),
    placeholderData: keepPreviousData,
  });
}

export function useAdminReviews(): UseQueryResult<AdminReview[]> {
  const http = useHttp();
  return useQuery({ queryKey: adminQueryKeys.reviews, queryFn: () => listAdminReviews(http) });
}

export function useAdminCredits(): UseQueryResult<CreditEntry[]> {
  const http = useHttp();
  return useQuery({ queryKey: adminQueryKeys.credits, queryFn: () => listAdminCredits(http) });
}

const refused = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/** The job dashboard's data, refreshed every few seconds while shown (`enabled`: only for an admin). */
export function useJobsOverview(state?: JobState, enabled = true): UseQueryResult<JobsOverview> {
  const http = useHttp();
  return useQuery({
    queryKey: adminQueryKeys.jobs(state),
    queryFn: () => getJobsOverview(http, state),
    // Asked only of an admin; a refusal (signed out, no longer admin) stops the polling.
    enabled,
    refetchInterval: (query) => (refused(query.state.error) ? false : 5000),
  });
}

/** One page of the mail outbox; the previous page stays shown while the next loads. */
export function useOutbox(query: OutboxQuery): UseQueryResult<OutboxPage> {
  const http = useHttp();
  return useQuery({
    queryKey: adminQueryKeys.outbox(query),
    queryFn: () => listOutbox(http, query),
    placeholderData: keepPreviousData,
  });
}
