-- Announcing a change (migration 0019) runs on every write of a watched table, sign-ins' activity entries
-- included. Tables whose record column is `id` (all but two) now use a static query, which PL/pgSQL plans once
-- per session, instead of building, parsing and planning the same text anew on every statement (EXECUTE).
create or replace function notify_account_event() returns trigger language plpgsql as $$
declare
  changed_row record;
begin
  if TG_ARGV[1] = 'id' then
    for changed_row in
      select account_id, count(*) as n, min(id::text) as record_id from changed group by account_id
    loop
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
  end if;
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
