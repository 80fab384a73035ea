import { type InboxItem, type InboxPage, inboxItemId } from '../../../src/contracts/crm.ts';
import type { InboxQuery } from '../../../src/contracts/crmApi.ts';
import { pageWindow, withWindow } from '../../db/paging.ts';
import type { Queryable } from '../../db/types.ts';
import { isoOf } from './crud.ts';

// The first value of a submission that looks like an e-mail address: who sent it, when the form asked.
const SENDER = `coalesce((select v.value from jsonb_each_text(s.data) v
  where v.value ~ '^[^@[:space:]]+@[^@[:space:]]+$' limit 1), '')`;

const FORMS = `
  select 'form' as kind, s.id as "sourceId", ${isoOf('s.submitted_at')} as "at", ${SENDER} as "from",
    s.website_name as "to", s.form_title as subject, s.data, '' as body, s.status
  from form_submissions s where s.account_id = $1`;

const messages = (body: string) => `
  select 'message' as kind, m.id as "sourceId", ${isoOf('m.created_at')} as at,
    case when m.direction = 'inbound' then m.to_address else coalesce(c.name, 'Workflow') end as "from",
    case when m.direction = 'inbound' then '' else m.to_address end as "to",
    m.subject, null::jsonb as data, ${body} as body, m.status
  from crm_communications m left join crm_campaigns c on c.id = m.campaign_id and c.account_id = $1
  where m.account_id = $1`;
// Left out of a list: the whole body (the preview is its start).
const MESSAGES = messages('left(m.body, 200)');

const itemOf = (row: Omit<InboxItem, 'id'>): InboxItem => ({
  ...row,
  id: inboxItemId(row.kind, row.sourceId),
});

/**
 * The account's form submissions and CRM messages in one list, newest first, one page of it, with the
 * count of both. Each part is read through its (account, date) index.
 */
export async function listInbox(db: Queryable, accountId: number, query: InboxQuery): Promise<InboxPage> {
  const parts = query.kind === 'form' ? [FORMS] : query.kind === 'message' ? [MESSAGES] : [FORMS, MESSAGES];
  const { clause, params } = withWindow([accountId], pageWindow(query.page, query.pageSize));
  const rows = await db.query<Omit<InboxItem, 'id'>>(
    `${parts.join(' union all ')} order by "at" desc, kind, "sourceId" desc ${clause}`,
    params,
  );
  const counts = await db.one<{ forms: number; messages: number }>(
    `select (select count(*)::int from form_submissions where account_id = $1) as forms,
       (select count(*)::int from crm_communications where account_id = $1) as messages`,
    [accountId],
  );
  const totalCount =
    (query.kind !== 'message' ? (counts?.forms ?? 0) : 0) +
    (query.kind !== 'form' ? (counts?.messages ?? 0) : 0);
  return { items: rows.map(itemOf), totalCount };
}

/** One item of the account's inbox, a message with its whole body; null when the account has no such item. */
export async function findInboxItem(
  db: Queryable,
  accountId: number,
  kind: InboxItem['kind'],
  id: number,
): Promise<InboxItem | null> {
  const row = await db.one<Omit<InboxItem, 'id'>>(
    kind === 'form' ? `${FORMS} and s.id = $2` : `${messages('m.body')} and m.id = $2`,
    [accountId, id],
  );
  return row ? itemOf(row) : null;
}
