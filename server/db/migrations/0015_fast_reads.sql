-- Reads that stay fast on a PostgreSQL server (issue 18). Runs on PostgreSQL 15+ (pg_trgm ships with it:
-- Debian's postgresql package, the official images and managed services; a trusted extension, so a database
-- owner may create it) and on PGlite (which loads pg_trgm itself, server/db/pgliteDb.ts).

-- A GIN index first appends new rows to a pending list that every search then reads through, until a vacuum
-- (or an insert finding the list over gin_pending_list_limit) merges it into the index. At the default 4 MB,
-- after an import a contact search read ~500 pending pages: 2–3 ms of a 0.1 ms search. 256 kB keeps that
-- short, at no measurable cost to inserts (100,000 contacts in batches of 1,000: 3.08 s either way; with
-- fastupdate off, 3.74 s).
alter index crm_contacts_search_idx set (gin_pending_list_limit = 256);
select gin_clean_pending_list('crm_contacts_search_idx'::regclass);

-- The store's product search matches any part of the name or code (ILIKE '%term%'): trigram indexes find
-- the matches instead of reading every product of every store.
create extension if not exists pg_trgm;
create index products_name_trgm_idx on products using gin (name gin_trgm_ops)
  with (gin_pending_list_limit = 256);
create index products_code_trgm_idx on products using gin (code gin_trgm_ops)
  with (gin_pending_list_limit = 256);

-- Every change to what the shoppers' product list shows (stores: currency; products) is announced on the
-- channel catalogue_rows, so a server process keeping pages of it (server/repositories/catalogueCache.ts)
-- forgets them at once, also when another process or a person at psql made the change.
create or replace function notify_catalogue_rows() returns trigger language plpgsql as $$
begin
  perform pg_notify('catalogue_rows', '');
  return null;
end;
$$;

create trigger products_catalogue_rows after insert or update or delete or truncate on products
  for each statement execute function notify_catalogue_rows();
create trigger stores_catalogue_rows after insert or update or delete or truncate on stores
  for each statement execute function notify_catalogue_rows();

-- The same for the CRM's contact list (server/routes/crm/contactsRoutes.ts): contacts and list memberships.
create or replace function notify_contacts_rows() returns trigger language plpgsql as $$
begin
  perform pg_notify('contacts_rows', '');
  return null;
end;
$$;

create trigger crm_contacts_contacts_rows after insert or update or delete or truncate on crm_contacts
  for each statement execute function notify_contacts_rows();
create trigger crm_contact_list_members_contacts_rows
  after insert or update or delete or truncate on crm_contact_list_members
  for each statement execute function notify_contacts_rows();

-- A sign-in attempt in one round trip (server/repositories/loginFailures.ts): records the attempt as a failure,
-- drops this IP's rows older than the window and counts this email+IP's and this IP's failures within it.
-- Attempts from one IP queue on an advisory lock until their statement commits, and each count runs after
-- the lock (a volatile function reads with a snapshot per statement), so it sees every attempt that went
-- before: among any number of parallel attempts at most the limit get through.
create or replace function begin_login_attempt(p_email text, p_ip text, p_window interval)
returns table (attempt_id bigint, email_failures integer, ip_failures integer)
language plpgsql volatile as $$
begin
  perform pg_advisory_xact_lock(727002, hashtext(p_ip));
  delete from login_failures where ip = p_ip and failed_at <= now() - p_window;
  insert into login_failures (email, ip) values (p_email, p_ip) returning id into attempt_id;
  select count(*) filter (where email = p_email)::integer, count(*)::integer
    into email_failures, ip_failures
    from login_failures where ip = p_ip and failed_at > now() - p_window;
  return next;
end;
$$;

-- How many contacts each account has, kept by statement triggers (the transition tables hold the rows of
-- the statement), so the unfiltered contact list and the CRM stats show the total without counting 100,000
-- rows on every page. The count changes in the transaction that adds or removes contacts: every snapshot
-- sees the same number as a count(*) would. An insert takes the account's row lock until its commit;
-- deletes only update (a contact's account_id never changes), so deleting an account, which cascades to
-- its contacts and this row in either order, never re-creates it.
create table crm_contact_counts (
  account_id integer primary key references accounts (id) on delete cascade,
  contacts integer not null check (contacts >= 0)
);
insert into crm_contact_counts (account_id, contacts)
  select account_id, count(*)::integer from crm_contacts group by account_id;

create or replace function crm_contact_counts_added() returns trigger language plpgsql as $$
begin
  insert into crm_contact_counts (account_id, contacts)
    select account_id, count(*)::integer from added group by account_id order by account_id
  on conflict (account_id) do update set contacts = crm_contact_counts.contacts + excluded.contacts;
  return null;
end;
$$;

create or replace function crm_contact_counts_removed() returns trigger language plpgsql as $$
begin
  update crm_contact_counts k set contacts = k.contacts - r.contacts
    from (select account_id, count(*)::integer as contacts from removed group by account_id) r
    where k.account_id = r.account_id;
  return null;
end;
$$;

create or replace function crm_contact_counts_truncated() returns trigger language plpgsql as $$
begin
  delete from crm_contact_counts;
  return null;
end;
$$;

create trigger crm_contacts_count_insert after insert on crm_contacts
  referencing new table as added for each statement execute function crm_contact_counts_added();
create trigger crm_contacts_count_delete after delete on crm_contacts
  referencing old table as removed for each statement execute function crm_contact_counts_removed();
create trigger crm_contacts_count_truncate after truncate on crm_contacts
  for each statement execute function crm_contact_counts_truncated();
