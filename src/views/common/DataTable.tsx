import { DataGrid, type DataGridProps, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { formatDateTime } from './dates.ts';

// Its formatter stays importable from here for the tables' callers; dates.ts is its home (no MUI X there).
export { formatDateTime };

type Props<R extends GridValidRowModel> = DataGridProps<R> & {
  /** What an empty table says (spec §8: "No users found" for users). */
  emptyLabel: string;
  /** The table's accessible name. */
  label: string;
};

/**
 * A column without a header name (a column of buttons) has no header menu: its button would be named after the
 * column, so a screen reader would announce it only as " column menu", and there is nothing in it to filter.
 */
function withNamedControls<R extends GridValidRowModel>(columns: readonly GridColDef<R>[]): GridColDef<R>[] {
  return columns.map((column) =>
    column.headerName === '' ? { ...column, disableColumnMenu: true, filterable: false } : column,
  );
}

/**
 * MUI X DataGrid with the app's defaults, for lists that can grow. Only lazily loaded sections import
 * this file, so the grid never weighs on the first screen. Pages hold at most 100 rows, so rows are
 * rendered without virtualisation (which also keeps them visible to tests without a layout engine).
 */
export function DataTable<R extends GridValidRowModel>({
  emptyLabel,
  label,
  localeText,
  columns,
  ...props
}: Props<R>) {
  const named = useMemo(() => withNamedControls(columns), [columns]);
  return (
    <DataGrid<R>
      columns={named}
      aria-label={label}
      disableVirtualization
      disableRowSelectionOnClick
      pageSizeOptions={[10, 25, 50, 100]}
      initialState={{ pagination: { paginationModel: { pageSize: 25, page: 0 } } }}
      localeText={{ noRowsLabel: emptyLabel, ...localeText }}
      sx={{ border: 0, minHeight: 200 }}
      {...props}
    />
  );
}

/** A column of timestamps, wide enough for the longest one (e.g. "Dec 13, 2026, 10:09 PM") in a wide font. */
export const DATE_COLUMN = {
  width: 200,
  valueFormatter: (value: string | null) => formatDateTime(value),
} as const;
