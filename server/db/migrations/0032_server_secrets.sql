-- Secrets the server generates for itself and every process must share. On PostgreSQL with JWT_SECRET unset the
-- session key lives here ('session_key'), so processes on several hosts sign sessions alike with nothing shared but
-- the database, and a pg_dump restores signed-in sessions with everything else. (On the embedded database the key
-- stays in DATA_DIR/jwt-secret, beside the database.) Runs on PostgreSQL 15+ and on PGlite.
create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
