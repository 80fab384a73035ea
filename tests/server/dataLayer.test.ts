import { describe, expect, it } from 'vitest';
import { pageWindow, readPage, skipTakeWindow, totalFromPage, withWindow } from '../../server/db/paging.ts';
import { isoDate, isoDateOrNull, rowMapper } from '../../server/db/rows.ts';
import type { Queryable } from '../../server/db/types.ts';
import { describeEachDatabase } from './harness.ts';

describe('the row mapper', () => {
  type Row = { id: number; at: string; maybe: string | null; price: number; name: string };
  const toRow = rowMapper<Row>({ dates: ['at', 'maybe'], numbers: ['price'] });

  it('turns timestamps into ISO text in UTC and numeric text into numbers, keeping the rest', () => {
    const fromDriver = {
      id: 7,
      at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)),
      maybe: null,
      price: '12.50',
      name: 'Ada',
    } as unknown as Row;
    expect(toRow(fromDriver)).toEqual({
      id: 7,
      at: '2026-01-02T03:04:05.678Z',
      maybe: null,
      price: 12.5,
      name: 'Ada',
    });
  });

  it('normalises a timestamp read as text and keeps a text that is no date', () => {
    expect(isoDate('2026-01-02 04:04:05.678+01')).toBe('2026-01-02T03:04:05.678Z');
    expect(isoDate('not a date')).toBe('not a date');
    expect(isoDateOrNull(undefined)).toBeNull();
  });
});

describe('the paging helper', () => {
  it('turns page numbers (from 1 or from 0) and skip/take into the same window', () => {
    expect(pageWindow(3, 20)).toEqual({ offset: 40, limit: 20 });
    expect(pageWindow(2, 20, 0)).toEqual({ offset: 40, limit: 20 });
    expect(skipTakeWindow(40, 20)).toEqual({ offset: 40, limit: 20 });
  });

  it("numbers the window's parameters after the statement's own, leaving those as they were", () => {
    const params = ['a', 'b'];
    expect(withWindow(params, { offset: 40, limit: 20 })).toEqual({
      clause: 'limit $3 offset $4',
      params: ['a', 'b', 20, 40],
    });
    expect(params).toEqual(['a', 'b']);
  });

  it('knows the count from a page that ends the list, and only from such a page', () => {
    expect(totalFromPage({ offset: 40, limit: 20 }, 5)).toBe(45);
    expect(totalFromPage({ offset: 0, limit: 20 }, 0)).toBe(0);
    expect(totalFromPage({ offset: 0, limit: 20 }, 20)).toBeNull();
    expect(totalFromPage({ offset: 40, limit: 20 }, 0)).toBeNull();
  });
});

describeEachDatabase('the paging helper on the database', (ctx) => {
  // The statements a read runs, to see when the count is skipped.
  function recording(db: Queryable, statements: string[]): Queryable {
    return {
      query: (sql, params) => {
        statements.push(sql);
        return db.query(sql, params);
      },
      one: (sql, params) => {
        statements.push(sql);
        return db.one(sql, params);
      },
      exec: (sql) => db.exec(sql),
    };
  }
  const list = (window: { offset: number; limit: number }) => ({
    select: 'select n from generate_series(1, $1::integer) as n order by n',
    count: 'select $1::integer as total',
    params: [45],
    window,
  });

  it('reads a page and counts the list only when the page does not tell it', async () => {
    const statements: string[] = [];
    const db = recording(ctx.db, statements);
    const middle = await readPage<{ n: number }>(db, list(pageWindow(2, 20)));
    expect(middle).toEqual({ rows: Array.from({ length: 20 }, (_, i) => ({ n: 21 + i })), totalCount: 45 });
    expect(statements).toHaveLength(2);

    statements.length = 0;
    const last = await readPage<{ n: number }>(db, list(pageWindow(3, 20)));
    expect(last.rows.map((row) => row.n)).toEqual([41, 42, 43, 44, 45]);
    expect(last.totalCount).toBe(45);
    expect(statements).toHaveLength(1);

    statements.length = 0;
    const pastTheEnd = await readPage<{ n: number }>(db, list(pageWindow(9, 20)));
    expect(pastTheEnd).toEqual({ rows: [], totalCount: 45 });
    expect(statements).toHaveLength(2);
  });
});
