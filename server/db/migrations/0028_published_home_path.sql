-- The own path of a published site's home page (its Page Manager shows "/home"): the home page is served at the
-- site's root, and a visitor at its own path is redirected there. Set at publish time, like the pages.
-- Runs on PostgreSQL 15+ and on PGlite.
alter table websites add column published_home_path text;

-- Sites published before: the home page's path from their saved pages (the builder never changes it).
update websites w set published_home_path = (
  select btrim(p ->> 'path', '/')
  from jsonb_array_elements(case when jsonb_typeof(w.pages) = 'array' then w.pages else '[]'::jsonb end) p
  where p -> 'isHomePage' = 'true'::jsonb
  limit 1
)
where w.is_published;
