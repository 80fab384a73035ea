import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/types.ts';
import { HttpError } from '../errors.ts';
import { logActivity } from '../repositories/activityLogs.ts';
import { ADMIN_ROLE } from '../repositories/members.ts';
import type { AuthUser } from './authUser.ts';

export const NOT_A_MEMBER = 'You do not have access to this account';
export const ACCOUNT_ADMIN_ONLY = 'Only an Admin of this account can do this';
export const PLATFORM_ADMIN_ONLY = 'Only a platform admin can do this';

/** Records a refused request (who, what, why) in the activity log and returns the 403 to throw. */
export async function deny(
  db: Db,
  request: FastifyRequest,
  user: Pick<AuthUser, 'id' | 'email'>,
  message: string,
): Promise<HttpError> {
  await logActivity(db, {
    type: 'access.denied',
    userId: user.id,
    userEmail: user.email,
    ip: request.ip,
    // The path without its query string: nothing a client sent there belongs in a log.
    details: { method: request.method, path: request.url.split('?')[0] ?? '', reason: message },
  });
  return new HttpError(403, message);
}

/** The account roles, from the least to the most allowed (the columns of Settings › Permissions). */
export const VIEWER_ROLE = 'Viewer';
export const ACCOUNT_ROLES = [VIEWER_ROLE, 'User', ADMIN_ROLE] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

const EVERY_ROLE: readonly AccountRole[] = ACCOUNT_ROLES;
const EDITORS: readonly AccountRole[] = ['User', ADMIN_ROLE];
const ADMINS: readonly AccountRole[] = [ADMIN_ROLE];

export const VIEW_ONLY = 'Your role in this account can only view';

/**
 * What each account role may do: the one home of the rule. Routes name the permission they need
 * (`config: { permission }`, checked by permissionGuard.ts), the collaboration endpoint asks `roleGrants`
 * (a Viewer's connection is read-only), and GET /api/permissions shows this same table in Settings › Permissions.
 */
export const ACCOUNT_PERMISSIONS = {
  'account.view': {
    label: 'See the account, its users, pending invitations and websites (live in the builder)',
    roles: EVERY_ROLE,
  },
  'websites.edit': {
    label: 'Create, edit, publish and delete websites, their SEO settings and domains, upload their images',
    roles: EDITORS,
  },
  'account.work': { label: 'Work on the account’s social posts', roles: EDITORS },
  'crm.edit': {
    label: 'Add, change, import, merge and delete CRM records; send campaigns',
    roles: EDITORS,
  },
  'store.edit': { label: 'Manage the store: products, categories and orders', roles: EDITORS },
  'forms.manage': { label: 'Mark and delete form submissions', roles: EDITORS },
  // Users too: Generate Website starts by saving the business profile it builds the site from.
  'business.edit': {
    label: 'Change the business profile (what generated websites are built from)',
    roles: EDITORS,
  },
  'members.add': { label: 'Add existing users and invite new ones', roles: ADMINS },
  'members.manage': { label: 'Change roles and remove users', roles: ADMINS },
  'invitations.revoke': { label: 'Revoke invitations', roles: ADMINS },
  'integrations.manage': { label: 'Connect integrations and manage webhooks', roles: ADMINS },
} as const satisfies Record<string, { label: string; roles: readonly AccountRole[] }>;

export type AccountPermission = keyof typeof ACCOUNT_PERMISSIONS;

/** Whether an account role (as stored on the membership) grants `permission`. Unknown roles grant nothing. */
export function roleGrants(role: string | null, permission: AccountPermission): boolean {
  return role !== null && (ACCOUNT_PERMISSIONS[permission].roles as readonly string[]).includes(role);
}

/** Why `role` (null: not a member) may not do `permission` in an account — the 403's message — or null when it may. */
export function refusalOf(role: string | null, permission: AccountPermission): string | null {
  if (role === null) return NOT_A_MEMBER;
  if (roleGrants(role, permission)) return null;
  return ACCOUNT_PERMISSIONS[permission].roles === ADMINS ? ACCOUNT_ADMIN_ONLY : VIEW_ONLY;
}

/**
 * What a route needs, declared on the route (`config: { permission }`) and checked by the one guard
 * (permissionGuard.ts): nothing (`public`), a session (`signedIn`), the platform role admin (`platformAdmin`),
 * or an account permission of the table above, in the account the route acts on.
 */
export type RoutePermission = AccountPermission | 'public' | 'signedIn' | 'platformAdmin';

export function isAccountPermission(permission: string): permission is AccountPermission {
  return Object.hasOwn(ACCOUNT_PERMISSIONS, permission);
}

export function isRoutePermission(permission: unknown): permission is RoutePermission {
  return (
    permission === 'public' ||
    permission === 'signedIn' ||
    permission === 'platformAdmin' ||
    (typeof permission === 'string' && isAccountPermission(permission))
  );
}

export type PermissionRow = { id: AccountPermission; label: string; roles: Record<string, boolean> };

/** The matrix as the client shows it: one row per permission, one column per account role. */
export function permissionMatrix(): { roles: string[]; permissions: PermissionRow[] } {
  const permissions = (Object.keys(ACCOUNT_PERMISSIONS) as AccountPermission[]).map((id) => ({
    id,
    label: ACCOUNT_PERMISSIONS[id].label,
    roles: Object.fromEntries(ACCOUNT_ROLES.map((role) => [role, roleGrants(role, id)])),
  }));
  return { roles: [...ACCOUNT_ROLES], permissions };
}
