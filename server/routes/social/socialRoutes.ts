import type { FastifyPluginAsync } from 'fastify';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { channelLimitError, POST_STATUSES, SOCIAL_CHANNELS } from '../../../src/contracts/social.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import type { JobEngine } from '../../jobs/jobEngine.ts';
import {
  createPost,
  deletePost,
  findPost,
  listPosts,
  type PostInput,
  type SocialPost,
  updatePost,
} from '../../repositories/socialPosts.ts';
import type { RouteDeps } from '../routeDeps.ts';
import { postsToICalendar } from './icalendar.ts';

const NOT_FOUND = 'Post not found';
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
type Params = { id: number };

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
} as const;

const postBody = {
  type: 'object',
  additionalProperties: false,
  required: ['channel', 'text', 'status'],
  properties: {
    channel: { type: 'string', enum: [...SOCIAL_CHANNELS] },
    // The longest channel limit; each channel's own limit is checked in the handler.
    text: { type: 'string', transform: ['trim'], minLength: 1, maxLength: 63_206 },
    imageUrl: { type: ['string', 'null'], maxLength: 2000, pattern: '^(https?://|/api/uploads/)' },
    scheduledAt: { type: ['string', 'null'], maxLength: 40 },
    // published and failed are the job's to set.
    status: { type: 'string', enum: ['draft', 'scheduled'] },
  },
} as const;

/** `SocialPost` of src/services/socialApi.ts, as the repository returns it. */
const post = {
  type: 'object',
  required: [
    'id',
    'channel',
    'text',
    'imageUrl',
    'scheduledAt',
    'status',
    'statusNote',
    'dueAt',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    id: { type: 'integer' },
    channel: { type: 'string', enum: [...SOCIAL_CHANNELS] },
    text: { type: 'string' },
    imageUrl: { type: ['string', 'null'] },
    scheduledAt: { type: ['string', 'null'] },
    status: { type: 'string', enum: [...POST_STATUSES] },
    statusNote: {
      type: ['string', 'null'],
      description: 'Why a due post was not published ("not connected", a provider error)',
    },
    dueAt: { type: ['string', 'null'] },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
} as const;
const notFound = { 404: schemas.message } as const;

const listSchema = { response: { 200: { type: 'array', items: post } } } as const;
const calendarSchema = {
  response: {
    200: {
      description: 'The posts as an iCalendar file (an attachment)',
      content: { 'text/calendar': { schema: { type: 'string' } } },
    },
  },
} as const;
const createSchema = { body: postBody, response: { 201: post, 400: schemas.message } } as const;
const getSchema = { params: idParams, response: { 200: post, ...notFound } } as const;
const updateSchema = {
  params: idParams,
  body: postBody,
  response: { 200: post, 400: schemas.message, ...notFound },
} as const;
const deleteSchema = { params: idParams, response: { 204: schemas.noContent, ...notFound } } as const;

type Body = {
  channel: PostInput['channel'];
  text: string;
  imageUrl?: string | null;
  scheduledAt?: string | null;
  status: PostInput['status'];
};

function toInput(body: Body, now = Date.now()): PostInput {
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
export const socialRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, jobs }) => {
  const work = { permission: 'account.work' } as const;

  app.get('/api/social/posts', { config: work, schema: listSchema }, async (request) =>
    listPosts(db, requireAccountId(request)),
  );

  app.get('/api/social/posts.ics', { config: work, schema: calendarSchema }, async (request, reply) => {
    const posts = await listPosts(db, requireAccountId(request));
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="content-plan.ics"')
      .send(postsToICalendar(posts, request.host.replace(/:\d+$/, '') || 'bizsite'));
  });

  app.post<{ Body: Body }>(
    '/api/social/posts',
    { config: work, schema: createSchema },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      const post = await createPost(db, accountId, toInput(request.body));
      await queueDue(jobs, accountId, post);
      return reply.code(201).send(post);
    },
  );

  app.get<{ Params: Params }>(
    '/api/social/posts/:id',
    { config: work, schema: getSchema },
    async (request) => {
      const post = await findPost(db, requireAccountId(request), request.params.id);
      if (!post) throw new HttpError(404, NOT_FOUND);
      return post;
    },
  );

  app.put<{ Params: Params; Body: Body }>(
    '/api/social/posts/:id',
    { config: work, schema: updateSchema },
    async (request) => {
      const accountId = requireAccountId(request);
      const post = await updatePost(db, accountId, request.params.id, toInput(request.body));
      if (!post) throw new HttpError(404, NOT_FOUND);
      await queueDue(jobs, accountId, post);
      return post;
    },
  );

  app.delete<{ Params: Params }>(
    '/api/social/posts/:id',
    { config: work, schema: deleteSchema },
    async (request, reply) => {
      if (!(await deletePost(db, requireAccountId(request), request.params.id)))
        throw new HttpError(404, NOT_FOUND);
      return reply.code(204).send();
    },
  );
};
