/**
 * Timestamps as this browser's locale writes them. A module of its own, so a view that shows a date does not
 * bring MUI X's DataGrid (views/common/DataTable.tsx) into its chunk.
 */

// The date and the minute, e.g. "Dec 3, 2026, 6:07 AM": the seconds of toLocaleString() made the text too long
// for the tables' date columns, which cut it off with an ellipsis (the orders' at any window size).
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

const format = (value: string, options: Intl.DateTimeFormatOptions, time: boolean): string => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return time ? date.toLocaleString(undefined, options) : date.toLocaleDateString(undefined, options);
};

/** A timestamp to the minute, e.g. "Dec 3, 2026, 6:07 AM"; '' for none, the text itself when it is no date. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? format(value, DATE_TIME, true) : '';
}

/** A timestamp's day, e.g. "Dec 3, 2026". */
export function formatDay(value: string): string {
  return format(value, DATE, false);
}
