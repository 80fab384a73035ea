import type { FastifyPluginAsync } from 'fastify';
import { toUserView } from '../../auth/authUser.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords.ts';
import { HttpError } from '../../errors.ts';
import { logActivity } from '../../repositories/activityLogs.ts';
import { acceptInvitationsForNewUser } from '../../repositories/invitations.ts';
import {
  beginAttempt,
  clearFailures,
  forgetAttempt,
  LOGIN_FAILURE_WINDOW_MINUTES,
} from '../../repositories/loginFailures.ts';
import { bumpTokenVersion, createUserWithAccount } from '../../repositories/users.ts';
import type { RouteDeps } from '../routeDeps.ts';
import {
  type LoginBody,
  loginSchema,
  logoutSchema,
  type RegisterBody,
  registerSchema,
} from './authSchemas.ts';

export const EMAIL_TAKEN = 'An account with this email already exists';
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const TOO_MANY_FAILURES = `Too many failed sign-in attempts. Try again in ${LOGIN_FAILURE_WINDOW_MINUTES} minutes.`;

/** The refusal of an IP that failed against many emails, with the wait rounded up to whole minutes. */
export function tooManyFromNetwork(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const unit = minutes === 1 ? 'minute' : 'minutes';
  return `Too many failed sign-in attempts from your network. Try again in ${minutes} ${unit}.`;
}

export const authRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, tokens, config }) => {
  app.post<{ Body: RegisterBody }>(
    '/api/auth/register',
    { config: { permission: 'public' }, schema: registerSchema },
    async (request, reply) => {
      const { email, password } = request.body;
      const name = request.body.name || email.slice(0, email.indexOf('@'));
      // Hash before the transaction: on PGlite a transaction holds the only connection.
      const passwordHash = await hashPassword(password);
      const created = await db.transaction(async (tx) => {
        const user = await createUserWithAccount(tx, {
          email,
          name,
          passwordHash,
          adminEmails: config.adminEmails,
        });
        if (!user) return null;
        // Registering is how a new address takes up the invitations sent to it.
        const joined = await acceptInvitationsForNewUser(tx, { id: user.user.id, email });
        const actor = { userId: user.user.id, userEmail: email, ip: request.ip };
        await logActivity(tx, { ...actor, type: 'auth.register', accountId: user.accountId });
        for (const { accountId, roleName } of joined) {
          await logActivity(tx, {
            ...actor,
            type: 'invitation.accepted',
            accountId,
            details: { role: roleName },
          });
        }
        return user;
      });
      if (!created) throw new HttpError(409, EMAIL_TAKEN);
      const { user, accountId } = created;
      const token = await tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
      reply.code(201);
      return { ...toUserView(user, accountId), token };
    },
  );

  app.post<{ Body: LoginBody }>(
    '/api/auth/login',
    { config: { permission: 'public' }, schema: loginSchema },
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
      const token = await tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
      return { ...toUserView(user, accountId), token };
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { permission: 'signedIn' }, schema: logoutSchema },
    async (request, reply) => {
      await bumpTokenVersion(db, request.user.id);
      await logActivity(db, {
        type: 'auth.logout',
        userId: request.user.id,
        userEmail: request.user.email,
        ip: request.ip,
      });
      return reply.code(204).send();
    },
  );
};
