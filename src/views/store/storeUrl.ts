import { appRoute, type RouteParams, STORE_TABS, type StoreTab } from '../../contracts/appRoutes.ts';
import type { OrderStatus } from '../../contracts/store.ts';
import { useNavigate, useRoute } from '../common/useRoute.ts';

export { STORE_TABS, type StoreTab };

export type StoreUrl = {
  tab: StoreTab | null;
  storeId: string | null;
  status: OrderStatus | null;
  search: string;
  orderId: string | null;
  /** The product open in its editor: an id, or `new` for a product being added. */
  productId: string | null;
};

type StoreParams = RouteParams<'store'>;

/**
 * The store admin's place as the address says it (`/store/orders?store=…&status=…&q=…&order=…`,
 * `/store/products?store=…&product=…`, see contracts/appRoutes.ts) and the moves between places: a tab, a
 * store, an order, a product's editor (Back steps) and the Orders filters (no Back step while typing).
 */
export function useStoreUrl() {
  const route = useRoute();
  const navigate = useNavigate();
  const params: StoreParams = route.name === 'store' ? route.params : {};
  const go = (next: StoreParams, replace = false) => navigate(appRoute('store', next), { replace });
  const url: StoreUrl = {
    tab: params.tab ?? null,
    storeId: params.store ?? null,
    status: params.status ?? null,
    search: params.q ?? '',
    orderId: params.order ?? null,
    productId: params.product ?? null,
  };
  return {
    ...url,
    openStoreTab: (tab: StoreTab) => go({ ...params, tab, order: undefined, product: undefined }),
    chooseStore: (storeId: string) => go({ tab: params.tab, store: storeId }),
    setOrderFilters: (filters: { status?: OrderStatus | null; search?: string }) =>
      go(
        {
          ...params,
          ...(filters.status === undefined ? {} : { status: filters.status ?? undefined }),
          ...(filters.search === undefined ? {} : { q: filters.search || undefined }),
        },
        true,
      ),
    openOrder: (orderId: string | null) => go({ ...params, order: orderId ?? undefined }),
    openProduct: (productId: string | null) => go({ ...params, product: productId ?? undefined }),
  };
}
