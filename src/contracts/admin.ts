import { ACCOUNT_ACTION_TYPES } from './activitySentences.ts';
import { PLAN_CODES, ROLES, USER_STATUSES } from './auth.ts';
import { type Infer, pageOf, schemas } from './jsonSchema.ts';

/**
 * The kinds of activity-log entries: the server writes them, the admin filter offers them.
 * (The server imports this module; keep it free of browser APIs.)
 */
export const ACTIVITY_TYPES = [
  'auth.register',
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'access.denied',
  'user.profile_updated',
  'user.password_changed',
  'account.created',
  'member.added',
  'member.invited',
  'member.role_changed',
  'member.removed',
  'invitation.accepted',
  'invitation.revoked',
  'admin.user_updated',
  'admin.credit_updated',
  'admin.job_retried',
  'admin.replay_viewed',
  'store.order_placed',
  'store.order_status_changed',
  'integration.connected',
  'integration.disconnected',
  'webhook.created',
  'webhook.deleted',
  'domain.verified',
  'domain.unverified',
  // What members do in an account, in words (activitySentences.ts).
  ...ACCOUNT_ACTION_TYPES,
] as const;

export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Account roles every account offers (the server may add more). */
export const ACCOUNT_ROLES = ['User', 'Admin', 'Viewer'] as const;
/** Spec §6: the default account role when adding a user. */
export const DEFAULT_ACCOUNT_ROLE = 'User';
/** How long an invitation link stays valid. */
export const INVITATION_LIFETIME_DAYS = 7;

/** The mail outbox (issue 15): every transactional mail is written here first, then sent by a job. */
export const OUTBOX_STATUSES = ['queued', 'sent', 'held', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** The job engine's queues (server/jobs/jobEngine.ts checks its queue names against this list). */
export const QUEUE_NAMES = [
  'invitation-mail',
  'purge-expired',
  'crm-campaign-send',
  'crm-workflow-run',
  'crm-contact-import',
  'crm-contact-import-small',
  'form-submitted',
  'webhook-delivery',
  'post-due',
  'replay-purge',
  'domain-recheck',
  'email-changed-mail',
  'outbox-mail',
  'outbox-sweep',
  'card-payment-expiry',
  'crm-outbox-flush',
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];
/** The states of a job, as the Job Dashboard counts them. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

const denied = { 401: schemas.message, 403: schemas.message } as const;
const paging = {
  page: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
  pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
} as const;

/** A user as the admin Users tab lists them. */
export const adminUserSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', enum: ROLES },
    plan: { type: 'integer', enum: PLAN_CODES },
    status: { type: 'string', enum: USER_STATUSES },
    createdAt: schemas.dateTime,
  },
  required: ['id', 'email', 'name', 'role', 'plan', 'status', 'createdAt'],
  additionalProperties: false,
} as const;
export type AdminUserRow = Infer<typeof adminUserSchema>;

/** One activity-log entry, with its sentence ("ada@example.com deleted the contact “Grace Hopper”."). */
export const activityLogSchema = {
  type: 'object',
  properties: {
    /** A bigint, as text. */
    id: { type: 'string' },
    type: { type: 'string' },
    userId: { type: ['integer', 'null'] },
    userEmail: { type: ['string', 'null'] },
    accountId: { type: ['integer', 'null'] },
    ip: { type: ['string', 'null'] },
    details: { type: 'object', additionalProperties: true },
    sentence: { type: 'string' },
    createdAt: schemas.dateTime,
  },
  required: ['id', 'type', 'userId', 'userEmail', 'accountId', 'ip', 'details', 'sentence', 'createdAt'],
  additionalProperties: false,
} as const;
export type ActivityLogRow = Infer<typeof activityLogSchema>;

const queueSummarySchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    counts: {
      type: 'object',
      properties: Object.fromEntries(JOB_STATES.map((state) => [state, { type: 'integer' }])) as {
        [S in JobState]: { type: 'integer' };
      },
      required: JOB_STATES,
      additionalProperties: false,
    },
    total: { type: 'integer' },
  },
  required: ['name', 'counts', 'total'],
  additionalProperties: false,
} as const;
export type QueueSummary = Infer<typeof queueSummarySchema>;

const jobSummarySchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    queue: { type: 'string' },
    state: { type: 'string', enum: JOB_STATES },
    retryCount: { type: 'integer' },
    createdOn: schemas.dateTime,
    startedOn: schemas.dateTimeOrNull,
    completedOn: schemas.dateTimeOrNull,
    /** The error message of a failed attempt (never the stack: that names server internals). */
    error: { type: ['string', 'null'] },
  },
  required: ['id', 'queue', 'state', 'retryCount', 'createdOn', 'startedOn', 'completedOn', 'error'],
  additionalProperties: false,
} as const;
export type JobSummary = Infer<typeof jobSummarySchema>;

const jobsOverviewSchema = {
  type: 'object',
  properties: {
    queues: { type: 'array', items: queueSummarySchema },
    jobs: { type: 'array', items: jobSummarySchema },
  },
  required: ['queues', 'jobs'],
  additionalProperties: false,
} as const;
export type JobsOverview = Infer<typeof jobsOverviewSchema>;

/** One message as GET /api/admin/outbox lists it (platform admins only). */
export const outboxMessageSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    /** What it is about, e.g. 'order.confirmation', 'order.notice', 'order.status'. */
    kind: { type: 'string' },
    to: { type: 'string' },
    subject: { type: 'string' },
    /** Plain text. */
    body: { type: 'string' },
    /** 'held': no mail server is configured (SMTP_URL), the message waits here. */
    status: { type: 'string', enum: OUTBOX_STATUSES },
    attempts: { type: 'integer' },
    lastError: { type: ['string', 'null'] },
    createdAt: schemas.dateTime,
    sentAt: schemas.dateTimeOrNull,
  },
  required: ['id', 'kind', 'to', 'subject', 'body', 'status', 'attempts', 'lastError', 'createdAt', 'sentAt'],
  additionalProperties: false,
} as const;
export type OutboxMessage = Infer<typeof outboxMessageSchema>;

/** The routes' schemas of /api/admin: params, query, body and every answer. */
export const adminApi = {
  users: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: { ...paging, search: { type: 'string', maxLength: 254 } },
    },
    response: { 200: pageOf('items', adminUserSchema), ...denied },
  },
  updateUser: {
    params: { type: 'object', required: ['userId'], properties: { userId: schemas.id } },
    body: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: {
        role: { type: 'string', enum: ROLES },
        plan: { type: 'integer', enum: PLAN_CODES },
        status: { type: 'string', enum: USER_STATUSES },
      },
    },
    response: { 200: adminUserSchema, ...denied, 404: schemas.message, 409: schemas.message },
  },
  activity: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        ...paging,
        userId: schemas.id,
        email: { type: 'string', maxLength: 254 },
        type: { type: 'string', enum: ACTIVITY_TYPES },
      },
    },
    response: { 200: pageOf('items', activityLogSchema), ...denied },
  },
  jobs: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: { state: { type: 'string', enum: JOB_STATES } },
    },
    response: { 200: jobsOverviewSchema, ...denied, 503: schemas.message },
  },
  retryJob: {
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
  },
  outbox: {
    querystring: {
      type: 'object',
      additionalProperties: false,
      properties: {
        skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
        take: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
        status: { type: 'string', enum: OUTBOX_STATUSES },
      },
    },
    response: { 200: pageOf('results', outboxMessageSchema), ...denied },
  },
} as const;

export type UsersQuery = Infer<typeof adminApi.users.querystring>;
/** Role, plan or status of a user, as an admin changes them. */
export type UserChanges = Infer<typeof adminApi.updateUser.body>;
export type ActivityQuery = Infer<typeof adminApi.activity.querystring>;
export type OutboxPage = Infer<(typeof adminApi.outbox.response)[200]>;
export type OutboxQuery = Infer<typeof adminApi.outbox.querystring>;
