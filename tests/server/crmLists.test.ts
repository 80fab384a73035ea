import { expect, it } from 'vitest';
import { insertSubmission } from '../../server/repositories/formSubmissions.ts';
import { expectJson } from './crmHelpers.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';

type Lead = { id: number; name: string };
type Activity = { id: number; subject: string; contactName: string | null; dealTitle: string | null };
type InboxItem = {
  id: string;
  kind: string;
  sourceId: number;
  at: string;
  from: string;
  to: string;
  subject: string;
  data: Record<string, string> | null;
  body: string;
  status: string;
};

/** GET a searchable list: its rows and the count of all matches from the header. */
async function page<T>(ctx: TestContext, url: string, token: string) {
  const response = await ctx.call('GET', url, { token });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return { rows: response.json<T[]>(), total: Number(response.headers['x-total-count']) };
}

describeEachDatabase('crm api: searched and paged lists, the unified inbox', (ctx) => {
  it('searches leads by any of their words and pages them, newest first, with the count of matches', async () => {
    const { token } = await ctx.register();
    for (let i = 0; i < 23; i += 1) {
      await expectJson(ctx, 'POST', '/api/crm/leads', token, 201, {
        name: `Lead ${i}`,
        company: i % 2 ? 'Odd Widgets' : 'Even Gadgets',
        source: i === 7 ? 'website form' : 'referral',
        email: i === 5 ? 'Five_Percent%@Example.com' : '',
      });
    }
    const all = await page<Lead>(ctx, '/api/crm/leads', token);
    expect(all.rows).toHaveLength(23);
    expect(all.total).toBe(23);

    const first = await page<Lead>(ctx, '/api/crm/leads?page=1&pageSize=10', token);
    expect(first.rows.map((l) => l.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Lead ${22 - i}`));
    expect(first.total).toBe(23);
    const last = await page<Lead>(ctx, '/api/crm/leads?page=3&pageSize=10', token);
    expect(last.rows.map((l) => l.name)).toEqual(['Lead 2', 'Lead 1', 'Lead 0']);
    const beyond = await page<Lead>(ctx, '/api/crm/leads?page=9&pageSize=10', token);
    expect(beyond).toEqual({ rows: [], total: 23 });

    const odd = await page<Lead>(ctx, '/api/crm/leads?search=WIDGETS&page=1&pageSize=5', token);
    expect(odd.total).toBe(11);
    expect(odd.rows).toHaveLength(5);
    // Every word must match, each anywhere in the lead.
    expect((await page<Lead>(ctx, '/api/crm/leads?search=odd%20lead%2013', token)).rows).toMatchObject([
      { name: 'Lead 13' },
    ]);
    expect((await page<Lead>(ctx, '/api/crm/leads?search=website%20form', token)).rows).toMatchObject([
      { name: 'Lead 7' },
    ]);
    // % and _ are literal characters, not wildcards.
    expect((await page<Lead>(ctx, '/api/crm/leads?search=e_p', token)).rows).toMatchObject([
      { name: 'Lead 5' },
    ]);
    expect((await page<Lead>(ctx, '/api/crm/leads?search=%25%40', token)).rows).toMatchObject([
      { name: 'Lead 5' },
    ]);
    expect((await page<Lead>(ctx, '/api/crm/leads?search=x_y', token)).total).toBe(0);

    // Another account sees none of them.
    const stranger = await ctx.register();
    expect(await page<Lead>(ctx, '/api/crm/leads?search=lead', stranger.token)).toEqual({
      rows: [],
      total: 0,
    });
    for (const bad of ['page=0', 'pageSize=101', 'sort=name', `search=${'x'.repeat(201)}`]) {
      await expectJson(ctx, 'GET', `/api/crm/leads?${bad}`, token, 400);
      await expectJson(ctx, 'GET', `/api/crm/activities?${bad}`, token, 400);
    }
  });

  it('searches activities by subject, description, contact and deal, pages them and names the links', async () => {
    const { token } = await ctx.register();
    const contact = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contacts', token, 201, {
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const deal = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/deals', token, 201, {
      title: 'Compiler upgrade',
    });
    const linked = await expectJson<Activity>(ctx, 'POST', '/api/crm/activities', token, 201, {
      type: 'call',
      subject: 'Kick-off',
      description: 'Bring the COBOL notes',
      contactId: contact.id,
      dealId: deal.id,
    });
    expect(linked).toMatchObject({ contactName: 'Grace Hopper', dealTitle: 'Compiler upgrade' });
    for (let i = 0; i < 12; i += 1) {
      await expectJson(ctx, 'POST', '/api/crm/activities', token, 201, {
        type: 'task',
        subject: `Task ${i}`,
      });
    }
    for (const search of ['hopper', 'compiler', 'cobol', 'kick', 'CALL grace']) {
      const found = await page<Activity>(
        ctx,
        `/api/crm/activities?search=${encodeURIComponent(search)}`,
        token,
      );
      expect(found, search).toMatchObject({ total: 1, rows: [{ id: linked.id }] });
    }
    const tasks = await page<Activity>(ctx, '/api/crm/activities?search=task&page=2&pageSize=5', token);
    expect(tasks.total).toBe(12);
    expect(tasks.rows).toHaveLength(5);
    const updated = await expectJson<Activity>(ctx, 'PUT', `/api/crm/activities/${linked.id}`, token, 200, {
      contactId: null,
      subject: 'Kick-off call',
    });
    expect(updated).toMatchObject({ contactName: null, dealTitle: 'Compiler upgrade' });
    // Read-only names are not fields a client may write.
    await expectJson(ctx, 'PUT', `/api/crm/activities/${linked.id}`, token, 400, { contactName: 'x' });
  });

  it('lists form submissions and messages together by date, pages them, and keeps accounts apart', async () => {
    const owner = await ctx.register();
    const saved = await expectJson<{ id: number }>(ctx, 'POST', '/api/website/save', owner.token, 200, {
      name: 'Rosa Bakery',
      pages: [],
    });
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 10, minutes)).toISOString();
    const form = await insertSubmission(ctx.db, owner.accountId, {
      websiteId: saved.id,
      websiteName: 'Rosa Bakery',
      formId: 'contact',
      formTitle: 'Contact Us',
      pagePath: '/contact',
      data: { Name: 'Ada', Email: 'ada@example.com', Message: 'Two loaves' },
    });
    await ctx.db.query('update form_submissions set submitted_at = $2 where id = $1', [form.id, at(5)]);
    const campaign = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/campaigns', owner.token, 201, {
      name: 'Spring news',
    });
    for (const [minutes, subject, campaignId] of [
      [1, 'Older', campaign.id],
      [9, 'Newer', null],
    ] as const) {
      await ctx.db.query(
        `insert into crm_communications (account_id, campaign_id, to_address, subject, body, status, created_at)
         values ($1, $2, 'grace@example.com', $3, $4, 'outbox', $5)`,
        [owner.accountId, campaignId, subject, `Body of ${subject} ${'x'.repeat(300)}`, at(minutes)],
      );
    }
    const inbox = await expectJson<{ items: InboxItem[]; totalCount: number }>(
      ctx,
      'GET',
      '/api/crm/inbox',
      owner.token,
      200,
    );
    expect(inbox.totalCount).toBe(3);
    expect(inbox.items.map((i) => [i.kind, i.subject])).toEqual([
      ['message', 'Newer'],
      ['form', 'Contact Us'],
      ['message', 'Older'],
    ]);
    expect(inbox.items[1]).toEqual({
      id: `form-${form.id}`,
      kind: 'form',
      sourceId: form.id,
      at: at(5),
      from: 'ada@example.com',
      to: 'Rosa Bakery',
      subject: 'Contact Us',
      data: { Name: 'Ada', Email: 'ada@example.com', Message: 'Two loaves' },
      body: '',
      status: 'new',
    });
    expect(inbox.items[0]).toMatchObject({ from: 'Workflow', to: 'grace@example.com', status: 'outbox' });
    expect(inbox.items[2]).toMatchObject({ from: 'Spring news', data: null });
    expect(inbox.items[2]?.body).toHaveLength(200);

    const second = await expectJson<{ items: InboxItem[]; totalCount: number }>(
      ctx,
      'GET',
      '/api/crm/inbox?page=2&pageSize=2',
      owner.token,
      200,
    );
    expect(second).toMatchObject({ totalCount: 3, items: [{ subject: 'Older' }] });
    const forms = await expectJson<{ items: InboxItem[]; totalCount: number }>(
      ctx,
      'GET',
      '/api/crm/inbox?kind=form',
      owner.token,
      200,
    );
    expect(forms).toMatchObject({ totalCount: 1, items: [{ kind: 'form' }] });

    // Opening the submission (the existing route) marks it read; the inbox shows it.
    await expectJson(ctx, 'GET', `/api/forms/submissions/${form.id}`, owner.token, 200);
    const reread = await expectJson<{ items: InboxItem[] }>(
      ctx,
      'GET',
      '/api/crm/inbox?kind=form',
      owner.token,
      200,
    );
    expect(reread.items[0]?.status).toBe('read');

    const stranger = await ctx.register();
    await expectJson(ctx, 'GET', `/api/forms/submissions/${form.id}`, stranger.token, 404);
    expect(await expectJson(ctx, 'GET', '/api/crm/inbox', stranger.token, 200)).toEqual({
      items: [],
      totalCount: 0,
    });
    await expectJson(ctx, 'GET', '/api/crm/inbox?kind=sms', owner.token, 400);
    expect((await ctx.call('GET', '/api/crm/inbox')).statusCode).toBe(401);

    // One item by its kind and id (an opened row's address): a message with its whole body.
    const older = inbox.items[2] as InboxItem;
    const message = await expectJson<InboxItem>(
      ctx,
      'GET',
      `/api/crm/inbox/message/${older.sourceId}`,
      owner.token,
      200,
    );
    expect(message).toEqual({ ...older, body: `Body of Older ${'x'.repeat(300)}` });
    expect(await expectJson(ctx, 'GET', `/api/crm/inbox/form/${form.id}`, owner.token, 200)).toEqual({
      ...inbox.items[1],
      status: 'read',
    });
    // Another account's items, or none: 404 with what was not found.
    expect(
      await expectJson(ctx, 'GET', `/api/crm/inbox/message/${older.sourceId}`, stranger.token, 404),
    ).toEqual({ message: 'Message not found' });
    expect(await expectJson(ctx, 'GET', `/api/crm/inbox/form/${form.id}`, stranger.token, 404)).toEqual({
      message: 'Form submission not found',
    });
    await expectJson(ctx, 'GET', `/api/crm/inbox/sms/${form.id}`, owner.token, 400);
  });
});
