/**
 * The online store's shapes and constants (spec builder-store-crm §3, §9), shared by the client and
 * the server. (The server imports this module; keep it free of browser APIs.)
 */

export const STORE_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export type StoreCurrency = (typeof STORE_CURRENCIES)[number];
export const DEFAULT_CURRENCY: StoreCurrency = 'USD';
export const DEFAULT_STORE_ID = 'default-store';
export const PRODUCT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const ORDER_STATUSES = ['placed', 'paid', 'fulfilled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The changes an owner may make to an order's status; cancelling returns the stock. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['paid', 'cancelled'],
  paid: ['fulfilled', 'cancelled'],
  fulfilled: [],
  cancelled: [],
};

export type Store = { storeId: string; storeName: string; currency: StoreCurrency; createdAt: string };

export type Category = { id: number; storeId: string; name: string };

export type Product = {
  id: number;
  storeId: string;
  name: string;
  code: string;
  price: number;
  currency: StoreCurrency;
  description: string;
  imageUrl: string;
  inventoryQuantity: number;
  isActive: boolean;
  rating: number;
  originalPrice: number | null;
  categoryId: number | null;
};

/** What an owner sends to create or replace a product (prices as decimal amounts). */
export type ProductInput = {
  name: string;
  code?: string;
  price: number;
  currency?: StoreCurrency;
  description?: string;
  imageUrl?: string;
  inventoryQuantity?: number;
  isActive?: boolean;
  rating?: number;
  originalPrice?: number | null;
  categoryId?: number | null;
};

export type Paged<T> = { results: T[]; totalCount: number };

export type CartItem = {
  id: number;
  productId: number;
  productName: string;
  price: number;
  quantity: number;
  total: number;
};

export type Cart = {
  id: string;
  storeId: string;
  items: CartItem[];
  total: number;
  currency: StoreCurrency;
  /** Set once the cart has been checked out. */
  orderId: string | null;
};

export type OrderItem = { productId: number | null; productName: string; price: number; quantity: number };

export type Order = {
  id: string;
  storeId: string;
  customerId: string;
  status: OrderStatus;
  total: number;
  currency: StoreCurrency;
  createdDate: string;
  items: OrderItem[];
};

/** Cents to a decimal amount and back, without float drift. */
export const fromCents = (cents: number): number => Math.round(cents) / 100;
export const toCents = (amount: number): number => Math.round(amount * 100);

/** The cart without one item, its total recomputed: the local fallback when a removal fails. */
export function withoutItem(cart: Cart, itemId: number): Cart {
  const items = cart.items.filter((item) => item.id !== itemId);
  return { ...cart, items, total: fromCents(items.reduce((sum, item) => sum + toCents(item.total), 0)) };
}

/** The number of units in a cart, as the 'Cart (n)' header shows it. */
export const cartCount = (cart: Cart | null): number =>
  cart ? cart.items.reduce((sum, item) => sum + item.quantity, 0) : 0;

/** An empty cart kept only in the browser: the fallback when cart creation fails. */
export const emptyLocalCart = (storeId: string, currency: StoreCurrency = DEFAULT_CURRENCY): Cart => ({
  id: '',
  storeId,
  items: [],
  total: 0,
  currency,
  orderId: null,
});

/** Product-card clamps (spec §5): rating 0..5, stock ≥ 0, quantity 1..stock. */
export const clampRating = (rating: number): number => Math.min(5, Math.max(0, rating));
export const clampStock = (stock: number): number => Math.max(0, Math.floor(stock));
export const clampQuantity = (quantity: number, stock: number): number =>
  Math.min(Math.max(1, Math.floor(quantity) || 1), Math.max(1, clampStock(stock)));

/** Formats an amount in a store currency, e.g. $99.99. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** What the cart says when the store cannot answer (spec §8, word for word): the machine and the published grid. */
export const PRODUCTS_FAILED_MESSAGE = 'Failed to load products';
export const CART_FAILED_MESSAGE = 'Failed to load cart';
export const ORDER_PLACED_MESSAGE = 'Order placed successfully!';
export const ORDER_FAILED_MESSAGE = 'Error placing order. Please try again.';

/** Shown when the catalogue cannot be loaded (spec §8: three sample products); they cannot be bought. */
export const SAMPLE_PRODUCTS: readonly Product[] = [1, 2, 3].map((n) => ({
  id: -n,
  storeId: '',
  name: `Sample Product ${n}`,
  code: `SAMPLE-${n}`,
  price: 99.99,
  currency: 'USD',
  description: 'A sample product, shown while the catalogue is unavailable.',
  imageUrl: '',
  inventoryQuantity: 10,
  isActive: true,
  rating: 5,
  originalPrice: 129.99,
  categoryId: null,
}));
