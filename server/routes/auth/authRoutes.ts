import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { authApi } from '../../../src/contracts/auth.ts';
import type { JoinedAccount } from '../../../src/contracts/invitations.ts';
import { toUserView } from '../../auth/authUser.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import type { Queryable } from '../../db/types.ts';
import { HttpError } from '../../errors.ts';
import { logActivity } from '../../repositories/activityLogs.ts';
import { acceptInvitation, hashInvitationToken } from '../../repositories/invitations.ts';
import {
  beginAttempt,
  clearFailures,
  forgetAttempt,
  LOGIN_FAILURE_WINDOW_MINUTES,
} from '../../repositories/loginFailures.ts';
import { bumpTokenVersion, createUserWithAccount } from '../../repositories/users.ts';
import { invitationRefusal } from '../accounts/invitationsRoutes.ts';
import type { RouteDeps } from '../routeDeps.ts';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TOO_MANY_FAILURES = `Too many failed sign-in attempts. Try again in ${LOGIN_FAILURE_WINDOW_MINUTES} minutes.`;

/** The refusal of an IP that failed against many emails, with the wait rounded up to whole minutes. */
export function tooManyFromNetwork(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const unit = minutes === 1 ? 'minute' : 'minutes';
  return `Too many failed sign-in attempts from your network. Try again in ${minutes} ${unit}.`;
}

/**
 * Takes up the invitation of a link as part of signing up or in, in the caller's transaction: the account is
 * joined (and logged) or the transaction fails with the link's refusal (404, 409 used, 410 expired or revoked,
 * 403 another address).
 */
async function joinByInvitation(
  tx: Queryable,
  token: string,
  user: { id: number; email: string },
  ip: string,
): Promise<JoinedAccount> {
  const result = await acceptInvitation(tx, hashInvitationToken(token), user);
  if (result.status !== 'accepted') throw invitationRefusal(result.status);
  if (!result.again) {
    await logActivity(tx, {
      type: 'invitation.accepted',
      userId: user.id,
      userEmail: user.email,
      accountId: result.accountId,
      ip,
      details: { role: result.roleName },
    });
  }
  return { accountId: result.accountId, accountName: result.accountName, roleName: result.roleName };
}

export const authRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db, tokens, config }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.post(
    '/api/auth/register',
    { config: { permission: 'public' }, schema: authApi.register },
    async (request, reply) => {
      const { email, password } = request.body;
      const name = request.body.name || email.slice(0, email.indexOf('@'));
      // Hash before the transaction: on PGlite a transaction holds the only connection.
      const passwordHash = await hashPassword(password);
      const { invitationToken } = request.body;
      const created = await db.transaction(async (tx) => {
        // Joining by invitation: the account joined is the user's; they get none of their own.
        const user = await createUserWithAccount(tx, {
          email,
          name,
          passwordHash,
          adminEmails: config.adminEmails,
          personalAccount: invitationToken === undefined,
        });
        if (!user) return null;
        // Registering alone joins nothing: an address is not proven by typing it, the link sent to it is.
        const joined = invitationToken
          ? await joinByInvitation(tx, invitationToken, { id: user.user.id, email }, request.ip)
          : null;
        const accountId = joined?.accountId ?? user.accountId;
        await logActivity(tx, {
          userId: user.user.id,
          userEmail: email,
          ip: request.ip,
          type: 'auth.register',
          accountId,
        });
        return { user: user.user, accountId, joined };
      });
      if (!created) throw new HttpError(409, EMAIL_TAKEN);
      const { user, accountId, joined } = created;
      const token = await tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
      reply.code(201);
      return { ...toUserView(user, accountId), token, ...(joined ? { joined } : {}) };
    },
  );

  app.post(
    '/api/auth/login',
    { config: { permission: 'public' }, schema: authApi.login },
    async (request, reply) => {
      const { email, password } = request.body;
      const ip = request.ip;
      // One statement: the attempt counted before the password is checked (so the 11th try is refused even
      // when it is right) and the user row with their first account.
      const attempt = await beginAttempt(db, email, ip);
      if (attempt.refused) {
        await forgetAttempt(db, attempt.attemptId, {
          type: 'auth.login_failed',
          userEmail: email,
          ip,
          details: { throttled: true, key: attempt.refused },
        });
        reply.header('retry-after', String(attempt.retryAfterSeconds));
        throw new HttpError(
          429,
          attempt.refused === 'ip' ? tooManyFromNetwork(attempt.retryAfterSeconds) : TOO_MANY_FAILURES,
        );
      }
      const { user, accountId } = attempt;
      // An unknown email costs the same argon2 work as a wrong password, and gets the same answer.
      const valid = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      // A failed attempt stays recorded; a success wipes this email and IP's slate (not the IP's other emails).
      if (!user || !valid) {
        await logActivity(db, { type: 'auth.login_failed', userId: user?.id ?? null, userEmail: email, ip });
        throw new HttpError(401, INVALID_CREDENTIALS);
      }
      await clearFailures(db, email, ip, { type: 'auth.login', userId: user.id, userEmail: user.email, ip });
      const { invitationToken } = request.body;
      // From an invitation link: the account joined becomes the session's (refused: not signed in).
      const joined = invitationToken
        ? await db.transaction((tx) => joinByInvitation(tx, invitationToken, user, ip))
        : null;
      const token = await tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
      return { ...toUserView(user, joined?.accountId ?? accountId), token, ...(joined ? { joined } : {}) };
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { permission: 'signedIn' }, schema: authApi.logout },
    async (request, reply) => {
      await bumpTokenVersion(db, request.user.id);
      await logActivity(db, {
        type: 'auth.logout',
        userId: request.user.id,
        userEmail: request.user.email,
        ip: request.ip,
      });
      return reply.code(204).send(null);
    },
  );
};
