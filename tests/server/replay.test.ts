import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { REPLAY_LIMITS, type ReplayEntry } from '../../src/contracts/replay.ts';
import { ADMIN_EMAIL, describeEachDatabase, type Session } from './harness.ts';

const sessionId = () => `s${randomUUID().replaceAll('-', '')}`;

const entry = (seq: number, extra: Partial<ReplayEntry> = {}): ReplayEntry => ({
  seq,
  at: seq * 10,
  actor: 'app',
  source: null,
  event: { type: 'website.create' },
  state: { auth: 'idle' },
  context: { next: 'builder' },
  ...extra,
});

const batch = (entries: ReplayEntry[]) => ({ startedAt: new Date().toISOString(), entries });

describeEachDatabase(
  'session replay',
  (ctx) => {
    let admin: Session;
    let user: Session;

    beforeAll(async () => {
      admin = await ctx.register({ email: ADMIN_EMAIL });
      user = await ctx.register();
    });

    // `null`: no token at all.
    const post = (id: string, body: unknown, token: string | null = user.token) =>
      ctx.call('POST', `/api/replay/sessions/${id}/events`, { token: token ?? undefined, body });

    const waitForState = async (queue: 'replay-purge', id: string) => {
      for (let i = 0; i < 200; i++) {
        if ((await ctx.jobs.stateOf(queue, id)) === 'completed') return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`job ${id} did not complete`);
    };

    it('stores batches in order; a retried batch is stored once; only admins read them, and that is logged', async () => {
      const id = sessionId();
      expect((await post(id, batch([entry(0), entry(1)]))).statusCode).toBe(204);
      expect((await post(id, batch([entry(1), entry(2, { state: 'dashboard' })]))).statusCode).toBe(204);

      const list = await ctx.call('GET', `/api/replay/sessions?userId=${user.userId}`, {
        token: admin.token,
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toEqual({
        totalCount: 1,
        items: [
          {
            id,
            userId: user.userId,
            userEmail: user.email,
            accountId: user.accountId,
            startedAt: expect.any(String),
            lastEventAt: expect.any(String),
            entryCount: 3,
          },
        ],
      });
      const byEmail = await ctx.call('GET', `/api/replay/sessions?email=${user.email.slice(0, 12)}`, {
        token: admin.token,
      });
      expect(byEmail.json().items.map((s: { id: string }) => s.id)).toContain(id);

      const one = await ctx.call('GET', `/api/replay/sessions/${id}`, { token: admin.token });
      expect(one.statusCode).toBe(200);
      expect(one.json().entries).toEqual([entry(0), entry(1), entry(2, { state: 'dashboard' })]);

      const logs = await ctx.call(
        'GET',
        `/api/admin/activity-logs?type=admin.replay_viewed&userId=${admin.userId}`,
        {
          token: admin.token,
        },
      );
      expect(logs.json().items[0].details).toEqual({
        sessionId: id,
        targetUserId: user.userId,
        targetEmail: user.email,
      });
      const missing = await ctx.call('GET', `/api/replay/sessions/${sessionId()}`, { token: admin.token });
      expect(missing.statusCode).toBe(404);
    });

    it('needs a signed-in user to send, and a platform admin to read (403 for anyone else, nothing leaked)', async () => {
      const id = sessionId();
      expect((await post(id, batch([entry(0)]), null)).statusCode).toBe(401);
      expect((await post(id, batch([entry(0)]))).statusCode).toBe(204);

      const other = await ctx.register();
      for (const url of [
        '/api/replay/sessions',
        `/api/replay/sessions?userId=${user.userId}`,
        `/api/replay/sessions/${id}`,
      ]) {
        const response = await ctx.call('GET', url, { token: other.token });
        expect(response.statusCode, url).toBe(403);
        expect(response.body).not.toContain(id);
        expect(Object.keys(response.json())).toEqual(['message']);
        expect((await ctx.call('GET', url)).statusCode).toBe(401);
      }
      // Nor may another user write into it.
      const hijack = await post(id, batch([entry(5)]), other.token);
      expect(hijack.statusCode).toBe(409);
      const one = await ctx.call('GET', `/api/replay/sessions/${id}`, { token: admin.token });
      expect(one.json().entries).toHaveLength(1);
    });

    it('rejects a bad shape, unknown fields and bad ids with 400', async () => {
      const id = sessionId();
      const bad: unknown[] = [
        { entries: [entry(0)] },
        { ...batch([entry(0)]), extra: 1 },
        batch([]),
        batch([{ ...entry(0), password: 'hunter2' } as ReplayEntry]),
        batch([entry(0, { seq: -1 })]),
        batch([entry(0, { event: { type: 'bad type with spaces' } })]),
        batch([entry(0, { context: { note: 'x'.repeat(REPLAY_LIMITS.stringLength + 1) } })]),
        batch([entry(0, { state: { auth: { deep: { deeper: { deepest: { beyond: 'x' } } } } } })]),
        batch(Array.from({ length: REPLAY_LIMITS.batchSize + 1 }, (_, seq) => entry(seq))),
      ];
      for (const body of bad) {
        const response = await post(id, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
        expect(response.json()).toEqual({ message: expect.any(String) });
      }
      expect((await post('short', batch([entry(0)]))).statusCode).toBe(400);
      expect((await post('has spaces in it 0123456789', batch([entry(0)]))).statusCode).toBe(400);
    });

    it('answers 413 to a body over the limit', async () => {
      const huge = batch(
        Array.from({ length: 100 }, (_, seq) =>
          entry(seq, {
            context: Object.fromEntries(
              Array.from({ length: 20 }, (_, i) => [`field${i}`, 'x'.repeat(REPLAY_LIMITS.stringLength)]),
            ),
          }),
        ),
      );
      expect(JSON.stringify(huge).length).toBeGreaterThan(REPLAY_LIMITS.bodyBytes);
      const response = await post(sessionId(), huge);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'Request body is too large' });
    });

    it('refuses a user who turned recording off, and forgets what was recorded', async () => {
      const quiet = await ctx.register();
      const id = sessionId();
      expect((await post(id, batch([entry(0)]), quiet.token)).statusCode).toBe(204);
      const settings = await ctx.call('GET', '/api/replay/settings', { token: quiet.token });
      expect(settings.json()).toEqual({ optOut: false });

      const off = await ctx.call('PUT', '/api/replay/settings', {
        token: quiet.token,
        body: { optOut: true },
      });
      expect(off.json()).toEqual({ optOut: true });
      expect((await ctx.call('GET', '/api/replay/settings', { token: quiet.token })).json()).toEqual({
        optOut: true,
      });
      const refused = await post(id, batch([entry(1)]), quiet.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Session recording is turned off for this user' });
      const list = await ctx.call('GET', `/api/replay/sessions?userId=${quiet.userId}`, {
        token: admin.token,
      });
      expect(list.json()).toEqual({ items: [], totalCount: 0 });

      const unknown = await ctx.call('PUT', '/api/replay/settings', {
        token: quiet.token,
        body: { optOut: false, extra: true },
      });
      expect(unknown.statusCode).toBe(400);
      const on = await ctx.call('PUT', '/api/replay/settings', {
        token: quiet.token,
        body: { optOut: false },
      });
      expect(on.json()).toEqual({ optOut: false });
      expect((await post(id, batch([entry(1)]), quiet.token)).statusCode).toBe(204);
    });

    it('limits the batches of one user per minute (429), not those of another', async () => {
      const flooder = await ctx.register();
      const id = sessionId();
      const statuses: number[] = [];
      for (let i = 0; i <= REPLAY_LIMITS.batchesPerMinute; i++) {
        statuses.push((await post(id, {}, flooder.token)).statusCode);
      }
      expect(statuses.slice(0, REPLAY_LIMITS.batchesPerMinute).every((status) => status === 400)).toBe(true);
      const last = await post(id, batch([entry(0)]), flooder.token);
      expect(last.statusCode).toBe(429);
      expect(last.json()).toEqual({ message: 'Too many recording batches, please slow down' });
      expect((await post(sessionId(), batch([entry(0)]))).statusCode).toBe(204);
    });

    it('the purge job removes sessions older than 14 days and keeps the rest', async () => {
      const old = sessionId();
      const fresh = sessionId();
      expect((await post(old, batch([entry(0), entry(1)]))).statusCode).toBe(204);
      expect((await post(fresh, batch([entry(0)]))).statusCode).toBe(204);
      await ctx.db.query(
        "update replay_sessions set last_event_at = now() - interval '15 days' where id = $1",
        [old],
      );
      await ctx.db.query(
        "update replay_entries set received_at = now() - interval '15 days' where session_id = $1",
        [old],
      );
      const thirteenDays = sessionId();
      expect((await post(thirteenDays, batch([entry(0)]))).statusCode).toBe(204);
      await ctx.db.query(
        "update replay_sessions set last_event_at = now() - interval '13 days' where id = $1",
        [thirteenDays],
      );

      const job = await ctx.jobs.send('replay-purge', {});
      await waitForState('replay-purge', job ?? '');

      const left = await ctx.db.query<{ id: string }>(
        'select id from replay_sessions where id = any($1::text[])',
        [[old, fresh, thirteenDays]],
      );
      expect(left.map((row) => row.id).sort()).toEqual([fresh, thirteenDays].sort());
      const entries = await ctx.db.query('select 1 from replay_entries where session_id = $1', [old]);
      expect(entries).toEqual([]);
    });
  },
  { jobs: () => ({}) },
);
