import { afterAll, beforeAll, expect, it } from 'vitest';
import { handlePostDue } from '../../server/jobs/postDueJob.ts';
import type { OutboundPolicy } from '../../server/net/safeFetch.ts';
import { saveConnection } from '../../server/repositories/oauthConnections.ts';
import { escapeText, foldLine } from '../../server/routes/social/icalendar.ts';
import { describeEachDatabase } from './harness.ts';
import { FAKE_CLIENT, fakeTokenEndpoint, type Loopback, startLoopback } from './loopbackServer.ts';

let provider: Loopback;
beforeAll(async () => {
  provider = await startLoopback(fakeTokenEndpoint);
});
afterAll(() => provider.close());

type Post = {
  id: number;
  status: string;
  statusNote: string | null;
  dueAt: string | null;
  scheduledAt: string | null;
};

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it('iCalendar text escaping and line folding follow RFC 5545', () => {
  expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  const long = `DESCRIPTION:${'é'.repeat(80)}`;
  const folded = foldLine(long);
  const lines = folded.split('\r\n');
  expect(lines.length).toBeGreaterThan(1);
  for (const [i, line] of lines.entries()) {
    expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    if (i > 0) expect(line.startsWith(' ')).toBe(true);
  }
  expect(lines.map((line, i) => (i === 0 ? line : line.slice(1))).join('')).toBe(long);
});

// The fake provider listens on loopback, which only ALLOW_LOOPBACK_OUTBOUND lets outgoing calls reach.
const LOOPBACK_ALLOWED: OutboundPolicy = { allowLoopback: true };

describeEachDatabase(
  'social content planner',
  (ctx) => {
    it('validates posts: channel limits, schedule in the future, no stray fields', async () => {
      const owner = await ctx.register();
      const cases: Array<[unknown, string | null]> = [
        [{ channel: 'x', text: 'a'.repeat(281), status: 'draft' }, 'X posts are limited to 280 characters'],
        [
          { channel: 'instagram', text: 'a'.repeat(2201), status: 'draft' },
          'Instagram posts are limited to 2200 characters',
        ],
        [{ channel: 'x', text: 'hi', status: 'scheduled' }, 'Choose a date and time to schedule the post'],
        [
          { channel: 'x', text: 'hi', status: 'scheduled', scheduledAt: inSeconds(-60) },
          'Choose a time in the future to schedule the post',
        ],
        [
          { channel: 'x', text: 'hi', status: 'draft', scheduledAt: 'tomorrow' },
          'scheduledAt must be an ISO 8601 date and time',
        ],
        [{ channel: 'myspace', text: 'hi', status: 'draft' }, null],
        [{ channel: 'x', text: 'hi', status: 'published' }, null],
        [{ channel: 'x', text: 'hi', status: 'draft', imageUrl: 'javascript:alert(1)' }, null],
        [{ channel: 'x', text: 'hi', status: 'draft', extra: 1 }, null],
      ];
      for (const [body, message] of cases) {
        const bad = await ctx.call('POST', '/api/social/posts', { token: owner.token, body });
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        if (message) expect(bad.json()).toEqual({ message });
      }
      const fits = await ctx.call('POST', '/api/social/posts', {
        token: owner.token,
        body: { channel: 'x', text: '🙂'.repeat(280), status: 'draft' },
      });
      expect(fits.statusCode).toBe(201);
      expect((await ctx.call('GET', '/api/social/posts', { token: owner.token })).json()).toHaveLength(1);
    });

    it('edits, deletes and keeps posts per account', async () => {
      const owner = await ctx.register();
      const other = await ctx.register();
      const post = (
        await ctx.call('POST', '/api/social/posts', {
          token: owner.token,
          body: { channel: 'linkedin', text: 'Hello', status: 'draft', imageUrl: '/api/uploads/abc.png' },
        })
      ).json<Post>();
      const body = {
        channel: 'linkedin',
        text: 'Hello again',
        status: 'draft',
        scheduledAt: inSeconds(3600),
      };
      expect(
        (await ctx.call('PUT', `/api/social/posts/${post.id}`, { token: other.token, body })).statusCode,
      ).toBe(404);
      expect((await ctx.call('GET', `/api/social/posts/${post.id}`, { token: other.token })).statusCode).toBe(
        404,
      );
      const edited = await ctx.call('PUT', `/api/social/posts/${post.id}`, { token: owner.token, body });
      expect(edited.json()).toMatchObject({
        text: 'Hello again',
        imageUrl: null,
        scheduledAt: body.scheduledAt,
      });
      expect(
        (await ctx.call('DELETE', `/api/social/posts/${post.id}`, { token: other.token })).statusCode,
      ).toBe(404);
      expect(
        (await ctx.call('DELETE', `/api/social/posts/${post.id}`, { token: owner.token })).statusCode,
      ).toBe(204);
    });

    it('a post scheduled ahead is marked due by the job at its time: "not connected" without an integration', async () => {
      const owner = await ctx.register();
      const post = (
        await ctx.call('POST', '/api/social/posts', {
          token: owner.token,
          body: { channel: 'facebook', text: 'Opening day!', status: 'scheduled', scheduledAt: inSeconds(2) },
        })
      ).json<Post>();
      const early = (
        await ctx.call('GET', `/api/social/posts/${post.id}`, { token: owner.token })
      ).json<Post>();
      expect(early).toMatchObject({ status: 'scheduled', dueAt: null });
      const due = await waitFor(
        async () =>
          (await ctx.call('GET', `/api/social/posts/${post.id}`, { token: owner.token })).json<Post>(),
        (p) => p.dueAt !== null && p.status !== 'scheduled',
      );
      expect(due).toMatchObject({ status: 'failed', statusNote: 'not connected' });
      expect(Date.parse(due.dueAt ?? '')).toBeGreaterThanOrEqual(Date.parse(post.scheduledAt ?? '') - 1000);
    }, 30_000);

    it('a rescheduled post is not marked due at its old time', async () => {
      const owner = await ctx.register();
      const body = { channel: 'x', text: 'Later', status: 'scheduled', scheduledAt: inSeconds(1) };
      const post = (await ctx.call('POST', '/api/social/posts', { token: owner.token, body })).json<Post>();
      await ctx.call('PUT', `/api/social/posts/${post.id}`, {
        token: owner.token,
        body: { ...body, scheduledAt: inSeconds(3600) },
      });
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const still = (
        await ctx.call('GET', `/api/social/posts/${post.id}`, { token: owner.token })
      ).json<Post>();
      expect(still).toMatchObject({ status: 'scheduled', dueAt: null });
    }, 30_000);

    it('with Facebook connected, a due Facebook post is published through it; Instagram stays "not connected"', async () => {
      const owner = await ctx.register();
      await saveConnection(ctx.db, owner.accountId, 'facebook', owner.userId, {
        accessToken: 'page-token',
        refreshToken: null,
        expiresAt: null,
      });
      const oauth = {
        google: null,
        facebook: {
          clientId: FAKE_CLIENT.clientId,
          clientSecret: FAKE_CLIENT.clientSecret,
          authorizeUrl: `${provider.url}/authorize`,
          tokenUrl: `${provider.url}/token`,
          scope: 'x',
          publishUrl: `${provider.url}/feed`,
        },
      };
      const outcomes: string[] = [];
      for (const channel of ['facebook', 'instagram']) {
        const scheduledAt = inSeconds(3600);
        const post = (
          await ctx.call('POST', '/api/social/posts', {
            token: owner.token,
            body: { channel, text: `Hello from ${channel}`, status: 'scheduled', scheduledAt },
          })
        ).json<Post>();
        outcomes.push(
          await handlePostDue(
            ctx.db,
            oauth,
            { accountId: owner.accountId, postId: post.id, scheduledAt },
            LOOPBACK_ALLOWED,
          ),
        );
        // The same due time again (a duplicate job) finds nothing to do.
        outcomes.push(
          await handlePostDue(
            ctx.db,
            oauth,
            { accountId: owner.accountId, postId: post.id, scheduledAt },
            LOOPBACK_ALLOWED,
          ),
        );
      }
      expect(outcomes).toEqual([
        'published',
        'skipped: rescheduled, edited or deleted',
        'not connected',
        'skipped: rescheduled, edited or deleted',
      ]);
      const feed = provider.received.find((r) => r.path === '/feed');
      expect(new URLSearchParams(feed?.body)).toEqual(
        new URLSearchParams({ message: 'Hello from facebook', access_token: 'page-token' }),
      );
      const posts = (await ctx.call('GET', '/api/social/posts', { token: owner.token })).json<Post[]>();
      expect(posts.map((p) => [p.status, p.statusNote])).toEqual([
        ['published', null],
        ['failed', 'not connected'],
      ]);
    });

    it('exports the plan as iCalendar', async () => {
      const owner = await ctx.register();
      await ctx.call('POST', '/api/social/posts', {
        token: owner.token,
        body: {
          channel: 'x',
          text: 'Sale, today; only\nhere',
          status: 'draft',
          scheduledAt: '2030-01-02T10:00:00.000Z',
        },
      });
      const ics = await ctx.call('GET', '/api/social/posts.ics', { token: owner.token });
      expect(ics.statusCode).toBe(200);
      expect(ics.headers['content-type']).toContain('text/calendar');
      expect(ics.body).toContain('BEGIN:VCALENDAR\r\n');
      expect(ics.body).toContain('DTSTART:20300102T100000Z\r\n');
      expect(ics.body).toContain('DESCRIPTION:Sale\\, today\\; only\\nhere\r\n');
      expect((await ctx.call('GET', '/api/social/posts.ics')).statusCode).toBe(401);
    });
  },
  { jobs: () => ({}) },
);
