/**
 * The online store's shapes (spec builder-store-crm §3, §9; issue 15): its constants and the JSON Schemas of
 * what the store's routes answer, with the types derived from them (storeApi.ts holds the routes' schemas;
 * store.ts re-exports the types beside the store's rules).
 */
import { type Infer, pageOf } from './jsonSchema.ts';
import { ORDER_STATUSES } from './orderStatuses.ts';

export const STORE_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export type StoreCurrency = (typeof STORE_CURRENCIES)[number];
export const PRODUCT_PAGE_SIZE = 20;
/**
 * What a product starts with when the owner says nothing else (spec §9: "Product card: defaults price 99.99,
 * original price 129.99, rating 5, stock 10"): the product dialog, the products API and the builder's product card.
 */
export const PRODUCT_DEFAULTS = {
  price: 99.99,
  originalPrice: 129.99,
  rating: 5,
  inventoryQuantity: 10,
} as const;
export const MAX_PAGE_SIZE = 100;
/** The most rows a store list may skip (`skip`): the last page an address may ask for follows from it. */
export const MAX_SKIP = 1_000_000;

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

export { ORDER_STATUSES };
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_ACTIONS = ['markPaid', 'readyForPickup', 'ship', 'complete', 'cancel'] as const;
export type OrderActionName = (typeof ORDER_ACTIONS)[number];

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

export const currency = { type: 'string', enum: STORE_CURRENCIES } as const;
const nullable = { type: ['string', 'null'] } as const;

// ---------------------------------------------------------------------------------------------------
// Answers.
// ---------------------------------------------------------------------------------------------------

export const storeSchema = {
  type: 'object',
  required: ['storeId', 'storeName', 'currency', 'createdAt'],
  properties: {
    storeId: { type: 'string' },
    storeName: { type: 'string' },
    currency,
    createdAt: { type: 'string' },
  },
  additionalProperties: false,
} as const;
export type Store = Infer<typeof storeSchema>;

export const categorySchema = {
  type: 'object',
  required: ['id', 'storeId', 'name'],
  properties: { id: { type: 'integer' }, storeId: { type: 'string' }, name: { type: 'string' } },
  additionalProperties: false,
} as const;
export type Category = Infer<typeof categorySchema>;

export const productSchema = {
  type: 'object',
  required: [
    'id',
    'storeId',
    'name',
    'code',
    'price',
    'currency',
    'description',
    'imageUrl',
    'inventoryQuantity',
    'isActive',
    'rating',
    'originalPrice',
    'categoryId',
  ],
  properties: {
    id: { type: 'integer' },
    storeId: { type: 'string' },
    name: { type: 'string' },
    code: { type: 'string' },
    price: { type: 'number' },
    currency,
    description: { type: 'string' },
    imageUrl: { type: 'string' },
    inventoryQuantity: { type: 'integer' },
    isActive: { type: 'boolean' },
    rating: { type: 'number' },
    originalPrice: { type: ['number', 'null'] },
    categoryId: { type: ['integer', 'null'] },
  },
  additionalProperties: false,
} as const;
export type Product = Infer<typeof productSchema>;
/** A page of the catalogue: the spec's `results` list and the whole list's `totalCount`. */
export const productPageSchema = pageOf('results', productSchema);
export type ProductPage = Infer<typeof productPageSchema>;

const cartItemSchema = {
  type: 'object',
  required: ['id', 'productId', 'productName', 'price', 'quantity', 'total'],
  properties: {
    id: { type: 'integer' },
    productId: { type: 'integer' },
    productName: { type: 'string' },
    price: { type: 'number' },
    quantity: { type: 'integer' },
    total: { type: 'number' },
    /** Present when the line cannot be bought as it is (sold out, no longer sold, fewer left): what to do. */
    problem: { type: 'string' },
  },
  additionalProperties: false,
} as const;
export type CartItem = Infer<typeof cartItemSchema>;

export const cartSchema = {
  type: 'object',
  required: ['id', 'storeId', 'items', 'total', 'currency', 'orderId'],
  properties: {
    id: { type: 'string' },
    storeId: { type: 'string' },
    items: { type: 'array', items: cartItemSchema },
    total: { type: 'number' },
    currency,
    /** Set once the cart has been checked out. */
    orderId: nullable,
  },
  additionalProperties: false,
} as const;
export type Cart = Infer<typeof cartSchema>;

const orderItemSchema = {
  type: 'object',
  required: ['productId', 'productName', 'price', 'quantity'],
  properties: {
    productId: { type: ['integer', 'null'] },
    productName: { type: 'string' },
    price: { type: 'number' },
    quantity: { type: 'integer' },
  },
  additionalProperties: false,
} as const;
export type OrderItem = Infer<typeof orderItemSchema>;

const orderProperties = {
  id: { type: 'string' },
  /** Per store, sequential from 1001; shown as #1001. */
  orderNumber: { type: 'integer' },
  storeId: { type: 'string' },
  customerId: { type: 'string' },
  status: { type: 'string', enum: ORDER_STATUSES },
  paymentMethod: { type: 'string', enum: PAYMENT_METHODS },
  paymentStatus: { type: 'string', enum: PAYMENT_STATUSES },
  fulfilmentStatus: { type: 'string', enum: FULFILMENT_STATUSES },
  deliveryMethod: { type: 'string', enum: DELIVERY_METHODS },
  subtotal: { type: 'number' },
  shipping: { type: 'number' },
  tax: { type: 'number' },
  taxInclusive: { type: 'boolean' },
  total: { type: 'number' },
  currency,
  createdDate: { type: 'string' },
  items: { type: 'array', items: orderItemSchema },
  /** Card orders: until when the stock is held for the open Stripe Checkout; null otherwise. */
  reservedUntil: nullable,
} as const;
/**
 * An order as anyone holding its id sees it: no buyer details (the schema drops any). The buyer (with the
 * order's secret token) and the owner's account see `OrderDetails`.
 */
export const orderSchema = {
  type: 'object',
  required: [
    'id',
    'orderNumber',
    'storeId',
    'customerId',
    'status',
    'paymentMethod',
    'paymentStatus',
    'fulfilmentStatus',
    'deliveryMethod',
    'subtotal',
    'shipping',
    'tax',
    'taxInclusive',
    'total',
    'currency',
    'createdDate',
    'items',
    'reservedUntil',
  ],
  properties: orderProperties,
  additionalProperties: false,
} as const;
export type Order = Infer<typeof orderSchema>;

const addressSchema = {
  type: 'object',
  required: ['line1', 'city', 'postalCode', 'country'],
  properties: {
    line1: { type: 'string' },
    line2: { type: 'string' },
    city: { type: 'string' },
    region: { type: 'string' },
    postalCode: { type: 'string' },
    /** ISO 3166-1 alpha-2, e.g. 'US'. */
    country: { type: 'string' },
  },
  additionalProperties: false,
} as const;
export type Address = Infer<typeof addressSchema>;

const buyerSchema = {
  type: 'object',
  required: ['name', 'email'],
  properties: { name: { type: 'string' }, email: { type: 'string' }, phone: { type: 'string' } },
  additionalProperties: false,
} as const;
export type Buyer = Infer<typeof buyerSchema>;

const orderDetailsProperties = {
  ...orderProperties,
  customer: buyerSchema,
  shippingAddress: { anyOf: [addressSchema, { type: 'null' }] },
  note: { type: 'string' },
  trackingNumber: nullable,
  carrier: nullable,
  /** Manual orders: the owner's payment instructions at the time of the order. */
  paymentInstructions: { type: 'string' },
} as const;
const orderDetailsRequired = [
  ...orderSchema.required,
  'customer',
  'shippingAddress',
  'note',
  'trackingNumber',
  'carrier',
  'paymentInstructions',
] as const;
/** The buyer's (with the token) and the owner's view of an order. */
export const orderDetailsSchema = {
  type: 'object',
  required: orderDetailsRequired,
  properties: orderDetailsProperties,
  additionalProperties: false,
} as const;
export type OrderDetails = Infer<typeof orderDetailsSchema>;

/** The answer to POST /api/ecommerce/orders: the buyer's own view, their secret and where to pay. */
export const placedOrderSchema = {
  type: 'object',
  required: [...orderDetailsRequired, 'accessToken', 'checkoutUrl', 'orderUrl', 'confirmationEmailed'],
  properties: {
    ...orderDetailsProperties,
    /** The buyer's secret for GET /api/ecommerce/orders/{id}?token=… (also in the confirmation mail). */
    accessToken: { type: 'string' },
    /** Card orders: the Stripe Checkout page to send the visitor to; null for manual orders. */
    checkoutUrl: nullable,
    /** The buyer's own page of the order (/order/{id}?token=…), to come back to it. */
    orderUrl: { type: 'string' },
    /** True when the server mails the buyer a confirmation (SMTP_URL set); false: nothing is mailed. */
    confirmationEmailed: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;
export type PlacedOrderResponse = Infer<typeof placedOrderSchema>;
export const orderPageSchema = pageOf('results', orderDetailsSchema);
export type OrderPage = Infer<typeof orderPageSchema>;

export const settingsProperties = {
  pickupEnabled: { type: 'boolean' },
  shippingEnabled: { type: 'boolean' },
  /** Flat shipping rate per order, in the store currency. */
  flatShippingRate: { type: 'number' },
  /** Subtotal from which shipping is free; null: never free. */
  freeShippingThreshold: { type: ['number', 'null'] },
  /** Percent, 0..100 (e.g. 8.25). */
  taxRate: { type: 'number' },
  /** true: prices include the tax (the total is not raised); false: tax is added on top. */
  taxInclusive: { type: 'boolean' },
  /** Where 'New order' notices go; null: the account owner's email. */
  orderNoticeEmail: nullable,
  /** At least one. 'card' is offered to buyers only while Stripe is configured on the server. */
  paymentMethods: { type: 'array', items: { type: 'string', enum: PAYMENT_METHODS } },
  /** Shown to buyers of manual orders (bank details, "pay when you collect"…). */
  manualPaymentInstructions: { type: 'string' },
  /** Where and when to collect pickup orders. */
  pickupInstructions: { type: 'string' },
} as const;
export const settingsRequired = [
  'pickupEnabled',
  'shippingEnabled',
  'flatShippingRate',
  'freeShippingThreshold',
  'taxRate',
  'taxInclusive',
  'orderNoticeEmail',
  'paymentMethods',
  'manualPaymentInstructions',
  'pickupInstructions',
] as const;
/** A store's checkout settings (GET/PUT /api/ecommerce/stores/{storeId}/settings, owner only). */
export const settingsSchema = {
  type: 'object',
  required: settingsRequired,
  properties: settingsProperties,
  additionalProperties: false,
} as const;
export type StoreSettings = Infer<typeof settingsSchema>;

/** What a visitor's checkout form needs (GET /api/ecommerce/stores/{storeId}/checkout, public). */
export const checkoutOptionsSchema = {
  type: 'object',
  required: [
    'storeId',
    'storeName',
    'currency',
    'pickupEnabled',
    'shippingEnabled',
    'flatShippingRate',
    'freeShippingThreshold',
    'taxRate',
    'taxInclusive',
    'paymentMethods',
    'manualPaymentInstructions',
    'pickupInstructions',
  ],
  properties: {
    storeId: { type: 'string' },
    storeName: { type: 'string' },
    currency,
    pickupEnabled: settingsProperties.pickupEnabled,
    shippingEnabled: settingsProperties.shippingEnabled,
    flatShippingRate: settingsProperties.flatShippingRate,
    freeShippingThreshold: settingsProperties.freeShippingThreshold,
    taxRate: settingsProperties.taxRate,
    taxInclusive: settingsProperties.taxInclusive,
    /** Only the methods a buyer can use now (card only while Stripe is configured). */
    paymentMethods: settingsProperties.paymentMethods,
    manualPaymentInstructions: settingsProperties.manualPaymentInstructions,
    pickupInstructions: settingsProperties.pickupInstructions,
  },
  additionalProperties: false,
} as const;
export type CheckoutOptions = Infer<typeof checkoutOptionsSchema>;

/** GET /api/ecommerce/orders/summary: the sidebar badge (orders that need the owner: paid or placed, not yet fulfilled). */
export const ordersSummarySchema = {
  type: 'object',
  required: ['needsAction', 'latestOrderAt'],
  properties: { needsAction: { type: 'integer' }, latestOrderAt: nullable },
  additionalProperties: false,
} as const;
export type OrdersSummary = Infer<typeof ordersSummarySchema>;
