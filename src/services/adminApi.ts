import type { ActivityType, OutboxPage, OutboxQuery } from '../contracts/admin.ts';
import type { PlanCode, Role, UserStatus } from '../contracts/auth.ts';
import type { Http } from './http.ts';

/** A user as the admin Users tab lists them. */
export type AdminUser = {
  id: string;
  email: string;
  name: string;
  role: Role;
  plan: PlanCode;
  status: UserStatus;
  createdAt: string;
};

export type UserChanges = Partial<Pick<AdminUser, 'role' | 'plan' | 'status'>>;

export type Page<T> = { items: T[]; total: number };
export type PageRequest = { page: number; pageSize: number };

export type ActivityLog = {
  id: string;
  type: string;
  userId: string | null;
  userEmail: string | null;
  accountId: string | null;
  ip: string | null;
  details: Record<string, unknown>;
  /** The entry in words: "ada@example.com deleted the contact “Grace Hopper”." */
  sentence: string;
  createdAt: string;
};

export type ActivityFilter = PageRequest & { email?: string; type?: ActivityType | '' };

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
export type QueueSummary = { name: string; counts: Record<JobState, number>; total: number };
export type JobSummary = {
  id: string;
  queue: string;
  state: JobState;
  retryCount: number;
  createdOn: string;
  startedOn: string | null;
  completedOn: string | null;
  error: string | null;
};
export type JobsOverview = { queues: QueueSummary[]; jobs: JobSummary[] };

function searchParams(values: Record<string, string | number | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

/** GET /api/admin/users: one page, optionally searched by email or name. */
export async function listAdminUsers(
  http: Http,
  request: PageRequest & { search?: string },
): Promise<Page<AdminUser>> {
  const raw = await http
    .get('admin/users', { searchParams: searchParams(request) })
    .json<Page<Omit<AdminUser, 'id'> & { id: string | number }>>();
  return { total: raw.total, items: raw.items.map((user) => ({ ...user, id: String(user.id) })) };
}

/** PATCH /api/admin/users/{id}: role, plan or status. */
export async function updateAdminUser(
  http: Http,
  input: { userId: string; changes: UserChanges },
): Promise<void> {
  await http.patch(`admin/users/${input.userId}`, { json: input.changes });
}

/** GET /api/admin/activity-logs: newest first, filtered by user email and type. */
export async function listActivityLogs(http: Http, filter: ActivityFilter): Promise<Page<ActivityLog>> {
  const raw = await http
    .get('admin/activity-logs', { searchParams: searchParams(filter) })
    .json<
      Page<Omit<ActivityLog, 'userId' | 'accountId'> & { userId: number | null; accountId: number | null }>
    >();
  return {
    total: raw.total,
    items: raw.items.map((entry) => ({
      ...entry,
      userId: entry.userId === null ? null : String(entry.userId),
      accountId: entry.accountId === null ? null : String(entry.accountId),
    })),
  };
}

/** GET /api/admin/jobs: queues with counts by state, and recent jobs (only failed ones if asked). */
export async function getJobsOverview(http: Http, state?: JobState): Promise<JobsOverview> {
  return http.get('admin/jobs', { searchParams: searchParams({ state }) }).json<JobsOverview>();
}

/** POST /api/admin/jobs/{queue}/{id}/retry: a failed job runs again. */
export async function retryJob(http: Http, input: { queue: string; jobId: string }): Promise<void> {
  await http.post(`admin/jobs/${input.queue}/${input.jobId}/retry`);
}

/** GET /api/admin/outbox: transactional mail, newest first, optionally of one status. */
export async function listOutbox(http: Http, query: OutboxQuery): Promise<OutboxPage> {
  return http
    .get('admin/outbox', {
      searchParams: searchParams({ skip: query.skip, take: query.take, status: query.status }),
    })
    .json<OutboxPage>();
}
