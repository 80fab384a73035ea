import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { userApi } from '../../../src/contracts/auth.ts';
import { isUnchangedPassword, PASSWORD_UNCHANGED } from '../../../src/contracts/passwordChange.ts';
import { SESSION_EXPIRED } from '../../auth/authenticate.ts';
import { toUserView } from '../../auth/authUser.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { HttpError } from '../../errors.ts';
import { QUEUES } from '../../jobs/jobEngine.ts';
import { logActivity } from '../../repositories/activityLogs.ts';
import { bumpTokenVersion, findUserById, updateProfile } from '../../repositories/users.ts';
import { EMAIL_TAKEN } from '../auth/authRoutes.ts';
import type { RouteDeps } from '../routeDeps.ts';

export const PASSWORD_NEEDED_FOR_EMAIL = 'Enter your current password to change your email';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

export const userRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db, tokens, jobs }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const signedIn = { permission: 'signedIn' } as const;

  app.get('/api/user/me', { config: signedIn, schema: userApi.me }, async (request) =>
    toUserView(request.user, request.accountId),
  );

  app.put('/api/user/profile', { config: signedIn, schema: userApi.profile }, async (request) => {
    const { name, email, currentPassword } = request.body;
    const previousEmail = request.user.email;
    const emailChanges = email !== previousEmail;
    // The email is how one signs in: a stolen token alone must not be enough to take the account over.
    if (emailChanges) {
      if (!currentPassword) throw new HttpError(400, PASSWORD_NEEDED_FOR_EMAIL);
      const user = await findUserById(db, request.user.id);
      if (!user) throw new HttpError(401, SESSION_EXPIRED);
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw new HttpError(403, WRONG_CURRENT_PASSWORD);
      }
    }
    const updated = await updateProfile(db, request.user.id, { name, email });
    if (!updated) throw new HttpError(409, EMAIL_TAKEN);
    await logActivity(db, {
      type: 'user.profile_updated',
      userId: updated.id,
      userEmail: updated.email,
      ip: request.ip,
      details: emailChanges ? { previousEmail } : {},
    });
    // The old address hears of it, so an owner whose session was taken over can react.
    if (emailChanges && jobs) {
      await jobs.send(QUEUES.emailChangedMail, {
        previousEmail,
        newEmail: updated.email,
        changedAt: new Date().toISOString(),
      });
    }
    return toUserView(updated, request.accountId);
  });

  app.post(
    '/api/user/change-password',
    { config: signedIn, schema: userApi.changePassword },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      // Checked first: comparing the two strings sent reveals nothing about the stored password, and
      // nothing is written (no new hash, no token bump, so no session is revoked).
      if (isUnchangedPassword(currentPassword, newPassword)) throw new HttpError(400, PASSWORD_UNCHANGED);
      const user = await findUserById(db, request.user.id);
      if (!user) throw new HttpError(401, SESSION_EXPIRED);
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw new HttpError(400, WRONG_CURRENT_PASSWORD);
      }
      // The version bump revokes every earlier token; the caller gets a fresh one to stay signed in.
      const tokenVersion = await bumpTokenVersion(db, user.id, await hashPassword(newPassword));
      if (tokenVersion === null) throw new HttpError(401, SESSION_EXPIRED);
      await logActivity(db, {
        type: 'user.password_changed',
        userId: user.id,
        userEmail: user.email,
        ip: request.ip,
      });
      const token = await tokens.sign({ userId: user.id, tokenVersion });
      return { message: 'Password changed successfully', token };
    },
  );
};
