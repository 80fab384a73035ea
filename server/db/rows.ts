/**
 * The one row mapper of the server's data layer: what the drivers return → what the API speaks.
 * Both drivers (pg and PGlite) return `timestamptz` columns as Date objects and `numeric`/`bigint` ones as
 * text; the API speaks ISO 8601 strings and JSON numbers. Repositories alias columns to camelCase in SQL
 * (`created_at as "createdAt"`) and map the values here, instead of each writing its own `toISOString`.
 */

/** A timestamp as ISO 8601 text in UTC (`2026-01-02T03:04:05.678Z`); a text that is no date stays as it is. */
export function isoDate(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

/** The same, keeping null (and undefined) as null: an optional timestamp. */
export function isoDateOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : isoDate(value);
}

/** A `numeric` or `bigint` column (text on both drivers) as a number; null stays null. */
export function numberOrNull(value: number | string | null | undefined): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** The fields of a row that are timestamps, and those that are numbers the drivers return as text. */
export type RowShape<T> = {
  dates?: readonly (keyof T)[];
  numbers?: readonly (keyof T)[];
};

/**
 * A mapper of rows of type T: the named timestamp fields become ISO text (null stays null), the named
 * numeric fields numbers; every other field is kept as the driver returned it.
 *
 * @example const toPost = rowMapper<SocialPost>({ dates: ['scheduledAt', 'createdAt'] });
 */
export function rowMapper<T extends object>(shape: RowShape<T>): (row: T) => T {
  const dates = shape.dates ?? [];
  const numbers = shape.numbers ?? [];
  return (row) => {
    const mapped = { ...row } as Record<string, unknown>;
    for (const key of dates) {
      mapped[key as string] = isoDateOrNull(mapped[key as string] as Date | string | null);
    }
    for (const key of numbers) {
      mapped[key as string] = numberOrNull(mapped[key as string] as number | string | null);
    }
    return mapped as T;
  };
}

/**
 * The SQL expression of a timestamp column as the same ISO 8601 text, for rows read straight into JSON
 * (identical on both drivers and in any session time zone).
 */
export const isoSql = (column: string): string =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
