import {
  type FormSubmissionRecord as FormSubmission,
  SUBMISSIONS_PAGE_SIZE,
  type SubmissionListQuery,
  type SubmissionStatus,
} from '../../src/contracts/forms.ts';
import type { RowsPage } from '../../src/contracts/jsonSchema.ts';
import { pageWindow, readPage } from '../db/paging.ts';
import { rowMapper } from '../db/rows.ts';
import type { Queryable } from '../db/types.ts';
import { likePatterns } from './crm/crud.ts';

export type { FormSubmission };

export type NewSubmission = Omit<FormSubmission, 'id' | 'status' | 'submittedAt'>;

const columns = (of = '') => `${of}id, ${of}form_id as "formId", ${of}form_title as "formTitle",
  ${of}website_name as "websiteName", ${of}website_id as "websiteId", ${of}page_path as "pagePath", ${of}data,
  ${of}status, ${of}submitted_at as "submittedAt"`;
const COLUMNS = columns();

// What a search looks in: the visitor's answers (not the field labels), the form's title and the website's name,
// as it was when the form was sent and as the site is named now (the inbox shows the current name).
const SEARCHED = `concat_ws(' ', (select string_agg(value, ' ') from jsonb_each_text(s.data)), s.form_title,
  s.website_name, w.name)`;

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

/**
 * The account's submissions, newest first: of one website with `websiteId`, those holding every word of `search`
 * (case-insensitive, anywhere in `SEARCHED`); one page of them with `page`, every one without (the CSV export).
 * With the count of all matches.
 */
export async function listSubmissions(
  db: Queryable,
  accountId: number,
  query: Partial<SubmissionListQuery> = {},
): Promise<RowsPage<FormSubmission>> {
  const params: unknown[] = [accountId];
  const where = ['s.account_id = $1'];
  if (query.websiteId !== undefined) {
    params.push(query.websiteId);
    where.push(`s.website_id = $${params.length}`);
  }
  for (const pattern of likePatterns(query.search)) {
    params.push(pattern);
    where.push(`${SEARCHED} ilike $${params.length}`);
  }
  const from = `from form_submissions s join websites w on w.id = s.website_id and w.account_id = s.account_id
    where ${where.join(' and ')}`;
  const select = `select ${columns('s.')} ${from} order by s.submitted_at desc, s.id desc`;
  if (query.page === undefined) {
    const rows = await db.query<FormSubmission>(select, params);
    return { rows: rows.map(iso), totalCount: rows.length };
  }
  const page = await readPage<FormSubmission>(db, {
    select,
    count: `select count(*)::integer as total ${from}`,
    params,
    window: pageWindow(query.page, query.pageSize ?? SUBMISSIONS_PAGE_SIZE),
  });
  return { rows: page.rows.map(iso), totalCount: page.totalCount };
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
