import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { invitationsApi, NO_USER_WITH_EMAIL } from '../../../src/contracts/invitations.ts';
import { deny } from '../../auth/access.ts';
import { HttpError } from '../../errors.ts';
import { QUEUES } from '../../jobs/jobEngine.ts';
import { findAccount } from '../../repositories/accounts.ts';
import { logActivity } from '../../repositories/activityLogs.ts';
import {
  type AcceptResult,
  acceptInvitation,
  hashInvitationToken,
  listPendingInvitations,
  newInvitationToken,
  previewInvitation,
  revokeInvitation,
  upsertInvitation,
} from '../../repositories/invitations.ts';
import { addMember, roleExists } from '../../repositories/members.ts';
import { findUserByEmail } from '../../repositories/users.ts';
import type { RouteDeps } from '../routeDeps.ts';

export const ALREADY_MEMBER = 'This user is already a member of this account';
export const INVITATION_NOT_FOUND = 'Invitation not found';
export const INVITATION_USED = 'This invitation has already been used';
export const INVITATION_EXPIRED = 'This invitation has expired';
export const INVITATION_OTHER_EMAIL = 'This invitation was sent to another email address';
export const INVITATION_REVOKED = 'This invitation was revoked';

/** The answer to an invitation that cannot be taken up (`wrongEmail` as a plain 403: see the accept route). */
export function invitationRefusal(status: Exclude<AcceptResult['status'], 'accepted'>): HttpError {
  switch (status) {
    case 'notFound':
      return new HttpError(404, INVITATION_NOT_FOUND);
    case 'used':
      return new HttpError(409, INVITATION_USED);
    case 'expired':
      return new HttpError(410, INVITATION_EXPIRED);
    case 'revoked':
      return new HttpError(410, INVITATION_REVOKED);
    case 'wrongEmail':
      return new HttpError(403, INVITATION_OTHER_EMAIL);
  }
}

/** The invitation link: the token travels in the fragment, which browsers never send to a server. */
export function invitationLink(origin: string, token: string): string {
  return `${origin}/invite#${token}`;
}

function origin(request: FastifyRequest, appUrl: string | null | undefined): string {
  return appUrl ?? `${request.protocol}://${request.host}`;
}

export const invitationsRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db, config, jobs }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  // An existing user joins at once; a new address gets a single-use invitation bound to it, unless the
  // caller asked for an existing user only (Add Existing User): then an unknown address creates nothing.
  app.post(
    '/api/accounts/:accountId/users/invite-or-add',
    { config: { permission: 'members.add' }, schema: invitationsApi.inviteOrAdd },
    async (request) => {
      const { accountId } = request.params;
      const { email, roleName, existingOnly } = request.body;
      if (!(await roleExists(db, roleName))) {
        throw new HttpError(400, `roleName must be one of the account roles (got "${roleName}")`);
      }
      const actor = { userId: request.user.id, userEmail: request.user.email, accountId, ip: request.ip };
      const existing = await findUserByEmail(db, email);
      if (existing) {
        const added = await db.transaction(async (tx) => {
          const joined = await addMember(tx, accountId, existing.id, roleName);
          if (joined) {
            await logActivity(tx, {
              ...actor,
              type: 'member.added',
              details: { memberId: existing.id, role: roleName },
            });
          }
          return joined;
        });
        if (!added) throw new HttpError(409, ALREADY_MEMBER);
        return { wasExistingUser: true };
      }
      if (existingOnly === true) throw new HttpError(404, NO_USER_WITH_EMAIL);

      const { token, tokenHash } = newInvitationToken();
      const invitation = await db.transaction(async (tx) => {
        const saved = await upsertInvitation(tx, {
          accountId,
          email,
          roleName,
          tokenHash,
          invitedBy: request.user.id,
        });
        await logActivity(tx, { ...actor, type: 'member.invited', details: { email, role: roleName } });
        return saved;
      });
      const link = invitationLink(origin(request, config.appUrl), token);
      if (jobs) {
        const account = await findAccount(db, accountId);
        await jobs.send(QUEUES.invitationMail, {
          to: email,
          accountName: account?.name ?? 'an account',
          inviterName: request.user.name,
          link,
          expiresAt: invitation.expiresAt.toISOString(),
        });
      }
      return { wasExistingUser: false, invitationLink: link, expiresAt: invitation.expiresAt.toISOString() };
    },
  );

  app.get(
    '/api/accounts/:accountId/invitations',
    { config: { permission: 'account.view' }, schema: invitationsApi.list },
    async (request) => listPendingInvitations(db, request.params.accountId),
  );

  app.delete(
    '/api/accounts/:accountId/invitations/:invitationId',
    { config: { permission: 'invitations.revoke' }, schema: invitationsApi.revoke },
    async (request, reply) => {
      const { accountId, invitationId } = request.params;
      const email = await revokeInvitation(db, accountId, invitationId);
      if (email === null) throw new HttpError(404, INVITATION_NOT_FOUND);
      await logActivity(db, {
        type: 'invitation.revoked',
        userId: request.user.id,
        userEmail: request.user.email,
        accountId,
        ip: request.ip,
        details: { email },
      });
      return reply.code(204).send(null);
    },
  );

  // What a link shows before anyone signs in: the account, who invited, the address and what became of it.
  // The token travels in the body (never in a URL, so it stays out of logs); an unknown one reveals nothing.
  app.post(
    '/api/invitations/preview',
    { config: { permission: 'public' }, schema: invitationsApi.preview },
    async (request) => {
      const preview = await previewInvitation(db, hashInvitationToken(request.body.token));
      if (!preview) throw new HttpError(404, INVITATION_NOT_FOUND);
      return preview;
    },
  );

  // The signed-in user opens an invitation link: it must be theirs, unexpired and unused (no membership yet).
  app.post(
    '/api/invitations/accept',
    { config: { permission: 'signedIn' }, schema: invitationsApi.accept },
    async (request) => {
      const user = request.user;
      const result = await db.transaction(async (tx) => {
        const accepted = await acceptInvitation(tx, hashInvitationToken(request.body.token), user);
        if (accepted.status === 'accepted' && !accepted.again) {
          await logActivity(tx, {
            type: 'invitation.accepted',
            userId: user.id,
            userEmail: user.email,
            accountId: accepted.accountId,
            ip: request.ip,
            details: { role: accepted.roleName },
          });
        }
        return accepted;
      });
      if (result.status === 'accepted') {
        return { accountId: result.accountId, accountName: result.accountName, roleName: result.roleName };
      }
      if (result.status === 'wrongEmail') throw await deny(db, request, user, INVITATION_OTHER_EMAIL);
      throw invitationRefusal(result.status);
    },
  );
};
