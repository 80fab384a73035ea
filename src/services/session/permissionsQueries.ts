import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { PermissionMatrix } from '../../contracts/integrations.ts';
import { useHttp } from '../http/httpContext.ts';
import { getPermissions } from '../planner/integrationsApi.ts';

/** The permission ids of GET /api/permissions (the server's one role → permission table). */
export type AccountPermission =
  | 'account.view'
  | 'websites.edit'
  | 'account.work'
  | 'crm.edit'
  | 'store.edit'
  | 'forms.manage'
  | 'business.edit'
  | 'members.add'
  | 'members.manage'
  | 'invitations.revoke'
  | 'integrations.manage';

/** Shown where a write control stays visible but disabled, and as the note of read-only screens. */
export const VIEW_ONLY = 'Your role in this account can only view';

export const permissionsKey = ['permissions'] as const;

/** The role matrix the server enforces; it changes only with a deploy, so it is read once per session. */
export function usePermissions(): UseQueryResult<PermissionMatrix> {
  const http = useHttp();
  return useQuery({ queryKey: permissionsKey, queryFn: () => getPermissions(http), staleTime: Infinity });
}

/**
 * Whether `role` grants `permission` in `matrix`. Anything unknown — no matrix yet, no role, a
 * permission or role the table does not list — grants nothing, so write controls stay hidden until known.
 */
export function roleCan(
  matrix: PermissionMatrix | undefined,
  role: string | null | undefined,
  permission: AccountPermission,
): boolean {
  if (!matrix || !role) return false;
  return matrix.permissions.find((row) => row.id === permission)?.roles[role] === true;
}

/** `roleCan` over the cached matrix: the hook behind the views' `useCan`. */
export function useRoleCan(role: string | null | undefined, permission: AccountPermission): boolean {
  return roleCan(usePermissions().data, role, permission);
}
