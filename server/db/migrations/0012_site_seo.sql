-- Site-level SEO settings (issue 8): the defaults every page of a website gets where its own Page Settings
-- are empty (titleSuffix, description, canonicalBase, ogImage) and a site-wide noindex, as one JSON object
-- (read through siteSeoOf, so a missing field is its default). Runs on PostgreSQL 15+ and on PGlite.
alter table websites add column seo jsonb not null default '{}'::jsonb;

-- Whether the site was last published hidden from search engines: its robots.txt then disallows everything.
-- Set at publish time, like the pages' own noindex tags, so settings apply on the next publish.
alter table websites add column published_noindex boolean not null default false;
