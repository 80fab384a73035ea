-- Every change to the rows behind authentication (users: role, status, token version; memberships) is
-- announced on the channel auth_rows, so a server process caching those rows forgets them at once, also
-- when another process or a person at psql made the change. Runs on PostgreSQL 15+ and on PGlite.

create or replace function notify_auth_rows() returns trigger language plpgsql as $$
begin
  perform pg_notify('auth_rows', '');
  return null;
end;
$$;

create trigger users_auth_rows after insert or update or delete or truncate on users
  for each statement execute function notify_auth_rows();
create trigger account_members_auth_rows after insert or update or delete or truncate on account_members
  for each statement execute function notify_auth_rows();
