import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import {
  channelLimitError,
  type SocialPost,
  type SocialPostBody,
  type SocialPostInput,
  socialApi,
} from '../../../src/contracts/social.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import type { JobEngine } from '../../jobs/jobEngine.ts';
import { createPost, deletePost, findPost, listPosts, updatePost } from '../../repositories/socialPosts.ts';
import type { RouteDeps } from '../routeDeps.ts';
import { postsToICalendar } from './icalendar.ts';

const NOT_FOUND = 'Post not found';
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

function toInput(body: SocialPostBody, now = Date.now()): SocialPostInput {
  const limitError = channelLimitError(body.channel, body.text);
  if (limitError) throw new HttpError(400, limitError);
  // An ISO 8601 date-time with its offset (what toISOString sends).
  if (
    body.scheduledAt &&
    (!ISO_DATE_TIME.test(body.scheduledAt) || Number.isNaN(Date.parse(body.scheduledAt)))
  ) {
    throw new HttpError(400, 'scheduledAt must be an ISO 8601 date and time');
  }
  const scheduledAt = body.scheduledAt ? new Date(body.scheduledAt).toISOString() : null;
  if (body.status === 'scheduled') {
    if (!scheduledAt) throw new HttpError(400, 'Choose a date and time to schedule the post');
    if (Date.parse(scheduledAt) <= now)
      throw new HttpError(400, 'Choose a time in the future to schedule the post');
  }
  return {
    channel: body.channel,
    text: body.text,
    imageUrl: body.imageUrl ?? null,
    scheduledAt,
    status: body.status,
  };
}

async function queueDue(jobs: JobEngine | null, accountId: number, post: SocialPost): Promise<void> {
  if (!jobs || post.status !== 'scheduled' || !post.scheduledAt) return;
  await jobs.send(
    'post-due',
    { accountId, postId: post.id, scheduledAt: post.scheduledAt },
    { startAfter: new Date(post.scheduledAt) },
  );
}

/**
 * The content planner's posts, per account; a scheduled post queues its due job at its time. Reading them is
 * working on them too: every route needs 'account.work'.
 */
export const socialRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db, jobs }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const work = { permission: 'account.work' } as const;

  app.get('/api/social/posts', { config: work, schema: socialApi.list }, async (request) =>
    listPosts(db, requireAccountId(request)),
  );

  app.get('/api/social/posts.ics', { config: work, schema: socialApi.calendar }, async (request, reply) => {
    const posts = await listPosts(db, requireAccountId(request));
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="content-plan.ics"')
      .send(postsToICalendar(posts, request.host.replace(/:\d+$/, '') || 'bizsite'));
  });

  app.post('/api/social/posts', { config: work, schema: socialApi.create }, async (request, reply) => {
    const accountId = requireAccountId(request);
    const post = await createPost(db, accountId, toInput(request.body));
    await queueDue(jobs, accountId, post);
    return reply.code(201).send(post);
  });

  app.get('/api/social/posts/:id', { config: work, schema: socialApi.get }, async (request) => {
    const post = await findPost(db, requireAccountId(request), request.params.id);
    if (!post) throw new HttpError(404, NOT_FOUND);
    return post;
  });

  app.put('/api/social/posts/:id', { config: work, schema: socialApi.update }, async (request) => {
    const accountId = requireAccountId(request);
    const post = await updatePost(db, accountId, request.params.id, toInput(request.body));
    if (!post) throw new HttpError(404, NOT_FOUND);
    await queueDue(jobs, accountId, post);
    return post;
  });

  app.delete('/api/social/posts/:id', { config: work, schema: socialApi.delete }, async (request, reply) => {
    if (!(await deletePost(db, requireAccountId(request), request.params.id)))
      throw new HttpError(404, NOT_FOUND);
    return reply.code(204).send(null);
  });
};
