// Issue 18: what keeps reads fast on a PostgreSQL server must never change what they answer. The contact
// count kept by triggers, the pages kept until a change, the trigram product search and the one-statement
// statement classification, on both databases.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../server/db/createDb.ts';
import { mayWrite } from '../../server/db/statements.ts';
import type { ProductPage } from '../../src/contracts/store.ts';
import { expectJson } from './crmHelpers.ts';
import { describeEachDatabase } from './harness.ts';
import { createProduct, createStore } from './storeFixtures.ts';

type Contact = { id: number; firstName: string; contactListIds: number[] };
type Page = { contacts: Contact[]; totalCount: number };

describe('mayWrite', () => {
  it('counts plain reads and reading WITHs as reads, anything that may change a row as a write', () => {
    for (const read of [
      'select 1',
      '  SELECT * from users',
      'with page as (select id from crm_contacts) select * from page',
      'with m as materialized (select p.id from products p) select updated_at from m',
    ]) {
      expect(mayWrite(read), read).toBe(false);
    }
    for (const write of [
      'insert into accounts (name) values ($1)',
      'update users set plan = 1',
      'delete from products',
      'with gone as (delete from login_failures where id = $1) insert into activity_logs (type) values ($2)',
      'WITH x AS (UPDATE stores SET store_name = $1 RETURNING 1) SELECT * FROM x',
      'truncate users',
      'create table t (id int)',
      'vacuum analyze products',
    ]) {
      expect(mayWrite(write), write).toBe(true);
    }
  });
});

describeEachDatabase('fast reads', (ctx) => {
  const count = async (accountId: number) =>
    (
      await ctx.db.one<{ n: number }>(
        'select count(*)::integer as n from crm_contacts where account_id = $1',
        [accountId],
      )
    )?.n;

  it('the unfiltered contact list and the stats count every contact, whichever way rows come and go', async () => {
    const owner = await ctx.register();
    const other = await ctx.register();
    const { token, accountId } = owner;
    const total = async () => {
      const page = await expectJson<Page>(ctx, 'GET', '/api/crm/contacts?page=1&pageSize=5', token, 200);
      const stats = await expectJson<{ totalContacts: number }>(ctx, 'GET', '/api/crm/stats', token, 200);
      expect(stats.totalContacts).toBe(page.totalCount);
      expect(page.totalCount).toBe(await count(accountId));
      return page.totalCount;
    };
    expect(await total()).toBe(0);
    const created: Contact[] = [];
    for (const firstName of ['Ada', 'Grace', 'Edsger']) {
      created.push(await expectJson<Contact>(ctx, 'POST', '/api/crm/contacts', token, 201, { firstName }));
    }
    await expectJson(ctx, 'POST', '/api/crm/contacts', other.token, 201, { firstName: 'Elsewhere' });
    expect(await total()).toBe(3);
    // Many rows in one statement, for two accounts at once (an import writes batches like this).
    await ctx.db.query(
      `insert into crm_contacts (account_id, first_name)
       select a, 'Bulk ' || n from unnest($1::int[]) a, generate_series(1, 30) n`,
      [[accountId, other.accountId]],
    );
    expect(await total()).toBe(33);
    await expectJson(ctx, 'DELETE', `/api/crm/contacts/${created[0]?.id}`, token, 204);
    expect(await total()).toBe(32);
    await expectJson(ctx, 'POST', '/api/crm/contacts/merge', token, 200, {
      keepId: created[1]?.id,
      mergeId: created[2]?.id,
      fields: {},
    });
    expect(await total()).toBe(31);
    await ctx.db.query("delete from crm_contacts where account_id = $1 and first_name like 'Bulk 1%'", [
      accountId,
    ]);
    expect(await total()).toBe(20);
    // A statement that fails counts nothing.
    await expect(
      ctx.db.query(
        `insert into crm_contacts (account_id, first_name, email)
         values ($1, 'Twin', 'twin@example.com'), ($1, 'Twin', 'twin@example.com')`,
        [accountId],
      ),
    ).rejects.toThrow();
    expect(await total()).toBe(20);
    // The other account's count is its own; deleting that account takes its contacts and their count.
    const otherPage = await expectJson<Page>(ctx, 'GET', '/api/crm/contacts', other.token, 200);
    expect(otherPage.totalCount).toBe(31);
    await ctx.db.query('delete from accounts where id = $1', [other.accountId]);
    expect(
      await ctx.db.query('select 1 from crm_contact_counts where account_id = $1', [other.accountId]),
    ).toEqual([]);
    expect(await total()).toBe(20);
  });

  it('a kept contact page follows every change at once: edits, lists, deletes', async () => {
    const { token } = await ctx.register();
    const list = await expectJson<{ id: number }>(ctx, 'POST', '/api/crm/contact-lists', token, 201, {
      name: 'VIP',
    });
    const ada = await expectJson<Contact>(ctx, 'POST', '/api/crm/contacts', token, 201, { firstName: 'Ada' });
    const read = (query = '') =>
      expectJson<Page>(ctx, 'GET', `/api/crm/contacts?search=ada${query}`, token, 200);
    expect(await read()).toMatchObject({
      totalCount: 1,
      contacts: [{ firstName: 'Ada', contactListIds: [] }],
    });
    expect(await read()).toMatchObject({ totalCount: 1 });
    await expectJson(ctx, 'PUT', `/api/crm/contacts/${ada.id}`, token, 200, {
      firstName: 'Adah',
      contactListIds: [list.id],
    });
    expect(await read()).toMatchObject({ contacts: [{ firstName: 'Adah', contactListIds: [list.id] }] });
    expect(await read(`&contactListId=${list.id}`)).toMatchObject({ totalCount: 1 });
    await ctx.db.query('delete from crm_contact_list_members where contact_id = $1', [ada.id]);
    expect(await read(`&contactListId=${list.id}`)).toMatchObject({ totalCount: 0 });
    await expectJson(ctx, 'DELETE', `/api/crm/contacts/${ada.id}`, token, 204);
    expect(await read()).toEqual({ contacts: [], totalCount: 0 });
  });

  it('searches products by any part of name or code, in any case, with % and _ as themselves', async () => {
    const setup = await createStore(ctx);
    const names = ['Rye 100% whole', 'Rye_light', 'Ryeberry', 'Spelt', 'Oat'];
    for (const [index, name] of names.entries()) {
      await createProduct(ctx, setup, { name, code: `BR-${index}` });
    }
    const search = async (term: string) => {
      const page = (
        await ctx.call(
          'GET',
          `/api/ecommerce/products?storeId=${setup.storeId}&take=2&searchTerm=${encodeURIComponent(term)}`,
        )
      ).json<ProductPage>();
      return { names: page.results.map((product) => product.name), total: page.totalCount };
    };
    expect(await search('rye')).toEqual({ names: ['Rye 100% whole', 'Rye_light'], total: 3 });
    expect(await search('100%')).toEqual({ names: ['Rye 100% whole'], total: 1 });
    expect(await search('e_l')).toEqual({ names: ['Rye_light'], total: 1 });
    expect(await search('ELT')).toEqual({ names: ['Spelt'], total: 1 });
    expect(await search('br-4')).toEqual({ names: ['Oat'], total: 1 });
    expect(await search('a')).toEqual({ names: ['Oat'], total: 1 });
    expect(await search('rye_')).toEqual({ names: ['Rye_light'], total: 1 });
    expect(await search('nothing')).toEqual({ names: [], total: 0 });
    const page2 = (
      await ctx.call('GET', `/api/ecommerce/products?storeId=${setup.storeId}&skip=2&take=2&searchTerm=rye`)
    ).json<ProductPage>();
    expect(page2).toMatchObject({ totalCount: 3, results: [{ name: 'Ryeberry' }] });
  });

  // Only PostgreSQL has other processes: PGlite's one connection is this server's.
  it.runIf(ctx.kind === 'postgres')(
    'on PostgreSQL, kept product and contact pages follow another process once its notification arrives',
    async () => {
      const setup = await createStore(ctx);
      const product = await createProduct(ctx, setup, { name: 'Loaf', price: 3 });
      const products = async () =>
        (await ctx.call('GET', `/api/ecommerce/products?storeId=${setup.storeId}`)).json<ProductPage>();
      expect((await products()).results).toMatchObject([{ price: 3 }]);
      const { token } = setup.owner;
      const contacts = () => expectJson<Page>(ctx, 'GET', '/api/crm/contacts', token, 200);
      expect(await contacts()).toEqual({ contacts: [], totalCount: 0 });
      const other = new pg.Client({ connectionString: ctx.databaseUrl ?? '' });
      await other.connect();
      try {
        await other.query('update products set price_cents = 350 where id = $1', [product.id]);
        await expect.poll(async () => (await products()).results[0]?.price, { timeout: 5000 }).toBe(3.5);
        await other.query("insert into crm_contacts (account_id, first_name) values ($1, 'Ada')", [
          setup.owner.accountId,
        ]);
        await expect.poll(async () => (await contacts()).totalCount, { timeout: 5000 }).toBe(1);
      } finally {
        await other.end();
      }
    },
  );

  it.runIf(ctx.kind === 'postgres')('DATABASE_POOL_SIZE bounds the connections a process opens', async () => {
    const db = await createDb({
      databaseUrl: ctx.databaseUrl,
      dataDir: mkdtempSync(join(tmpdir(), 'pool-')),
      poolSize: 2,
    });
    try {
      const rows = await Promise.all(
        Array.from({ length: 6 }, () =>
          db.one<{ pid: number }>('select pg_backend_pid() as pid from pg_sleep(0.05)'),
        ),
      );
      expect(new Set(rows.map((row) => row?.pid)).size).toBe(2);
    } finally {
      await db.close();
    }
  });
});
