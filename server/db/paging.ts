import type { RowsPage } from '../../src/contracts/jsonSchema.ts';
import type { Queryable } from './types.ts';

/**
 * The one paging helper of the server's data layer. The API's lists are asked for by page number (`page` from 1
 * in the CRM, from 0 in the admin lists) or by `skip`/`take` (the store, the outbox); each becomes a window of
 * rows here, read with `limit`/`offset` and counted once. The envelopes stay what each API already answers
 * (`{ rows | contacts | items | results, totalCount }`, `{ items, total }`): the callers name the fields.
 */

/** Which rows of an ordered list a page holds: `limit` rows after the first `offset`. */
export type PageWindow = { readonly offset: number; readonly limit: number };

/** The window of page `page` (counted from `first`: 1 in the CRM, 0 in the admin lists) of `pageSize` rows. */
export function pageWindow(page: number, pageSize: number, first: 0 | 1 = 1): PageWindow {
  return { offset: Math.max(0, page - first) * pageSize, limit: pageSize };
}

/** The window of `take` rows after the first `skip`. */
export function skipTakeWindow(skip: number, take: number): PageWindow {
  return { offset: skip, limit: take };
}

/**
 * The statement's parameters followed by the window's, and the `limit $n offset $m` clause naming them
 * (append it after the `order by`).
 */
export function withWindow(
  params: readonly unknown[],
  window: PageWindow,
): { clause: string; params: unknown[] } {
  const limit = params.length + 1;
  return {
    clause: `limit $${limit} offset $${limit + 1}`,
    params: [...params, window.limit, window.offset],
  };
}

/**
 * The number of rows of the whole list, known from the page alone where it can be: a page that is not full and
 * not empty is the last (its rows end the list), and an empty first page means an empty list. Otherwise null:
 * the list must be counted.
 */
export function totalFromPage(window: PageWindow, rowsOnPage: number): number | null {
  if (rowsOnPage > 0 && rowsOnPage < window.limit) return window.offset + rowsOnPage;
  if (rowsOnPage === 0 && window.offset === 0) return 0;
  return null;
}

/** One page of a list: the statements that read it, and how many rows it may hold. */
export type PageQuery = {
  /** The rows' statement up to and including its `order by`; the window's clause is appended to it. */
  select: string;
  /** The statement counting every row of the list: `select count(*)::integer as total …`. */
  count: string;
  /** The parameters both statements share. */
  params: readonly unknown[];
  window: PageWindow;
};

/**
 * Reads one page of a list and the number of rows of the whole list. The count is run only when the page
 * does not tell it (see `totalFromPage`): a first page that holds everything costs one statement.
 */
export async function readPage<T>(db: Queryable, query: PageQuery): Promise<RowsPage<T>> {
  const { clause, params } = withWindow(query.params, query.window);
  const rows = await db.query<T>(`${query.select} ${clause}`, params);
  const known = totalFromPage(query.window, rows.length);
  if (known !== null) return { rows, totalCount: known };
  const counted = await db.one<{ total: number }>(query.count, query.params);
  return { rows, totalCount: counted?.total ?? 0 };
}
