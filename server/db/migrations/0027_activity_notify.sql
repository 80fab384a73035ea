-- The platform's activity log is announced to the platform admins' streams as a whole (the kind `activity`,
-- server/events/accountEventHub.ts): its receivers use neither the account nor the entry's id. Every sign-in,
-- sign-out and failed attempt writes an entry, so its announcement is now one constant notification per
-- statement, without the transition table, the grouping and the JSON building of migration 0019's function
-- (PostgreSQL folds identical notifications of one transaction into one). Same channel and message shape.
create or replace function notify_activity_logged() returns trigger language plpgsql as $$
begin
  perform pg_notify('bizsite_invalidate',
    '{"origin":"db","topic":"account-events","payload":"{\"kind\":\"activity\"}"}');
  return null;
end;
$$;

drop trigger activity_logs_event_insert on activity_logs;
drop trigger activity_logs_event_update on activity_logs;
drop trigger activity_logs_event_delete on activity_logs;
create trigger activity_logs_event after insert or update or delete on activity_logs
  for each statement execute function notify_activity_logged();
