import type { FormSubmissionRecord as FormSubmission, SubmissionStatus } from '../../src/contracts/forms.ts';
import { rowMapper } from '../db/rows.ts';
import type { Queryable } from '../db/types.ts';

export type { FormSubmission };

export type NewSubmission = Omit<FormSubmission, 'id' | 'status' | 'submittedAt'>;

const COLUMNS = `id, form_id as "formId", form_title as "formTitle", website_name as "websiteName",
  website_id as "websiteId", page_path as "pagePath", data, status, submitted_at as "submittedAt"`;

const iso = rowMapper<FormSubmission>({ dates: ['submittedAt'] });

export async function insertSubmission(
  db: Queryable,
  accountId: number,
  input: NewSubmission,
): Promise<FormSubmission> {
  const row = await db.one<FormSubmission>(
    `insert into form_submissions (account_id, website_id, form_id, form_title, website_name, page_path, data)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb) returning ${COLUMNS}`,
    [
      accountId,
      input.websiteId,
      input.formId,
      input.formTitle,
      input.websiteName,
      input.pagePath,
      JSON.stringify(input.data),
    ],
  );
  if (!row) throw new Error('form submission insert returned no row');
  return iso(row);
}

/** The account's submissions, newest first; optionally of one website. */
export async function listSubmissions(
  db: Queryable,
  accountId: number,
  websiteId?: number,
): Promise<FormSubmission[]> {
  const rows = await db.query<FormSubmission>(
    `select ${COLUMNS} from form_submissions where account_id = $1 and ($2::integer is null or website_id = $2)
     order by submitted_at desc, id desc limit 5000`,
    [accountId, websiteId ?? null],
  );
  return rows.map(iso);
}

/** Opens a submission: a `new` one becomes `read`, unless the reader may not mark submissions (`markRead`). */
export async function openSubmission(
  db: Queryable,
  accountId: number,
  id: number,
  markRead: boolean,
): Promise<FormSubmission | null> {
  const row = await db.one<FormSubmission>(
    markRead
      ? `update form_submissions set status = case when status = 'new' then 'read' else status end
         where account_id = $1 and id = $2 returning ${COLUMNS}`
      : `select ${COLUMNS} from form_submissions where account_id = $1 and id = $2`,
    [accountId, id],
  );
  return row ? iso(row) : null;
}

export async function setSubmissionStatus(
  db: Queryable,
  accountId: number,
  id: number,
  status: SubmissionStatus,
): Promise<FormSubmission | null> {
  const row = await db.one<FormSubmission>(
    `update form_submissions set status = $3 where account_id = $1 and id = $2 returning ${COLUMNS}`,
    [accountId, id, status],
  );
  return row ? iso(row) : null;
}

export async function deleteSubmission(db: Queryable, accountId: number, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `delete from form_submissions where account_id = $1 and id = $2 returning id`,
    [accountId, id],
  );
  return rows.length > 0;
}

/** Submission counts per website of the account (the website cards). */
export async function countSubmissionsByWebsite(
  db: Queryable,
  accountId: number,
): Promise<Map<number, number>> {
  const rows = await db.query<{ websiteId: number; count: string | number }>(
    `select website_id as "websiteId", count(*) as count from form_submissions where account_id = $1
     group by website_id`,
    [accountId],
  );
  return new Map(rows.map((row) => [row.websiteId, Number(row.count)]));
}
