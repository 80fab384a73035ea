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
  Order,
  OrderStatus,
  Paged,
  Product,
  ProductInput,
  Store,
  StoreCurrency,
} from '../contracts/store.ts';
import { useHttp } from './httpContext.ts';
import {
  changeOrderStatus,
  createCategory,
  createProduct,
  createStore,
  deleteCategory,
  deleteProduct,
  listCategories,
  listStoreOrders,
  listStoreProducts,
  listStores,
  updateProduct,
  uploadProductImage,
} from './storeAdminApi.ts';
import { createStoreClient, type StoreClient } from './storeClient.ts';

/** TanStack Query keys of the store's data. */
export const storeKeys = {
  stores: ['ecommerce', 'stores'] as const,
  ownerProducts: (storeId: string) => ['ecommerce', 'ownerProducts', storeId] as const,
  orders: (storeId: string) => ['ecommerce', 'orders', storeId] as const,
  categories: (storeId: string) => ['ecommerce', 'categories', storeId] as const,
  catalogue: (storeId: string) => ['ecommerce', 'catalogue', storeId] as const,
  product: (storeId: string, productId: number) => ['ecommerce', 'product', storeId, productId] as const,
};

let sharedClient: StoreClient | null = null;
/** The shoppers' client on the configured store API base (one per page). */
export function storeClient(): StoreClient {
  sharedClient ??= createStoreClient();
  return sharedClient;
}

/** The account's stores. */
export function useStores(): UseQueryResult<Store[]> {
  const http = useHttp();
  return useQuery({ queryKey: storeKeys.stores, queryFn: () => listStores(http) });
}

/** One page of a store's products as its owner sees them (inactive ones too). */
export function useOwnerProducts(
  storeId: string,
  page: { skip: number; take: number; searchTerm: string },
): UseQueryResult<Paged<Product>> {
  const http = useHttp();
  return useQuery({
    queryKey: [...storeKeys.ownerProducts(storeId), page],
    queryFn: () => listStoreProducts(http, storeId, page),
    placeholderData: keepPreviousData,
  });
}

/** One page of a store's orders, newest first. */
export function useStoreOrders(
  storeId: string,
  page: { skip: number; take: number },
): UseQueryResult<Paged<Order>> {
  const http = useHttp();
  return useQuery({
    queryKey: [...storeKeys.orders(storeId), page],
    queryFn: () => listStoreOrders(http, storeId, page),
    placeholderData: keepPreviousData,
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
export function useCatalogue(storeId: string): UseQueryResult<Paged<Product>> {
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

const invalidateCatalogue = (queryClient: ReturnType<typeof useQueryClient>, storeId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: storeKeys.ownerProducts(storeId) }),
    queryClient.invalidateQueries({ queryKey: storeKeys.catalogue(storeId) }),
    queryClient.invalidateQueries({ queryKey: ['ecommerce', 'product', storeId] }),
  ]);

/** Creates (no id) or replaces (with an id) a product, then refreshes the catalogue. */
export function useSaveProduct(
  storeId: string,
): UseMutationResult<Product, Error, { id: number | null; input: ProductInput }> {
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

/** Moves an order on; a cancellation returns stock, so the catalogue is refreshed too. */
export function useChangeOrderStatus(
  storeId: string,
): UseMutationResult<Order, Error, { id: string; status: OrderStatus }> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }) => changeOrderStatus(http, id, status),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: storeKeys.orders(storeId) }),
        invalidateCatalogue(queryClient, storeId),
      ]),
  });
}

export function useUploadProductImage(): UseMutationResult<string, Error, File> {
  const http = useHttp();
  return useMutation({ mutationFn: (file) => uploadProductImage(http, file) });
}
