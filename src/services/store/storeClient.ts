import type {
  Cart,
  Category,
  CheckoutInput,
  CheckoutOptions,
  Order,
  PlacedOrderResponse,
  Product,
  ProductPage,
} from '../../contracts/store.ts';

/**
 * The shoppers' side of the store API (`/api/ecommerce`, no authentication, spec §7). Plain `fetch`, so
 * the same client runs in the dashboard and in a published site's script.
 */
export type StoreClient = {
  listProducts(query: {
    storeId: string;
    skip?: number;
    take?: number;
    categoryId?: number;
    searchTerm?: string;
  }): Promise<ProductPage>;
  getProduct(storeId: string, id: number): Promise<Product>;
  listCategories(storeId: string): Promise<Category[]>;
  createCart(storeId: string, customerId: string): Promise<Cart>;
  getCart(cartId: string): Promise<Cart>;
  addItem(cartId: string, productId: number, quantity: number): Promise<Cart>;
  updateItem(cartId: string, itemId: number, quantity: number): Promise<Cart>;
  removeItem(cartId: string, itemId: number): Promise<Cart>;
  /** The store's public checkout choices (delivery, payment, totals rules). */
  getCheckoutOptions(storeId: string): Promise<CheckoutOptions>;
  placeOrder(input: CheckoutInput, idempotencyKey: string): Promise<PlacedOrderResponse>;
  getOrder(id: string): Promise<Order>;
};

/** A failed store call: its status (0 without a response) and a message for people. */
export class StoreApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'StoreApiError';
    this.status = status;
  }
}

/**
 * The store API base: `VITE_STORE_API_BASE` when the build sets it, otherwise this page's origin.
 * (Read once at call time so that server-side imports without Vite do not fail.)
 */
export function storeApiBase(): string {
  const fromBuild = (import.meta as { env?: Record<string, string | undefined> }).env?.VITE_STORE_API_BASE;
  return fromBuild?.trim() || globalThis.location?.origin || '';
}

/** A store client on `baseUrl` (an origin, e.g. https://shop.example.com). */
export function createStoreClient(
  baseUrl: string = storeApiBase(),
  fetchImpl: typeof fetch = fetch,
): StoreClient {
  const root = `${baseUrl.replace(/\/+$/, '')}/api/ecommerce`;
  const call = async <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    let response: Response;
    try {
      response = await fetchImpl(`${root}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch {
      throw new StoreApiError(0, 'Network error');
    }
    if (!response.ok) {
      // Spec §8: 'API Error: {status text}', unless the server says something more precise.
      const data = (await response.json().catch(() => null)) as { message?: unknown } | null;
      const message = typeof data?.message === 'string' ? data.message : `API Error: ${response.statusText}`;
      throw new StoreApiError(response.status, message);
    }
    return (await response.json()) as T;
  };
  const id = (value: string | number) => encodeURIComponent(String(value));
  return {
    listProducts: ({ storeId, skip = 0, take = 20, categoryId, searchTerm }) => {
      const query = new URLSearchParams({ storeId, skip: String(skip), take: String(take) });
      if (categoryId !== undefined) query.set('categoryId', String(categoryId));
      if (searchTerm) query.set('searchTerm', searchTerm);
      return call('GET', `/products?${query}`);
    },
    getProduct: (storeId, productId) => call('GET', `/products/${id(productId)}?storeId=${id(storeId)}`),
    listCategories: (storeId) => call('GET', `/categories?storeId=${id(storeId)}`),
    createCart: (storeId, customerId) => call('POST', '/cart', { storeId, customerId }),
    getCart: (cartId) => call('GET', `/cart/${id(cartId)}`),
    addItem: (cartId, productId, quantity) =>
      call('POST', `/cart/${id(cartId)}/items`, { productId, quantity }),
    updateItem: (cartId, itemId, quantity) =>
      call('PATCH', `/cart/${id(cartId)}/items/${id(itemId)}`, { quantity }),
    removeItem: (cartId, itemId) => call('DELETE', `/cart/${id(cartId)}/items/${id(itemId)}`),
    getCheckoutOptions: (storeId) => call('GET', `/stores/${id(storeId)}/checkout`),
    placeOrder: (input, idempotencyKey) =>
      call('POST', '/orders', input, { 'idempotency-key': idempotencyKey }),
    getOrder: (orderId) => call('GET', `/orders/${id(orderId)}`),
  };
}
