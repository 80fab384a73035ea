-- Live data: every change to what the account's live views show (form inbox, orders, CRM records, the activity
-- log, who is editing what) is announced by the database itself, so changes made by a visitor, a teammate, a job,
-- another server process or a person at psql all count. One NOTIFY per statement and account (statement
-- triggers with transition tables), on the invalidation bus's channel (server/cluster/invalidationBus.ts), as
-- {"origin":"db","topic":"account-events","payload":"{accountId, kind, id}"}; `id` only when the statement
-- touched one row of that account. PostgreSQL folds identical notifications of one transaction into one.
-- Runs on PostgreSQL 15+ and on PGlite.

-- Who has which record open for editing ('Ann is editing this contact'): refreshed by the editor's browser while
-- its dialog is open, so a row whose browser went away expires by itself.
create table record_presence (
  account_id integer not null references accounts (id) on delete cascade,
  user_id integer not null references users (id) on delete cascade,
  record_kind text not null,
  record_id text not null,
  expires_at timestamptz not null,
  primary key (account_id, record_kind, record_id, user_id)
);

-- TG_ARGV[0]: the event kind; TG_ARGV[1]: the column naming the record (its id, or a parent's).
create function notify_account_event() returns trigger language plpgsql as $$
declare
  changed_row record;
begin
  for changed_row in execute format(
    'select account_id, count(*) as n, min(%I::text) as record_id from changed group by account_id',
    TG_ARGV[1]
  ) loop
    perform pg_notify('bizsite_invalidate', json_build_object(
      'origin', 'db',
      'topic', 'account-events',
      'payload', json_build_object(
        'accountId', changed_row.account_id,
        'kind', TG_ARGV[0],
        'id', case when changed_row.n = 1 then changed_row.record_id end
      )::text
    )::text);
  end loop;
  return null;
end;
$$;

-- Transition tables allow one event per trigger: three triggers per table.
do $$
declare
  watched text[];
  op text;
begin
  foreach watched slice 1 in array array[
    ['form_submissions', 'forms', 'id'],
    ['orders', 'orders', 'id'],
    ['crm_contacts', 'crm.contact', 'id'],
    ['crm_leads', 'crm.lead', 'id'],
    ['crm_deals', 'crm.deal', 'id'],
    ['crm_activities', 'crm.activity', 'id'],
    ['crm_pipelines', 'crm.pipeline', 'id'],
    ['crm_contact_lists', 'crm.list', 'id'],
    ['crm_contact_list_members', 'crm.list', 'contact_list_id'],
    ['activity_logs', 'activity', 'id'],
    ['record_presence', 'presence', 'record_id']
  ] loop
    foreach op in array array['insert', 'update', 'delete'] loop
      -- A presence's refresh only moves its expiry: nobody needs to hear of it.
      continue when watched[1] = 'record_presence' and op = 'update';
      execute format(
        'create trigger %I after %s on %I referencing %s table as changed for each statement '
          'execute function notify_account_event(%L, %L)',
        watched[1] || '_event_' || op, op, watched[1], case when op = 'delete' then 'old' else 'new' end,
        watched[2], watched[3]
      );
    end loop;
  end loop;
end;
$$;
