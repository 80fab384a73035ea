import TextField from '@mui/material/TextField';
import type { GridColDef, GridPaginationModel, GridRowParams, GridValidRowModel } from '@mui/x-data-grid';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { DataTable } from '../common/DataTable.tsx';
import { useDebounced } from '../common/useDebounced.ts';

/** What a CRM list asks the server for: a 1-based page, its size and the (debounced) search. */
export type PageQuery = { page: number; pageSize: number; search: string };

/** Where a list's search and page are kept outside it (the address): as read, and how to change them. */
export type PlaceSource = {
  search: string;
  /** 1-based. */
  page: number;
  write: (place: { search: string; page: number }, options: { replace: boolean }) => void;
};

/**
 * The search box and paging of a server-paged CRM list (contacts, leads, activities), kept in `source` (the
 * address): the server is asked for the search and page it says. A search typed is written there once the
 * typing pauses (not per keystroke, and not as a Back step) and starts again at the first page; a page chosen
 * is a Back step; a search the source gets from elsewhere (Back, a link) shows in the box.
 */
export function useServerPaging(source: PlaceSource) {
  const [typed, setTyped] = useState(source.search);
  const debounced = useDebounced(typed, 300);
  const [pageSize, setPageSize] = useState(20);
  // The text this box and the source last agreed on: the source's own change is told from the box's echo.
  const agreed = useRef(source.search);
  const fromSource = source.search;
  useEffect(() => {
    if (fromSource === agreed.current) return;
    agreed.current = fromSource;
    setTyped(fromSource);
  }, [fromSource]);
  const write = useEffectEvent((text: string) => source.write({ search: text, page: 1 }, { replace: true }));
  useEffect(() => {
    if (debounced === agreed.current) return;
    agreed.current = debounced;
    write(debounced);
  }, [debounced]);
  const query: PageQuery = { page: source.page, pageSize, search: source.search };
  const paging: GridPaginationModel = { page: source.page - 1, pageSize };
  // A new page size starts again at the first page.
  const setPaging = (model: GridPaginationModel) => {
    const page = model.pageSize === pageSize ? model.page : 0;
    setPageSize(model.pageSize);
    if (page !== paging.page) source.write({ search: source.search, page: page + 1 }, { replace: false });
  };
  return { search: typed, setSearch: setTyped, paging, setPaging, query };
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
