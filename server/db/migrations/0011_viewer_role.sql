-- The Viewer account role (issue 9, co-editing): its members see the account's websites (and follow them live
-- in the builder) but may not change them. What each role may do lives in server/auth/access.ts.
-- Takes the next free id, so it cannot collide with a role another migration added. PostgreSQL 15 and PGlite.
insert into roles (id, name)
select coalesce(max(id), 0) + 1, 'Viewer' from roles
where not exists (select 1 from roles where name = 'Viewer');
