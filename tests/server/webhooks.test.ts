import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  emitWebhookEvent,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  verifySignature,
} from '../../server/jobs/webhooks.ts';
import { describeEachDatabase } from './harness.ts';
import { type Loopback, startLoopback } from './loopbackServer.ts';

// A path under /flaky/ answers 500 to its first request, then 200; everything else 200 at once. Each test
// uses a path of its own: the PGlite and PostgreSQL suites share this receiver (and their ids repeat).
let receiver: Loopback;
beforeAll(async () => {
  receiver = await startLoopback((request) => {
    const calls = receiver.received.filter((r) => r.path === request.path).length;
    return request.path.startsWith('/flaky/') && calls === 1
      ? { status: 500 }
      : { status: 200, body: { ok: true } };
  });
});
afterAll(() => receiver.close());

type Delivery = { id: number; status: string; attempts: number; responseCode: number | null; event: string };

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describeEachDatabase(
  'outgoing webhooks',
  (ctx) => {
    it('refuses non-http(s) URLs and unknown events, and keeps nothing', async () => {
      const owner = await ctx.register();
      for (const [body, message] of [
        [
          { url: 'ftp://example.com/hook', events: ['order.placed'] },
          'The webhook URL must be a full http:// or https:// address',
        ],
        [
          { url: 'javascript:alert(1)', events: ['order.placed'] },
          'The webhook URL must be a full http:// or https:// address',
        ],
        [
          { url: 'not a url', events: ['order.placed'] },
          'The webhook URL must be a full http:// or https:// address',
        ],
        [
          { url: 'https://example.com/hook', events: ['order.deleted'] },
          'events.0 must be one of: form.submitted, order.placed, contact.created',
        ],
        [{ url: 'https://example.com/hook', events: [] }, 'events must NOT have fewer than 1 items'],
      ] as const) {
        const bad = await ctx.call('POST', '/api/webhooks', { token: owner.token, body });
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(bad.json<{ message: string }>().message, JSON.stringify(body)).toBe(message);
      }
      expect((await ctx.call('GET', '/api/webhooks', { token: owner.token })).json()).toEqual([]);
    });

    it('delivers a signed payload to the subscribed webhooks only, and logs it', async () => {
      const owner = await ctx.register();
      const ordersPath = `/orders/${randomUUID()}`;
      const created = await ctx.call('POST', '/api/webhooks', {
        token: owner.token,
        body: { url: `${receiver.url}${ordersPath}`, events: ['order.placed'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const hook = created.json<{ id: number; secret: string }>();
      expect(hook.secret).toMatch(/^whsec_/);
      expect(
        JSON.stringify((await ctx.call('GET', '/api/webhooks', { token: owner.token })).json()),
      ).not.toContain(hook.secret);

      expect(await emitWebhookEvent(ctx.jobs, ctx.db, owner.accountId, 'contact.created', { id: 1 })).toEqual(
        [],
      );
      const [deliveryId] = await emitWebhookEvent(ctx.jobs, ctx.db, owner.accountId, 'order.placed', {
        orderId: 42,
      });
      const log = await waitFor(
        async () =>
          (await ctx.call('GET', `/api/webhooks/${hook.id}/deliveries`, { token: owner.token })).json<
            Delivery[]
          >(),
        (rows) => rows[0]?.status === 'delivered',
      );
      expect(log).toMatchObject([{ id: deliveryId, status: 'delivered', attempts: 1, responseCode: 200 }]);

      const request = receiver.received.find((r) => r.path === ordersPath);
      expect(request).toBeDefined();
      const timestamp = Number(request?.headers[TIMESTAMP_HEADER]);
      const signature = String(request?.headers[SIGNATURE_HEADER]);
      expect(verifySignature(hook.secret, timestamp, request?.body ?? '', signature)).toBe(true);
      expect(verifySignature('whsec_wrong', timestamp, request?.body ?? '', signature)).toBe(false);
      expect(JSON.parse(request?.body ?? '{}')).toMatchObject({
        event: 'order.placed',
        data: { orderId: 42 },
      });

      // Another account sees neither the webhook nor its log.
      const other = await ctx.register();
      const foreign = await ctx.call('GET', `/api/webhooks/${hook.id}/deliveries`, { token: other.token });
      expect(foreign.statusCode).toBe(404);
      expect((await ctx.call('DELETE', `/api/webhooks/${hook.id}`, { token: other.token })).statusCode).toBe(
        404,
      );
    });

    it('retries a receiver that answers 500, and logs both attempts', async () => {
      const owner = await ctx.register();
      const hook = (
        await ctx.call('POST', '/api/webhooks', {
          token: owner.token,
          body: { url: `${receiver.url}/flaky/${randomUUID()}`, events: ['form.submitted'] },
        })
      ).json<{ id: number }>();
      await emitWebhookEvent(
        ctx.jobs,
        ctx.db,
        owner.accountId,
        'form.submitted',
        { form: 'contact' },
        {
          retryDelaySeconds: 1,
        },
      );
      const read = async () =>
        (await ctx.call('GET', `/api/webhooks/${hook.id}/deliveries`, { token: owner.token })).json<
          Delivery[]
        >();
      const first = await waitFor(read, (rows) => (rows[0]?.attempts ?? 0) >= 1);
      expect(first[0]).toMatchObject({ status: 'retrying', attempts: 1, responseCode: 500 });
      const final = await waitFor(read, (rows) => rows[0]?.status === 'delivered');
      expect(final[0]).toMatchObject({ status: 'delivered', attempts: 2, responseCode: 200 });
    }, 40_000);

    it('a User of the account may read webhooks but not add them (Admin only, per the permission matrix)', async () => {
      const owner = await ctx.register();
      const member = await ctx.register();
      await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
        token: owner.token,
        body: { email: member.email, roleName: 'User' },
      });
      const headers = { 'x-account-id': String(owner.accountId) };
      const denied = await ctx.call('POST', '/api/webhooks', {
        token: member.token,
        headers,
        body: { url: `${receiver.url}/x`, events: ['order.placed'] },
      });
      expect(denied.statusCode).toBe(403);
      expect((await ctx.call('GET', '/api/webhooks', { token: member.token, headers })).statusCode).toBe(200);
    });

    it('"Send test" queues a delivery to that one webhook', async () => {
      const owner = await ctx.register();
      const hook = (
        await ctx.call('POST', '/api/webhooks', {
          token: owner.token,
          body: { url: `${receiver.url}/test`, events: ['contact.created'] },
        })
      ).json<{ id: number }>();
      const sent = await ctx.call('POST', `/api/webhooks/${hook.id}/test`, { token: owner.token });
      expect(sent.statusCode).toBe(202);
      const log = await waitFor(
        async () =>
          (await ctx.call('GET', `/api/webhooks/${hook.id}/deliveries`, { token: owner.token })).json<
            Delivery[]
          >(),
        (rows) => rows[0]?.status === 'delivered',
      );
      expect(log[0]).toMatchObject({ event: 'webhook.test', status: 'delivered' });
    });
  },
  // The receiver listens on loopback (ALLOW_LOOPBACK_OUTBOUND).
  { jobs: () => ({}), config: { allowLoopbackOutbound: true } },
);
