import { expect, it } from 'vitest';
import { insertSubmission } from '../../server/repositories/formSubmissions.ts';
import { expectJson } from './crmHelpers.ts';
import { describeEachDatabase, type TestContext } from './harness.ts';

type Row = { id: number; websiteId: number; data: Record<string, string> };

/** GET the inbox: its rows and the count of all matches from the header. */
async function inbox(ctx: TestContext, query: string, token: string) {
  const response = await ctx.call('GET', `/api/forms/submissions${query}`, { token });
  expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
  return { rows: response.json<Row[]>(), total: Number(response.headers['x-total-count']) };
}

const names = (rows: Row[]) => rows.map((row) => row.data.Name);

/** An owner with two websites; `count` submissions on them, the i-th named `Visitor i`, sent i minutes in. */
async function ownerWithSubmissions(ctx: TestContext, count: number) {
  const owner = await ctx.register();
  const site = async (name: string) =>
    (
      await expectJson<{ id: number }>(ctx, 'POST', '/api/website/save', owner.token, 200, {
        name,
        pages: [],
      })
    ).id;
  const bakery = await site('Rosa Bakery');
  const florist = await site('Lily Florist');
  for (let i = 0; i < count; i += 1) {
    const onBakery = i % 2 === 0;
    const stored = await insertSubmission(ctx.db, owner.accountId, {
      websiteId: onBakery ? bakery : florist,
      websiteName: onBakery ? 'Rosa Bakery' : 'Lily Florist',
      formId: onBakery ? 'contact' : 'order',
      formTitle: onBakery ? 'Contact Us' : 'Wedding Order',
      pagePath: '',
      data: { Name: `Visitor ${i}`, Message: i === 7 ? 'Two LOAVES of rye, 100% please' : 'Hello' },
    });
    await ctx.db.query('update form_submissions set submitted_at = $2 where id = $1', [
      stored.id,
      new Date(Date.UTC(2026, 0, 1, 10, i)).toISOString(),
    ]);
  }
  return { owner, bakery, florist };
}

describeEachDatabase('form inbox: searched and paged', (ctx) => {
  it('pages the inbox, newest first, with the count of all; without a page every one (the CSV export)', async () => {
    const { owner, florist } = await ownerWithSubmissions(ctx, 23);
    const first = await inbox(ctx, '?page=1', owner.token);
    expect(first.total).toBe(23);
    expect(names(first.rows)).toEqual(Array.from({ length: 20 }, (_, i) => `Visitor ${22 - i}`));
    const second = await inbox(ctx, '?page=2', owner.token);
    expect(second).toMatchObject({ total: 23 });
    expect(names(second.rows)).toEqual(['Visitor 2', 'Visitor 1', 'Visitor 0']);
    expect(await inbox(ctx, '?page=9', owner.token)).toEqual({ rows: [], total: 23 });
    expect(names((await inbox(ctx, '?page=3&pageSize=5', owner.token)).rows)).toEqual([
      'Visitor 12',
      'Visitor 11',
      'Visitor 10',
      'Visitor 9',
      'Visitor 8',
    ]);
    const everyOne = await inbox(ctx, '', owner.token);
    expect(everyOne.total).toBe(23);
    expect(everyOne.rows).toHaveLength(23);
    // One website's: paged and counted on their own.
    const floristPage = await inbox(ctx, `?websiteId=${florist}&page=1`, owner.token);
    expect(floristPage.total).toBe(11);
    expect(floristPage.rows.every((row) => row.websiteId === florist)).toBe(true);
  });

  it("searches the answers, the form's title and the website's name, case-insensitive, every word", async () => {
    const { owner, bakery, florist } = await ownerWithSubmissions(ctx, 12);
    const search = async (words: string, extra = '') =>
      inbox(ctx, `?search=${encodeURIComponent(words)}${extra}`, owner.token);
    expect(names((await search('loaves')).rows)).toEqual(['Visitor 7']);
    expect(names((await search('RYE two')).rows)).toEqual(['Visitor 7']);
    // `%` is a character to find, not a wildcard.
    expect(names((await search('100%')).rows)).toEqual(['Visitor 7']);
    expect((await search('1%0')).total).toBe(0);
    // The form's title and the website's name.
    expect((await search('wedding order')).total).toBe(6);
    expect((await search('rosa')).total).toBe(6);
    expect(names((await search('visitor 1', '&page=1&pageSize=2')).rows)).toEqual([
      'Visitor 11',
      'Visitor 10',
    ]);
    // Visitors 11, 10 and 1, and Visitor 7, whose message says 100%.
    expect((await search('visitor 1', '&page=1&pageSize=2')).total).toBe(4);
    // A field's label is not an answer: every submission has a Name.
    expect((await search('name')).total).toBe(0);
    // The website as it is named now (the inbox shows that name) as well as when the form was sent.
    await ctx.db.query('update websites set name = $2 where id = $1', [bakery, 'Rosa Patisserie']);
    expect((await search('patisserie')).total).toBe(6);
    expect((await search('rosa bakery')).total).toBe(6);
    // Within one website: the florist's six, but Visitor 7's message is no hello.
    expect((await search('hello', `&websiteId=${florist}`)).total).toBe(5);
  });

  it("one account never sees another's submissions, whatever it searches or filters by", async () => {
    const { owner, bakery } = await ownerWithSubmissions(ctx, 3);
    const stranger = await ctx.register();
    for (const query of ['', '?page=1', '?search=visitor', `?websiteId=${bakery}&page=1`, '?search=rosa']) {
      expect(await inbox(ctx, query, stranger.token), query).toEqual({ rows: [], total: 0 });
    }
    const other = await ownerWithSubmissions(ctx, 2);
    const own = await inbox(ctx, '?search=visitor&page=1', owner.token);
    expect(own.total).toBe(3);
    expect((await inbox(ctx, `?websiteId=${other.bakery}`, owner.token)).total).toBe(0);
  });

  it('refuses a bad page, size or search with a 400 that says what is wrong', async () => {
    const { owner } = await ownerWithSubmissions(ctx, 1);
    const refusals = {
      'page=0': 'page must be at least 1',
      'page=two': 'page must be an integer',
      'pageSize=101': 'pageSize must be at most 100',
      'pageSize=0': 'pageSize must be at least 1',
      [`search=${'x'.repeat(201)}`]: 'search must be at most 200 characters',
      'websiteId=abc': 'websiteId must be an integer',
      'sort=name': 'Unknown field "sort"',
    };
    for (const [query, message] of Object.entries(refusals)) {
      const refused = await ctx.call('GET', `/api/forms/submissions?${query}`, { token: owner.token });
      expect({ query, status: refused.statusCode, body: refused.json() }).toEqual({
        query,
        status: 400,
        body: { message },
      });
    }
  });
});
