-- A contact search also matches the contact's tags ("wholesale", "gold" of "gold-tier"), through the same GIN index
-- on the same tsvector as its name, email, company and phone (migration 0006). A generated column's expression
-- cannot be changed in place before PostgreSQL 17, so the column and its index are made again (a table rewrite,
-- once). array_to_string is only STABLE (it formats any element type); over text[] it is immutable, as a
-- generated column needs. Runs on PostgreSQL 15+ and on PGlite.
create function crm_tags_text(tags text[]) returns text
  language sql immutable strict parallel safe
  as $$ select array_to_string(tags, ' ') $$;

alter table crm_contacts drop column search;
alter table crm_contacts add column search tsvector generated always as (
  to_tsvector('simple'::regconfig,
    lower(first_name || ' ' || last_name || ' ' || email || ' ' || translate(email, '@.-_+', '     ')
      || ' ' || company || ' ' || phone || ' ' || regexp_replace(phone, '[^0-9]', '', 'g')
      || ' ' || crm_tags_text(tags)))
) stored;
-- As 0015 set it: a short pending list, so a search after an import does not read through it.
create index crm_contacts_search_idx on crm_contacts using gin (search) with (gin_pending_list_limit = 256);
