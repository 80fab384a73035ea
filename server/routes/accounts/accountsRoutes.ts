import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { accountsApi, LAST_ADMIN } from '../../../src/contracts/accounts.ts';
import { ACCOUNT_ADMIN_ONLY, deny } from '../../auth/access.ts';
import type { Db } from '../../db/types.ts';
import { HttpError } from '../../errors.ts';
import { createAccount, listAccountsOfUser } from '../../repositories/accounts.ts';
import { logActivity } from '../../repositories/activityLogs.ts';
import {
  changeMemberRole,
  listMembers,
  listRoles,
  type MemberChange,
  removeMember,
  roleExists,
} from '../../repositories/members.ts';
import type { RouteDeps } from '../routeDeps.ts';

export const NOT_A_MEMBER_OF_ACCOUNT = 'This user is not a member of this account';

function unknownRole(roleName: string): HttpError {
  return new HttpError(400, `roleName must be one of the account roles (got "${roleName}")`);
}

async function refusal(db: Db, request: FastifyRequest, change: MemberChange): Promise<HttpError | null> {
  if (change.status === 'notMember') return new HttpError(404, NOT_A_MEMBER_OF_ACCOUNT);
  if (change.status === 'lastAdmin') return new HttpError(409, LAST_ADMIN);
  if (change.status === 'actorNotAdmin') return deny(db, request, request.user, ACCOUNT_ADMIN_ONLY);
  return null;
}

/**
 * Accounts and their members. Any member may read an account's users and roles; only its Admins
 * change them. Membership and role are read from the database on every request, so a change applies
 * on the member's very next request.
 */
export const accountsRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  // The accounts the caller belongs to (the header's account switcher).
  app.get(
    '/api/accounts',
    { config: { permission: 'signedIn' }, schema: accountsApi.list },
    async (request) => listAccountsOfUser(db, request.user.id),
  );

  app.post(
    '/api/accounts',
    { config: { permission: 'signedIn' }, schema: accountsApi.create },
    async (request, reply) => {
      const { name, industry, description = '' } = request.body;
      const account = await db.transaction(async (tx) => {
        const created = await createAccount(tx, { name, industry, description }, request.user.id);
        await logActivity(tx, {
          type: 'account.created',
          userId: request.user.id,
          userEmail: request.user.email,
          accountId: created.id,
          ip: request.ip,
          details: { name },
        });
        return created;
      });
      reply.code(201);
      return account;
    },
  );

  app.get(
    '/api/accounts/:accountId/users',
    { config: { permission: 'account.view' }, schema: accountsApi.users },
    async (request) => listMembers(db, request.params.accountId),
  );

  app.get(
    '/api/accounts/:accountId/roles',
    { config: { permission: 'account.view' }, schema: accountsApi.roles },
    async () => listRoles(db),
  );

  app.post(
    '/api/accounts/:accountId/users/:userId',
    { config: { permission: 'members.manage' }, schema: accountsApi.changeRole },
    async (request) => {
      const { accountId, userId } = request.params;
      const { roleName } = request.body;
      if (!(await roleExists(db, roleName))) throw unknownRole(roleName);
      const change = await db.transaction(async (tx) => {
        const result = await changeMemberRole(tx, accountId, request.user.id, userId, roleName);
        if (result.status === 'changed') {
          await logActivity(tx, {
            type: 'member.role_changed',
            userId: request.user.id,
            userEmail: request.user.email,
            accountId,
            ip: request.ip,
            details: { memberId: userId, from: result.previousRole, to: roleName },
          });
        }
        return result;
      });
      const refused = await refusal(db, request, change);
      if (refused) throw refused;
      const member = (await listMembers(db, accountId)).find((entry) => entry.userId === userId);
      if (!member) throw new HttpError(404, NOT_A_MEMBER_OF_ACCOUNT);
      return member;
    },
  );

  app.delete(
    '/api/accounts/:accountId/users/:userId',
    { config: { permission: 'members.manage' }, schema: accountsApi.removeMember },
    async (request, reply) => {
      const { accountId, userId } = request.params;
      const change = await db.transaction(async (tx) => {
        const result = await removeMember(tx, accountId, request.user.id, userId);
        if (result.status === 'changed') {
          await logActivity(tx, {
            type: 'member.removed',
            userId: request.user.id,
            userEmail: request.user.email,
            accountId,
            ip: request.ip,
            details: { memberId: userId, role: result.previousRole },
          });
        }
        return result;
      });
      const refused = await refusal(db, request, change);
      if (refused) throw refused;
      return reply.code(204).send(null);
    },
  );
};
