import { expect, it } from 'vitest';
import { expectJson } from './crmHelpers.ts';
import { describeEachDatabase } from './harness.ts';

type Contact = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  company: string;
  notes: string;
  tags: string[];
  contactListIds: number[];
};
type Group = { reason: string; key: string; contacts: Contact[] };
type Duplicates = { groups: Group[]; totalCount: number };

describeEachDatabase('crm api: duplicate contacts and merging', (ctx) => {
  it('finds duplicates across the whole account: e-mail in any case, or name with phone', async () => {
    const { token, accountId } = await ctx.register();
    const add = (body: object) => expectJson<Contact>(ctx, 'POST', '/api/crm/contacts', token, 201, body);
    // More than any one page of contacts, the pair far apart.
    const first = await add({ firstName: 'Ada', lastName: 'Lovelace', phone: '+44 20 7946 0018' });
    for (let i = 0; i < 120; i += 1) await add({ firstName: `Filler${i}`, phone: '555' });
    const last = await add({ firstName: ' ada ', lastName: 'LOVELACE', phone: '(44) 2079-460018' });
    // Same name, other phone; same phone, other name: not duplicates.
    await add({ firstName: 'Ada', lastName: 'Lovelace', phone: '111' });
    await add({ firstName: 'Charles', lastName: 'Babbage', phone: '+44 20 7946 0018' });
    // The API keeps e-mails lowercase and unique; rows written otherwise (older data) still group.
    const mixed = await add({ firstName: 'Grace', email: 'grace@navy.example' });
    await ctx.db.query(
      `insert into crm_contacts (account_id, first_name, email) values ($1, 'G.', 'Grace@Navy.Example')`,
      [accountId],
    );

    const found = await expectJson<Duplicates>(ctx, 'GET', '/api/crm/contacts/duplicates', token, 200);
    expect(found.totalCount).toBe(2);
    const byReason = Object.fromEntries(found.groups.map((g) => [g.reason, g]));
    expect(byReason['name+phone']?.contacts.map((c) => c.id)).toEqual([first.id, last.id]);
    expect(byReason['name+phone']?.key).toBe('ada lovelace / 442079460018');
    expect(byReason.email?.contacts.map((c) => c.email)).toEqual([
      'grace@navy.example',
      'Grace@Navy.Example',
    ]);
    expect(byReason.email?.contacts[0]?.id).toBe(mixed.id);

    const limited = await expectJson<Duplicates>(
      ctx,
      'GET',
      '/api/crm/contacts/duplicates?limit=1',
      token,
      200,
    );
    expect(limited.groups).toHaveLength(1);
    expect(limited.totalCount).toBe(2);
    await expectJson(ctx, 'GET', '/api/crm/contacts/duplicates?limit=0', token, 400);
    await expectJson(ctx, 'GET', '/api/crm/contacts/duplicates?other=1', token, 400);

    const stranger = await ctx.register();
    expect(await expectJson(ctx, 'GET', '/api/crm/contacts/duplicates', stranger.token, 200)).toEqual({
      groups: [],
      totalCount: 0,
    });
  });

  it('merges in one transaction: chosen fields, tags and lists unioned, deals, activities and leads moved', async () => {
    const { token } = await ctx.register();
    const list = (name: string) =>
      expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contact-lists', token, 201, { name });
    const [news, vip] = [await list('News'), await list('VIP')];
    const keep = await expectJson<Contact>(ctx, 'POST', '/api/crm/contacts', token, 201, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '1',
      tags: ['math', 'vip'],
      contactListIds: [news.id],
    });
    const other = await expectJson<Contact>(ctx, 'POST', '/api/crm/contacts', token, 201, {
      firstName: 'Ada',
      lastName: 'King',
      email: 'ada@engines.example',
      company: 'Analytical Engines',
      tags: ['vip', 'engines'],
      contactListIds: [news.id, vip.id],
    });
    const deal = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/deals', token, 201, {
      title: 'Engine',
      contactId: other.id,
    });
    const activity = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/activities', token, 201, {
      type: 'call',
      subject: 'Call Ada',
      contactId: other.id,
    });
    const lead = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/leads', token, 201, {
      name: 'Ada',
      email: 'ada@engines.example',
    });
    await expectJson(ctx, 'POST', `/api/crm/leads/${lead.id}/convert`, token, 200, { value: 500 });

    const merged = await expectJson<Contact>(ctx, 'POST', '/api/crm/contacts/merge', token, 200, {
      keepId: keep.id,
      mergeId: other.id,
      // The other's e-mail moves to the kept contact in the same transaction that deletes the other.
      fields: { lastName: 'King', email: 'ada@engines.example', company: 'Analytical Engines' },
    });
    expect(merged).toMatchObject({
      id: keep.id,
      firstName: 'Ada',
      lastName: 'King',
      email: 'ada@engines.example',
      phone: '1',
      company: 'Analytical Engines',
      tags: ['math', 'vip', 'engines'],
      contactListIds: [news.id, vip.id].sort((a, b) => a - b),
    });
    await expectJson(ctx, 'PUT', `/api/crm/contacts/${other.id}`, token, 404, { firstName: 'x' });
    const deals = await expectJson<{ id: number; contactId: number }[]>(
      ctx,
      'GET',
      '/api/crm/deals',
      token,
      200,
    );
    expect(deals.find((d) => d.id === deal.id)?.contactId).toBe(keep.id);
    const activities = await expectJson<{ id: number; contactId: number; contactName: string }[]>(
      ctx,
      'GET',
      '/api/crm/activities',
      token,
      200,
    );
    expect(activities.find((a) => a.id === activity.id)).toMatchObject({
      contactId: keep.id,
      contactName: 'Ada King',
    });
    const leads = await expectJson<{ id: number; contactId: number }[]>(
      ctx,
      'GET',
      '/api/crm/leads',
      token,
      200,
    );
    expect(leads.find((l) => l.id === lead.id)?.contactId).toBe(keep.id);
    const lists = await expectJson<{ id: number; contactCount: number }[]>(
      ctx,
      'GET',
      '/api/crm/contact-lists',
      token,
      200,
    );
    expect(lists.map((l) => l.contactCount)).toEqual([1, 1]);
  });

  it('rolls back entirely when the merge cannot finish, and refuses foreign or unknown contacts', async () => {
    const owner = await ctx.register();
    const t = owner.token;
    const add = (body: object) => expectJson<Contact>(ctx, 'POST', '/api/crm/contacts', t, 201, body);
    const keep = await add({ firstName: 'Keep', tags: ['a'] });
    const other = await add({ firstName: 'Other', tags: ['b'] });
    const third = await add({ firstName: 'Third', email: 'taken@example.com' });
    const deal = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/deals', t, 201, {
      title: 'D',
      contactId: other.id,
    });
    // The chosen e-mail belongs to a third contact: 409, and nothing of the merge stays.
    await expectJson(ctx, 'POST', '/api/crm/contacts/merge', t, 409, {
      keepId: keep.id,
      mergeId: other.id,
      fields: { email: 'taken@example.com' },
    });
    const page = await expectJson<{ contacts: Contact[] }>(
      ctx,
      'GET',
      '/api/crm/contacts?pageSize=10',
      t,
      200,
    );
    expect(page.contacts.map((c) => c.id).sort()).toEqual([keep.id, other.id, third.id].sort());
    expect(page.contacts.find((c) => c.id === keep.id)?.tags).toEqual(['a']);
    const deals = await expectJson<{ id: number; contactId: number }[]>(ctx, 'GET', '/api/crm/deals', t, 200);
    expect(deals.find((d) => d.id === deal.id)?.contactId).toBe(other.id);
    // Nothing left to name the kept contact by.
    await expectJson(ctx, 'POST', '/api/crm/contacts/merge', t, 400, {
      keepId: keep.id,
      mergeId: other.id,
      fields: { firstName: '' },
    });

    const stranger = await ctx.register();
    const foreign = await expectJson<Contact>(ctx, 'POST', '/api/crm/contacts', stranger.token, 201, {
      firstName: 'Foreign',
    });
    // Either side of another account: 404, and both contacts stay as they were.
    await expectJson(ctx, 'POST', '/api/crm/contacts/merge', t, 404, {
      keepId: keep.id,
      mergeId: foreign.id,
    });
    await expectJson(ctx, 'POST', '/api/crm/contacts/merge', t, 404, {
      keepId: foreign.id,
      mergeId: keep.id,
    });
    await expectJson(ctx, 'POST', '/api/crm/contacts/merge', stranger.token, 404, {
      keepId: keep.id,
      mergeId: other.id,
    });
    const still = await expectJson<{ contacts: Contact[] }>(
      ctx,
      'GET',
      '/api/crm/contacts',
      stranger.token,
      200,
    );
    expect(still.contacts.map((c) => c.id)).toEqual([foreign.id]);
    await expectJson(ctx, 'POST', '/api/crm/contacts/merge', t, 400, { keepId: keep.id, mergeId: keep.id });
    await expectJson(ctx, 'POST', '/api/crm/contacts/merge', t, 400, {
      keepId: keep.id,
      mergeId: other.id,
      fields: { tags: ['x'] },
    });
    await expectJson(ctx, 'POST', '/api/crm/contacts/merge', t, 400, { keepId: keep.id });
    expect(
      (await ctx.call('POST', '/api/crm/contacts/merge', { body: { keepId: 1, mergeId: 2 } })).statusCode,
    ).toBe(401);
  });
});
