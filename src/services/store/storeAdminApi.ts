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
import { DOWNLOAD_SHOWN_HERE } from '../http/downloadContext.ts';
import type { CallContext, Http } from '../http/http.ts';
import { UPLOAD_SHOWN_HERE, uploadError } from '../http/uploadError.ts';

/** The owner's side of the store API (authenticated, account-scoped). */

// A refused form, action or setting is shown where it happened, with the server's message (a store ID or a
// category name taken, a field the server refuses): no generic toast beside it.
const SHOWN_HERE: CallContext = { quietStatuses: [400, 409] };
// A link to an order or a product that is gone: the drawer or the editor says so, with a way back.
const GONE_SHOWN_HERE: CallContext = { quietStatuses: [404] };

/** GET /api/ecommerce/stores. */
export const listStores = (http: Http): Promise<Store[]> => http.get('ecommerce/stores').json<Store[]>();

/** POST /api/ecommerce/stores. */
export const createStore = (
  http: Http,
  store: { storeId: string; storeName: string; currency: StoreCurrency },
): Promise<Store> => http.post('ecommerce/stores', { json: store, context: SHOWN_HERE }).json<Store>();

/** GET /api/ecommerce/stores/{storeId}/products: every product, inactive ones too. */
export const listStoreProducts = (
  http: Http,
  storeId: string,
  query: { skip: number; take: number; searchTerm?: string },
): Promise<ProductPage> =>
  http
    .get(`ecommerce/stores/${encodeURIComponent(storeId)}/products`, {
      searchParams: {
        skip: query.skip,
        take: query.take,
        ...(query.searchTerm ? { searchTerm: query.searchTerm } : {}),
      },
    })
    .json<ProductPage>();

/** GET /api/ecommerce/stores/{storeId}/products/{id}: one product, inactive too, wherever it is in the list. */
export const getStoreProduct = (http: Http, storeId: string, id: number): Promise<Product> =>
  http
    .get(`ecommerce/stores/${encodeURIComponent(storeId)}/products/${id}`, { context: GONE_SHOWN_HERE })
    .json<Product>();

/** POST /api/ecommerce/products. */
export const createProduct = (http: Http, storeId: string, input: ProductInput): Promise<Product> =>
  http.post('ecommerce/products', { json: { storeId, ...input }, context: SHOWN_HERE }).json<Product>();

/** PUT /api/ecommerce/products/{id}. */
export const updateProduct = (http: Http, id: number, input: ProductUpdate): Promise<Product> =>
  http.put(`ecommerce/products/${id}`, { json: input, context: SHOWN_HERE }).json<Product>();

/** DELETE /api/ecommerce/products/{id}. */
export async function deleteProduct(http: Http, id: number): Promise<void> {
  await http.delete(`ecommerce/products/${id}`);
}

/** GET /api/ecommerce/categories?storeId (public, read with the app client). */
export const listCategories = (http: Http, storeId: string): Promise<Category[]> =>
  http.get('ecommerce/categories', { searchParams: { storeId } }).json<Category[]>();

/** POST /api/ecommerce/categories: 409 when the store already has a category of that name. */
export const createCategory = (http: Http, storeId: string, name: string): Promise<Category> =>
  http.post('ecommerce/categories', { json: { storeId, name }, context: SHOWN_HERE }).json<Category>();

/** DELETE /api/ecommerce/categories/{id}: its products stay, without a category. */
export async function deleteCategory(http: Http, id: number): Promise<void> {
  await http.delete(`ecommerce/categories/${id}`);
}

const ordersSearch = (query: Omit<OrderListQuery, 'skip' | 'take'> & Partial<OrderListQuery>) => ({
  ...(query.skip === undefined ? {} : { skip: query.skip }),
  ...(query.take === undefined ? {} : { take: query.take }),
  ...(query.status ? { status: query.status } : {}),
  ...(query.searchTerm ? { searchTerm: query.searchTerm } : {}),
});

/** GET /api/ecommerce/stores/{storeId}/orders: one page of the owner's orders, newest first, with the buyers. */
export const listStoreOrders = (http: Http, storeId: string, query: OrderListQuery): Promise<OrderPage> =>
  http
    .get(`ecommerce/stores/${encodeURIComponent(storeId)}/orders`, { searchParams: ordersSearch(query) })
    .json<OrderPage>();

/** GET /api/ecommerce/stores/{storeId}/orders/{id}: one order of the store, wherever it is in the list. */
export const getStoreOrder = (http: Http, storeId: string, id: string): Promise<OrderDetails> =>
  http
    .get(`ecommerce/stores/${encodeURIComponent(storeId)}/orders/${encodeURIComponent(id)}`, {
      context: GONE_SHOWN_HERE,
    })
    .json<OrderDetails>();

/** GET /api/ecommerce/stores/{storeId}/orders.csv: every order matching the filters, as a CSV file. */
export const exportOrdersCsv = (
  http: Http,
  storeId: string,
  filters: Pick<OrderListQuery, 'status' | 'searchTerm'>,
): Promise<Blob> =>
  http
    .get(`ecommerce/stores/${encodeURIComponent(storeId)}/orders.csv`, {
      searchParams: ordersSearch(filters),
      context: DOWNLOAD_SHOWN_HERE,
    })
    .blob();

// Background reads: a failure leaves what shows as it was, without a toast every time.
const QUIET_POLL: CallContext = { background: true };

/** PATCH /api/ecommerce/orders/{id}: mark paid, ready for pickup, shipped, completed, or cancel. */
export const applyOrderAction = (http: Http, id: string, action: OrderAction): Promise<OrderDetails> =>
  http
    .patch(`ecommerce/orders/${encodeURIComponent(id)}`, { json: action, context: SHOWN_HERE })
    .json<OrderDetails>();

/** GET /api/ecommerce/stores/{storeId}/settings. */
export const getStoreSettings = (http: Http, storeId: string): Promise<StoreSettings> =>
  http.get(`ecommerce/stores/${encodeURIComponent(storeId)}/settings`).json<StoreSettings>();

/** PUT /api/ecommerce/stores/{storeId}/settings: 400 with a message naming the field. */
export const saveStoreSettings = (
  http: Http,
  storeId: string,
  settings: StoreSettings,
): Promise<StoreSettings> =>
  http
    .put(`ecommerce/stores/${encodeURIComponent(storeId)}/settings`, { json: settings, context: SHOWN_HERE })
    .json<StoreSettings>();

/** GET /api/ecommerce/stores/{storeId}/checkout (public): what buyers may choose now (card only with Stripe). */
export const getCheckoutOptions = (http: Http, storeId: string): Promise<CheckoutOptions> =>
  http
    .get(`ecommerce/stores/${encodeURIComponent(storeId)}/checkout`, { context: QUIET_POLL })
    .json<CheckoutOptions>();

/**
 * POST /api/upload/image: the product photo's URL (no data-URL fallback: products take only real URLs). A failure
 * rejects in the words of spec §8, as the builder's uploads do.
 */
export async function uploadProductImage(http: Http, file: File): Promise<string> {
  const body = new FormData();
  body.append('image', file);
  try {
    return (await http.post('upload/image', { body, context: UPLOAD_SHOWN_HERE }).json<{ url: string }>())
      .url;
  } catch (error) {
    throw uploadError(error);
  }
}
