import TextField from '@mui/material/TextField';
import type { GridColDef, GridPaginationModel, GridRowParams, GridValidRowModel } from '@mui/x-data-grid';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { DataTable } from '../common/DataTable.tsx';
import { useDebounced } from '../common/useDebounced.ts';

/** What a CRM list asks the server for: a 1-based page, its size and the (debounced) search. */
export type PageQuery = { page: number; pageSize: number; search: string };

/** A search kept outside the list (in the address): its text and how typing changes it. */
export type SearchSource = { search: string; setSearch: (text: string) => void };

/**
 * The search box and paging of a server-paged CRM list (contacts, leads, activities): typing a search goes
 * back to the first page, and the server is asked once the typing pauses. With `source` the search is kept in
 * the source (the address): it is written there once the typing pauses too, not per keystroke, and a search
 * the source gets from elsewhere (Back, a link) shows in the box.
 */
export function useServerPaging(source?: SearchSource) {
  const [typed, setTyped] = useState(source?.search ?? '');
  const debounced = useDebounced(typed, 300);
  const [paging, setPaging] = useState<GridPaginationModel>({ page: 0, pageSize: 20 });
  // The text this box and the source last agreed on: the source's own change is told from the box's echo.
  const agreed = useRef(source?.search ?? '');
  const fromSource = source?.search;
  useEffect(() => {
    if (fromSource === undefined || fromSource === agreed.current) return;
    agreed.current = fromSource;
    setTyped(fromSource);
  }, [fromSource]);
  const write = useEffectEvent((text: string) => source?.setSearch(text));
  useEffect(() => {
    if (debounced === agreed.current) return;
    agreed.current = debounced;
    write(debounced);
  }, [debounced]);
  const setSearch = (text: string) => {
    setTyped(text);
    setPaging((p) => ({ ...p, page: 0 }));
  };
  const query: PageQuery = { page: paging.page + 1, pageSize: paging.pageSize, search: debounced };
  return { search: typed, setSearch, paging, setPaging, query };
}

export type ServerPaging = ReturnType<typeof useServerPaging>;

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
      pageSizeOptions={[10, 20, 50, 100]}
    />
  );
}
