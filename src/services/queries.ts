import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { listAccounts } from './accountsApi.ts';
import type { Account, BusinessProfile, User } from './apiTypes.ts';
import { getBusinessProfile } from './businessApi.ts';
import { useHttp } from './httpContext.ts';
import { queryKeys } from './queryKeys.ts';
import { getMe } from './userApi.ts';

/** The signed-in user, fresh from the server. */
export function useMe(): UseQueryResult<User> {
  const http = useHttp();
  return useQuery({ queryKey: queryKeys.me, queryFn: () => getMe(http) });
}

/** The accounts the user belongs to (the header's account switcher). */
export function useAccounts(): UseQueryResult<Account[]> {
  const http = useHttp();
  return useQuery({ queryKey: queryKeys.accounts, queryFn: () => listAccounts(http) });
}

/** The current account's business profile, `null` when none was set up. */
export function useBusinessProfile(): UseQueryResult<BusinessProfile | null> {
  const http = useHttp();
  return useQuery({ queryKey: queryKeys.businessProfile, queryFn: () => getBusinessProfile(http) });
}
