import { expect, it } from 'vitest';
import { expectJson } from './crmHelpers.ts';
import { describeEachDatabase } from './harness.ts';

describeEachDatabase('crm api: account isolation', (ctx) => {
  it('answers 404 to another account for every record, and 401 without a token', async () => {
    const owner = await ctx.register();
    const stranger = await ctx.register();
    const t = owner.token;
    const contact = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contacts', t, 201, {
      firstName: 'Own',
    });
    const lead = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/leads', t, 201, { name: 'L' });
    const deal = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/deals', t, 201, { title: 'D' });
    const activity = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/activities', t, 201, {
      type: 'note',
      subject: 'S',
    });
    const campaign = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/campaigns', t, 201, {
      name: 'C',
    });
    const workflow = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/workflows', t, 201, {
      name: 'W',
      trigger: 'contact.created',
      actions: [{ type: 'create-activity', params: { subject: 'x' } }],
    });
    const [pipeline] = await expectJson<{ id: number }[]>(ctx, 'GET', '/api/crm/pipelines', t, 200);
    const s = stranger.token;
    const edits = {
      contacts: [contact.id, { firstName: 'x' }],
      leads: [lead.id, { name: 'x' }],
      deals: [deal.id, { title: 'x' }],
      activities: [activity.id, { subject: 'x' }],
      workflows: [workflow.id, { name: 'x' }],
      pipelines: [pipeline?.id, { name: 'x' }],
    } as const;
    for (const [kind, [id, body]] of Object.entries(edits)) {
      await expectJson(ctx, 'PUT', `/api/crm/${kind}/${id}`, s, 404, body);
      await expectJson(ctx, 'DELETE', `/api/crm/${kind}/${id}`, s, 404);
    }
    await expectJson(ctx, 'PUT', `/api/crm/campaigns/${campaign.id}`, s, 404, { name: 'x' });
    await expectJson(ctx, 'POST', `/api/crm/leads/${lead.id}/convert`, s, 404);
    await expectJson(ctx, 'POST', '/api/crm/deals', s, 400, { title: 'x', contactId: contact.id });
    for (const list of [
      'contacts',
      'leads',
      'deals',
      'activities',
      'workflows',
      'campaigns',
      'communications',
    ]) {
      const body = await expectJson<unknown>(ctx, 'GET', `/api/crm/${list}`, s, 200);
      expect(body, list).toEqual(list === 'contacts' ? { contacts: [], totalCount: 0 } : []);
    }
    expect((await ctx.call('GET', '/api/crm/stats')).statusCode).toBe(401);
  });

  it('reads one lead or activity by its id (an opened record’s address) for its account only', async () => {
    const owner = await ctx.register();
    const t = owner.token;
    const lead = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/leads', t, 201, {
      name: 'Grace Hopper',
      company: 'Navy',
    });
    const activity = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/activities', t, 201, {
      type: 'call',
      subject: 'Call Grace',
    });
    expect(await expectJson(ctx, 'GET', `/api/crm/leads/${lead.id}`, t, 200)).toEqual(lead);
    expect(await expectJson(ctx, 'GET', `/api/crm/activities/${activity.id}`, t, 200)).toEqual(activity);

    const s = (await ctx.register()).token;
    expect(await expectJson(ctx, 'GET', `/api/crm/leads/${lead.id}`, s, 404)).toEqual({
      message: 'Lead not found',
    });
    expect(await expectJson(ctx, 'GET', `/api/crm/activities/${activity.id}`, s, 404)).toEqual({
      message: 'Activity not found',
    });
    await expectJson(ctx, 'GET', `/api/crm/leads/${lead.id + 1000}`, t, 404);
    await expectJson(ctx, 'GET', '/api/crm/activities/abc', t, 400);
    expect((await ctx.call('GET', `/api/crm/leads/${lead.id}`)).statusCode).toBe(401);
  });
});
