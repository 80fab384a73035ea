import { schemas } from '../../../src/contracts/jsonSchema.ts';
import {
  CHECKOUT_LIMITS,
  DELIVERY_METHODS,
  FULFILMENT_STATUSES,
  MAX_PAGE_SIZE,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PRODUCT_PAGE_SIZE,
  STORE_CURRENCIES,
} from '../../../src/contracts/store.ts';

const MAX_INT4 = 2_147_483_647;
export const STORE_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,62}$';
// 24 random bytes as base64url.
const RANDOM_ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{32}$' } as const;
const storeId = { type: 'string', pattern: STORE_ID_PATTERN } as const;
const intId = { type: 'integer', minimum: 1, maximum: MAX_INT4 } as const;
const money = { type: 'number', minimum: 0, maximum: 10_000_000 } as const;
const currency = { type: 'string', enum: [...STORE_CURRENCIES] } as const;
const message = schemas.message;

const product = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    storeId: { type: 'string' },
    name: { type: 'string' },
    code: { type: 'string' },
    price: { type: 'number' },
    currency: { type: 'string' },
    description: { type: 'string' },
    imageUrl: { type: 'string' },
    inventoryQuantity: { type: 'integer' },
    isActive: { type: 'boolean' },
    rating: { type: 'number' },
    originalPrice: { type: ['number', 'null'] },
    categoryId: { type: ['integer', 'null'] },
  },
} as const;
const productPage = {
  type: 'object',
  properties: { results: { type: 'array', items: product }, totalCount: { type: 'integer' } },
} as const;
const category = {
  type: 'object',
  properties: { id: { type: 'integer' }, storeId: { type: 'string' }, name: { type: 'string' } },
} as const;
const store = {
  type: 'object',
  properties: {
    storeId: { type: 'string' },
    storeName: { type: 'string' },
    currency: { type: 'string' },
    createdAt: { type: 'string' },
  },
} as const;
const cart = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    storeId: { type: 'string' },
    total: { type: 'number' },
    currency: { type: 'string' },
    orderId: { type: ['string', 'null'] },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          productId: { type: 'integer' },
          productName: { type: 'string' },
          price: { type: 'number' },
          quantity: { type: 'integer' },
          total: { type: 'number' },
        },
      },
    },
  },
} as const;
const orderItem = {
  type: 'object',
  properties: {
    productId: { type: ['integer', 'null'] },
    productName: { type: 'string' },
    price: { type: 'number' },
    quantity: { type: 'integer' },
  },
} as const;
const orderProperties = {
  id: { type: 'string' },
  orderNumber: { type: 'integer' },
  storeId: { type: 'string' },
  customerId: { type: 'string' },
  status: { type: 'string', enum: [...ORDER_STATUSES] },
  paymentMethod: { type: 'string', enum: [...PAYMENT_METHODS] },
  paymentStatus: { type: 'string', enum: [...PAYMENT_STATUSES] },
  fulfilmentStatus: { type: 'string', enum: [...FULFILMENT_STATUSES] },
  deliveryMethod: { type: 'string', enum: [...DELIVERY_METHODS] },
  subtotal: { type: 'number' },
  shipping: { type: 'number' },
  tax: { type: 'number' },
  taxInclusive: { type: 'boolean' },
  total: { type: 'number' },
  currency: { type: 'string' },
  createdDate: { type: 'string' },
  items: { type: 'array', items: orderItem },
  reservedUntil: { type: ['string', 'null'] },
} as const;
/** An order as anyone holding its id sees it: no buyer details (the schema drops any). */
const order = { type: 'object', properties: orderProperties } as const;
const address = {
  type: 'object',
  properties: {
    line1: { type: 'string' },
    line2: { type: 'string' },
    city: { type: 'string' },
    region: { type: 'string' },
    postalCode: { type: 'string' },
    country: { type: 'string' },
  },
} as const;
const orderDetailsProperties = {
  ...orderProperties,
  customer: {
    type: 'object',
    properties: { name: { type: 'string' }, email: { type: 'string' }, phone: { type: 'string' } },
  },
  shippingAddress: { anyOf: [address, { type: 'null' }] },
  note: { type: 'string' },
  trackingNumber: { type: ['string', 'null'] },
  carrier: { type: ['string', 'null'] },
  paymentInstructions: { type: 'string' },
} as const;
/** The buyer's (with the token) and the owner's view. */
const orderDetails = { type: 'object', properties: orderDetailsProperties } as const;
const placedOrder = {
  type: 'object',
  properties: {
    ...orderDetailsProperties,
    accessToken: { type: 'string' },
    checkoutUrl: { type: ['string', 'null'] },
  },
} as const;
const orderPage = {
  type: 'object',
  properties: { results: { type: 'array', items: orderDetails }, totalCount: { type: 'integer' } },
} as const;

const paging = {
  skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
  take: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: PRODUCT_PAGE_SIZE },
} as const;
const storeQuery = {
  type: 'object',
  required: ['storeId'],
  properties: { storeId },
} as const;
const cartParams = { type: 'object', required: ['cartId'], properties: { cartId: RANDOM_ID } } as const;
const itemParams = {
  type: 'object',
  required: ['cartId', 'itemId'],
  properties: { cartId: RANDOM_ID, itemId: intId },
} as const;
const idParams = { type: 'object', required: ['id'], properties: { id: intId } } as const;
const orderParams = { type: 'object', required: ['id'], properties: { id: RANDOM_ID } } as const;
const cartAnswers = { 200: cart, 400: message, 404: message, 409: message } as const;

export const listProductsSchema = {
  querystring: {
    type: 'object',
    required: ['storeId'],
    properties: {
      storeId,
      ...paging,
      categoryId: intId,
      searchTerm: { type: 'string', maxLength: 200 },
    },
  },
  response: { 200: productPage, 404: message },
} as const;
export const getProductSchema = {
  params: idParams,
  querystring: storeQuery,
  response: { 200: product, 404: message },
} as const;
export const listCategoriesSchema = {
  querystring: storeQuery,
  response: { 200: { type: 'array', items: category }, 404: message },
} as const;
export const createCartSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['storeId'],
    properties: { storeId, customerId: { type: 'string', maxLength: 100 } },
  },
  response: { 201: cart, 404: message },
} as const;
export const getCartSchema = { params: cartParams, response: { 200: cart, 404: message } } as const;
export const addItemSchema = {
  params: cartParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['productId'],
    properties: { productId: intId, quantity: { type: 'integer', minimum: 1, maximum: 10_000, default: 1 } },
  },
  response: cartAnswers,
} as const;
export const updateItemSchema = {
  params: itemParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['quantity'],
    properties: { quantity: { type: 'integer', minimum: -1_000_000, maximum: 10_000 } },
  },
  response: cartAnswers,
} as const;
export const removeItemSchema = { params: itemParams, response: cartAnswers } as const;
const addressLine = { type: 'string', transform: ['trim'], maxLength: CHECKOUT_LIMITS.addressLine } as const;
const requiredLine = schemas.text(CHECKOUT_LIMITS.addressLine);
export const placeOrderSchema = {
  headers: {
    type: 'object',
    properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 200 } },
  },
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['cartId', 'customer', 'deliveryMethod'],
    properties: {
      cartId: RANDOM_ID,
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
      deliveryMethod: { type: 'string', enum: [...DELIVERY_METHODS] },
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
      paymentMethod: { type: 'string', enum: [...PAYMENT_METHODS], default: 'manual' },
    },
  },
  response: {
    200: placedOrder,
    201: placedOrder,
    400: message,
    404: message,
    409: message,
    502: message,
  },
} as const;
export const getOrderSchema = {
  params: orderParams,
  querystring: {
    type: 'object',
    properties: { token: { type: 'string', maxLength: 200 } },
  },
  response: { 200: { anyOf: [orderDetails, order] }, 404: message },
} as const;
export const checkoutOptionsSchema = {
  params: { type: 'object', required: ['storeId'], properties: { storeId } },
  response: {
    200: {
      type: 'object',
      properties: {
        storeId: { type: 'string' },
        storeName: { type: 'string' },
        currency: { type: 'string' },
        pickupEnabled: { type: 'boolean' },
        shippingEnabled: { type: 'boolean' },
        flatShippingRate: { type: 'number' },
        freeShippingThreshold: { type: ['number', 'null'] },
        taxRate: { type: 'number' },
        taxInclusive: { type: 'boolean' },
        paymentMethods: { type: 'array', items: { type: 'string' } },
        manualPaymentInstructions: { type: 'string' },
        pickupInstructions: { type: 'string' },
      },
    },
    404: message,
  },
} as const;

// Owner routes.
export const createStoreSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['storeId', 'storeName'],
    properties: { storeId, storeName: schemas.text(200), currency: { ...currency, default: 'USD' } },
  },
  response: { 201: store, 409: message },
} as const;
export const listStoresSchema = { response: { 200: { type: 'array', items: store } } } as const;
export const ownerProductsSchema = {
  params: { type: 'object', required: ['storeId'], properties: { storeId } },
  querystring: {
    type: 'object',
    properties: { ...paging, searchTerm: { type: 'string', maxLength: 200 } },
  },
  response: { 200: productPage, 404: message },
} as const;

const productFields = {
  name: schemas.text(200),
  code: { type: 'string', maxLength: 100 },
  price: money,
  currency,
  description: { type: 'string', maxLength: 5000 },
  // Only web addresses or our own uploads: never javascript: or data: URLs.
  imageUrl: {
    type: 'string',
    maxLength: 2000,
    pattern: '^(|https?://[^\\s"<>]+|/api/uploads/[A-Za-z0-9._-]+)$',
  },
  inventoryQuantity: { type: 'integer', minimum: 0, maximum: 1_000_000 },
  isActive: { type: 'boolean' },
  rating: { type: 'number', minimum: 0, maximum: 5 },
  originalPrice: { anyOf: [money, { type: 'null' }] },
  categoryId: { anyOf: [intId, { type: 'null' }] },
} as const;
export const createProductSchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['storeId', 'name', 'price'],
    properties: { storeId, ...productFields },
  },
  response: { 201: product, 400: message, 404: message },
} as const;
export const updateProductSchema = {
  params: idParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'price'],
    properties: productFields,
  },
  response: { 200: product, 400: message, 404: message },
} as const;
export const deleteByIdSchema = {
  params: idParams,
  response: { 204: { type: 'null' }, 404: message },
} as const;
export const createCategorySchema = {
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['storeId', 'name'],
    properties: { storeId, name: schemas.text(100) },
  },
  response: { 201: category, 404: message, 409: message },
} as const;
const storeParams = { type: 'object', required: ['storeId'], properties: { storeId } } as const;
const orderFilters = {
  status: { type: 'string', enum: [...ORDER_STATUSES] },
  searchTerm: { type: 'string', maxLength: 200 },
} as const;
export const storeOrdersSchema = {
  params: storeParams,
  querystring: { type: 'object', properties: { ...paging, ...orderFilters } },
  response: { 200: orderPage, 404: message },
} as const;
export const storeOrdersCsvSchema = {
  params: storeParams,
  querystring: { type: 'object', properties: orderFilters },
  response: {
    200: {
      description: 'The orders as CSV (an attachment)',
      content: { 'text/csv': { schema: { type: 'string' } } },
    },
    404: message,
  },
} as const;
export const ordersSummarySchema = {
  response: {
    200: {
      type: 'object',
      properties: { needsAction: { type: 'integer' }, latestOrderAt: { type: ['string', 'null'] } },
    },
  },
} as const;
export const orderActionSchema = {
  params: orderParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['action'],
    properties: {
      action: { type: 'string', enum: ['markPaid', 'readyForPickup', 'ship', 'complete', 'cancel'] },
      trackingNumber: { type: 'string', transform: ['trim'], maxLength: CHECKOUT_LIMITS.trackingNumber },
      carrier: { type: 'string', transform: ['trim'], maxLength: CHECKOUT_LIMITS.carrier },
    },
  },
  response: { 200: orderDetails, 400: message, 404: message, 409: message },
} as const;
const settingsProperties = {
  pickupEnabled: { type: 'boolean' },
  shippingEnabled: { type: 'boolean' },
  flatShippingRate: { type: 'number' },
  freeShippingThreshold: { type: ['number', 'null'] },
  taxRate: { type: 'number' },
  taxInclusive: { type: 'boolean' },
  orderNoticeEmail: { type: ['string', 'null'] },
  paymentMethods: { type: 'array', items: { type: 'string' } },
  manualPaymentInstructions: { type: 'string' },
  pickupInstructions: { type: 'string' },
} as const;
const settings = { type: 'object', properties: settingsProperties } as const;
export const getSettingsSchema = { params: storeParams, response: { 200: settings, 404: message } } as const;
export const putSettingsSchema = {
  params: storeParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(settingsProperties),
    properties: {
      pickupEnabled: { type: 'boolean' },
      shippingEnabled: { type: 'boolean' },
      flatShippingRate: { ...money },
      freeShippingThreshold: { anyOf: [money, { type: 'null' }] },
      taxRate: { type: 'number', minimum: 0, maximum: 100 },
      taxInclusive: { type: 'boolean' },
      // Formats and transforms apply to strings only: null passes as "the account owner's email".
      orderNoticeEmail: { ...schemas.email, type: ['string', 'null'], maxLength: CHECKOUT_LIMITS.email },
      paymentMethods: {
        type: 'array',
        maxItems: PAYMENT_METHODS.length,
        items: { type: 'string', enum: [...PAYMENT_METHODS] },
      },
      manualPaymentInstructions: {
        type: 'string',
        transform: ['trim'],
        maxLength: CHECKOUT_LIMITS.instructions,
      },
      pickupInstructions: { type: 'string', transform: ['trim'], maxLength: CHECKOUT_LIMITS.instructions },
    },
  },
  response: { 200: settings, 400: message, 404: message },
} as const;
export const customerOrdersSchema = {
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  },
  response: { 200: { type: 'array', items: orderDetails } },
} as const;
