import { afterAll, beforeAll, expect, it } from 'vitest';
import { handlePostDue } from '../../server/jobs/postDueJob.ts';
import { deliverWebhook, emitWebhookEvent, REFUSED_ADDRESS } from '../../server/jobs/webhooks.ts';
import { outboundPolicy } from '../../server/net/safeFetch.ts';
import { saveConnection } from '../../server/repositories/oauthConnections.ts';
import { createWebhook } from '../../server/repositories/webhooks.ts';
import { PRIVATE_WEBHOOK_URL } from '../../server/routes/webhooks/webhooksRoutes.ts';
import { describeEachDatabase, type Session, type TestContext } from './harness.ts';
import { fakeResolver, PUBLIC_IP, refusedForms, serveOnLoopback, type TestServer } from './outboundForms.ts';

// Webhooks against the guard, on both databases: refused when saved, and again when delivered (DNS rebinding).
// The suites run with the default policy (no loopback) and a fake resolver; the receiver on loopback counts
// whatever reaches it, which must be nothing.
const dns = fakeResolver();
let receiver: TestServer;
beforeAll(async () => {
  receiver = await serveOnLoopback((_request, response) => response.end('{"ok":true}'));
});
afterAll(() => receiver.close());

type Delivery = { status: string; attempts: number; responseCode: number | null; lastError: string | null };
type Post = { id: number; status: string; statusNote: string | null };

async function deliveriesOf(ctx: TestContext, owner: Session, webhookId: number): Promise<Delivery[]> {
  const response = await ctx.call('GET', `/api/webhooks/${webhookId}/deliveries`, { token: owner.token });
  return response.json<Delivery[]>();
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describeEachDatabase(
  'outgoing requests guarded',
  (ctx) => {
    it('refuses to save a webhook to any private, local or reserved address form (400), keeping none', async () => {
      const owner = await ctx.register();
      const accepted: string[] = [];
      for (const { url } of refusedForms(receiver.port)) {
        const response = await ctx.call('POST', '/api/webhooks', {
          token: owner.token,
          body: { url, events: ['order.placed'] },
        });
        if (
          response.statusCode !== 400 ||
          response.json<{ message: string }>().message !== PRIVATE_WEBHOOK_URL
        ) {
          accepted.push(`${url} → ${response.statusCode}`);
        }
      }
      expect(accepted).toEqual([]);
      expect((await ctx.call('GET', '/api/webhooks', { token: owner.token })).json()).toEqual([]);
    });

    it('saves public names and addresses, and a name that does not resolve yet (checked at delivery)', async () => {
      const owner = await ctx.register();
      for (const url of [
        'https://public.example/hook',
        `https://${PUBLIC_IP}/hook`,
        'https://nowhere.example/',
      ]) {
        const response = await ctx.call('POST', '/api/webhooks', {
          token: owner.token,
          body: { url, events: ['order.placed'] },
        });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
      }
    });

    it('refuses every such address again at delivery: the log says so, with no response code', async () => {
      const owner = await ctx.register();
      // Stored as if saved before the check existed (or while the name still resolved publicly).
      const forms = refusedForms(receiver.port);
      const hooks = [];
      for (const { url } of forms)
        hooks.push(await createWebhook(ctx.db, owner.accountId, { url, events: ['order.placed'] }));
      const ids = await emitWebhookEvent(null, ctx.db, owner.accountId, 'order.placed', { orderId: 1 });
      expect(ids).toHaveLength(forms.length);
      const outcomes = await Promise.all(
        ids.map((deliveryId) =>
          deliverWebhook(ctx.db, { accountId: owner.accountId, deliveryId }, outboundPolicy(ctx.config)).then(
            () => 'returned',
            (error: unknown) => String(error),
          ),
        ),
      );
      expect(new Set(outcomes)).toEqual(new Set(['returned']));
      const logs = await Promise.all(
        hooks.map(async (hook) => [hook.url, await deliveriesOf(ctx, owner, hook.id)]),
      );
      const expected = { status: 'failed', attempts: 1, responseCode: null, lastError: REFUSED_ADDRESS };
      expect(logs).toEqual(hooks.map((hook) => [hook.url, [expect.objectContaining(expected)]]));
      expect(receiver.hits).toHaveLength(0);
    });

    it('a name that resolved publicly when saved and to 127.0.0.1 at delivery is refused (DNS rebinding)', async () => {
      const owner = await ctx.register();
      const name = `rebind-${ctx.kind}.example`;
      dns.set(name, PUBLIC_IP);
      const created = await ctx.call('POST', '/api/webhooks', {
        token: owner.token,
        body: { url: `http://${name}:${receiver.port}/hook`, events: ['contact.created'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const hook = created.json<{ id: number }>();
      dns.set(name, '127.0.0.1');

      // Through the job engine, as in production.
      await emitWebhookEvent(ctx.jobs, ctx.db, owner.accountId, 'contact.created', { id: 7 });
      const log = await waitFor(
        () => deliveriesOf(ctx, owner, hook.id),
        (rows) => rows[0]?.status === 'failed' || rows[0]?.status === 'delivered',
      );
      expect(log).toEqual([
        expect.objectContaining({
          status: 'failed',
          attempts: 1,
          responseCode: null,
          lastError: REFUSED_ADDRESS,
        }),
      ]);
      expect(receiver.hits).toHaveLength(0);
    });

    it('a redirect is a failed attempt and is not followed, even with loopback allowed', async () => {
      const owner = await ctx.register();
      const second = await serveOnLoopback((_request, response) => response.end('{}'));
      const first = await serveOnLoopback((_request, response) => {
        response.writeHead(302, { location: `${second.url}/stolen` }).end();
      });
      try {
        const hook = await createWebhook(ctx.db, owner.accountId, {
          url: `${first.url}/hook`,
          events: ['order.placed'],
        });
        const [deliveryId] = await emitWebhookEvent(null, ctx.db, owner.accountId, 'order.placed', {
          orderId: 2,
        });
        const policy = { ...outboundPolicy(ctx.config), allowLoopback: true };
        await expect(
          deliverWebhook(ctx.db, { accountId: owner.accountId, deliveryId: deliveryId ?? 0 }, policy),
        ).rejects.toThrow('The receiver answered 302');
        expect(await deliveriesOf(ctx, owner, hook.id)).toEqual([
          expect.objectContaining({ status: 'retrying', attempts: 1, responseCode: 302 }),
        ]);
        expect(first.hits).toHaveLength(1);
        expect(second.hits).toHaveLength(0);
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    });

    it('a due Facebook post is not published to a loopback publishing URL', async () => {
      const owner = await ctx.register();
      await saveConnection(ctx.db, owner.accountId, 'facebook', owner.userId, {
        accessToken: 'page-token',
        refreshToken: null,
        expiresAt: null,
      });
      const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
      const post = (
        await ctx.call('POST', '/api/social/posts', {
          token: owner.token,
          body: { channel: 'facebook', text: 'Hello', status: 'scheduled', scheduledAt },
        })
      ).json<Post>();
      const facebook = {
        clientId: 'c',
        clientSecret: 's',
        authorizeUrl: `${receiver.url}/authorize`,
        tokenUrl: `${receiver.url}/token`,
        scope: 'x',
        publishUrl: `${receiver.url}/feed`,
      };
      const outcome = await handlePostDue(
        ctx.db,
        { google: null, facebook },
        { accountId: owner.accountId, postId: post.id, scheduledAt },
        outboundPolicy(ctx.config),
      );
      expect(outcome).toBe('failed');
      const posts = (await ctx.call('GET', '/api/social/posts', { token: owner.token })).json<Post[]>();
      expect(posts.map((p) => [p.status, p.statusNote])).toEqual([
        ['failed', 'The Facebook publishing address is not a public internet address'],
      ]);
      expect(receiver.hits).toHaveLength(0);
    });
  },
  { jobs: () => ({}), config: { outboundTesting: { resolve: dns.resolve, timeoutMs: 2_000 } } },
);
