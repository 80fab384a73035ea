import type { SearchQuery } from '../../../src/contracts/crmApi.ts';
import type { RowsPage } from '../../../src/contracts/jsonSchema.ts';
import { pageWindow, withWindow } from '../../db/paging.ts';
import { isoSql } from '../../db/rows.ts';
import type { Queryable } from '../../db/types.ts';

/** How one API field maps to a column: `read` is the select expression, `cast` the parameter's type. */
export type Field = { column: string; read?: string; cast?: string; writable?: boolean };

/** A CRM table whose rows the API reads and writes field by field, always within one account. */
export type Table = {
  name: string;
  fields: Record<string, Field>;
  orderBy: string;
  /** Set updated_at = now() on every update. */
  touches?: boolean;
  /** The text a search looks in (an SQL expression over the row); the table cannot be searched without. */
  search?: string;
};

/** A timestamp as ISO 8601 text in UTC, the same on both drivers (the data layer's one expression). */
export const isoOf = isoSql;

export const field = {
  text: (column: string): Field => ({ column }),
  money: (column: string): Field => ({ column, read: `${column}::float8`, cast: 'numeric' }),
  json: (column: string): Field => ({ column, cast: 'jsonb' }),
  date: (column: string): Field => ({ column, read: `to_char(${column}, 'YYYY-MM-DD')`, cast: 'date' }),
  time: (column: string): Field => ({ column, read: isoOf(column), cast: 'timestamptz' }),
  readOnly: (column: string, read?: string): Field => ({ column, read, writable: false }),
};

export function selectList(table: Table): string {
  return Object.entries(table.fields)
    .map(([name, f]) => `${f.read ?? f.column} as "${name}"`)
    .join(', ');
}

function jsonParam(f: Field, value: unknown): unknown {
  return f.cast === 'jsonb' ? JSON.stringify(value) : value;
}

function writable(table: Table, input: Record<string, unknown>): [Field, unknown][] {
  return Object.entries(input).flatMap(([name, value]) => {
    const f = table.fields[name];
    return f && f.writable !== false && value !== undefined
      ? [[f, jsonParam(f, value)] as [Field, unknown]]
      : [];
  });
}

const param = (f: Field, index: number) => `$${index}${f.cast ? `::${f.cast}` : ''}`;

export async function listRows<T>(db: Queryable, table: Table, accountId: number): Promise<T[]> {
  return db.query<T>(
    `select ${selectList(table)} from ${table.name} where account_id = $1 order by ${table.orderBy}`,
    [accountId],
  );
}

/** A search's words (at most 8) as ILIKE patterns, each matched anywhere; `%`, `_` and `\` are literal. */
export function likePatterns(search: string | undefined): string[] {
  return (search ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/**
 * The account's rows in the table's order, those whose search text holds every word of `search`
 * (case-insensitive), one page of them when `page` is given; with the count of all matches.
 */
export async function listRowsPage<T>(
  db: Queryable,
  table: Table,
  accountId: number,
  query: SearchQuery,
): Promise<RowsPage<T>> {
  const params: unknown[] = [accountId];
  const where = ['account_id = $1'];
  const patterns = table.search ? likePatterns(query.search) : [];
  for (const pattern of patterns) {
    params.push(pattern);
    where.push(`${table.search} ilike $${params.length}`);
  }
  const from = `from ${table.name} where ${where.join(' and ')}`;
  const window = query.page === undefined ? null : pageWindow(query.page, query.pageSize ?? 20);
  const paged = window ? withWindow(params, window) : null;
  const paging = paged ? ` ${paged.clause}` : '';
  // A page: its ids and the count of all matches first, then only its rows read in full (their joined
  // names and formatted stamps would cost more than the search for every match of a large account).
  const rows = await db.query<T & { totalCount?: number }>(
    paging
      ? `with page as (
           select id as page_id, count(*) over ()::int as page_total ${from}
           order by ${table.orderBy}${paging}
         )
         select ${selectList(table)}, page_total as "totalCount" from ${table.name} join page on id = page_id
         order by ${table.orderBy}`
      : `select ${selectList(table)}, count(*) over ()::int as "totalCount" ${from} order by ${table.orderBy}`,
    paged?.params ?? params,
  );
  let totalCount = rows[0]?.totalCount ?? 0;
  // A page past the end has no row to carry the count.
  if (rows.length === 0 && (query.page ?? 1) > 1) {
    const counted = await db.one<{ count: number }>(`select count(*)::int as count ${from}`, params);
    totalCount = counted?.count ?? 0;
  }
  return { rows: rows.map(({ totalCount: _, ...row }) => row as T), totalCount };
}

export async function findRow<T>(
  db: Queryable,
  table: Table,
  accountId: number,
  id: number,
): Promise<T | null> {
  return db.one<T>(`select ${selectList(table)} from ${table.name} where account_id = $1 and id = $2`, [
    accountId,
    id,
  ]);
}

export async function insertRow<T>(
  db: Queryable,
  table: Table,
  accountId: number,
  input: Record<string, unknown>,
): Promise<T> {
  const pairs = writable(table, input);
  const columns = ['account_id', ...pairs.map(([f]) => f.column)];
  const values = ['$1', ...pairs.map(([f], i) => param(f, i + 2))];
  const row = await db.one<T>(
    `insert into ${table.name} (${columns.join(', ')}) values (${values.join(', ')})
     returning ${selectList(table)}`,
    [accountId, ...pairs.map(([, value]) => value)],
  );
  if (!row) throw new Error(`insert into ${table.name} returned no row`);
  return row;
}

/** Writes the given fields only; null when the account has no row with that id. */
export async function updateRow<T>(
  db: Queryable,
  table: Table,
  accountId: number,
  id: number,
  input: Record<string, unknown>,
): Promise<T | null> {
  const pairs = writable(table, input);
  const sets = pairs.map(([f], i) => `${f.column} = ${param(f, i + 3)}`);
  if (table.touches) sets.push('updated_at = now()');
  if (sets.length === 0) return findRow<T>(db, table, accountId, id);
  return db.one<T>(
    `update ${table.name} set ${sets.join(', ')} where account_id = $1 and id = $2
     returning ${selectList(table)}`,
    [accountId, id, ...pairs.map(([, value]) => value)],
  );
}

export async function deleteRow(
  db: Queryable,
  table: Table,
  accountId: number,
  id: number,
): Promise<boolean> {
  const rows = await db.query(`delete from ${table.name} where account_id = $1 and id = $2 returning id`, [
    accountId,
    id,
  ]);
  return rows.length > 0;
}
