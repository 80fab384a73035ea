import {
  type ActivityLogRow,
  type ActivityType,
  type UserChanges as AdminUserChanges,
  type AdminUserRow,
  JOB_STATES,
  type JobState,
  type JobSummary,
  type JobsOverview,
  type OutboxPage,
  type OutboxQuery,
} from '../../contracts/admin.ts';
import type { PageOf, WithStringIds } from '../../contracts/jsonSchema.ts';
import type { Http } from '../http/http.ts';

/** A user as the admin Users tab lists them. */
export type AdminUser = WithStringIds<AdminUserRow, 'id'>;
/** Role, plan or status, as the Users tab changes them (the body of PATCH /api/admin/users/{id}). */
export type UserChanges = Partial<Pick<AdminUser, 'role' | 'plan' | 'status'>> & AdminUserChanges;

/** One page of a list and the number of rows the whole list holds. */
export type Page<T> = PageOf<'items', T>;
export type PageRequest = { page: number; pageSize: number };

export type ActivityLog = Omit<ActivityLogRow, 'userId' | 'accountId'> & {
  userId: string | null;
  accountId: string | null;
};

export type ActivityFilter = PageRequest & { email?: string; type?: ActivityType | '' };

export type { JobState, JobSummary, JobsOverview };
export { JOB_STATES };

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
    .json<Page<AdminUserRow>>();
  return { totalCount: raw.totalCount, items: raw.items.map((user) => ({ ...user, id: String(user.id) })) };
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
    .json<Page<ActivityLogRow>>();
  return {
    totalCount: raw.totalCount,
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
