import type { Queryable } from '../db/types.ts';
import { deleteExpiredInvitations } from '../repositories/invitations.ts';
import { LOGIN_FAILURE_WINDOW_MINUTES } from '../repositories/loginFailures.ts';

/** How long activity logs are kept. */
export const ACTIVITY_RETENTION_DAYS = 365;

/** How long an import's upload may stay unfinished before it counts as abandoned (its server stopped mid-upload). */
export const ABANDONED_UPLOAD_HOURS = 24;

export type PurgeResult = {
  invitations: number;
  loginFailures: number;
  activityLogs: number;
  abandonedImports: number;
};

/**
 * The scheduled cleanup: expired invitations, sign-in failures that no longer count, activity older than the
 * retention, and contact imports whose upload never finished (with the chunks of their file). (Revoked sessions
 * leave no rows behind: a token is revoked by bumping the user's token version, so there is nothing of theirs to
 * purge.)
 */
export async function purgeExpired(db: Queryable): Promise<PurgeResult> {
  const invitations = await deleteExpiredInvitations(db);
  const loginFailures = await countDeleted(
    db,
    `delete from login_failures where failed_at <= now() - interval '${LOGIN_FAILURE_WINDOW_MINUTES} minutes'`,
  );
  const activityLogs = await countDeleted(
    db,
    `delete from activity_logs where created_at <= now() - interval '${ACTIVITY_RETENTION_DAYS} days'`,
  );
  const abandonedImports = await countDeleted(
    db,
    `delete from crm_contact_imports
     where status = 'receiving' and created_at <= now() - interval '${ABANDONED_UPLOAD_HOURS} hours'`,
  );
  return { invitations, loginFailures, activityLogs, abandonedImports };
}

async function countDeleted(db: Queryable, deleteSql: string): Promise<number> {
  const row = await db.one<{ deleted: number }>(
    `with gone as (${deleteSql} returning 1) select count(*)::integer as deleted from gone`,
    [],
  );
  return row?.deleted ?? 0;
}
