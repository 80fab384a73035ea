import type { GridPaginationModel } from '@mui/x-data-grid';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { MAX_LIST_PAGE } from '../../contracts/listPaging.ts';
import { useDebounced } from './useDebounced.ts';

/** What a server-paged list asks the server for: a 1-based page, its size and the (debounced) search. */
export type PageQuery = { page: number; pageSize: number; search: string };

/** The page sizes a server-paged list offers; the first screen of a list shows `DEFAULT_PAGE_SIZE` rows. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** A list's page sizes, the first screen's among them. */
export type PageSizes = { sizes: readonly number[]; fallback: number };
const LIST_SIZES: PageSizes = { sizes: PAGE_SIZES, fallback: DEFAULT_PAGE_SIZE };

/** A page size read from the address: one the list offers (`PAGE_SIZES`), else its default. */
export function pageSizeOf(text: string | undefined, { sizes, fallback }: PageSizes = LIST_SIZES): number {
  const size = Number(text);
  return sizes.includes(size) ? size : fallback;
}

/**
 * A 1-based page read from the address: a whole number from 1 to the last page the server serves (`last`,
 * the CRM's by default), else 1.
 */
export function pageOf(text: string | undefined, last = MAX_LIST_PAGE): number {
  return Math.min(last, Math.max(1, Math.trunc(Number(text ?? 1)) || 1));
}

/** A list's place: its search, its 1-based page and its page size. */
export type ListPlace = { search: string; page: number; pageSize: number };

/** Where a list's place is kept outside it (the address): as read, and how to change it. */
export type PlaceSource = ListPlace & {
  write: (place: ListPlace, options: { replace: boolean }) => void;
};

/**
 * The search box and paging of a server-paged list (CRM contacts, leads, activities; store products), kept in `source` (the
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

/** The page and size as the address shows them: left out when they are the first page and the default size. */
export function shownOf(place: { page: number; pageSize: number }, { fallback }: PageSizes = LIST_SIZES) {
  return {
    page: place.page > 1 ? String(place.page) : undefined,
    size: place.pageSize === fallback ? undefined : String(place.pageSize),
  };
}
