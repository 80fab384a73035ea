-- Business details that sites show in their footers and contact sections (Settings › Business details).
alter table business_profiles add column address text not null default '';
-- The business's social profiles (http(s) addresses), in the owner's order.
alter table business_profiles add column social_links jsonb not null default '[]'::jsonb;
