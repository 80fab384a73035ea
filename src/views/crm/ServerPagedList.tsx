import TextField from '@mui/material/TextField';
import type { GridColDef, GridPaginationModel, GridRowParams, GridValidRowModel } from '@mui/x-data-grid';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { MAX_LIST_PAGE } from '../../contracts/crmApi.ts';
import { DataTable } from '../common/DataTable.tsx';
import { useDebounced } from '../common/useDebounced.ts';

/** What a CRM list asks the server for: a 1-based page, its size and the (debounced) search. */
export type PageQuery = { page: number; pageSize: number; search: string };

/** The page sizes a CRM list offers; the first screen of a list shows `DEFAULT_PAGE_SIZE` rows. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** A page size read from the address: one of `PAGE_SIZES`, else the default. */
export function pageSizeOf(text: string | undefined): number {
  const size = Number(text);
  return (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/** A 1-based page read from the address: a whole number from 1 to the last page the server serves, else 1. */
export function pageOf(text: string | undefined): number {
  return Math.min(MAX_LIST_PAGE, Math.max(1, Math.trunc(Number(text ?? 1)) || 1));
}

/** A list's place: its search, its 1-based page and its page size. */
export type ListPlace = { search: string; page: number; pageSize: number };

/** Where a list's place is kept outside it (the address): as read, and how to change it. */
export type PlaceSource = ListPlace & {
  write: (place: ListPlace, options: { replace: boolean }) => void;
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
  // The text this box and the source last agreed on: the source's own change is told from the box's echo.
  const agreed = useRef(source.search);
  const fromSource = source.search;
  useEffect(() => {
    if (fromSource === agreed.current) return;
    agreed.current = fromSource;
    setTyped(fromSource);
  }, [fromSource]);
  const { pageSize } = source;
  const write = useEffectEvent((text: string) =>
    source.write({ search: text, page: 1, pageSize }, { replace: true }),
  );
  useEffect(() => {
    if (debounced === agreed.current) return;
    agreed.current = debounced;
    write(debounced);
  }, [debounced]);
  const query: PageQuery = { page: source.page, pageSize, search: source.search };
  const paging: GridPaginationModel = { page: source.page - 1, pageSize };
  // A new page size starts again at the first page; both are Back steps.
  const setPaging = (model: GridPaginationModel) => {
    const page = model.pageSize === pageSize ? model.page : 0;
    if (page === paging.page && model.pageSize === pageSize) return;
    source.write({ search: source.search, page: page + 1, pageSize: model.pageSize }, { replace: false });
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
      pageSizeOptions={[...PAGE_SIZES]}
    />
  );
}
