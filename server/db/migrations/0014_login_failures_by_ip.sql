-- Sign-in throttling also counts failures per IP across emails (password spraying): this index makes
-- that count, and the per-IP clean-up of expired rows, a range scan instead of a table scan.
create index login_failures_ip_idx on login_failures (ip, failed_at);
