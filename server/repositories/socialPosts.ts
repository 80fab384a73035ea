import type { SocialPost, SocialPostInput } from '../../src/contracts/social.ts';
import { rowMapper } from '../db/rows.ts';
import type { Queryable } from '../db/types.ts';

// The record as the API returns it: one home, shared with the client.
export type { SocialPost };

const COLUMNS = `id, channel, text, image_url as "imageUrl", scheduled_at as "scheduledAt", status,
  status_note as "statusNote", due_at as "dueAt", created_at as "createdAt", updated_at as "updatedAt"`;

const toPost = rowMapper<SocialPost>({ dates: ['scheduledAt', 'dueAt', 'createdAt', 'updatedAt'] });

export async function listPosts(db: Queryable, accountId: number): Promise<SocialPost[]> {
  const rows = await db.query<SocialPost>(
    `select ${COLUMNS} from social_posts where account_id = $1 order by scheduled_at nulls last, id`,
    [accountId],
  );
  return rows.map(toPost);
}

export async function findPost(db: Queryable, accountId: number, id: number): Promise<SocialPost | null> {
  const row = await db.one<SocialPost>(
    `select ${COLUMNS} from social_posts where account_id = $1 and id = $2`,
    [accountId, id],
  );
  return row ? toPost(row) : null;
}

export async function createPost(
  db: Queryable,
  accountId: number,
  input: SocialPostInput,
): Promise<SocialPost> {
  const row = await db.one<SocialPost>(
    `insert into social_posts (account_id, channel, text, image_url, scheduled_at, status)
     values ($1, $2, $3, $4, $5, $6) returning ${COLUMNS}`,
    [accountId, input.channel, input.text, input.imageUrl, input.scheduledAt, input.status],
  );
  if (!row) throw new Error('insert returned no row');
  return toPost(row);
}

/** Replaces the editable fields; an edit clears the outcome of an earlier due time. */
export async function updatePost(
  db: Queryable,
  accountId: number,
  id: number,
  input: SocialPostInput,
): Promise<SocialPost | null> {
  const row = await db.one<SocialPost>(
    `update social_posts set channel = $3, text = $4, image_url = $5, scheduled_at = $6, status = $7,
       status_note = null, due_at = null, updated_at = now()
     where account_id = $1 and id = $2 returning ${COLUMNS}`,
    [accountId, id, input.channel, input.text, input.imageUrl, input.scheduledAt, input.status],
  );
  return row ? toPost(row) : null;
}

export async function deletePost(db: Queryable, accountId: number, id: number): Promise<boolean> {
  const rows = await db.query('delete from social_posts where account_id = $1 and id = $2 returning id', [
    accountId,
    id,
  ]);
  return rows.length > 0;
}

/**
 * Marks the post due, but only while it is still scheduled for exactly `scheduledAt` (a job queued
 * for an earlier time of a rescheduled post finds nothing). Returns the post, or null.
 */
export async function markDue(
  db: Queryable,
  accountId: number,
  id: number,
  scheduledAt: string,
): Promise<SocialPost | null> {
  const row = await db.one<SocialPost>(
    `update social_posts set due_at = now(), updated_at = now()
     where account_id = $1 and id = $2 and status = 'scheduled' and scheduled_at = $3::timestamptz
       and due_at is null
     returning ${COLUMNS}`,
    [accountId, id, scheduledAt],
  );
  return row ? toPost(row) : null;
}

export async function setOutcome(
  db: Queryable,
  accountId: number,
  id: number,
  status: 'published' | 'failed',
  note: string | null,
): Promise<void> {
  await db.query(
    `update social_posts set status = $3, status_note = $4, updated_at = now() where account_id = $1 and id = $2`,
    [accountId, id, status, note],
  );
}
