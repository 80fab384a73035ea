import { expect, it } from 'vitest';
import { describeEachDatabase } from './harness.ts';

describeEachDatabase('db client', (ctx) => {
  it('a throwing transaction rolls back', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.query("insert into accounts (name) values ('rolled back')");
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await ctx.db.query("select id from accounts where name = 'rolled back'")).toEqual([]);
  });

  it('a query issued during a transaction never runs inside it', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const insertedSignal = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = ctx.db.transaction(async (tx) => {
      await tx.query("insert into accounts (name) values ('uncommitted')");
      inserted();
      await gate;
      throw new Error('roll back');
    });
    await insertedSignal;
    // On PGlite this waits for the transaction; on PostgreSQL it runs on another connection.
    const outside = ctx.db.query<{ n: number }>(
      "select count(*)::integer as n from accounts where name = 'uncommitted'",
    );
    release();
    await expect(transaction).rejects.toThrow('roll back');
    expect(await outside).toEqual([{ n: 0 }]);
  });

  it('one() answers the first row or null; ids and counts are numbers', async () => {
    expect(await ctx.db.one('select 1 where false')).toBeNull();
    const row = await ctx.db.one<{ id: number }>(
      "insert into accounts (name) values ('numbers') returning id",
    );
    expect(typeof row?.id).toBe('number');
  });
});
