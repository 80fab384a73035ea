import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useHttp } from '../http/httpContext.ts';
import { reviewQueryKeys } from './adminKeys.ts';
import { getMyCredits, type MyCredits } from './reviewApi.ts';

// Apart from adminQueries.ts: Settings › Profile reads this without loading the admin area's queries.

/** The signed-in user's credits (balance and latest entries); a submitted review refreshes them. */
export function useMyCredits(): UseQueryResult<MyCredits> {
  const http = useHttp();
  return useQuery({ queryKey: reviewQueryKeys.myCredits, queryFn: () => getMyCredits(http) });
}
