// Apart from storeQueries.ts so the live-event keys and the sidebar badge do not bring the store's queries.
/** TanStack Query keys of the store's data. */
export const storeKeys = {
  stores: ['ecommerce', 'stores'] as const,
  ownerProducts: (storeId: string) => ['ecommerce', 'ownerProducts', storeId] as const,
  orders: (storeId: string) => ['ecommerce', 'orders', storeId] as const,
  /** Orders opened by their link, one by one (beside the pages of `orders`, whose cache holds pages only). */
  storeOrders: (storeId: string) => ['ecommerce', 'order', storeId] as const,
  order: (storeId: string, id: string) => ['ecommerce', 'order', storeId, id] as const,
  ordersSummary: ['ecommerce', 'ordersSummary'] as const,
  settings: (storeId: string) => ['ecommerce', 'settings', storeId] as const,
  checkout: (storeId: string) => ['ecommerce', 'checkout', storeId] as const,
  categories: (storeId: string) => ['ecommerce', 'categories', storeId] as const,
  catalogue: (storeId: string) => ['ecommerce', 'catalogue', storeId] as const,
  product: (storeId: string, productId: number) => ['ecommerce', 'product', storeId, productId] as const,
};
