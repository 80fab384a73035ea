// Three `server/main.ts` processes on one PostgreSQL database and Redis serve as one: what one process changes,
// the others serve (the invalidation bus, and the auth_rows notifications), jobs run once, editors converge.
// Delays are printed, never asserted beyond a generous bound.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { generateSite } from '../../src/canvas/generator/generateSite.ts';
import { addText, type CollabClient, openClient, seededSite } from './collabClient.ts';
import { reachable, TEST_REDIS_URL } from './redisReachable.ts';
import { createDatabase, type ServerProcess, startServerProcess } from './serverProcess.ts';

const adminUrl = process.env.DATABASE_URL ?? '';
const redisUrl = TEST_REDIS_URL;
const root = new URL('../..', import.meta.url).pathname;
const BOUND_MS = 10_000;

const run = Boolean(adminUrl) && (await reachable(redisUrl));

type Answer = { status: number; type: string; body: string };

/** An HTTP call with any headers (fetch refuses to set Host). */
function call(
  base: string,
  method: string,
  path: string,
  { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            body: text,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function ok<T>(answer: Promise<Answer>, status = 200): Promise<T> {
  const { status: got, body } = await answer;
  expect(got, body).toBe(status);
  return (body ? JSON.parse(body) : null) as T;
}

/** Polls `check` on each process until it holds; resolves with each one's delay in ms after `since`. */
async function seenBy(
  servers: ServerProcess[],
  since: number,
  check: (server: ServerProcess) => Promise<boolean>,
): Promise<number[]> {
  return Promise.all(
    servers.map(async (server) => {
      while (!(await check(server))) {
        if (Date.now() - since > BOUND_MS)
          throw new Error(`not seen by ${server.http} within ${BOUND_MS} ms`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return Date.now() - since;
    }),
  );
}

type Session = { token: string; accountId: number; userId: number; email: string };

async function signUp(base: string, name: string): Promise<Session> {
  const email = `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const session = await ok<Omit<Session, 'email'>>(
    call(base, 'POST', '/api/auth/register', { body: { email, password: 'secret-pass', name } }),
    201,
  );
  return { ...session, email };
}

/** Saves a generated site (pages with a contact form) for the session's account; returns its id. */
async function saveBakery(base: string, token: string): Promise<number> {
  const { pages } = generateSite({
    businessName: 'Rosa Bakery',
    industry: 'retail',
    services: 'Sourdough bread',
    email: 'rosa@example.com',
    phone: '+1 555 0100',
  });
  const saved = await ok<{ id: number }>(
    call(base, 'POST', '/api/website/save', { token, body: { name: 'Rosa Bakery', pages } }),
  );
  return saved.id;
}

describe.runIf(run)('three server processes on one PostgreSQL and Redis', () => {
  const servers: ServerProcess[] = [];
  let databaseUrl = '';
  let drop = async () => {};

  beforeAll(async () => {
    // Publishing needs the SSR build of the renderers (what `npm run build` makes; seconds when only this).
    if (!existsSync(`${root}dist/server/publishRenderer.js`)) {
      const built = spawnSync(process.execPath, ['scripts/buildSite.ts'], { cwd: root, encoding: 'utf8' });
      expect(built.status, built.stderr).toBe(0);
    }
    const database = await createDatabase(adminUrl);
    databaseUrl = database.url;
    drop = database.drop;
    const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl };
    // The first migrates; the other two then start together.
    servers.push(await startServerProcess(env));
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  }, 120_000);

  afterAll(async () => {
    for (const server of servers.splice(0)) await server.stop('SIGTERM');
    await drop();
  }, 60_000);

  const others = () => servers.slice(1);

  it('each process holds one LISTEN connection for its caches (every channel) and one for its job engine', async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // The backends that listen, named by their client: their last statement is a LISTEN, or for pg-boss's listener,
      // after its first 10 s, its heartbeat (which reads pg_listening_channels()).
      const listening = async () =>
        (
          await client.query<{ name: string }>(
            `select application_name as name from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid()
               and (query ilike 'listen %' or query ilike '%from pg_listening_channels()%')
             order by 1`,
          )
        ).rows.map((row) => row.name);
      const deadline = Date.now() + BOUND_MS;
      while ((await listening()).length < servers.length * 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // `notifications`: the caches' invalidation bus; `jobs`: pg-boss's wake-up for new jobs (server/jobs/queues.ts).
      expect(await listening()).toEqual([
        ...servers.map(() => 'jobs'),
        ...servers.map(() => 'notifications'),
      ]);
    } finally {
      await client.end();
    }
  });

  it('a republish, a revoked session, a role change and a custom domain on A are what B and C serve', async () => {
    const [a] = servers;
    const owner = await signUp(a.http, 'owner');
    const colleague = await signUp(a.http, 'colleague');
    await ok(
      call(a.http, 'POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
        token: owner.token,
        body: { email: colleague.email, roleName: 'User' },
      }),
    );
    const id = await saveBakery(a.http, owner.token);
    const subdomain = `rosa-${Date.now()}`;
    const publish = () =>
      ok(call(a.http, 'POST', `/api/website/${id}/publish`, { token: owner.token, body: { subdomain } }));
    const setSuffix = (titleSuffix: string) =>
      ok(
        call(a.http, 'PUT', `/api/seo/websites/${id}/settings`, {
          token: owner.token,
          body: { titleSuffix, description: '', canonicalBase: '', ogImage: '', noindex: false },
        }),
      );
    const page = (server: ServerProcess) => call(server.http, 'GET', `/sites/${subdomain}/`);

    // Republish: B and C have the first version cached, then serve the second.
    await publish();
    for (const server of others()) expect((await page(server)).body).toContain('<title>Rosa Bakery</title>');
    await setSuffix(' | Fresh daily');
    await publish();
    let since = Date.now();
    const republished = await seenBy(others(), since, async (s) =>
      (await page(s)).body.includes('<title>Rosa Bakery | Fresh daily</title>'),
    );
    console.info(`republish on A served by B, C after ${republished.join(', ')} ms`);

    // Role change: the colleague writes through B and C, is demoted on A, and is refused there.
    const asColleague = { token: colleague.token, headers: { 'x-account-id': String(owner.accountId) } };
    const write = (server: ServerProcess) =>
      call(server.http, 'PUT', `/api/seo/websites/${id}/settings`, {
        ...asColleague,
        body: {
          titleSuffix: ' | Fresh daily',
          description: 'By the colleague',
          canonicalBase: '',
          ogImage: '',
          noindex: false,
        },
      });
    for (const server of others()) expect((await write(server)).status).toBe(200);
    since = Date.now();
    await ok(
      call(a.http, 'POST', `/api/accounts/${owner.accountId}/users/${colleague.userId}`, {
        token: owner.token,
        body: { roleName: 'Viewer' },
      }),
    );
    const demoted = await seenBy(others(), since, async (s) => (await write(s)).status === 403);
    console.info(`role change on A enforced by B, C after ${demoted.join(', ')} ms`);

    // Revoked session: the colleague signs out through A; B and C refuse the token.
    const me = (server: ServerProcess) =>
      call(server.http, 'GET', '/api/user/me', { token: colleague.token });
    for (const server of others()) expect((await me(server)).status).toBe(200);
    since = Date.now();
    await ok(call(a.http, 'POST', '/api/auth/logout', { token: colleague.token }), 204);
    const revoked = await seenBy(others(), since, async (s) => (await me(s)).status === 401);
    console.info(`logout on A refused by B, C after ${revoked.join(', ')} ms`);

    // Custom domain: unknown to B and C (the app answers), claimed on A (the sites' not-found page), then
    // verified and republished (the site at the domain's root).
    const domain = `shop-${Date.now()}.example.invalid`;
    const atDomain = (server: ServerProcess) => call(server.http, 'GET', '/', { headers: { host: domain } });
    for (const server of others()) expect((await atDomain(server)).type).toMatch(/^application\/json/);
    since = Date.now();
    await ok(call(a.http, 'PUT', `/api/website/${id}/domain`, { token: owner.token, body: { domain } }));
    const claimed = await seenBy(others(), since, async (s) => {
      const answer = await atDomain(s);
      return answer.status === 404 && answer.type.startsWith('text/html');
    });
    console.info(`domain claim on A routed by B, C after ${claimed.join(', ')} ms`);
    await sql(`update custom_domains set status = 'verified' where website_id = $1`, [id]);
    since = Date.now();
    await publish();
    const served = await seenBy(others(), since, async (s) => {
      const answer = await atDomain(s);
      return answer.status === 200 && answer.body.includes('<title>Rosa Bakery | Fresh daily</title>');
    });
    console.info(`verified domain published on A served by B, C after ${served.join(', ')} ms`);

    // The daily re-check, sent once while all three poll: one run (one activity entry), and the domain whose
    // record is gone (.invalid never resolves) stops being served everywhere.
    const boss = new PgBoss({
      connectionString: databaseUrl,
      schema: 'pgboss',
      supervise: false,
      schedule: false,
    });
    await boss.start();
    since = Date.now();
    const jobId = await boss.send('domain-recheck', {});
    await boss.stop({ graceful: false });
    const dropped = await seenBy(servers, since, async (s) => (await atDomain(s)).status === 404);
    console.info(`domain lost by the re-check job: not served by A, B, C after ${dropped.join(', ')} ms`);
    await seenBy([a], since, async () => {
      const [job] = await sql<{ state: string }>('select state::text from pgboss.job where id = $1', [jobId]);
      return job?.state === 'completed';
    });
    const runs = await sql<{ count: string }>(
      `select count(*) from activity_logs where type = 'domain.unverified' and details->>'domain' = $1`,
      [domain],
    );
    const jobs = await sql<{ state: string; retry_count: number }>(
      'select state::text, retry_count from pgboss.job where id = $1',
      [jobId],
    );
    expect(runs[0]?.count).toBe('1');
    expect(jobs).toEqual([{ state: 'completed', retry_count: 0 }]);
  }, 120_000);

  it("a visitor's form posts are limited once for all processes, not once per process", async () => {
    const [a, b, c] = servers;
    const owner = await signUp(a.http, 'forms');
    const id = await saveBakery(a.http, owner.token);
    const subdomain = `forms-${Date.now()}`;
    await ok(call(a.http, 'POST', `/api/website/${id}/publish`, { token: owner.token, body: { subdomain } }));
    const contact = await call(b.http, 'GET', `/sites/${subdomain}/contact`);
    const formId = /data-form-id="([^"]+)"/.exec(contact.body)?.[1] ?? '';
    expect(formId).not.toBe('');
    // The visitor reaches the processes through a reverse proxy on this host (X-Forwarded-For), in turn.
    const post = (server: ServerProcess) =>
      call(server.http, 'POST', `/api/public/sites/${subdomain}/forms/${formId}`, {
        body: { data: { Name: 'Ada', Email: 'ada@example.com', Message: 'Two loaves, please' } },
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
    const rounds = [a, b, c, a, b, c];
    const answers = [];
    for (const server of rounds) answers.push(await post(server));
    // Five a minute per visitor and site (FORM_RATE_LIMITS.perIp), whichever process answers.
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 429]);
    expect(JSON.parse(answers[5]?.body ?? '{}')).toEqual({
      message: 'Too many submissions. Please try again later.',
    });
    // Another visitor is still let through by every process.
    const other = await call(c.http, 'POST', `/api/public/sites/${subdomain}/forms/${formId}`, {
      body: { data: { Name: 'Bo', Email: 'bo@example.com', Message: 'A cake' } },
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(other.status).toBe(201);
    // What was let through is stored, once each.
    const inbox = await ok<unknown[]>(call(c.http, 'GET', '/api/forms/submissions', { token: owner.token }));
    expect(inbox).toHaveLength(6);
  }, 60_000);

  it('two editors on different processes converge', async () => {
    const [a, b, c] = servers;
    const owner = await signUp(a.http, 'editor');
    const yjsState = Buffer.from(Y.encodeStateAsUpdate(seededSite().doc)).toString('base64');
    const { id } = await ok<{ id: number }>(
      call(a.http, 'POST', '/api/website/save', {
        token: owner.token,
        body: { name: 'Co-edited', yjsState },
      }),
    );
    const clients: CollabClient[] = [
      openClient(b.ws, id, owner.token, { id: 'b', name: 'On B' }),
      openClient(c.ws, id, owner.token, { id: 'c', name: 'On C' }),
    ];
    try {
      const [onB, onC] = clients;
      await Promise.all(clients.map((client) => client.acknowledged()));
      const fromB = addText(onB.site, 'Typed on B');
      const fromC = addText(onC.site, 'Typed on C');
      await Promise.all(
        clients.map((client) =>
          client.until(() => client.site.elements.has(fromB) && client.site.elements.has(fromC)),
        ),
      );
      expect([...onB.site.elements.keys()].sort()).toEqual([...onC.site.elements.keys()].sort());
    } finally {
      for (const client of clients) client.close();
    }
  }, 60_000);

  async function sql<T>(text: string, params: unknown[]): Promise<T[]> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
});
