import { ACTIVITY_TYPES, OUTBOX_STATUSES } from '../../../src/contracts/admin.ts';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { JOB_STATES, QUEUE_NAMES } from '../../jobs/jobEngine.ts';

const dateTime = { type: 'string', format: 'date-time' } as const;
const nullableDateTime = { type: ['string', 'null'], format: 'date-time' } as const;
const denied = { 401: schemas.message, 403: schemas.message } as const;
const paging = {
  page: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
  pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
} as const;
const ROLES = ['user', 'admin'];
const PLANS = [0, 1, 2];
const STATUSES = ['trial', 'active', 'expired'];

const adminUserSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    plan: { type: 'integer' },
    status: { type: 'string' },
    createdAt: dateTime,
  },
  required: ['id', 'email', 'name', 'role', 'plan', 'status', 'createdAt'],
} as const;

export type UsersQuery = { page: number; pageSize: number; search?: string };

export const listUsersSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { ...paging, search: { type: 'string', maxLength: 254 } },
  },
  response: {
    200: {
      type: 'object',
      properties: { items: { type: 'array', items: adminUserSchema }, total: { type: 'integer' } },
      required: ['items', 'total'],
    },
    ...denied,
  },
} as const;

export type UserParams = { userId: number };
export type UpdateUserBody = {
  role?: 'user' | 'admin';
  plan?: 0 | 1 | 2;
  status?: 'trial' | 'active' | 'expired';
};

export const updateUserSchema = {
  params: {
    type: 'object',
    required: ['userId'],
    properties: { userId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
  },
  body: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      role: { type: 'string', enum: ROLES },
      plan: { type: 'integer', enum: PLANS },
      status: { type: 'string', enum: STATUSES },
    },
  },
  response: { 200: adminUserSchema, ...denied, 404: schemas.message, 409: schemas.message },
} as const;

export type ActivityQuery = {
  page: number;
  pageSize: number;
  userId?: number;
  email?: string;
  type?: string;
};

export const listActivitySchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...paging,
      userId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
      email: { type: 'string', maxLength: 254 },
      type: { type: 'string', enum: ACTIVITY_TYPES },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              type: { type: 'string' },
              userId: { type: ['integer', 'null'] },
              userEmail: { type: ['string', 'null'] },
              accountId: { type: ['integer', 'null'] },
              ip: { type: ['string', 'null'] },
              details: { type: 'object', additionalProperties: true },
              sentence: { type: 'string' },
              createdAt: dateTime,
            },
            required: [
              'id',
              'type',
              'userId',
              'userEmail',
              'accountId',
              'ip',
              'details',
              'sentence',
              'createdAt',
            ],
          },
        },
        total: { type: 'integer' },
      },
      required: ['items', 'total'],
    },
    ...denied,
  },
} as const;

export type JobsQuery = { state?: (typeof JOB_STATES)[number] };

const countsSchema = {
  type: 'object',
  properties: Object.fromEntries(JOB_STATES.map((state) => [state, { type: 'integer' }])),
  required: [...JOB_STATES],
} as const;

export const jobsOverviewSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { state: { type: 'string', enum: JOB_STATES } },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        queues: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, counts: countsSchema, total: { type: 'integer' } },
            required: ['name', 'counts', 'total'],
          },
        },
        jobs: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              queue: { type: 'string' },
              state: { type: 'string' },
              retryCount: { type: 'integer' },
              createdOn: dateTime,
              startedOn: nullableDateTime,
              completedOn: nullableDateTime,
              error: { type: ['string', 'null'] },
            },
            required: [
              'id',
              'queue',
              'state',
              'retryCount',
              'createdOn',
              'startedOn',
              'completedOn',
              'error',
            ],
          },
        },
      },
      required: ['queues', 'jobs'],
    },
    ...denied,
    503: schemas.message,
  },
} as const;

export type RetryParams = { queue: (typeof QUEUE_NAMES)[number]; jobId: string };

export const retryJobSchema = {
  params: {
    type: 'object',
    required: ['queue', 'jobId'],
    properties: {
      queue: { type: 'string', enum: QUEUE_NAMES },
      jobId: {
        type: 'string',
        pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      },
    },
  },
  body: schemas.noBody,
  response: { 204: schemas.noContent, ...denied, 404: schemas.message, 503: schemas.message },
} as const;

export const listOutboxSchema = {
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
      take: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
      status: { type: 'string', enum: OUTBOX_STATUSES },
    },
  },
  response: {
    200: {
      type: 'object',
      properties: {
        results: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              kind: { type: 'string' },
              to: { type: 'string' },
              subject: { type: 'string' },
              body: { type: 'string' },
              status: { type: 'string', enum: OUTBOX_STATUSES },
              attempts: { type: 'integer' },
              lastError: { type: ['string', 'null'] },
              createdAt: dateTime,
              sentAt: nullableDateTime,
            },
            required: [
              'id',
              'kind',
              'to',
              'subject',
              'body',
              'status',
              'attempts',
              'lastError',
              'createdAt',
              'sentAt',
            ],
          },
        },
        totalCount: { type: 'integer' },
      },
      required: ['results', 'totalCount'],
    },
    ...denied,
  },
} as const;
