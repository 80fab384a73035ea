import { stringify } from 'csv-stringify/browser/esm/sync';

/**
 * A cell a spreadsheet would read as a formula (= + - @, or a leading tab or carriage return) gets a
 * leading apostrophe, so exported data can never run as one (CSV injection). The one home of the rule:
 * the server's contact export, form submissions and the CRM's report exports all use it.
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * The cell a spreadsheet or an importer reads back from `neutraliseFormula`'s: the apostrophe it added before
 * = + - @ (or a tab / carriage return) is dropped, so an exported file imported again holds the same values
 * (a phone number `+39 333 1234567` is exported as `'+39 333 1234567`).
 */
export function restoreFormula(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** Rows as RFC 4180 CSV (csv-stringify: CRLF line ends, quotes doubled, quoted where needed), formula cells neutralised. */
export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return stringify(
    rows.map((row) =>
      row.map((value) => neutraliseFormula(value === null || value === undefined ? '' : String(value))),
    ),
    { record_delimiter: '\r\n', quoted_match: /[\r\n",]/ },
  );
}
