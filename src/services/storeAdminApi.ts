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
import type { Http } from './http.ts';

/** The owner's side of the store API (authenticated, account-scoped). */

/** GET /api/ecommerce/stores. */
export const listStores = (http: Http): Promise<Store[]> => http.get('ecommerce/stores').json<Store[]>();

/** POST /api/ecommerce/stores. */
export const createStore = (
  http: Http,
  store: { storeId: string; storeName: string; currency: StoreCurrency },
): Promise<Store> => http.post('ecommerce/stores', { json: store }).json<Store>();

/** GET /api/ecommerce/stores/{storeId}/products: every product, inactive ones too. */
export const listStoreProducts = (
  http: Http,
  storeId: string,
  query: { skip: number; take: number; searchTerm?: string },
): Promise<Paged<Product>> =>
  http
    .get(`ecommerce/stores/${encodeURIComponent(storeId)}/products`, {
      searchParams: {
        skip: query.skip,
        take: query.take,
        ...(query.searchTerm ? { searchTerm: query.searchTerm } : {}),
      },
    })
    .json<Paged<Product>>();

/** POST /api/ecommerce/products. */
export const createProduct = (http: Http, storeId: string, input: ProductInput): Promise<Product> =>
  http.post('ecommerce/products', { json: { storeId, ...input } }).json<Product>();

/** PUT /api/ecommerce/products/{id}. */
export const updateProduct = (http: Http, id: number, input: ProductInput): Promise<Product> =>
  http.put(`ecommerce/products/${id}`, { json: input }).json<Product>();

/** DELETE /api/ecommerce/products/{id}. */
export async function deleteProduct(http: Http, id: number): Promise<void> {
  await http.delete(`ecommerce/products/${id}`);
}

/** GET /api/ecommerce/categories?storeId (public, read with the app client). */
export const listCategories = (http: Http, storeId: string): Promise<Category[]> =>
  http.get('ecommerce/categories', { searchParams: { storeId } }).json<Category[]>();

/** POST /api/ecommerce/categories: 409 when the store already has a category of that name. */
export const createCategory = (http: Http, storeId: string, name: string): Promise<Category> =>
  http.post('ecommerce/categories', { json: { storeId, name } }).json<Category>();

/** DELETE /api/ecommerce/categories/{id}: its products stay, without a category. */
export async function deleteCategory(http: Http, id: number): Promise<void> {
  await http.delete(`ecommerce/categories/${id}`);
}

/** GET /api/ecommerce/stores/{storeId}/orders. */
export const listStoreOrders = (
  http: Http,
  storeId: string,
  query: { skip: number; take: number },
): Promise<Paged<Order>> =>
  http
    .get(`ecommerce/stores/${encodeURIComponent(storeId)}/orders`, { searchParams: query })
    .json<Paged<Order>>();

/** PATCH /api/ecommerce/orders/{id}: placed → paid → fulfilled, or cancelled. */
export const changeOrderStatus = (http: Http, id: string, status: OrderStatus): Promise<Order> =>
  http.patch(`ecommerce/orders/${encodeURIComponent(id)}`, { json: { status } }).json<Order>();

/** POST /api/upload/image: the product photo's URL (no data-URL fallback: products take only real URLs). */
export async function uploadProductImage(http: Http, file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  return (await http.post('upload/image', { body }).json<{ url: string }>()).url;
}
