import type { OutboxMessage, OutboxPage, OutboxQuery } from '../../src/contracts/admin.ts';
import { readPage, skipTakeWindow } from '../db/paging.ts';
import { isoSql } from '../db/rows.ts';
import type { Db, Queryable } from '../db/types.ts';
import type { Mailer } from '../jobs/mailer.ts';

/** The job that sends outbox messages, and the sweep that catches the ones whose job was never queued. */
export const OUTBOX_QUEUES = { outboxMail: 'outbox-mail', outboxSweep: 'outbox-sweep' } as const;
export type OutboxMailData = { ids: number[] };

/** Retries of one send (pg-boss retryLimit): after the last, the message is 'failed'. */
export const OUTBOX_RETRY_LIMIT = 5;
export const OUTBOX_RETRY_DELAY_SECONDS = 30;
/** Queued messages older than this with no attempt yet are sent by the sweep (their job was lost). */
export const OUTBOX_SWEEP_AGE_MS = 60_000;
/** How long a worker holds a message while it sends it. */
const LEASE_SECONDS = 120;

export type QueuedMail = {
  accountId: number | null;
  kind: string;
  to: string;
  subject: string;
  body: string;
};

/**
 * Writes a message to the outbox, in the caller's transaction: it is sent once that commits (the job the
 * caller queues after commit, or the sweep). Resolves with its id.
 */
export async function queueMail(tx: Queryable, mail: QueuedMail): Promise<number> {
  const row = await tx.one<{ id: number }>(
    `insert into mail_outbox (account_id, kind, to_address, subject, body) values ($1, $2, $3, $4, $5)
     returning id`,
    [mail.accountId, mail.kind, mail.to, mail.subject, mail.body],
  );
  if (!row) throw new Error('the outbox message was not stored');
  return row.id;
}

/** The one call of the job engine the outbox needs (so this module does not import the engine back). */
export type OutboxQueue = {
  send(
    queue: 'outbox-mail',
    data: OutboxMailData,
    options: { retryLimit: number; retryDelay: number; retryBackoff: boolean },
  ): Promise<string | null>;
};

/** After commit: queues the job that sends these messages (a failure here is caught up by the sweep). */
export async function enqueueOutbox(jobs: OutboxQueue, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await jobs.send(
    'outbox-mail',
    { ids },
    { retryLimit: OUTBOX_RETRY_LIMIT, retryDelay: OUTBOX_RETRY_DELAY_SECONDS, retryBackoff: true },
  );
}

type Claimed = { id: number; to: string; subject: string; body: string; attempts: number };

/**
 * Sends each still-queued message of `ids`. Delivered → 'sent'; no mail server (SMTP_URL unset) → 'held',
 * waiting in the outbox; refused → attempts + 1 and, unless `lastTry`, this throws so pg-boss retries the
 * job (messages already sent are not sent again); on the last try the refused ones become 'failed'.
 */
export async function sendOutboxMail(
  db: Db,
  mailer: Mailer,
  ids: number[],
  { lastTry }: { lastTry: boolean },
): Promise<{ sent: number; held: number; failed: number }> {
  const outcome = { sent: 0, held: 0, failed: 0 };
  let refused: string | null = null;
  for (const id of ids) {
    // Taken for a while: the sweep or a second job leaves it alone meanwhile.
    const message = await db.one<Claimed>(
      `update mail_outbox set locked_until = now() + make_interval(secs => $2)
       where id = $1 and status = 'queued' and (locked_until is null or locked_until < now())
       returning id, to_address as "to", subject, body, attempts`,
      [id, LEASE_SECONDS],
    );
    if (!message) continue;
    if (!mailer.delivers) {
      await db.query(
        "update mail_outbox set status = 'held', locked_until = null where id = $1 and status = 'queued'",
        [id],
      );
      outcome.held += 1;
      continue;
    }
    try {
      await mailer.send({ to: message.to, subject: message.subject, text: message.body });
      await db.query(
        `update mail_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null,
           locked_until = null
         where id = $1`,
        [id],
      );
      outcome.sent += 1;
    } catch (error) {
      const reason = describeSmtpError(error);
      await db.query(
        `update mail_outbox set attempts = attempts + 1, last_error = $2, locked_until = null,
           status = case when $3::boolean then 'failed' else status end
         where id = $1`,
        [id, reason, lastTry],
      );
      if (lastTry) outcome.failed += 1;
      else refused = reason;
    }
  }
  if (refused !== null) throw new Error(refused);
  return outcome;
}

/** The queued messages no job took within a minute (their enqueue failed after commit). */
export async function findStrandedOutbox(db: Queryable, limit = 100): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select id from mail_outbox
     where status = 'queued' and attempts = 0 and created_at < now() - make_interval(secs => $1)
       and (locked_until is null or locked_until < now())
     order by created_at, id limit $2`,
    [OUTBOX_SWEEP_AGE_MS / 1000, limit],
  );
  return rows.map((row) => row.id);
}

/** The SMTP server's answer, without the stack or anything else about this server. */
function describeSmtpError(error: unknown): string {
  const smtp = error as { response?: unknown; message?: unknown };
  const text = typeof smtp.response === 'string' ? smtp.response : String(smtp.message ?? error);
  return text.slice(0, 500);
}

/** The admin's view of the outbox: newest first, optionally of one status. */
export async function listOutbox(db: Queryable, { skip, take, status }: OutboxQuery): Promise<OutboxPage> {
  const where = status ? 'where status = $1' : '';
  const params: unknown[] = status ? [status] : [];
  const page = await readPage<OutboxMessage>(db, {
    select: `select id, kind, to_address as "to", subject, body, status, attempts, last_error as "lastError",
       ${isoSql('created_at')} as "createdAt", ${isoSql('sent_at')} as "sentAt"
     from mail_outbox ${where}
     order by created_at desc, id desc`,
    count: `select count(*)::integer as total from mail_outbox ${where}`,
    params,
    window: skipTakeWindow(skip, take),
  });
  return { results: page.rows, totalCount: page.totalCount };
}
