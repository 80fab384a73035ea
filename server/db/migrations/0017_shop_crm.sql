-- The shop's side effects (issue 15): a buyer's order becomes an 'order' activity of their CRM contact,
-- the contact list (which shows each contact's orders and lifetime value) forgets its kept pages when an
-- order changes, and an outbox message is leased while one worker sends it. PostgreSQL 15+ and PGlite.

alter table crm_activities drop constraint crm_activities_type_check;
alter table crm_activities add constraint crm_activities_type_check
  check (type in ('call', 'email', 'meeting', 'task', 'note', 'order'));

-- Orders count towards their contact's lifetime value: another process's kept contact pages go stale.
create trigger orders_contacts_rows after insert or update or delete on orders
  for each statement execute function notify_contacts_rows();

-- The contact's orders, for the lifetime value of a page of contacts.
create index orders_contact_idx on orders (contact_id) where contact_id is not null;

-- A worker takes a queued message until this time (so the job and the sweep never send it twice); past
-- it, a crashed worker's message is free again.
alter table mail_outbox add column locked_until timestamptz;
