/**
 * The online store's shapes and constants (spec builder-store-crm §3, §9), shared by the client and
 * the server. (The server imports this module; keep it free of browser APIs.)
 */

import type { ORDER_STATUSES } from './orderStatuses.ts';

export const STORE_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export type StoreCurrency = (typeof STORE_CURRENCIES)[number];
export const DEFAULT_CURRENCY: StoreCurrency = 'USD';
export const DEFAULT_STORE_ID = 'default-store';
export const PRODUCT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

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

// ---------------------------------------------------------------------------------------------------
// Checkout, payment and fulfilment (issue 15). One home for the shapes, the rules and the totals: the
// server computes what is charged with `computeTotals`; the storefront shows the same figures before.
// ---------------------------------------------------------------------------------------------------

export const DELIVERY_METHODS = ['pickup', 'shipping'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** 'manual': pay on pickup or by bank transfer, with the owner's instructions; 'card': Stripe Checkout. */
export const PAYMENT_METHODS = ['manual', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * 'awaiting': a card order whose Stripe Checkout is open (its stock is reserved until `reservedUntil`);
 * 'unpaid': a manual order not yet paid; 'paid'; 'expired': the card checkout expired (stock released).
 */
export const PAYMENT_STATUSES = ['awaiting', 'unpaid', 'paid', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const FULFILMENT_STATUSES = [
  'unfulfilled',
  'ready_for_pickup',
  'shipped',
  'completed',
  'cancelled',
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export { ORDER_STATUSES } from './orderStatuses.ts';
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  placed: 'Placed',
  paid: 'Paid',
  ready_for_pickup: 'Ready for pickup',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Payment expired',
};

export type Address = {
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, e.g. 'US'. */
  country: string;
};

export type Buyer = { name: string; email: string; phone?: string };

/** POST /api/ecommerce/orders (with an Idempotency-Key header). */
export type CheckoutInput = {
  cartId: string;
  customer: Buyer;
  deliveryMethod: DeliveryMethod;
  /** Required when deliveryMethod is 'shipping'. */
  shippingAddress?: Address;
  note?: string;
  /** Defaults to 'manual'; 'card' only when the store offers it (Stripe configured). */
  paymentMethod?: PaymentMethod;
};

export const CHECKOUT_LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  note: 1000,
  addressLine: 200,
  trackingNumber: 100,
  carrier: 60,
  instructions: 2000,
} as const;

/** A store's checkout settings (GET/PUT /api/ecommerce/stores/{storeId}/settings, owner only). */
export type StoreSettings = {
  pickupEnabled: boolean;
  shippingEnabled: boolean;
  /** Flat shipping rate per order, in the store currency. */
  flatShippingRate: number;
  /** Subtotal from which shipping is free; null: never free. */
  freeShippingThreshold: number | null;
  /** Percent, 0..100 (e.g. 8.25). */
  taxRate: number;
  /** true: prices include the tax (the total is not raised); false: tax is added on top. */
  taxInclusive: boolean;
  /** Where 'New order' notices go; null: the account owner's email. */
  orderNoticeEmail: string | null;
  /** At least one. 'card' is offered to buyers only while Stripe is configured on the server. */
  paymentMethods: PaymentMethod[];
  /** Shown to buyers of manual orders (bank details, "pay when you collect"…). */
  manualPaymentInstructions: string;
  /** Where and when to collect pickup orders. */
  pickupInstructions: string;
};

export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  pickupEnabled: true,
  shippingEnabled: false,
  flatShippingRate: 0,
  freeShippingThreshold: null,
  taxRate: 0,
  taxInclusive: false,
  orderNoticeEmail: null,
  paymentMethods: ['manual'],
  manualPaymentInstructions: 'Pay when you collect your order.',
  pickupInstructions: '',
};

/** What a visitor's checkout form needs (GET /api/ecommerce/stores/{storeId}/checkout, public). */
export type CheckoutOptions = {
  storeId: string;
  storeName: string;
  currency: StoreCurrency;
  pickupEnabled: boolean;
  shippingEnabled: boolean;
  flatShippingRate: number;
  freeShippingThreshold: number | null;
  taxRate: number;
  taxInclusive: boolean;
  /** Only the methods a buyer can use now (card only while Stripe is configured). */
  paymentMethods: PaymentMethod[];
  manualPaymentInstructions: string;
  pickupInstructions: string;
};

export type OrderTotals = { subtotal: number; shipping: number; tax: number; total: number };

type TotalsRules = Pick<
  StoreSettings,
  'flatShippingRate' | 'freeShippingThreshold' | 'taxRate' | 'taxInclusive'
>;

/**
 * The order's figures, in cents so nothing drifts: shipping is the flat rate unless the subtotal reaches
 * the free threshold (pickup: none); tax applies to subtotal + shipping, added on top (exclusive) or
 * taken out of it (inclusive, the total is unchanged).
 */
export function computeTotalsCents(
  subtotalCents: number,
  delivery: DeliveryMethod,
  rules: TotalsRules,
): { subtotalCents: number; shippingCents: number; taxCents: number; totalCents: number } {
  const threshold = rules.freeShippingThreshold === null ? null : toCents(rules.freeShippingThreshold);
  const shippingCents =
    delivery === 'shipping' && !(threshold !== null && subtotalCents >= threshold)
      ? toCents(rules.flatShippingRate)
      : 0;
  const gross = subtotalCents + shippingCents;
  const rate = rules.taxRate / 100;
  const taxCents = rules.taxInclusive ? Math.round(gross - gross / (1 + rate)) : Math.round(gross * rate);
  return {
    subtotalCents,
    shippingCents,
    taxCents,
    totalCents: rules.taxInclusive ? gross : gross + taxCents,
  };
}

export function computeTotals(subtotal: number, delivery: DeliveryMethod, rules: TotalsRules): OrderTotals {
  const cents = computeTotalsCents(toCents(subtotal), delivery, rules);
  return {
    subtotal: fromCents(cents.subtotalCents),
    shipping: fromCents(cents.shippingCents),
    tax: fromCents(cents.taxCents),
    total: fromCents(cents.totalCents),
  };
}

/**
 * An order as anyone holding its id sees it: no buyer details. The buyer (with the order's secret
 * token) and the owner's account see `OwnerOrder`.
 */
export type Order = {
  id: string;
  /** Per store, sequential from 1001; shown as #1001. */
  orderNumber: number;
  storeId: string;
  customerId: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  deliveryMethod: DeliveryMethod;
  subtotal: number;
  shipping: number;
  tax: number;
  taxInclusive: boolean;
  total: number;
  currency: StoreCurrency;
  createdDate: string;
  items: OrderItem[];
  /** Card orders: until when the stock is held for the open Stripe Checkout; null otherwise. */
  reservedUntil: string | null;
};

export type OrderDetails = Order & {
  customer: Buyer;
  shippingAddress: Address | null;
  note: string;
  trackingNumber: string | null;
  carrier: string | null;
  /** Manual orders: the owner's payment instructions at the time of the order. */
  paymentInstructions: string;
};

/** The answer to POST /api/ecommerce/orders: the buyer's own view, their secret and where to pay. */
export type PlacedOrderResponse = OrderDetails & {
  /** The buyer's secret for GET /api/ecommerce/orders/{id}?token=… (also in the confirmation mail). */
  accessToken: string;
  /** Card orders: the Stripe Checkout page to send the visitor to; null for manual orders. */
  checkoutUrl: string | null;
};

/** Owner's changes to an order: PATCH /api/ecommerce/orders/{id}. */
export type OrderAction =
  | { action: 'markPaid' }
  | { action: 'readyForPickup' }
  | { action: 'ship'; trackingNumber?: string; carrier?: string }
  | { action: 'complete' }
  | { action: 'cancel' };
export type OrderActionName = OrderAction['action'];

export const ORDER_ACTION_LABELS: Record<OrderActionName, string> = {
  markPaid: 'Mark as paid',
  readyForPickup: 'Ready for pickup',
  ship: 'Mark as shipped',
  complete: 'Mark as completed',
  cancel: 'Cancel order',
};

type OrderState = Pick<Order, 'paymentStatus' | 'fulfilmentStatus' | 'deliveryMethod'>;

/**
 * The actions an owner may take on an order in this state (the one rule the server enforces and the
 * drawer shows): mark a manual order paid; a pickup order becomes ready (pay on pickup allowed), a
 * shipping order ships once paid; ready/shipped orders complete (a pickup paid on collection becomes
 * paid); an order not yet shipped or completed can be cancelled (its stock returns).
 */
export function allowedOrderActions(order: OrderState): OrderActionName[] {
  const { paymentStatus: pay, fulfilmentStatus: ful, deliveryMethod: delivery } = order;
  if (ful === 'cancelled' || ful === 'completed' || pay === 'expired') return [];
  const actions: OrderActionName[] = [];
  if (pay === 'unpaid') actions.push('markPaid');
  if (ful === 'unfulfilled' && delivery === 'pickup' && pay !== 'awaiting') actions.push('readyForPickup');
  if (ful === 'unfulfilled' && delivery === 'shipping' && pay === 'paid') actions.push('ship');
  if (ful === 'ready_for_pickup' || ful === 'shipped') actions.push('complete');
  if (ful === 'unfulfilled' || ful === 'ready_for_pickup') actions.push('cancel');
  return actions;
}

/** The spec's one-word status, derived from payment and fulfilment. */
export function orderStatusOf(order: Pick<Order, 'paymentStatus' | 'fulfilmentStatus'>): OrderStatus {
  if (order.fulfilmentStatus !== 'unfulfilled') return order.fulfilmentStatus;
  if (order.paymentStatus === 'expired') return 'expired';
  if (order.paymentStatus === 'awaiting') return 'awaiting_payment';
  return order.paymentStatus === 'paid' ? 'paid' : 'placed';
}

/** '#1001'. */
export const formatOrderNumber = (orderNumber: number): string => `#${orderNumber}`;

/** Filters of the owner's order list (GET /api/ecommerce/stores/{storeId}/orders and orders.csv). */
export type OrderListQuery = {
  skip: number;
  take: number;
  status?: OrderStatus;
  /** Matches the order number, buyer name or email. */
  searchTerm?: string;
};

/** GET /api/ecommerce/orders/summary: the sidebar badge (orders that need the owner: paid or placed, not yet fulfilled). */
export type OrdersSummary = { needsAction: number; latestOrderAt: string | null };

export const CHECKOUT_MESSAGES = {
  nameRequired: 'Please enter your name',
  emailInvalid: 'Please enter a valid email address',
  addressRequired: 'Please enter your shipping address',
  deliveryUnavailable: 'This delivery method is not available for this store',
  paymentUnavailable: 'This payment method is not available for this store',
} as const;

/** What a checkout form holds while a buyer types: every field a string (the address flattened). */
export type CheckoutDraft = {
  name: string;
  email: string;
  phone: string;
  deliveryMethod: DeliveryMethod;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  note: string;
  paymentMethod: PaymentMethod;
};
export type CheckoutField = keyof CheckoutDraft;
/** One message per field that needs the buyer (absent: the field is fine). */
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

export const EMPTY_CHECKOUT_DRAFT: CheckoutDraft = {
  name: '',
  email: '',
  phone: '',
  deliveryMethod: 'pickup',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '',
  note: '',
  paymentMethod: 'manual',
};

/** The extra messages of the address and of over-long fields (the rest are CHECKOUT_MESSAGES'). */
export const CHECKOUT_FIELD_MESSAGES = {
  cityRequired: 'Please enter your city',
  postalCodeRequired: 'Please enter your postal code',
  countryInvalid: 'Please enter your country as a two-letter code, e.g. US',
  tooLong: (max: number) => `Please shorten this to ${max} characters or fewer`,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COUNTRY = /^[A-Za-z]{2}$/;

/** The request a draft makes (trimmed; the address only for shipping; empty optional fields left out). */
export function checkoutInputOf(cartId: string, draft: CheckoutDraft): CheckoutInput {
  const phone = draft.phone.trim();
  const note = draft.note.trim();
  const optional = (value: string) => value.trim() || undefined;
  const input: CheckoutInput = {
    cartId,
    customer: { name: draft.name.trim(), email: draft.email.trim(), ...(phone ? { phone } : {}) },
    deliveryMethod: draft.deliveryMethod,
    paymentMethod: draft.paymentMethod,
    ...(note ? { note } : {}),
  };
  if (draft.deliveryMethod === 'shipping') {
    const line2 = optional(draft.line2);
    const region = optional(draft.region);
    input.shippingAddress = {
      line1: draft.line1.trim(),
      ...(line2 ? { line2 } : {}),
      city: draft.city.trim(),
      ...(region ? { region } : {}),
      postalCode: draft.postalCode.trim(),
      country: draft.country.trim().toUpperCase(),
    };
  }
  return input;
}

/**
 * The one checkout validator (the storefront's inline errors and the server's 400): what each field of a
 * checkout needs, keyed by the form's field. `options` (the store's checkout choices) checks the delivery
 * and payment methods; without them only the buyer's own fields are checked.
 */
export function validateCheckout(input: CheckoutInput, options: CheckoutOptions | null): CheckoutErrors {
  const errors: CheckoutErrors = {};
  const long = (value: string | undefined, max: number) => (value ?? '').length > max;
  const { customer } = input;
  if (!customer.name.trim()) errors.name = CHECKOUT_MESSAGES.nameRequired;
  else if (long(customer.name, CHECKOUT_LIMITS.name))
    errors.name = CHECKOUT_FIELD_MESSAGES.tooLong(CHECKOUT_LIMITS.name);
  if (!EMAIL.test(customer.email.trim()) || long(customer.email, CHECKOUT_LIMITS.email))
    errors.email = CHECKOUT_MESSAGES.emailInvalid;
  if (long(customer.phone, CHECKOUT_LIMITS.phone))
    errors.phone = CHECKOUT_FIELD_MESSAGES.tooLong(CHECKOUT_LIMITS.phone);
  if (long(input.note, CHECKOUT_LIMITS.note))
    errors.note = CHECKOUT_FIELD_MESSAGES.tooLong(CHECKOUT_LIMITS.note);
  const delivery = input.deliveryMethod;
  if (
    !(DELIVERY_METHODS as readonly string[]).includes(delivery) ||
    (options && !(delivery === 'pickup' ? options.pickupEnabled : options.shippingEnabled))
  )
    errors.deliveryMethod = CHECKOUT_MESSAGES.deliveryUnavailable;
  if (delivery === 'shipping') {
    const address = input.shippingAddress;
    const max = CHECKOUT_LIMITS.addressLine;
    if (!address?.line1.trim()) errors.line1 = CHECKOUT_MESSAGES.addressRequired;
    else if (long(address.line1, max)) errors.line1 = CHECKOUT_FIELD_MESSAGES.tooLong(max);
    if (long(address?.line2, max)) errors.line2 = CHECKOUT_FIELD_MESSAGES.tooLong(max);
    if (!address?.city.trim()) errors.city = CHECKOUT_FIELD_MESSAGES.cityRequired;
    else if (long(address.city, max)) errors.city = CHECKOUT_FIELD_MESSAGES.tooLong(max);
    if (long(address?.region, max)) errors.region = CHECKOUT_FIELD_MESSAGES.tooLong(max);
    if (!address?.postalCode.trim()) errors.postalCode = CHECKOUT_FIELD_MESSAGES.postalCodeRequired;
    else if (long(address.postalCode, max)) errors.postalCode = CHECKOUT_FIELD_MESSAGES.tooLong(max);
    if (!COUNTRY.test(address?.country.trim() ?? '')) errors.country = CHECKOUT_FIELD_MESSAGES.countryInvalid;
  }
  const payment = input.paymentMethod ?? 'manual';
  if (
    !(PAYMENT_METHODS as readonly string[]).includes(payment) ||
    (options && !options.paymentMethods.includes(payment))
  )
    errors.paymentMethod = CHECKOUT_MESSAGES.paymentUnavailable;
  return errors;
}
