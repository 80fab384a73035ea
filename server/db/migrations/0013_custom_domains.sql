-- Custom domains prove ownership before they serve (issue 14). A website claims one domain; the claim stays
-- pending until a TXT record `_bizsite-verify.<domain>` holding its token is found. Several websites (of any
-- accounts) may hold a pending claim of the same domain; only one may hold it verified. Runs on PostgreSQL 15+
-- and on PGlite.
create table custom_domains (
  website_id integer primary key references websites (id) on delete cascade,
  account_id integer not null references accounts (id) on delete cascade,
  domain text not null,
  token text not null,
  status text not null default 'pending' check (status in ('pending', 'verified')),
  -- The last lookup (by the owner's Verify or the daily re-check) and what it concluded, for the owner.
  checked_at timestamptz,
  message text,
  created_at timestamptz not null default now()
);
create unique index custom_domains_verified_key on custom_domains (domain) where status = 'verified';
create index custom_domains_domain_idx on custom_domains (domain);
create index custom_domains_account_idx on custom_domains (account_id);

-- Domains bound before this change were never proven: they start over as pending claims with a fresh token.
insert into custom_domains (website_id, account_id, domain, token, status)
select id, account_id, custom_domain, md5(random()::text || clock_timestamp()::text || id::text), 'pending'
from websites where custom_domain is not null;

-- The claim is the one home of a website's custom domain (its unique index goes with the column).
alter table websites drop column custom_domain;
