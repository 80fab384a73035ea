import { useSelector } from '@xstate/react';
import type { Account } from '../../contracts/auth.ts';
import { selectAccountId } from '../../machines/session/sessionMachine.ts';
import { useAccounts } from '../../services/http/queries.ts';
import {
  type AccountPermission,
  roleCan,
  usePermissions,
  useRoleCan,
} from '../../services/session/permissionsQueries.ts';
import { useSessionRef } from '../appActorContext.ts';

/** The account the header's switcher chose, or the user's first one. */
export function useCurrentAccount(): Account | null {
  const chosen = useSelector(useSessionRef(), selectAccountId);
  const accounts = useAccounts();
  const list = accounts.data ?? [];
  return list.find((account) => account.id === chosen) ?? list[0] ?? null;
}

/**
 * Whether the signed-in user's role in the current account grants `permission`, per the server's table.
 * False while either is loading, so a Viewer never sees a write control appear and then vanish.
 */
export function useCan(permission: AccountPermission): boolean {
  return useRoleCan(useCurrentAccount()?.roleName, permission);
}

/** `useCan` for one named account of the user's (Account Management shows accounts other than the current). */
export function useCanIn(accountId: string, permission: AccountPermission): boolean {
  const account = useAccounts().data?.find((candidate) => candidate.id === accountId);
  return useRoleCan(account?.roleName, permission);
}

/** True once the role and the table are known and the role lacks `permission` (never while loading). */
export function useViewOnly(permission: AccountPermission): boolean {
  const role = useCurrentAccount()?.roleName;
  const matrix = usePermissions().data;
  return matrix !== undefined && role != null && !roleCan(matrix, role, permission);
}
