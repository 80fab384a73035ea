-- A shop that can sell (issue 15): checkout settings per store, buyer details and totals on orders,
-- per-store order numbers, payment and fulfilment states, card payments through Stripe Checkout, and an
-- outbox of transactional mail that admins can read. Runs on PostgreSQL 15+ and on PGlite.

create table store_settings (
  store_id text primary key references stores (store_id) on delete cascade,
  account_id integer not null references accounts (id) on delete cascade,
  pickup_enabled boolean not null default true,
  shipping_enabled boolean not null default false,
  flat_shipping_cents integer not null default 0 check (flat_shipping_cents >= 0),
  free_shipping_threshold_cents integer check (free_shipping_threshold_cents >= 0),
  -- Percent with up to three decimals, 0..100.
  tax_rate numeric(6, 3) not null default 0 check (tax_rate >= 0 and tax_rate <= 100),
  tax_inclusive boolean not null default false,
  order_notice_email text,
  payment_methods text[] not null default '{manual}'
    check (cardinality(payment_methods) >= 1 and payment_methods <@ array['manual', 'card']::text[]),
  manual_payment_instructions text not null default 'Pay when you collect your order.',
  pickup_instructions text not null default '',
  updated_at timestamptz not null default now(),
  constraint store_settings_delivery check (pickup_enabled or shipping_enabled)
);

-- The next order number of each store (#1001 first): taken with an update of the store row, which
-- serialises parallel checkouts of one store only.
alter table stores add column next_order_number integer not null default 1001;

alter table orders
  add column order_number integer,
  add column payment_method text not null default 'manual' check (payment_method in ('manual', 'card')),
  add column payment_status text not null default 'unpaid'
    check (payment_status in ('awaiting', 'unpaid', 'paid', 'expired')),
  add column fulfilment_status text not null default 'unfulfilled'
    check (fulfilment_status in ('unfulfilled', 'ready_for_pickup', 'shipped', 'completed', 'cancelled')),
  add column delivery_method text not null default 'pickup' check (delivery_method in ('pickup', 'shipping')),
  add column buyer_name text not null default '',
  add column buyer_email text not null default '',
  add column buyer_phone text not null default '',
  add column shipping_address jsonb,
  add column note text not null default '',
  add column subtotal_cents integer,
  add column shipping_cents integer not null default 0,
  add column tax_cents integer not null default 0,
  add column tax_inclusive boolean not null default false,
  add column payment_instructions text not null default '',
  add column tracking_number text,
  add column carrier text,
  -- The buyer's secret: GET /api/ecommerce/orders/{id}?token=… shows them their details.
  add column access_token text,
  -- Card orders: the open Stripe Checkout session and until when the stock stays reserved for it.
  add column stripe_session_id text unique,
  add column reserved_until timestamptz,
  add column paid_at timestamptz,
  add column updated_at timestamptz not null default now(),
  -- The CRM contact the buyer became (matched by email within the account).
  add column contact_id integer references crm_contacts (id) on delete set null;

-- Orders placed before this migration: number them per store in the order they came in, carry the old
-- one-word status over to the two axes.
update orders o set order_number = numbered.n
from (select id, 1000 + row_number() over (partition by store_id order by created_at, id) as n from orders) numbered
where numbered.id = o.id;
update stores s set next_order_number = coalesce(
  (select max(order_number) + 1 from orders o where o.store_id = s.store_id), 1001);
update orders set subtotal_cents = total_cents;
update orders set payment_status = 'paid' where status in ('paid', 'fulfilled');
update orders set fulfilment_status = 'completed' where status = 'fulfilled';
update orders set fulfilment_status = 'cancelled' where status = 'cancelled';
update orders set access_token = md5(random()::text || id || clock_timestamp()::text);

alter table orders
  alter column order_number set not null,
  alter column subtotal_cents set not null,
  alter column access_token set not null,
  drop column status;
create unique index orders_number_idx on orders (store_id, order_number);
-- The owner's list filters and the sidebar badge.
create index orders_open_idx on orders (account_id, created_at desc)
  where fulfilment_status in ('unfulfilled', 'ready_for_pickup') and payment_status in ('unpaid', 'paid');
create index orders_reserved_idx on orders (reserved_until) where payment_status = 'awaiting';
create index orders_buyer_email_idx on orders (account_id, lower(buyer_email));

-- Stripe events already handled (a replayed webhook changes nothing).
create table payment_events (
  event_id text primary key,
  order_id text references orders (id) on delete cascade,
  type text not null,
  received_at timestamptz not null default now()
);

-- Transactional mail (order confirmations, status mails, owner notices). Every message is written here
-- first and a job sends it; without a mail server it waits here as 'held', readable by platform admins.
create table mail_outbox (
  id integer generated by default as identity primary key,
  account_id integer references accounts (id) on delete cascade,
  kind text not null,
  to_address text not null,
  subject text not null,
  body text not null,
  status text not null default 'queued' check (status in ('queued', 'sent', 'held', 'failed')),
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index mail_outbox_created_idx on mail_outbox (created_at desc, id desc);
create index mail_outbox_status_idx on mail_outbox (status, created_at);
