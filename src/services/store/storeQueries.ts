import {
  keepPreviousData,
  type UseMutationResult,
  type UseQueryResult,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  Category,
  CheckoutOptions,
  OrderAction,
  OrderDetails,
  OrderListQuery,
  OrderPage,
  Product,
  ProductInput,
  ProductPage,
  ProductUpdate,
  Store,
  StoreCurrency,
  StoreSettings,
} from '../../contracts/store.ts';
import { useHttp } from '../http/httpContext.ts';
import {
  applyOrderAction,
  createCategory,
  createProduct,
  createStore,
  deleteCategory,
  deleteProduct,
  exportOrdersCsv,
  getCheckoutOptions,
  getStoreOrder,
  getStoreProduct,
  getStoreSettings,
  listCategories,
  listStoreOrders,
  listStoreProducts,
  listStores,
  saveStoreSettings,
  updateProduct,
  uploadProductImage,
} from './storeAdminApi.ts';
import { createStoreClient, type StoreClient } from './storeClient.ts';
import { storeKeys } from './storeKeys.ts';

export { storeKeys } from './storeKeys.ts';

let sharedClient: StoreClient | null = null;
/** The shoppers' client on the configured store API base (one per page). */
export function storeClient(): StoreClient {
  sharedClient ??= createStoreClient();
  return sharedClient;
}

const invalidateCatalogue = (queryClient: ReturnType<typeof useQueryClient>, storeId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: storeKeys.ownerProducts(storeId) }),
    queryClient.invalidateQueries({ queryKey: storeKeys.catalogue(storeId) }),
    queryClient.invalidateQueries({ queryKey: ['ecommerce', 'product', storeId] }),
  ]);

/** The account's stores. */
export function useStores(): UseQueryResult<Store[]> {
  const http = useHttp();
  return useQuery({ queryKey: storeKeys.stores, queryFn: () => listStores(http) });
}

/**
 * The account's first store, which a new store element or a template's shows: null while it has none, undefined
 * while the list is read.
 */
export function useFirstStore(): Store | null | undefined {
  const stores = useStores().data;
  return stores ? (stores[0] ?? null) : undefined;
}

/** One page of a store's products as its owner sees them (inactive ones too). */
export function useOwnerProducts(
  storeId: string,
  page: { skip: number; take: number; searchTerm: string },
): UseQueryResult<ProductPage> {
  const http = useHttp();
  return useQuery({
    queryKey: [...storeKeys.ownerProducts(storeId), page],
    queryFn: () => listStoreProducts(http, storeId, page),
    placeholderData: keepPreviousData,
  });
}

/**
 * One product by its id, for a link to a product the list's page does not hold (another page, a search);
 * `enabled` false while the list may still show it. Under the owner's product pages, so a save refreshes it.
 */
export function useOwnerProduct(
  storeId: string,
  id: number | null,
  enabled: boolean,
): UseQueryResult<Product> {
  const http = useHttp();
  return useQuery({
    queryKey: [...storeKeys.ownerProducts(storeId), 'one', id],
    queryFn: () => getStoreProduct(http, storeId, id ?? 0),
    enabled: enabled && id !== null,
    retry: false,
  });
}

/**
 * One page of a store's orders (newest first, with the buyers). A new or changed order shows up without a
 * reload: the account's live event stream invalidates these queries (services/liveEventKeys.ts).
 */
export function useStoreOrders(storeId: string, query: OrderListQuery): UseQueryResult<OrderPage> {
  const http = useHttp();
  return useQuery({
    queryKey: [...storeKeys.orders(storeId), query],
    queryFn: () => listStoreOrders(http, storeId, query),
    placeholderData: keepPreviousData,
  });
}

/**
 * One order by its id, for a link to an order the list's page does not hold (an older order, another page);
 * `enabled` false while the list may still show it.
 */
export function useStoreOrder(
  storeId: string,
  id: string | null,
  enabled: boolean,
): UseQueryResult<OrderDetails> {
  const http = useHttp();
  return useQuery({
    queryKey: storeKeys.order(storeId, id ?? ''),
    queryFn: () => getStoreOrder(http, storeId, id ?? ''),
    enabled: enabled && id !== null,
    retry: false,
  });
}

/** Downloads orders.csv with the list's filters (the file itself is saved by the view). */
export function useExportOrders(
  storeId: string,
): UseMutationResult<Blob, Error, Pick<OrderListQuery, 'status' | 'searchTerm'>> {
  const http = useHttp();
  return useMutation({ mutationFn: (filters) => exportOrdersCsv(http, storeId, filters) });
}

/**
 * Applies an owner's action to an order, then refreshes the list, the badge and (a cancellation returns
 * stock) the catalogue.
 */
export function useOrderAction(
  storeId: string,
): UseMutationResult<OrderDetails, Error, { id: string; action: OrderAction }> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }) => applyOrderAction(http, id, action),
    // The open drawer and the row show the new state at once; the refetch then confirms it.
    onSuccess: (updated) => {
      queryClient.setQueriesData<OrderPage>({ queryKey: storeKeys.orders(storeId) }, (page) =>
        page
          ? { ...page, results: page.results.map((order) => (order.id === updated.id ? updated : order)) }
          : page,
      );
      queryClient.setQueryData<OrderDetails>(storeKeys.order(storeId, updated.id), (order) =>
        order ? updated : order,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: storeKeys.orders(storeId) }),
        queryClient.invalidateQueries({ queryKey: storeKeys.storeOrders(storeId) }),
        queryClient.invalidateQueries({ queryKey: storeKeys.ordersSummary }),
        invalidateCatalogue(queryClient, storeId),
      ]),
  });
}

/** A store's checkout settings (owner only). */
export function useStoreSettings(storeId: string): UseQueryResult<StoreSettings> {
  const http = useHttp();
  return useQuery({ queryKey: storeKeys.settings(storeId), queryFn: () => getStoreSettings(http, storeId) });
}

/** Saves a store's checkout settings; what buyers are offered changes with them. */
export function useSaveStoreSettings(
  storeId: string,
): UseMutationResult<StoreSettings, Error, StoreSettings> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings) => saveStoreSettings(http, storeId, settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(storeKeys.settings(storeId), saved);
      return queryClient.invalidateQueries({ queryKey: storeKeys.checkout(storeId) });
    },
  });
}

/**
 * What the owner typed in a store's settings form and has not saved yet: kept in the app's query client
 * (never sent, never garbage-collected) so leaving the tab loses nothing; `undefined` forgets it.
 */
export function useSettingsDraft<T>(storeId: string): {
  read: () => T | undefined;
  keep: (draft: T | undefined) => void;
} {
  const queryClient = useQueryClient();
  const key = ['ecommerce', 'settingsDraft', storeId];
  queryClient.setQueryDefaults(['ecommerce', 'settingsDraft'], { gcTime: Number.POSITIVE_INFINITY });
  return {
    read: () => queryClient.getQueryData<T>(key),
    keep: (draft) =>
      draft === undefined
        ? queryClient.removeQueries({ queryKey: key })
        : queryClient.setQueryData(key, draft),
  };
}

/** What a buyer of the store may choose now (card only while Stripe is configured on the server). */
export function useCheckoutOptions(storeId: string): UseQueryResult<CheckoutOptions> {
  const http = useHttp();
  return useQuery({
    queryKey: storeKeys.checkout(storeId),
    queryFn: () => getCheckoutOptions(http, storeId),
    retry: false,
  });
}

/** A store's categories, by name. */
export function useCategories(storeId: string): UseQueryResult<Category[]> {
  const http = useHttp();
  return useQuery({
    queryKey: storeKeys.categories(storeId),
    queryFn: () => listCategories(http, storeId),
    enabled: storeId !== '',
  });
}

/** The public catalogue's first page (what a storefront and the canvas show). */
export function useCatalogue(storeId: string): UseQueryResult<ProductPage> {
  return useQuery({
    queryKey: storeKeys.catalogue(storeId),
    queryFn: () => storeClient().listProducts({ storeId }),
    enabled: storeId !== '',
    retry: false,
  });
}

/** One public product; disabled without a product id. */
export function useCatalogueProduct(storeId: string, productId: number | null): UseQueryResult<Product> {
  return useQuery({
    queryKey: storeKeys.product(storeId, productId ?? 0),
    queryFn: () => storeClient().getProduct(storeId, productId ?? 0),
    enabled: storeId !== '' && productId !== null && productId > 0,
    retry: false,
  });
}

/** Creates a store and refreshes the list. */
export function useCreateStore(): UseMutationResult<
  Store,
  Error,
  { storeId: string; storeName: string; currency: StoreCurrency }
> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (store) => createStore(http, store),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.stores }),
  });
}

/** Creates (no id) a product or changes (with an id) the fields sent of one, then refreshes the catalogue. */
export function useSaveProduct(
  storeId: string,
): UseMutationResult<
  Product,
  Error,
  { id: null; input: ProductInput } | { id: number; input: ProductUpdate }
> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }) =>
      id === null ? createProduct(http, storeId, input) : updateProduct(http, id, input),
    onSettled: () => invalidateCatalogue(queryClient, storeId),
  });
}

export function useDeleteProduct(storeId: string): UseMutationResult<void, Error, number> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id) => deleteProduct(http, id),
    onSettled: () => invalidateCatalogue(queryClient, storeId),
  });
}

export function useCreateCategory(storeId: string): UseMutationResult<Category, Error, string> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name) => createCategory(http, storeId, name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeKeys.categories(storeId) }),
  });
}

/** Deletes a category; its products lose it, so the catalogue is refreshed too. */
export function useDeleteCategory(storeId: string): UseMutationResult<void, Error, number> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id) => deleteCategory(http, id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: storeKeys.categories(storeId) }),
        invalidateCatalogue(queryClient, storeId),
      ]),
  });
}

export function useUploadProductImage(): UseMutationResult<string, Error, File> {
  const http = useHttp();
  return useMutation({ mutationFn: (file) => uploadProductImage(http, file) });
}
