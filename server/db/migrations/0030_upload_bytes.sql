-- Uploaded images live in the database (they lived under DATA_DIR/uploads): processes on several hosts serve the
-- same images with one PostgreSQL and no shared volume, a pg_dump holds them, and an account's deletion removes
-- them (the rows cascade). Rows uploaded before this migration have no bytes yet: the server copies their files
-- in when it starts (`adoptUploadFiles`), and a row whose file is gone stays without bytes (answered 404).
-- Runs on PostgreSQL 15+ and on PGlite.
alter table uploads add column bytes bytea;
