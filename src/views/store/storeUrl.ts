import { appRoute, type RouteParams, STORE_TABS, type StoreTab } from '../../contracts/appRoutes.ts';
import { MAX_SKIP, type OrderStatus } from '../../contracts/store.ts';
import { useNavigate, useRoute } from '../common/useRoute.ts';
import { type PageSizes, type PlaceSource, pageOf, pageSizeOf, shownOf } from '../common/useServerPaging.ts';

export { STORE_TABS, type StoreTab };

export type StoreUrl = {
  tab: StoreTab | null;
  storeId: string | null;
  status: OrderStatus | null;
  search: string;
  orderId: string | null;
  /** The product open in its editor: an id, or `new` for a product being added. */
  productId: string | null;
  /** The tab's list's 1-based page and page size (the Products search is `search`). */
  page: number;
  pageSize: number;
};

type StoreParams = RouteParams<'store'>;

/** The Orders list's page sizes (the Products list has the app's usual ones). */
export const ORDER_PAGE_SIZES: PageSizes = { sizes: [10, 25, 50, 100], fallback: 25 };

/**
 * The store admin's place as the address says it (`/store/orders?store=…&status=…&q=…&order=…`,
 * `/store/products?store=…&q=…&page=…&product=…`, see contracts/appRoutes.ts) and the moves between places: a
 * tab, a store, an order, a product's editor, a page of products or orders (Back steps) and the filters (no Back step
 * while typing). A tab's search and filters are its own: another tab starts without them (Back returns to them).
 */
export function useStoreUrl() {
  const route = useRoute();
  const navigate = useNavigate();
  const params: StoreParams = route.name === 'store' ? route.params : {};
  const go = (next: StoreParams, replace = false) => navigate(appRoute('store', next), { replace });
  const sizes = params.tab === 'orders' ? ORDER_PAGE_SIZES : undefined;
  const pageSize = pageSizeOf(params.size, sizes);
  const url: StoreUrl = {
    tab: params.tab ?? null,
    storeId: params.store ?? null,
    status: params.status ?? null,
    search: params.q ?? '',
    orderId: params.order ?? null,
    productId: params.product ?? null,
    page: pageOf(params.page, Math.floor(MAX_SKIP / pageSize) + 1),
    pageSize,
  };
  return {
    ...url,
    openStoreTab: (tab: StoreTab) => go({ tab, store: params.store }),
    chooseStore: (storeId: string) => go({ tab: params.tab, store: storeId }),
    /** The Orders status filter: it starts again at the first page, without a Back step. */
    setOrderStatus: (status: OrderStatus | null) =>
      go({ ...params, status: status ?? undefined, page: undefined }, true),
    openOrder: (orderId: string | null) => go({ ...params, order: orderId ?? undefined }),
    openProduct: (productId: string | null) => go({ ...params, product: productId ?? undefined }),
    /** The tab's list's search and page as `useServerPaging` reads and writes them (the first page and the
     * default size are left out of the address). */
    listPlace: {
      search: url.search,
      page: url.page,
      pageSize: url.pageSize,
      write: (place, options) =>
        go({ ...params, q: place.search || undefined, ...shownOf(place, sizes) }, options.replace),
    } satisfies PlaceSource,
  };
}
