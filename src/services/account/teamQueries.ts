import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useHttp } from '../http/httpContext.ts';
import { queryKeys } from '../http/queryKeys.ts';
import {
  type AccountRole,
  type AccountUser,
  type Invitation,
  listAccountRoles,
  listAccountUsers,
  listInvitations,
} from './accountsApi.ts';

/** Keys of one account's data: under `accounts`, so refreshing the accounts refreshes them too. */
export const teamQueryKeys = {
  users: (accountId: string) => [...queryKeys.accounts, accountId, 'users'] as const,
  roles: (accountId: string) => [...queryKeys.accounts, accountId, 'roles'] as const,
  invitations: (accountId: string) => [...queryKeys.accounts, accountId, 'invitations'] as const,
};

/** The members of an account (none asked while `accountId` is null). */
export function useAccountUsers(accountId: string | null): UseQueryResult<AccountUser[]> {
  const http = useHttp();
  return useQuery({
    queryKey: teamQueryKeys.users(accountId ?? ''),
    queryFn: () => listAccountUsers(http, accountId ?? ''),
    enabled: accountId !== null,
  });
}

/** The roles an account offers. */
export function useAccountRoles(accountId: string | null): UseQueryResult<AccountRole[]> {
  const http = useHttp();
  return useQuery({
    queryKey: teamQueryKeys.roles(accountId ?? ''),
    queryFn: () => listAccountRoles(http, accountId ?? ''),
    enabled: accountId !== null,
    staleTime: 5 * 60_000,
  });
}

/** The account's invitations not yet accepted. */
export function useInvitations(accountId: string | null): UseQueryResult<Invitation[]> {
  const http = useHttp();
  return useQuery({
    queryKey: teamQueryKeys.invitations(accountId ?? ''),
    queryFn: () => listInvitations(http, accountId ?? ''),
    enabled: accountId !== null,
  });
}
