-- SEO: a published page whose Page Settings keep search engines out is served with a robots noindex tag
-- and left out of the site's sitemap.xml. Runs on PostgreSQL 15+ and on PGlite.
alter table published_pages add column noindex boolean not null default false;
