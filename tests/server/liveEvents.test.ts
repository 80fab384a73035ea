import { afterEach, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createDb } from '../../server/db/createDb.ts';
import { generateSite } from '../../src/canvas/generator/generateSite.ts';
import type { Contact } from '../../src/contracts/crm.ts';
import type { LiveEvent } from '../../src/contracts/liveEvents.ts';
import { until } from './crmHelpers.ts';
import { type EventStreamClient, openEventStream } from './eventStreamClient.ts';
import { ADMIN_EMAIL, describeEachDatabase, type Session, type TestContext } from './harness.ts';
import { createShop, placeOrder } from './shopFixtures.ts';

const is = (kind: LiveEvent['kind'], id?: string | number) => (event: LiveEvent) =>
  event.kind === kind && (id === undefined || event.id === String(id));

/** Listens on a free port once per suite: the stream needs real HTTP. */
function useListening(ctx: TestContext) {
  let base = '';
  const streams: EventStreamClient[] = [];
  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    // On PostgreSQL the app hears the database through its LISTEN connection: wait until it listens.
    if (ctx.kind === 'postgres') {
      await until(async () => {
        const [row] = await ctx.db.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and application_name = 'notifications'
              and query ilike 'listen bizsite_invalidate'`,
        );
        return (row?.n ?? 0) >= 1 ? true : undefined;
      }, 'the invalidation bus listening');
    }
  });
  afterEach(() => {
    for (const stream of streams.splice(0)) stream.close();
  });
  return {
    base: () => base,
    open: async (session: { token?: string; accountId?: number }) => {
      const stream = await openEventStream(base, session);
      streams.push(stream);
      return stream;
    },
  };
}

async function addMember(ctx: TestContext, owner: Session, member: Session, roleName = 'User') {
  const added = await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
    token: owner.token,
    body: { email: member.email, roleName },
  });
  expect(added.statusCode, added.body).toBe(200);
}

let sites = 0;
/** A published generated site with a contact form; returns the form's public URL. */
async function publishedForm(ctx: TestContext, owner: Session): Promise<string> {
  sites += 1;
  const { pages } = generateSite({
    businessName: 'Rosa Bakery',
    industry: 'retail',
    services: 'Bread',
    email: 'rosa@example.com',
    phone: '+1 555 0100',
  });
  const saved = await ctx.call('POST', '/api/website/save', {
    token: owner.token,
    body: { name: 'Rosa Bakery', pages },
  });
  const subdomain = `live-${sites}-${ctx.kind}`;
  const published = await ctx.call('POST', `/api/website/${saved.json<{ id: number }>().id}/publish`, {
    token: owner.token,
    body: { subdomain },
  });
  expect(published.statusCode, published.body).toBe(200);
  const page = await ctx.call('GET', `/sites/${subdomain}/contact`);
  const formId = /data-form-id="([^"]+)"/.exec(page.body)?.[1] ?? '';
  return `/api/public/sites/${subdomain}/forms/${formId}`;
}

const visitorPost = (ctx: TestContext, url: string, address: string) =>
  ctx.call('POST', url, {
    body: { data: { Name: 'Ada', Email: 'ada@example.com', Message: 'Bread?' }, bz_website: '' },
    remoteAddress: address,
  });

describeEachDatabase(
  'live events: the account event stream',
  (ctx) => {
    const live = useListening(ctx);

    it("a visitor's form submission reaches every stream of the account and no other account's", async () => {
      const owner = await ctx.register();
      const stranger = await ctx.register();
      const url = await publishedForm(ctx, owner);
      const ownerStream = await live.open(owner);
      const secondTab = await live.open(owner);
      const strangerStream = await live.open(stranger);

      const posted = await visitorPost(ctx, url, '10.1.0.1');
      expect(posted.statusCode, posted.body).toBe(201);
      const [stored] = (await ctx.call('GET', '/api/forms/submissions', { token: owner.token })).json<
        { id: number }[]
      >();
      await ownerStream.waitFor(is('forms', stored?.id), 'forms event');
      await secondTab.waitFor(is('forms', stored?.id), 'forms event in a second tab');
      // Delivered to every stream of the process in the same flush: the stranger's would be there by now.
      expect(strangerStream.events).toEqual([]);
    });

    it("a sign-in reaches the platform admins' streams as a change of the activity log, and no account's", async () => {
      const admin = await ctx.register({ email: ADMIN_EMAIL });
      const member = await ctx.register();
      const adminStream = await live.open(admin);
      const memberStream = await live.open(member);
      const signedIn = await ctx.call('POST', '/api/auth/login', {
        body: { email: member.email, password: member.password },
      });
      expect(signedIn.statusCode).toBe(200);
      // The activity log is refetched as a whole (its entries' ids and accounts are not announced).
      expect(await adminStream.waitFor(is('activity'), 'activity event')).toEqual({ kind: 'activity' });
      expect(memberStream.events).toEqual([]);
    });

    it("a teammate's CRM edits reach the other member; a Viewer listens too", async () => {
      const owner = await ctx.register();
      const teammate = await ctx.register();
      const viewer = await ctx.register();
      await addMember(ctx, owner, teammate);
      await addMember(ctx, owner, viewer, 'Viewer');
      const ownerStream = await live.open(owner);
      const viewerStream = await live.open({ token: viewer.token, accountId: owner.accountId });
      const asTeammate = { token: teammate.token, headers: { 'x-account-id': String(owner.accountId) } };

      const created = await ctx.call('POST', '/api/crm/contacts', {
        ...asTeammate,
        body: { firstName: 'Ada' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const contact = created.json<Contact>();
      await ownerStream.waitFor(is('crm.contact', contact.id), 'contact created');
      const edited = await ctx.call('PUT', `/api/crm/contacts/${contact.id}`, {
        ...asTeammate,
        body: { company: 'Engines' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      await until(
        async () => (ownerStream.events.filter(is('crm.contact', contact.id)).length >= 2 ? true : undefined),
        'contact edited',
      );
      const deal = await ctx.call('POST', '/api/crm/deals', { ...asTeammate, body: { title: 'Big order' } });
      expect(deal.statusCode, deal.body).toBe(201);
      await ownerStream.waitFor(is('crm.deal', deal.json<{ id: number }>().id), 'deal created');
      await viewerStream.waitFor(is('crm.deal', deal.json<{ id: number }>().id), 'deal, to the Viewer');
    });

    it('an order placed in the shop reaches the store owner', async () => {
      const shop = await createShop(ctx);
      const stream = await live.open(shop.owner);
      const order = await placeOrder(ctx, shop);
      const orderId = order.id;
      await stream.waitFor(is('orders', orderId), `order ${orderId}`);
    });

    it('a signed-out, revoked or foreign session cannot subscribe; an open stream ends when revoked', async () => {
      const owner = await ctx.register();
      const other = await ctx.register();
      expect((await live.open({})).status).toBe(401);
      expect((await live.open({ token: 'not-a-token', accountId: owner.accountId })).status).toBe(401);
      expect((await live.open({ token: other.token, accountId: owner.accountId })).status).toBe(403);

      const open = await live.open(owner);
      const loggedOut = await ctx.call('POST', '/api/auth/logout', { token: owner.token });
      expect(loggedOut.statusCode).toBe(204);
      await open.ended;
      expect((await live.open(owner)).status).toBe(401);
    });

    it('presence: marking a contact open for editing is seen by the account, and 404 elsewhere', async () => {
      const owner = await ctx.register({ name: 'Ann Owner' });
      const teammate = await ctx.register({ name: 'Bob Teammate' });
      const stranger = await ctx.register();
      await addMember(ctx, owner, teammate);
      const contact = (
        await ctx.call('POST', '/api/crm/contacts', { token: owner.token, body: { firstName: 'Ada' } })
      ).json<Contact>();
      const stream = await live.open(owner);
      const asTeammate = { token: teammate.token, headers: { 'x-account-id': String(owner.accountId) } };

      const marked = await ctx.call('PUT', `/api/presence/crm.contact/${contact.id}`, asTeammate);
      expect(marked.statusCode, marked.body).toBe(204);
      await stream.waitFor(is('presence', contact.id), 'presence event');
      const seen = await ctx.call('GET', '/api/presence', { token: owner.token });
      expect(seen.json()).toEqual([
        {
          recordKind: 'crm.contact',
          recordId: String(contact.id),
          userId: teammate.userId,
          name: 'Bob Teammate',
        },
      ]);
      // Another account sees nothing and cannot mark the contact.
      expect((await ctx.call('GET', '/api/presence', { token: stranger.token })).json()).toEqual([]);
      const foreign = await ctx.call('PUT', `/api/presence/crm.contact/${contact.id}`, {
        token: stranger.token,
      });
      expect(foreign.statusCode).toBe(404);
      const bad = await ctx.call('PUT', '/api/presence/crm.nothing/1', { token: owner.token });
      expect(bad.statusCode).toBe(400);

      const closed = await ctx.call('DELETE', `/api/presence/crm.contact/${contact.id}`, asTeammate);
      expect(closed.statusCode).toBe(204);
      await until(
        async () => (stream.events.filter(is('presence', contact.id)).length >= 2 ? true : undefined),
        'presence ended',
      );
      expect((await ctx.call('GET', '/api/presence', { token: owner.token })).json()).toEqual([]);
    });

    it.runIf(process.env.DATABASE_URL)(
      'on PostgreSQL, a change made through another app instance reaches this one’s streams',
      async () => {
        if (ctx.kind !== 'postgres' || !ctx.databaseUrl) return;
        const owner = await ctx.register();
        const stream = await live.open(owner);
        const otherDb = await createDb({ databaseUrl: ctx.databaseUrl, dataDir: ctx.config.dataDir });
        const other = await buildApp({
          config: { ...ctx.config, databaseUrl: ctx.databaseUrl },
          db: otherDb,
        });
        try {
          const created = await other.inject({
            method: 'POST',
            url: '/api/crm/contacts',
            headers: { authorization: `Bearer ${owner.token}` },
            payload: { firstName: 'Grace' },
          });
          expect(created.statusCode, created.body).toBe(201);
          await stream.waitFor(
            is('crm.contact', created.json<Contact>().id),
            'contact from the other instance',
          );
        } finally {
          await other.close();
          await otherDb.close();
        }
      },
    );
  },
  { listen: true, liveEvents: { authCheckMs: 50 } },
);

describeEachDatabase(
  'live events: jobs',
  (ctx) => {
    const live = useListening(ctx);

    it("a job's change (the form-submitted job making a lead) reaches the account's stream", async () => {
      const owner = await ctx.register();
      const url = await publishedForm(ctx, owner);
      const stream = await live.open(owner);
      const posted = await visitorPost(ctx, url, '10.2.0.1');
      expect(posted.statusCode, posted.body).toBe(201);
      await stream.waitFor(is('forms'), 'forms event');
      await stream.waitFor(is('crm.lead'), 'the lead the job made', 20_000);
      const leads = (await ctx.call('GET', '/api/crm/leads', { token: owner.token })).json<
        { id: number }[]
      >();
      expect(stream.events.filter(is('crm.lead'))).toEqual([{ kind: 'crm.lead', id: String(leads[0]?.id) }]);
    });
  },
  { jobs: () => ({}), listen: true },
);
