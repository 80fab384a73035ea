import { beforeAll, expect, it } from 'vitest';
import { isAccountWrite, ROUTE_ACTIVITIES } from '../../server/activityTrail.ts';
import { expectJson } from './crmHelpers.ts';
import { ADMIN_EMAIL, describeEachDatabase, type Session, type TestContext } from './harness.ts';

type Entry = { type: string; userEmail: string | null; accountId: number | null; sentence: string };

async function logOf(ctx: TestContext, admin: Session, who: Session): Promise<Entry[]> {
  const response = await ctx.call(
    'GET',
    `/api/admin/activity-logs?pageSize=100&email=${encodeURIComponent(who.email)}`,
    {
      token: admin.token,
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: Entry[] }>().items.reverse();
}

describeEachDatabase('the activity trail', (ctx) => {
  let admin: Session;
  beforeAll(async () => {
    admin = await ctx.register({ email: ADMIN_EMAIL });
  });

  it('knows what every account write route does', () => {
    const writes = ctx.app.routePermissions
      .filter((route) => isAccountWrite(route.method, route.permission))
      .map((route) => `${route.method} ${route.url}`);
    expect(writes.filter((key) => !(key in ROUTE_ACTIVITIES))).toEqual([]);
    // And names no route that is gone.
    expect(Object.keys(ROUTE_ACTIVITIES).filter((key) => !writes.includes(key))).toEqual([]);
  });

  it('logs each account action with its sentence; refused and invalid writes log no action', async () => {
    const owner = await ctx.register();
    const contact = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contacts', owner.token, 201, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@navy.example',
    });
    await expectJson(ctx, 'PUT', `/api/crm/contacts/${contact.id}`, owner.token, 200, { company: 'Navy' });
    await expectJson(ctx, 'POST', '/api/crm/contacts', owner.token, 400, { email: 'not-an-email' });
    const lead = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/leads', owner.token, 201, {
      name: 'Walk-in customer',
    });
    await expectJson(ctx, 'POST', `/api/crm/leads/${lead.id}/convert`, owner.token, 200, { value: 300 });
    await expectJson(ctx, 'DELETE', `/api/crm/contacts/${contact.id}`, owner.token, 204);

    // A Viewer's write is refused (logged as such), not logged as done.
    const viewer = await ctx.register();
    await ctx.call('POST', `/api/accounts/${owner.accountId}/users/invite-or-add`, {
      token: owner.token,
      body: { email: viewer.email, roleName: 'Viewer' },
    });
    const refused = await ctx.call('POST', '/api/crm/contacts', {
      token: viewer.token,
      headers: { 'x-account-id': String(owner.accountId) },
      body: { firstName: 'Nope' },
    });
    expect(refused.statusCode).toBe(403);

    const actions = (await logOf(ctx, admin, owner)).filter((entry) => !entry.type.startsWith('auth.'));
    expect(actions.map((entry) => [entry.type, entry.accountId, entry.sentence])).toEqual([
      ['contact.created', owner.accountId, `${owner.email} added the contact “Grace Hopper”.`],
      ['contact.updated', owner.accountId, `${owner.email} updated the contact “Grace Hopper”.`],
      ['lead.created', owner.accountId, `${owner.email} added the lead “Walk-in customer”.`],
      [
        'lead.converted',
        owner.accountId,
        `${owner.email} converted the lead “Walk-in customer” into a contact and a deal.`,
      ],
      ['contact.deleted', owner.accountId, `${owner.email} deleted the contact #${contact.id}.`],
      ['member.added', owner.accountId, `${owner.email} added user #${viewer.userId} as Viewer.`],
    ]);
    const viewerLog = (await logOf(ctx, admin, viewer)).filter((entry) => !entry.type.startsWith('auth.'));
    expect(viewerLog.map((entry) => entry.type)).toEqual(['access.denied']);
    expect(viewerLog[0]?.sentence).toBe(
      `${viewer.email} was refused POST /api/crm/contacts: Your role in this account can only view.`,
    );
  });
});
