/**
 * The online store's shapes and constants (spec builder-store-crm §3, §9), shared by the client and
 * the server. (The server imports this module; keep it free of browser APIs.)
 */

import type { CheckoutBody } from './storeApi.ts';
import {
  type Buyer,
  type Cart,
  CHECKOUT_LIMITS,
  type CheckoutOptions,
  DELIVERY_METHODS,
  type DeliveryMethod,
  type Order,
  type OrderActionName,
  type OrderStatus,
  PAYMENT_METHODS,
  type PaymentMethod,
  type Product,
  type StoreCurrency,
  type StoreSettings,
} from './storeShapes.ts';

export type {
  CheckoutBody,
  OrderAction,
  OrderListQuery,
  ProductInput,
  ProductUpdate,
} from './storeApi.ts';
export {
  type Address,
  type Buyer,
  type Cart,
  type CartItem,
  type Category,
  CHECKOUT_LIMITS,
  type CheckoutOptions,
  DELIVERY_METHODS,
  type DeliveryMethod,
  FULFILMENT_STATUSES,
  type FulfilmentStatus,
  MAX_PAGE_SIZE,
  MAX_SKIP,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  type Order,
  type OrderActionName,
  type OrderDetails,
  type OrderItem,
  type OrderPage,
  type OrderStatus,
  type OrdersSummary,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
  type PlacedOrderResponse,
  PRODUCT_DEFAULTS,
  PRODUCT_PAGE_SIZE,
  type Product,
  type ProductPage,
  STORE_CURRENCIES,
  type Store,
  type StoreCurrency,
  type StoreSettings,
} from './storeShapes.ts';

export const DEFAULT_CURRENCY: StoreCurrency = 'USD';
export const DEFAULT_STORE_ID = 'default-store';

/** Cents to a decimal amount and back, without float drift. */
export const fromCents = (cents: number): number => Math.round(cents) / 100;
export const toCents = (amount: number): number => Math.round(amount * 100);
/** Whether an amount has no more decimals than that (2: whole cents), float noise aside: the settings' and products' rule. */
export const hasAtMostDecimals = (value: number, decimals: number): boolean => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

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
/** Said under a grid when 'Load more' could not read the next page (what is shown stays). */
export const MORE_PRODUCTS_FAILED_MESSAGE =
  'More products could not be loaded. Press Load more to try again.';
/** Under a grid whose catalogue is longer than one page: 'Showing 20 of 45 products'. */
export const productsShownText = (shown: number, total: number): string =>
  `Showing ${shown} of ${total} product${total === 1 ? '' : 's'}`;
export const CART_FAILED_MESSAGE = 'Failed to load cart';
export const ORDER_PLACED_MESSAGE = 'Order placed successfully!';
export const ORDER_FAILED_MESSAGE = 'Error placing order. Please try again.';
/** The confirmation's way back to the buyer's own order page (/order/{id}?token=…). */
export const ORDER_PAGE_LINK_TEXT = 'View your order';
export const ORDER_PAGE_LINK_HINT = 'Keep this link to come back to your order.';
/** Said only when the server really mails the confirmation (SMTP_URL set). */
export const confirmationSentText = (email: string): string => `A confirmation was sent to ${email}.`;

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

/** The checkout as the form sends it and the server places it: the buyer's name and email are there. */
export type CheckoutInput = Omit<CheckoutBody, 'customer' | 'paymentMethod'> & {
  customer: Buyer;
  /** Defaults to 'manual'; 'card' only when the store offers it (Stripe configured). */
  paymentMethod?: PaymentMethod;
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
  // None of the owner's own: buyers read the default for their delivery (paymentWords.ts).
  manualPaymentInstructions: '',
  pickupInstructions: '',
};

export type OrderTotals = { subtotal: number; shipping: number; tax: number; total: number };

/** What a total is made of, in the order both checkouts (the published form and the dashboard's) list it. */
export const totalsRows = (totals: OrderTotals): Array<[label: string, amount: number]> => [
  ['Subtotal', totals.subtotal],
  ['Shipping', totals.shipping],
  ['Tax', totals.tax],
  ['Total', totals.total],
];

/** The Shipping choice with its price ("Shipping (€4.99)", or "(free)"), as both checkouts word it. */
export const shippingChoiceLabel = (
  options: Pick<CheckoutOptions, 'flatShippingRate' | 'currency'>,
): string =>
  `Shipping (${options.flatShippingRate > 0 ? formatMoney(options.flatShippingRate, options.currency) : 'free'})`;

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

export const CHECKOUT_MESSAGES = {
  nameRequired: 'Please enter your name',
  emailInvalid: 'Please enter a valid email address',
  addressRequired: 'Please enter your shipping address',
  deliveryUnavailable: 'This delivery method is not available for this store',
  paymentUnavailable: 'This payment method is not available for this store',
} as const;

/**
 * The checkout's answer (409) when the total the buyer was shown is no longer what the order would cost: a price,
 * the shipping or the tax changed since the cart was read. Nothing is placed; the storefront reads the cart again.
 */
export const totalChanged = (total: number, currency: string): string =>
  `The total of your order is now ${formatMoney(total, currency)}: a price, shipping or tax has changed. Check your cart and place your order again.`;

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
