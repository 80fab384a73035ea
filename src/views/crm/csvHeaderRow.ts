import { parse } from 'csv-parse/browser/esm/sync';
import { CSV_READ_OPTIONS } from '../../contracts/csvRead.ts';

// The server's reading options (src/contracts/csvRead.ts), so the headers offered for mapping are the very keys the
// server looks the mapping up by; `to: 1` stops after the header record, so a file cut at 64 KiB in the middle of a
// later quoted value still yields its header.
const HEADER_OPTIONS = { ...CSV_READ_OPTIONS, to: 1 } as const;

const MAX_COLUMNS = 50;

/**
 * The header row of a CSV file (its start as text): each cell exactly as the server's parser reads it
 * (RFC 4180 quoting, commas and line breaks inside quotes, BOM, CRLF), without blank or repeated cells.
 */
export function csvHeaderRow(start: string): string[] {
  let records: string[][];
  try {
    records = parse(start, HEADER_OPTIONS);
  } catch {
    return [];
  }
  const cells = (records[0] ?? []).filter((cell) => cell.trim() !== '');
  return [...new Set(cells)].slice(0, MAX_COLUMNS);
}
