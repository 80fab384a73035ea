import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { activitySentence } from '../../../src/contracts/activitySentences.ts';
import { adminApi } from '../../../src/contracts/admin.ts';
import { HttpError } from '../../errors.ts';
import { listActivity, logActivity } from '../../repositories/activityLogs.ts';
import { listUsers, updateUser } from '../../repositories/adminUsers.ts';
import { listOutbox } from '../../shop/mailOutbox.ts';
import type { RouteDeps } from '../routeDeps.ts';

export const LAST_PLATFORM_ADMIN = 'The last admin cannot be demoted';
export const USER_NOT_FOUND = 'User not found';
export const JOBS_NOT_RUNNING = 'The job engine is not running';
export const JOB_NOT_FAILED = 'No failed job with this id';

/** The admin area's users, activity logs and job dashboard: platform role admin only (else 403). */
export const adminRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db, jobs }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  // Checked before validation: a non-admin learns nothing about what a valid request looks like.
  const platformAdmin = { permission: 'platformAdmin' } as const;

  app.get('/api/admin/users', { config: platformAdmin, schema: adminApi.users }, async (request) =>
    listUsers(db, request.query),
  );

  app.patch(
    '/api/admin/users/:userId',
    { config: platformAdmin, schema: adminApi.updateUser },
    async (request) => {
      const { userId } = request.params;
      const result = await db.transaction(async (tx) => {
        const update = await updateUser(tx, userId, request.body);
        if (update.status === 'updated') {
          const { before, user } = update;
          const changes = Object.fromEntries(
            (['role', 'plan', 'status'] as const)
              .filter((key) => before[key] !== user[key])
              .map((key) => [key, `${before[key]} → ${user[key]}`]),
          );
          await logActivity(tx, {
            type: 'admin.user_updated',
            userId: request.user.id,
            userEmail: request.user.email,
            ip: request.ip,
            details: { targetUserId: user.id, targetEmail: user.email, ...changes },
          });
        }
        return update;
      });
      if (result.status === 'lastAdmin') throw new HttpError(409, LAST_PLATFORM_ADMIN);
      if (result.status !== 'updated') throw new HttpError(404, USER_NOT_FOUND);
      return result.user;
    },
  );

  app.get(
    '/api/admin/activity-logs',
    { config: platformAdmin, schema: adminApi.activity },
    async (request) => {
      const page = await listActivity(db, request.query);
      // Each entry with its sentence (activitySentences.ts), so the log reads as what people did.
      return { ...page, items: page.items.map((item) => ({ ...item, sentence: activitySentence(item) })) };
    },
  );

  app.get('/api/admin/jobs', { config: platformAdmin, schema: adminApi.jobs }, async (request) => {
    if (!jobs) throw new HttpError(503, JOBS_NOT_RUNNING);
    return jobs.overview({ state: request.query.state });
  });

  app.post(
    '/api/admin/jobs/:queue/:jobId/retry',
    { config: platformAdmin, schema: adminApi.retryJob },
    async (request, reply) => {
      if (!jobs) throw new HttpError(503, JOBS_NOT_RUNNING);
      const { queue, jobId } = request.params;
      if (!(await jobs.retry(queue, jobId))) throw new HttpError(404, JOB_NOT_FAILED);
      await logActivity(db, {
        type: 'admin.job_retried',
        userId: request.user.id,
        userEmail: request.user.email,
        ip: request.ip,
        details: { queue, jobId },
      });
      return reply.code(204).send(null);
    },
  );

  // The mail outbox: what was (or would have been) mailed, newest first; bodies included, for support.
  app.get('/api/admin/outbox', { config: platformAdmin, schema: adminApi.outbox }, async (request) =>
    listOutbox(db, request.query),
  );
};
