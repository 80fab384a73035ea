import {
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { crmKeys } from '../crm/crmKeys.ts';
import { useHttp } from '../http/httpContext.ts';
import { queryKeys } from '../http/queryKeys.ts';
import {
  deleteSubmission,
  type FormSubmission,
  listSubmissions,
  openSubmission,
} from './formSubmissionsApi.ts';

/** The form inbox's query. */
export const submissionsKey = [...queryKeys.websites, 'submissions'] as const;

/** The account's form submissions (the Form Submissions manager). */
export function useFormSubmissions(): UseQueryResult<FormSubmission[]> {
  const http = useHttp();
  return useQuery({ queryKey: submissionsKey, queryFn: () => listSubmissions(http) });
}

/** Opens a submission (new → read) and refreshes the lists that show it: the form inbox and the CRM's. */
export function useOpenSubmission(): UseMutationResult<FormSubmission, Error, string> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => openSubmission(http, id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: submissionsKey }),
        queryClient.invalidateQueries({ queryKey: crmKeys.inbox }),
      ]),
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
