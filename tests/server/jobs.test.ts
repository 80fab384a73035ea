import { afterAll, beforeAll, expect, it } from 'vitest';
import { type JobState, type QueueName, startJobEngine } from '../../server/jobs/jobEngine.ts';
import { ADMIN_EMAIL, describeEachDatabase, type Session, type TestContext, uniqueEmail } from './harness.ts';
import { type SmtpServer, startSmtpServer } from './smtpServer.ts';

let smtp: SmtpServer;

// Before the suites' own hooks: the engine reads the SMTP address when it starts.
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

async function waitForState(ctx: TestContext, queue: QueueName, id: string, wanted: JobState): Promise<void> {
  const deadline = Date.now() + 20_000;
  let state: JobState | null = null;
  while (Date.now() < deadline) {
    state = await ctx.jobs.stateOf(queue, id);
    if (state === wanted) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} on ${queue} stayed ${state}, never ${wanted}`);
}

async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const mail = (to: string) => ({
  to,
  accountName: 'Acme',
  inviterName: 'Olga',
  link: 'http://app.example/invite#token',
  expiresAt: new Date().toISOString(),
});

describeEachDatabase(
  'job engine',
  (ctx) => {
    let admin: Session;

    beforeAll(async () => {
      admin = await ctx.register({ email: ADMIN_EMAIL });
    });

    it('the purge job really runs and removes expired invitations, sign-in failures and abandoned uploads only', async () => {
      const owner = await ctx.register();
      const invite = (email: string) =>
        ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
          token: owner.token,
          body: { email, roleName: 'User' },
        });
      const expired = uniqueEmail('expired');
      const valid = uniqueEmail('valid');
      await invite(expired);
      await invite(valid);
      // An expired link still says so for 30 days; then it goes.
      await ctx.db.query("update invitations set expires_at = now() - interval '31 days' where email = $1", [
        expired,
      ]);

      // Sign-in failures of both throttling keys: only those out of the 15-minute window go.
      await ctx.db.query(
        `insert into login_failures (email, ip, failed_at) values
           ('stale@example.com', '203.0.113.201', now() - interval '16 minutes'),
           ('stale-too@example.com', '203.0.113.202', now() - interval '20 minutes'),
           ('fresh@example.com', '203.0.113.201', now() - interval '1 minute')`,
      );

      // Imports whose upload never finished (the server stopped mid-upload): a day old goes, with its chunks.
      const upload = async (hoursAgo: number) => {
        const row = await ctx.db.one<{ id: number }>(
          `insert into crm_contact_imports (account_id, file_name, status, created_at)
           values ($1, 'a.csv', 'receiving', now() - make_interval(hours => $2)) returning id`,
          [owner.accountId, hoursAgo],
        );
        await ctx.db.query(
          `insert into crm_import_chunks (import_id, seq, bytes) values ($1, 0, decode('YSxi', 'base64'))`,
          [row?.id],
        );
        return row?.id;
      };
      const abandoned = await upload(25);
      const arriving = await upload(1);

      const id = await ctx.jobs.send('purge-expired', {});
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      await waitForState(ctx, 'purge-expired', id ?? '', 'completed');

      const left = await ctx.db.query<{ email: string }>(
        'select email from invitations where account_id = $1 order by id',
        [owner.accountId],
      );
      expect(left).toEqual([{ email: valid }]);
      const failures = await ctx.db.query<{ email: string }>(
        "select email from login_failures where ip like '203.0.113.20_' order by email",
      );
      expect(failures).toEqual([{ email: 'fresh@example.com' }]);
      const imports = await ctx.db.query<{ id: number }>(
        'select id from crm_contact_imports where id = any($1::int[]) order by id',
        [[abandoned, arriving]],
      );
      expect(imports).toEqual([{ id: arriving }]);
      const chunks = await ctx.db.query<{ id: number }>(
        'select import_id as id from crm_import_chunks where import_id = any($1::int[])',
        [[abandoned, arriving]],
      );
      expect(chunks).toEqual([{ id: arriving }]);
    });

    it('an invitation to a new address is mailed through SMTP with its link', async () => {
      const owner = await ctx.register({ name: 'Olga' });
      const email = uniqueEmail('mailed');
      const response = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
        token: owner.token,
        body: { email, roleName: 'User' },
      });
      const link = response.json().invitationLink as string;

      const message = await until(
        async () => smtp.messages.find((m) => m.to.includes(email)),
        `mail to ${email}`,
      );
      expect(message.from).toBe('tests@example.com');
      expect(message.data).toContain('Subject: Olga invited you to');
      expect(message.data).toContain(link);
    });

    it('Add Existing User with an address no user has queues no invitation mail', async () => {
      const owner = await ctx.register();
      const email = uniqueEmail('typo');
      const refused = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
        token: owner.token,
        body: { email, roleName: 'User', existingOnly: true },
      });
      expect(refused.statusCode).toBe(404);

      // The same look-up finds the mail of an address Add User invites (so an empty answer means none).
      const invited = uniqueEmail('invited');
      const sent = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
        token: owner.token,
        body: { email: invited, roleName: 'User' },
      });
      expect(sent.statusCode).toBe(200);
      const mails = (to: string) =>
        ctx.db.query("select id from pgboss.job where name = 'invitation-mail' and data->>'to' = $1", [to]);
      expect(await mails(invited)).toHaveLength(1);
      expect(await mails(email)).toEqual([]);
    });

    it('the dashboard shows queues, counts by state and failed jobs with their error; retry runs them again', async () => {
      const email = uniqueEmail('bounce');
      smtp.rejected.add(email);
      const id = (await ctx.jobs.send('invitation-mail', mail(email), { retryLimit: 0 })) ?? '';
      await waitForState(ctx, 'invitation-mail', id, 'failed');

      const failed = await ctx.call('GET', '/api/admin/jobs?state=failed', { token: admin.token });
      expect(failed.statusCode).toBe(200);
      const overview = failed.json<{
        queues: Array<{ name: string; counts: Record<JobState, number>; total: number }>;
        jobs: Array<{ id: string; queue: string; state: string; error: string | null }>;
      }>();
      const names = overview.queues.map((queue) => queue.name);
      expect(names.slice(0, 2)).toEqual(['invitation-mail', 'purge-expired']);
      expect(names).toEqual(
        expect.arrayContaining([
          'crm-campaign-send',
          'crm-workflow-run',
          'crm-contact-import',
          'form-submitted',
          'webhook-delivery',
          'post-due',
        ]),
      );
      const mailQueue = overview.queues[0];
      expect(mailQueue.counts.failed).toBeGreaterThanOrEqual(1);
      expect(mailQueue.total).toBe(Object.values(mailQueue.counts).reduce((a, b) => a + b, 0));
      const job = overview.jobs.find((entry) => entry.id === id);
      expect(job).toMatchObject({ queue: 'invitation-mail', state: 'failed' });
      expect(job?.error).toMatch(/550/);
      expect(overview.jobs.every((entry) => entry.state === 'failed')).toBe(true);

      smtp.rejected.delete(email);
      const retried = await ctx.call('POST', `/api/admin/jobs/invitation-mail/${id}/retry`, {
        token: admin.token,
      });
      expect(retried.statusCode).toBe(204);
      await waitForState(ctx, 'invitation-mail', id, 'completed');
      expect(smtp.messages.some((m) => m.to.includes(email))).toBe(true);

      // A completed job is not failed: there is nothing to retry.
      const again = await ctx.call('POST', `/api/admin/jobs/invitation-mail/${id}/retry`, {
        token: admin.token,
      });
      expect(again.statusCode).toBe(404);
      const logged = await ctx.db.one<{ details: object }>(
        "select details from activity_logs where type = 'admin.job_retried' order by id desc limit 1",
      );
      expect(logged?.details).toEqual({ queue: 'invitation-mail', jobId: id });
    });

    it('every queue is woken by notification, a queue made by an older start too', async () => {
      // Ours: pg-boss keeps queues of its own (named __pgboss__…).
      const queues = () =>
        ctx.db.query<{ name: string; notify: boolean }>(
          "select name, notify from pgboss.queue where name not like '\\_\\_pgboss\\_\\_%'",
        );
      expect((await queues()).length).toBeGreaterThanOrEqual(14);
      expect((await queues()).filter((queue) => !queue.notify)).toEqual([]);
      // And the engine listens on pg-boss's channel (its own connection on PostgreSQL, PGlite's one session here).
      const listeners =
        ctx.kind === 'pglite'
          ? "select 1 from pg_listening_channels() as channel where channel like 'pgboss\\_%'"
          : `select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = 'jobs'
               and (query ilike 'listen %' or query ilike '%from pg_listening_channels()%')`;
      expect(await ctx.db.query(listeners)).toHaveLength(1);
      // A database whose queues were created before: createQueue alone leaves an existing queue as it is.
      await ctx.db.query('update pgboss.queue set notify = false');
      const again = await startJobEngine({
        db: ctx.db,
        databaseUrl: ctx.databaseUrl,
        mail: { smtpUrl: null, from: 'tests@example.com' },
        log: { info: () => {}, warn: () => {}, error: () => {} },
        schedule: false,
      });
      await again.stop(1_000);
      expect((await queues()).filter((queue) => !queue.notify)).toEqual([]);
    });

    it('refuses an unknown queue or a malformed job id with 400', async () => {
      for (const url of [
        '/api/admin/jobs/other-queue/00000000-0000-0000-0000-000000000000/retry',
        '/api/admin/jobs/purge-expired/42/retry',
        '/api/admin/jobs?state=lost',
      ]) {
        const response = await ctx.call(url.endsWith('retry') ? 'POST' : 'GET', url, { token: admin.token });
        expect(response.statusCode, url).toBe(400);
      }
    });
  },
  { jobs: () => ({ smtpUrl: smtp.url }) },
);
