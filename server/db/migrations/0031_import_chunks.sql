-- The CSV file of a contact import lives in the database, in ordered chunks of about 1 MiB, not in a file on the
-- disk of the server that received it: the job that reads it may run in another process on another host (several
-- servers, one database). The chunks go when the import ends (completed or failed), and with their import.
-- An import is 'receiving' while its file is uploaded: neither the job nor the report sees it, and a refused
-- upload (bad fields, too large, the client gone) deletes it with its chunks.
-- Runs on PostgreSQL 15+ and on PGlite.
alter table crm_contact_imports drop constraint crm_contact_imports_status_check;
alter table crm_contact_imports add constraint crm_contact_imports_status_check
  check (status in ('receiving', 'queued', 'running', 'completed', 'failed', 'rolled-back'));

create table crm_import_chunks (
  import_id integer not null references crm_contact_imports (id) on delete cascade,
  seq integer not null,
  bytes bytea not null,
  primary key (import_id, seq)
);
-- Stored as sent, out of line and uncompressed: the chunks live minutes, and compressing them costs the upload time.
alter table crm_import_chunks alter column bytes set storage external;
