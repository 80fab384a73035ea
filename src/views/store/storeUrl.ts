import { ORDER_STATUSES, type OrderStatus } from '../../contracts/store.ts';
import { setUrlQuery, useUrlQuery } from '../common/useUrlQuery.ts';

/** The store admin's tabs, each with its own URL (`/?storeTab=orders`). */
export const STORE_TABS = ['products', 'orders', 'settings', 'stores'] as const;
export type StoreTab = (typeof STORE_TABS)[number];

/** Every query parameter the store section owns (dropped when the owner leaves it). */
export const STORE_URL_KEYS = ['storeTab', 'store', 'status', 'q', 'order'] as const;

/** Whether the page was opened on a store admin URL (the dashboard then starts on the store). */
export const isStoreUrl = (search: string): boolean => {
  const params = new URLSearchParams(search);
  return params.has('storeTab') || params.has('store');
};

/** Removes the store's parameters from the URL (leaving the section). */
export function clearStoreUrl(): void {
  setUrlQuery(Object.fromEntries(STORE_URL_KEYS.map((key) => [key, null])));
}

export type StoreUrl = {
  tab: StoreTab | null;
  storeId: string | null;
  status: OrderStatus | null;
  search: string;
  orderId: string | null;
};

/** The store admin's place as the URL says it: tab, store, the Orders filters and the open order. */
export function useStoreUrl(): StoreUrl {
  const params = useUrlQuery();
  const tab = params.get('storeTab');
  const status = params.get('status');
  return {
    tab: (STORE_TABS as readonly string[]).includes(tab ?? '') ? (tab as StoreTab) : null,
    storeId: params.get('store'),
    status: (ORDER_STATUSES as readonly string[]).includes(status ?? '') ? (status as OrderStatus) : null,
    search: params.get('q') ?? '',
    orderId: params.get('order'),
  };
}

export const openStoreTab = (tab: StoreTab) => setUrlQuery({ storeTab: tab, order: null }, 'push');
export const chooseStore = (storeId: string) =>
  setUrlQuery({ store: storeId, order: null, status: null, q: null }, 'push');
export const setOrderFilters = (filters: { status?: OrderStatus | null; search?: string }) =>
  setUrlQuery({
    ...(filters.status === undefined ? {} : { status: filters.status }),
    ...(filters.search === undefined ? {} : { q: filters.search }),
  });
export const openOrder = (orderId: string | null) => setUrlQuery({ order: orderId }, 'push');
