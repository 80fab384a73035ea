-- Invitation links that say what became of them (issue 16): a revoked invitation is kept (marked) instead of
-- deleted, so its link says "revoked" rather than "not found". PostgreSQL 15 compatible, like 0001.
alter table invitations add column revoked_at timestamptz;

-- One open invitation per address and account: revoked and accepted ones no longer count.
drop index invitations_pending_idx;
create unique index invitations_pending_idx on invitations (account_id, email)
  where accepted_at is null and revoked_at is null;
drop index invitations_email_idx;
create index invitations_email_idx on invitations (email) where accepted_at is null and revoked_at is null;
-- The purge job removes unaccepted invitations (expired or revoked) a while after their expiry.
drop index invitations_expiry_idx;
create index invitations_expiry_idx on invitations (expires_at) where accepted_at is null;
