import { expect, it } from 'vitest';
import { expectJson } from './crmHelpers.ts';
import { describeEachDatabase } from './harness.ts';

type Contact = { id: number; firstName: string; email: string; contactListIds: number[]; tags: string[] };
type Page = { contacts: Contact[]; totalCount: number };
type Deal = { id: number; stage: string; value: number; pipelineId: number };
type Pipeline = { id: number; name: string; stages: string[]; isDefault: boolean };
type Stats = {
  totalContacts: number;
  totalLeads: number;
  totalDeals: number;
  totalRevenue: number;
  conversionRate: number;
};

describeEachDatabase('crm api', (ctx) => {
  it('creates, lists, searches, pages, updates and deletes contacts with their lists', async () => {
    const { token } = await ctx.register();
    const list = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contact-lists', token, 201, {
      name: 'Newsletter',
      description: 'Monthly',
    });
    const ada = await expectJson<Contact>(ctx, 'POST', '/api/crm/contacts', token, 201, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: ' Ada@Example.COM ',
      phone: '+44 20 7946 0018',
      company: 'Analytical Engines',
      tags: ['vip'],
      contactListIds: [list.id],
    });
    expect(ada).toMatchObject({ email: 'ada@example.com', contactListIds: [list.id], tags: ['vip'] });
    for (let i = 0; i < 24; i += 1) {
      await expectJson(ctx, 'POST', '/api/crm/contacts', token, 201, {
        firstName: `Person${i}`,
        company: 'Widgets',
      });
    }
    const first = await expectJson<Page>(ctx, 'GET', '/api/crm/contacts?page=1&pageSize=20', token, 200);
    expect(first.totalCount).toBe(25);
    expect(first.contacts).toHaveLength(20);
    const second = await expectJson<Page>(ctx, 'GET', '/api/crm/contacts?page=2&pageSize=20', token, 200);
    expect(second.contacts).toHaveLength(5);
    expect(second.contacts.map((c) => c.id)).not.toContain(first.contacts[0]?.id);

    for (const search of ['ada', 'LOVE', 'example.com', 'analytical eng', '7946', 'ada@example.com']) {
      const found = await expectJson<Page>(
        ctx,
        'GET',
        `/api/crm/contacts?search=${encodeURIComponent(search)}`,
        token,
        200,
      );
      expect(found, search).toMatchObject({ totalCount: 1, contacts: [{ id: ada.id }] });
    }
    const widgets = await expectJson<Page>(
      ctx,
      'GET',
      '/api/crm/contacts?search=widg&pageSize=10',
      token,
      200,
    );
    expect(widgets.totalCount).toBe(24);
    const inList = await expectJson<Page>(
      ctx,
      'GET',
      `/api/crm/contacts?contactListId=${list.id}`,
      token,
      200,
    );
    expect(inList.contacts.map((c) => c.id)).toEqual([ada.id]);
    const lists = await expectJson<{ contactCount: number }[]>(
      ctx,
      'GET',
      '/api/crm/contact-lists',
      token,
      200,
    );
    expect(lists).toEqual([{ id: list.id, name: 'Newsletter', description: 'Monthly', contactCount: 1 }]);

    const updated = await expectJson<Contact>(ctx, 'PUT', `/api/crm/contacts/${ada.id}`, token, 200, {
      firstName: 'Augusta',
      contactListIds: [],
    });
    expect(updated).toMatchObject({ firstName: 'Augusta', contactListIds: [], email: 'ada@example.com' });
    await expectJson(ctx, 'POST', '/api/crm/contacts', token, 409, { email: 'ada@example.com' });
    await expectJson(ctx, 'POST', '/api/crm/contacts', token, 400, { phone: '1' });
    await expectJson(ctx, 'POST', '/api/crm/contacts', token, 400, { email: 'not-an-email' });
    await expectJson(ctx, 'POST', '/api/crm/contacts', token, 400, { firstName: 'A', evil: 1 });
    await expectJson(ctx, 'PUT', `/api/crm/contacts/${ada.id}`, token, 400, {
      firstName: '',
      lastName: '',
      email: '',
    });
    await expectJson(ctx, 'GET', '/api/crm/contacts?pageSize=1000', token, 400);
    await expectJson(ctx, 'DELETE', `/api/crm/contacts/${ada.id}`, token, 204);
    await expectJson(ctx, 'DELETE', `/api/crm/contacts/${ada.id}`, token, 404);
  });

  it('a search matches a contact by its tags too, word by word and by their start, through the search index', async () => {
    const { token } = await ctx.register();
    const rosa = await expectJson<Contact>(ctx, 'POST', '/api/crm/contacts', token, 201, {
      firstName: 'Rosa',
      tags: ['Wholesale', 'gold-tier'],
    });
    const ivo = await expectJson<Contact>(ctx, 'POST', '/api/crm/contacts', token, 201, {
      firstName: 'Ivo',
      company: 'Wholesale Bakers',
    });
    await expectJson(ctx, 'POST', '/api/crm/contacts', token, 201, { firstName: 'Nell', tags: ['retail'] });
    const search = (text: string) =>
      expectJson<Page>(ctx, 'GET', `/api/crm/contacts?search=${encodeURIComponent(text)}`, token, 200);
    for (const [text, ids] of [
      ['wholesale', [ivo.id, rosa.id]],
      ['WHOLE', [ivo.id, rosa.id]],
      ['gold', [rosa.id]],
      ['gold-tier', [rosa.id]],
      ['rosa wholesale', [rosa.id]],
      ['tier ivo', []],
    ] as const) {
      const found = await search(text);
      expect(
        found.contacts.map((c) => c.id),
        text,
      ).toEqual(ids);
      expect(found.totalCount, text).toBe(ids.length);
    }
    // A tag changed is found by its new words only.
    await expectJson(ctx, 'PUT', `/api/crm/contacts/${rosa.id}`, token, 200, { tags: ['vip'] });
    expect((await search('gold')).totalCount).toBe(0);
    expect((await search('vip')).contacts.map((c) => c.id)).toEqual([rosa.id]);
    // Still one GIN index lookup, not a scan of every contact.
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.query('set local enable_seqscan = off');
      return tx.query<{ 'QUERY PLAN': string }>(
        `explain select id from crm_contacts c where c.search @@ to_tsquery('simple', 'vip:*')`,
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('crm_contacts_search_idx');
  });

  it('keeps a default pipeline and custom ones with ordered stages; deals must sit on a stage of theirs', async () => {
    const { token } = await ctx.register();
    const [main] = await expectJson<Pipeline[]>(ctx, 'GET', '/api/crm/pipelines', token, 200);
    expect(main).toMatchObject({
      isDefault: true,
      stages: ['lead', 'qualified', 'proposal', 'negotiation', 'closed-won', 'closed-lost'],
    });
    const deal = await expectJson<Deal>(ctx, 'POST', '/api/crm/deals', token, 201, {
      title: 'Website',
      value: 1200.5,
    });
    expect(deal).toMatchObject({ stage: 'lead', pipelineId: main?.id, value: 1200.5 });
    await expectJson(ctx, 'PUT', `/api/crm/deals/${deal.id}`, token, 400, { stage: 'nowhere' });
    const moved = await expectJson<Deal>(ctx, 'PUT', `/api/crm/deals/${deal.id}`, token, 200, {
      stage: 'proposal',
    });
    expect(moved.stage).toBe('proposal');

    const custom = await expectJson<Pipeline>(ctx, 'POST', '/api/crm/pipelines', token, 201, {
      name: 'Partners',
      stages: ['intro', 'pilot', 'closed-won'],
    });
    await expectJson(ctx, 'POST', '/api/crm/pipelines', token, 400, { name: 'Dup', stages: ['a', 'a'] });
    const onCustom = await expectJson<Deal>(ctx, 'POST', '/api/crm/deals', token, 201, {
      title: 'Pilot',
      pipelineId: custom.id,
      expectedCloseDate: '2027-01-31',
    });
    expect(onCustom).toMatchObject({ stage: 'intro', expectedCloseDate: '2027-01-31' });
    await expectJson(ctx, 'PUT', `/api/crm/pipelines/${custom.id}`, token, 409, {
      stages: ['pilot', 'closed-won'],
    });
    const reordered = await expectJson<Pipeline>(ctx, 'PUT', `/api/crm/pipelines/${custom.id}`, token, 200, {
      stages: ['pilot', 'intro', 'closed-won'],
    });
    expect(reordered.stages).toEqual(['pilot', 'intro', 'closed-won']);
    await expectJson(ctx, 'DELETE', `/api/crm/pipelines/${custom.id}`, token, 409);
    await expectJson(ctx, 'DELETE', `/api/crm/pipelines/${main?.id}`, token, 409);
    await expectJson(ctx, 'DELETE', `/api/crm/deals/${onCustom.id}`, token, 204);
    await expectJson(ctx, 'DELETE', `/api/crm/pipelines/${custom.id}`, token, 204);
    expect(await expectJson<Deal[]>(ctx, 'GET', '/api/crm/deals', token, 200)).toHaveLength(1);
  });

  it('computes the stats of spec §9: closed-won revenue and the rounded percent of converted leads', async () => {
    const { token } = await ctx.register();
    expect(await expectJson<Stats>(ctx, 'GET', '/api/crm/stats', token, 200)).toEqual({
      totalContacts: 0,
      totalLeads: 0,
      totalDeals: 0,
      totalRevenue: 0,
      conversionRate: 0,
    });
    const leads = [];
    for (const name of ['A', 'B', 'C']) {
      leads.push(
        await expectJson<{ id: number; status: string }>(ctx, 'POST', '/api/crm/leads', token, 201, {
          name,
          value: 100,
        }),
      );
    }
    expect(leads[0]?.status).toBe('new');
    await expectJson(ctx, 'PUT', `/api/crm/leads/${leads[0]?.id}`, token, 200, { status: 'converted' });
    const won1 = await expectJson<Deal>(ctx, 'POST', '/api/crm/deals', token, 201, {
      title: 'W1',
      value: 1000.25,
      stage: 'closed-won',
    });
    await expectJson(ctx, 'POST', '/api/crm/deals', token, 201, {
      title: 'Lost',
      value: 5000,
      stage: 'closed-lost',
    });
    await expectJson(ctx, 'POST', '/api/crm/deals', token, 201, {
      title: 'Open',
      value: 700,
      stage: 'proposal',
    });
    await expectJson(ctx, 'POST', '/api/crm/contacts', token, 201, { firstName: 'Z' });
    // 1 of 3 leads converted: 33.33…% rounds to 33.
    expect(await expectJson<Stats>(ctx, 'GET', '/api/crm/stats', token, 200)).toEqual({
      totalContacts: 1,
      totalLeads: 3,
      totalDeals: 3,
      totalRevenue: 1000.25,
      conversionRate: 33,
    });
    await expectJson(ctx, 'PUT', `/api/crm/leads/${leads[1]?.id}`, token, 200, { status: 'converted' });
    await expectJson(ctx, 'PUT', `/api/crm/deals/${won1.id}`, token, 200, { value: 2000 });
    // 2 of 3: 66.67% rounds to 67.
    expect(await expectJson<Stats>(ctx, 'GET', '/api/crm/stats', token, 200)).toMatchObject({
      totalRevenue: 2000,
      conversionRate: 67,
    });
  });

  it('converts a lead into a linked contact and a deal, once', async () => {
    const { token } = await ctx.register();
    const lead = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/leads', token, 201, {
      name: 'Grace Hopper',
      email: 'grace@navy.example',
      company: 'Navy',
      value: 900,
      source: 'referral',
    });
    type Conversion = {
      lead: { status: string; contactId: number; dealId: number };
      contact: Contact;
      deal: Deal & { title: string };
    };
    const done = await expectJson<Conversion>(ctx, 'POST', `/api/crm/leads/${lead.id}/convert`, token, 200);
    expect(done.lead).toMatchObject({
      status: 'converted',
      contactId: done.contact.id,
      dealId: done.deal.id,
    });
    expect(done.contact).toMatchObject({ firstName: 'Grace', email: 'grace@navy.example' });
    expect(done.deal).toMatchObject({ title: 'Navy', value: 900, stage: 'lead' });
    // Twice is refused, and nothing more is created.
    expect(await expectJson(ctx, 'POST', `/api/crm/leads/${lead.id}/convert`, token, 409)).toEqual({
      message: 'This lead is already converted: its contact and deal are under Contacts and Deals.',
    });
    expect((await expectJson<Deal[]>(ctx, 'GET', '/api/crm/deals', token, 200)).length).toBe(1);
    expect((await expectJson<Page>(ctx, 'GET', '/api/crm/contacts', token, 200)).totalCount).toBe(1);
    await expectJson(ctx, 'PUT', `/api/crm/leads/${lead.id}`, token, 400, { status: 'won' });
    await expectJson(ctx, 'DELETE', `/api/crm/leads/${lead.id}`, token, 204);
  });

  it('converts a lead without a value only with the deal value given (> 0), never a $0 deal', async () => {
    const { token } = await ctx.register();
    const lead = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/leads', token, 201, { name: 'Ada' });
    const url = `/api/crm/leads/${lead.id}/convert`;
    expect(await expectJson(ctx, 'POST', url, token, 400, {})).toEqual({
      message:
        "value is required: this lead has no estimated value, so enter the deal's value (more than 0) to convert it.",
    });
    expect(await expectJson(ctx, 'POST', url, token, 400, { value: 0 })).toEqual({
      message: 'value must be more than 0',
    });
    expect(await expectJson<Deal[]>(ctx, 'GET', '/api/crm/deals', token, 200)).toEqual([]);
    const done = await expectJson<{ deal: Deal }>(ctx, 'POST', url, token, 200, { value: 450 });
    expect(done.deal).toMatchObject({ title: 'Ada', value: 450 });
  });

  it('keeps activities and workflows, checking their links and actions', async () => {
    const { token } = await ctx.register();
    const contact = await expectJson<Contact>(ctx, 'POST', '/api/crm/contacts', token, 201, {
      firstName: 'Al',
    });
    const activity = await expectJson<{ id: number; completed: boolean; dueDate: string }>(
      ctx,
      'POST',
      '/api/crm/activities',
      token,
      201,
      { type: 'call', subject: 'Intro call', dueDate: '2026-12-01T10:00:00Z', contactId: contact.id },
    );
    expect(activity).toMatchObject({
      completed: false,
      dueDate: '2026-12-01T10:00:00.000Z',
      contactId: contact.id,
    });
    await expectJson(ctx, 'PUT', `/api/crm/activities/${activity.id}`, token, 200, { completed: true });
    await expectJson(ctx, 'POST', '/api/crm/activities', token, 400, { type: 'fax', subject: 'x' });
    await expectJson(ctx, 'POST', '/api/crm/activities', token, 400, {
      type: 'task',
      subject: 'x',
      contactId: 999999,
    });
    expect(await expectJson(ctx, 'GET', '/api/crm/activities', token, 200)).toEqual([
      expect.objectContaining({ id: activity.id, completed: true }),
    ]);
    await expectJson(ctx, 'DELETE', `/api/crm/activities/${activity.id}`, token, 204);

    const workflow = await expectJson<{ id: number; isActive: boolean }>(
      ctx,
      'POST',
      '/api/crm/workflows',
      token,
      201,
      {
        name: 'Welcome',
        trigger: 'contact.created',
        conditions: [{ field: 'company', operator: 'contains', value: 'acme' }],
        actions: [{ type: 'create-activity', params: { subject: 'Welcome call', type: 'call' } }],
      },
    );
    expect(workflow.isActive).toBe(true);
    await expectJson(ctx, 'POST', '/api/crm/workflows', token, 400, {
      name: 'Bad',
      trigger: 'contact.created',
      actions: [{ type: 'add-to-list', params: { contactListId: 424242 } }],
    });
    await expectJson(ctx, 'POST', '/api/crm/workflows', token, 400, {
      name: 'Bad',
      trigger: 'deal.won',
      actions: [{ type: 'send-email', params: { subject: 'a', content: 'b' } }],
    });
    // A condition on a field the trigger's records do not have would never hold: refused, saying what to use.
    expect(
      await expectJson(ctx, 'POST', '/api/crm/workflows', token, 400, {
        name: 'Hotels',
        trigger: 'contact.created',
        conditions: [{ field: 'Company name', operator: 'contains', value: 'Hotel' }],
        actions: [{ type: 'create-activity', params: { subject: 'Call' } }],
      }),
    ).toEqual({
      message:
        'A contact.created workflow has no field "Company name" to test: use one of firstName, lastName, email, phone, company, tags, notes',
    });
    // Moving the workflow to a trigger without its condition's field is refused the same way; nothing changes.
    await expectJson(ctx, 'PUT', `/api/crm/workflows/${workflow.id}`, token, 400, {
      trigger: 'deal.stage_changed',
    });
    // A form's own fields have any names: a form.submitted condition may name one.
    await expectJson(ctx, 'POST', '/api/crm/workflows', token, 201, {
      name: 'Budget',
      trigger: 'form.submitted',
      conditions: [{ field: 'budget', operator: 'contains', value: '1000' }],
      actions: [{ type: 'create-activity', params: { subject: 'Quote' } }],
    });
    await expectJson(ctx, 'PUT', `/api/crm/workflows/${workflow.id}`, token, 200, { isActive: false });
    expect(
      (await expectJson<{ trigger: string }[]>(ctx, 'GET', '/api/crm/workflows', token, 200)).map(
        (w) => w.trigger,
      ),
    ).toEqual(expect.arrayContaining(['contact.created', 'form.submitted']));
    await expectJson(ctx, 'DELETE', `/api/crm/workflows/${workflow.id}`, token, 204);
    expect(
      (await expectJson<{ name: string }[]>(ctx, 'GET', '/api/crm/workflows', token, 200)).map((w) => w.name),
    ).toEqual(['Budget']);
  });
});
