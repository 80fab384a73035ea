/**
 * The online store's routes (spec builder-store-crm §3, §9; issue 15): params, query, body and every answer,
 * grouped per route — the shoppers' (`storeApi`), the owners' (`storeOwnerApi`) and Stripe's (`paymentsApi`) —
 * with the request types derived from them. The answers' shapes are storeShapes.ts's.
 */
import { type Infer, idParams, schemas } from './jsonSchema.ts';
import {
  CHECKOUT_LIMITS,
  cartSchema,
  categorySchema,
  checkoutOptionsSchema,
  currency,
  DELIVERY_METHODS,
  MAX_PAGE_SIZE,
  MAX_SKIP,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  orderDetailsSchema,
  orderPageSchema,
  orderSchema,
  ordersSummarySchema,
  PAYMENT_METHODS,
  PRODUCT_DEFAULTS,
  PRODUCT_PAGE_SIZE,
  placedOrderSchema,
  productPageSchema,
  productSchema,
  settingsRequired,
  settingsSchema,
  storeSchema,
} from './storeShapes.ts';

export const STORE_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,62}$';
// 24 random bytes as base64url: cart and order ids.
const randomId = { type: 'string', pattern: '^[A-Za-z0-9_-]{32}$' } as const;
const storeId = { type: 'string', pattern: STORE_ID_PATTERN } as const;
const money = { type: 'number', minimum: 0, maximum: 10_000_000 } as const;
const message = schemas.message;

const paging = {
  skip: { type: 'integer', minimum: 0, maximum: MAX_SKIP, default: 0 },
  take: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: PRODUCT_PAGE_SIZE },
} as const;
const storeQuery = { type: 'object', required: ['storeId'], properties: { storeId } } as const;
const storeParams = { type: 'object', required: ['storeId'], properties: { storeId } } as const;
const cartParams = { type: 'object', required: ['cartId'], properties: { cartId: randomId } } as const;
const itemParams = {
  type: 'object',
  required: ['cartId', 'itemId'],
  properties: { cartId: randomId, itemId: schemas.id },
} as const;
const orderParams = { type: 'object', required: ['id'], properties: { id: randomId } } as const;
const cartAnswers = { 200: cartSchema, 400: message, 404: message, 409: message } as const;

const addressLine = { type: 'string', transform: ['trim'], maxLength: CHECKOUT_LIMITS.addressLine } as const;
const requiredLine = schemas.text(CHECKOUT_LIMITS.addressLine);
const checkoutBody = {
  type: 'object',
  additionalProperties: false,
  required: ['cartId', 'customer', 'deliveryMethod'],
  properties: {
    cartId: randomId,
    // Name and email are checked by the route, with the messages the checkout form shows.
    customer: {
      type: 'object',
      additionalProperties: false,
      properties: {
        name: { type: 'string', transform: ['trim'], maxLength: CHECKOUT_LIMITS.name },
        email: { type: 'string', transform: ['trim', 'toLowerCase'], maxLength: CHECKOUT_LIMITS.email },
        phone: { type: 'string', transform: ['trim'], maxLength: CHECKOUT_LIMITS.phone },
      },
    },
    deliveryMethod: { type: 'string', enum: DELIVERY_METHODS },
    /** Required when deliveryMethod is 'shipping'. */
    shippingAddress: {
      type: 'object',
      additionalProperties: false,
      required: ['line1', 'city', 'postalCode', 'country'],
      properties: {
        line1: requiredLine,
        line2: addressLine,
        city: requiredLine,
        region: addressLine,
        postalCode: requiredLine,
        country: requiredLine,
      },
    },
    note: { type: 'string', transform: ['trim'], maxLength: CHECKOUT_LIMITS.note },
    /** Defaults to 'manual'; 'card' only when the store offers it (Stripe configured). */
    paymentMethod: { type: 'string', enum: PAYMENT_METHODS, default: 'manual' },
    expectedTotal: {
      type: 'number',
      minimum: 0,
      maximum: 1_000_000_000,
      description:
        'The total the buyer was shown. When given and the order would cost another amount (a price, shipping or tax changed since), nothing is placed: 409 with the new total',
    },
  },
} as const;
/** POST /api/ecommerce/orders as it arrives (the buyer's name and email still to be checked). */
export type CheckoutBody = Infer<typeof checkoutBody>;

const productListQuery = {
  type: 'object',
  required: ['storeId'],
  properties: { storeId, ...paging, categoryId: schemas.id, searchTerm: { type: 'string', maxLength: 200 } },
} as const;
/** GET /api/ecommerce/products: a page of a store's catalogue, of a category or matching a search. */
export type ProductListQuery = Infer<typeof productListQuery>;

/** The shoppers' routes: public, without authentication. */
export const storeApi = {
  listProducts: {
    querystring: {
      type: 'object',
      required: ['storeId'],
      properties: {
        storeId,
        ...paging,
        categoryId: schemas.id,
        searchTerm: { type: 'string', maxLength: 200 },
      },
    },
    response: { 200: productPageSchema, 404: message },
  },
  getProduct: { params: idParams, querystring: storeQuery, response: { 200: productSchema, 404: message } },
  listCategories: {
    querystring: storeQuery,
    response: { 200: { type: 'array', items: categorySchema }, 404: message },
  },
  createCart: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['storeId'],
      properties: { storeId, customerId: { type: 'string', maxLength: 100 } },
    },
    response: { 201: cartSchema, 404: message },
  },
  getCart: { params: cartParams, response: { 200: cartSchema, 404: message } },
  addItem: {
    params: cartParams,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['productId'],
      properties: {
        productId: schemas.id,
        quantity: { type: 'integer', minimum: 1, maximum: 10_000, default: 1 },
      },
    },
    response: cartAnswers,
  },
  updateItem: {
    params: itemParams,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['quantity'],
      properties: { quantity: { type: 'integer', minimum: -1_000_000, maximum: 10_000 } },
    },
    response: cartAnswers,
  },
  removeItem: { params: itemParams, response: cartAnswers },
  checkoutOptions: { params: storeParams, response: { 200: checkoutOptionsSchema, 404: message } },
  placeOrder: {
    headers: {
      type: 'object',
      properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 200 } },
    },
    body: checkoutBody,
    response: {
      200: placedOrderSchema,
      201: placedOrderSchema,
      400: message,
      404: message,
      409: message,
      502: message,
    },
  },
  getOrder: {
    params: orderParams,
    querystring: { type: 'object', properties: { token: { type: 'string', maxLength: 200 } } },
    response: { 200: { anyOf: [orderDetailsSchema, orderSchema] }, 404: message },
  },
} as const;

// A product's numbers are only typed here: what they must be (0 or more, cents, a whole stock, a rating in
// tenths from 0 to 5) is productRules.ts's, which the routes answer with a 400 in the Product dialog's words.
const productFields = {
  name: schemas.text(200),
  code: { type: 'string', maxLength: 100 },
  price: { type: 'number', description: 'From 0 to 10,000,000, with at most 2 decimals (cents)' },
  currency,
  description: { type: 'string', maxLength: 5000 },
  // Only web addresses or our own uploads: never javascript: or data: URLs.
  imageUrl: {
    type: 'string',
    maxLength: 2000,
    pattern: '^(|https?://[^\\s"<>]+|/api/uploads/[A-Za-z0-9._-]+)$',
  },
  inventoryQuantity: { type: 'number', description: 'The stock: a whole number from 0 to 1,000,000' },
  isActive: { type: 'boolean' },
  rating: { type: 'number', description: 'Stars from 0 to 5, with at most 1 decimal' },
  originalPrice: {
    type: ['number', 'null'],
    description: 'Above the price, with at most 2 decimals; null: none (no struck-through price)',
  },
  categoryId: { anyOf: [schemas.id, { type: 'null' }] },
} as const;
/** What an owner sends to create or replace a product (prices as decimal amounts). */
const productBody = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'price'],
  properties: productFields,
} as const;
export type ProductInput = Infer<typeof productBody>;
/** An edit sends only the fields it changes: the others keep what the product has now. */
const productUpdateBody = { type: 'object', additionalProperties: false, properties: productFields } as const;
export type ProductUpdate = Infer<typeof productUpdateBody>;

const orderFilters = {
  status: { type: 'string', enum: ORDER_STATUSES },
  /** Matches the order number, buyer name or email. */
  searchTerm: { type: 'string', maxLength: 200 },
} as const;
const orderListQuery = { type: 'object', properties: { ...paging, ...orderFilters } } as const;
/** Filters of the owner's order list (GET /api/ecommerce/stores/{storeId}/orders and orders.csv). */
export type OrderListQuery = Infer<typeof orderListQuery>;

const orderActionBody = {
  type: 'object',
  additionalProperties: false,
  required: ['action'],
  properties: {
    action: { type: 'string', enum: ORDER_ACTIONS },
    // Only with 'ship' (the route refuses them with any other action).
    trackingNumber: { type: 'string', transform: ['trim'], maxLength: CHECKOUT_LIMITS.trackingNumber },
    carrier: { type: 'string', transform: ['trim'], maxLength: CHECKOUT_LIMITS.carrier },
  },
} as const;
/** Owner's changes to an order: PATCH /api/ecommerce/orders/{id}. */
export type OrderAction = Infer<typeof orderActionBody>;

/** The owners' routes: the caller's account's stores, catalogue and orders. */
export const storeOwnerApi = {
  createStore: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['storeId', 'storeName'],
      properties: { storeId, storeName: schemas.text(200), currency: { ...currency, default: 'USD' } },
    },
    response: { 201: storeSchema, 409: message },
  },
  listStores: { response: { 200: { type: 'array', items: storeSchema } } },
  listProducts: {
    params: storeParams,
    querystring: {
      type: 'object',
      properties: { ...paging, searchTerm: { type: 'string', maxLength: 200 } },
    },
    response: { 200: productPageSchema, 404: message },
  },
  /** One product of the store, active or not, wherever it is in the list (the editor's link: `?product=<id>`). */
  product: {
    params: {
      type: 'object',
      required: ['storeId', 'id'],
      properties: { storeId, id: schemas.id },
    },
    response: { 200: productSchema, 404: message },
  },
  createProduct: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['storeId', 'name', 'price'],
      properties: {
        storeId,
        ...productFields,
        // A new product's stock and rating when none is sent: the dialog's and the spec's.
        inventoryQuantity: {
          ...productFields.inventoryQuantity,
          default: PRODUCT_DEFAULTS.inventoryQuantity,
        },
        rating: { ...productFields.rating, default: PRODUCT_DEFAULTS.rating },
      },
    },
    response: { 201: productSchema, 400: message, 404: message },
  },
  updateProduct: {
    description:
      "Replaces the product's fields that are sent; a field left out keeps its current value (a PUT without " +
      'inventoryQuantity keeps the stock, never sets it to 0), and null clears originalPrice or categoryId. ' +
      'An editor sends only what it changed, so stock sold and other members’ edits made meanwhile stay.',
    params: idParams,
    body: productUpdateBody,
    response: { 200: productSchema, 400: message, 404: message },
  },
  deleteById: { params: idParams, response: { 204: schemas.noContent, 404: message } },
  createCategory: {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['storeId', 'name'],
      properties: { storeId, name: schemas.text(100) },
    },
    response: { 201: categorySchema, 404: message, 409: message },
  },
  orders: {
    params: storeParams,
    querystring: orderListQuery,
    response: { 200: orderPageSchema, 404: message },
  },
  ordersCsv: {
    params: storeParams,
    querystring: { type: 'object', properties: orderFilters },
    response: {
      200: {
        description: 'The orders as CSV (an attachment)',
        content: { 'text/csv': { schema: { type: 'string' } } },
      },
      404: message,
    },
  },
  /** One order of the store, wherever it is in the list (the drawer's link: `?order=<id>`). */
  order: {
    params: {
      type: 'object',
      required: ['storeId', 'id'],
      properties: { storeId, id: randomId },
    },
    response: { 200: orderDetailsSchema, 404: message },
  },
  ordersSummary: { response: { 200: ordersSummarySchema } },
  orderAction: {
    params: orderParams,
    body: orderActionBody,
    response: { 200: orderDetailsSchema, 400: message, 404: message, 409: message },
  },
  getSettings: { params: storeParams, response: { 200: settingsSchema, 404: message } },
  putSettings: {
    params: storeParams,
    body: {
      type: 'object',
      additionalProperties: false,
      required: settingsRequired,
      properties: {
        pickupEnabled: { type: 'boolean' },
        shippingEnabled: { type: 'boolean' },
        flatShippingRate: money,
        freeShippingThreshold: { anyOf: [money, { type: 'null' }] },
        taxRate: { type: 'number', minimum: 0, maximum: 100 },
        taxInclusive: { type: 'boolean' },
        // Formats and transforms apply to strings only: null passes as "the account owner's email".
        orderNoticeEmail: { ...schemas.email, type: ['string', 'null'], maxLength: CHECKOUT_LIMITS.email },
        paymentMethods: {
          type: 'array',
          maxItems: PAYMENT_METHODS.length,
          items: { type: 'string', enum: PAYMENT_METHODS },
        },
        manualPaymentInstructions: {
          type: 'string',
          transform: ['trim'],
          maxLength: CHECKOUT_LIMITS.instructions,
        },
        pickupInstructions: { type: 'string', transform: ['trim'], maxLength: CHECKOUT_LIMITS.instructions },
      },
    },
    response: { 200: settingsSchema, 400: message, 404: message },
  },
  customerOrders: {
    params: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
    },
    response: { 200: { type: 'array', items: orderDetailsSchema } },
  },
  /** The buyer's order page (server-rendered HTML, left out of the API document). */
  orderPage: {
    hide: true,
    params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
    querystring: {
      type: 'object',
      properties: {
        token: { type: 'string', maxLength: 200 },
        paid: { type: 'string', maxLength: 8 },
        cancelled: { type: 'string', maxLength: 8 },
      },
    },
  },
} as const;

/** Stripe's events about Checkout Sessions (POST /api/webhooks/stripe). */
export const paymentsApi = {
  stripeWebhook: {
    // Kept as the exact bytes received (the signature covers them), so no shape is checked here.
    body: {
      description:
        'A Stripe event (JSON), believed only with a valid Stripe-Signature header over these exact bytes',
    },
    headers: {
      type: 'object',
      properties: { 'stripe-signature': { type: 'string', maxLength: 4096 } },
    },
    response: {
      200: {
        type: 'object',
        properties: { received: { type: 'boolean' }, outcome: { type: 'string' } },
        required: ['received', 'outcome'],
      },
      400: message,
      404: message,
    },
  },
} as const;
