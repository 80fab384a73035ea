import TextField from '@mui/material/TextField';
import type {
  GridColDef,
  GridColumnVisibilityModel,
  GridRowParams,
  GridValidRowModel,
} from '@mui/x-data-grid';
import { DataTable } from '../common/DataTable.tsx';
import { PAGE_SIZES, type ServerPaging } from '../common/useServerPaging.ts';

/** The list's search box, labelled `label`. */
export function SearchField({ label, paging }: { label: string; paging: ServerPaging }) {
  return (
    <TextField
      size="small"
      label={label}
      value={paging.search}
      onChange={(e) => paging.setSearch(e.target.value)}
    />
  );
}

type TableProps<T extends GridValidRowModel> = {
  label: string;
  rows: T[];
  totalCount: number;
  columns: GridColDef<T>[];
  loading: boolean;
  paging: ServerPaging;
  onRowClick?: (params: GridRowParams<T>) => void;
  /** Which columns show (all when absent), and the owner's change to it from the column menu. */
  columnVisibilityModel?: GridColumnVisibilityModel;
  onColumnVisibilityModelChange?: (model: GridColumnVisibilityModel) => void;
};

/** A DataGrid whose pages come from the server ('No records found' when empty). */
export function ServerPagedTable<T extends GridValidRowModel>(props: TableProps<T>) {
  const { paging, totalCount, ...table } = props;
  return (
    <DataTable<T>
      {...table}
      emptyLabel="No records found"
      rowCount={totalCount}
      paginationMode="server"
      paginationModel={paging.paging}
      onPaginationModelChange={paging.setPaging}
      pageSizeOptions={[...PAGE_SIZES]}
    />
  );
}
