import {
  keepPreviousData,
  type QueryClient,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { RowsPage } from '../../contracts/jsonSchema.ts';
import { crmKeys } from '../crm/crmKeys.ts';
import { useHttp } from '../http/httpContext.ts';
import { queryKeys } from '../http/queryKeys.ts';
import {
  deleteSubmission,
  type FormSubmission,
  listSubmissions,
  openSubmission,
  type SubmissionQuery,
} from './formSubmissionsApi.ts';

/** The form inbox's queries (every page of it). */
export const submissionsKey = [...queryKeys.websites, 'submissions'] as const;

/**
 * The opened submission's query. Apart from `submissionsKey`: refreshing the inbox (after a delete, a live event)
 * does not open it again, so the submission just deleted here is not asked for, and not reported missing.
 */
const openedKey = (id: string | null) => ['formSubmission', id] as const;

// Opening marks a new submission read: the lists that show it, the form inbox and the CRM's, are asked again.
const refreshAfterOpen = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: submissionsKey }),
    queryClient.invalidateQueries({ queryKey: crmKeys.inbox }),
  ]);

/** One page of the account's form submissions (the Form Submissions manager); the last page shows while the next loads. */
export function useFormSubmissions(
  query: SubmissionQuery & { page: number },
  enabled = true,
): UseQueryResult<RowsPage<FormSubmission>> {
  const http = useHttp();
  return useQuery({
    queryKey: [...submissionsKey, query],
    queryFn: () => listSubmissions(http, query),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * The submission open in the detail pane (`null`: none). Opening marks a new one read, so the lists that show it
 * are refreshed: the form inbox and the CRM's. It is forgotten once closed: opened again, it is read again (a
 * link to one deleted since then says so).
 */
export function useOpenedSubmission(id: string | null): UseQueryResult<FormSubmission> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: openedKey(id),
    queryFn: async () => {
      const opened = await openSubmission(http, id ?? '');
      void refreshAfterOpen(queryClient);
      return opened;
    },
    enabled: id !== null,
    gcTime: 0,
  });
}

/** Opens a submission (new → read) and refreshes the lists that show it: the form inbox and the CRM's. */
export function useOpenSubmission(): UseMutationResult<FormSubmission, Error, string> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => openSubmission(http, id),
    onSuccess: () => refreshAfterOpen(queryClient),
  });
}

/** Every submission a search selects, across all its pages (the CSV export). */
export function useSubmissionsExport(): UseMutationResult<FormSubmission[], Error, SubmissionQuery> {
  const http = useHttp();
  return useMutation({
    mutationFn: async ({ page: _, ...query }: SubmissionQuery) => (await listSubmissions(http, query)).rows,
  });
}

/** Deletes a submission and refreshes what shows it. */
export function useDeleteSubmission(): UseMutationResult<void, Error, string> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSubmission(http, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.websites }),
  });
}
