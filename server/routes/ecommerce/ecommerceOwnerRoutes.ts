import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { toCsv } from '../../../src/contracts/csv.ts';
import { orderStatusLabel } from '../../../src/contracts/orderStatusLabels.ts';
import { PRODUCT_FIELD_LABELS, validateProduct } from '../../../src/contracts/productRules.ts';
import {
  formatOrderNumber,
  type OrderDetails,
  type ProductInput,
  type ProductUpdate,
  type StoreCurrency,
  type StoreSettings,
} from '../../../src/contracts/store.ts';
import { storeOwnerApi } from '../../../src/contracts/storeApi.ts';
import {
  type SettingsProblemKey,
  STORE_SETTINGS_LABELS,
  STORE_SETTINGS_MESSAGES,
  settingsProblemMessage,
  settingsProblems,
} from '../../../src/contracts/storeSettingsRules.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import { PRODUCT_NOT_FOUND } from '../../repositories/storeCarts.ts';
import {
  createCategory,
  createProduct,
  createStore,
  deleteCategory,
  deleteProduct,
  findProduct,
  keptProductInput,
  listProducts,
  listStores,
  lockAccountProduct,
  ownsStore,
  storeCurrencyOf,
  updateProduct,
} from '../../repositories/storeCatalog.ts';
import {
  applyOrderAction,
  exportStoreOrders,
  findAccountOrder,
  listCustomerOrders,
  listStoreOrders,
  ORDER_NOT_FOUND,
  ordersSummary,
} from '../../repositories/storeOrders.ts';
import { saveStoreSettings, storeSettingsOf } from '../../repositories/storeSettings.ts';
import { formatValidationErrorsWith } from '../../validation.ts';
import type { RouteDeps } from '../routeDeps.ts';
import { STORE_NOT_FOUND } from './ecommercePublicRoutes.ts';

const STORE_TAKEN = 'This store ID is already in use. Please choose a different one.';
const CATEGORY_NOT_FOUND = 'Category not found';
const CATEGORY_TAKEN = 'A category with this name already exists';
const NOT_YOURS = 'Store or category not found';

/** A product body's schema messages name its fields as the Product dialog does ("Stock", not inventoryQuantity). */
const productSchemaErrors = formatValidationErrorsWith(PRODUCT_FIELD_LABELS);
/** The settings' schema messages name their fields as the Settings tab does ("Tax rate", not taxRate). */
const settingsSchemaErrors = formatValidationErrorsWith(STORE_SETTINGS_LABELS);

/** The product rules its schema cannot say (productRules.ts, as the dialog shows them); a refusal changes nothing. */
function checkProduct(input: ProductInput): void {
  const [problem] = Object.values(validateProduct(input));
  if (problem) throw new HttpError(400, problem);
}

// Prices are in the store's currency: a product cannot name another one.
function checkCurrency(input: ProductUpdate, storeCurrency: StoreCurrency | null): void {
  if (storeCurrency === null) throw new HttpError(404, NOT_YOURS);
  if (input.currency !== undefined && input.currency !== storeCurrency) {
    throw new HttpError(400, `currency must be the store currency (${storeCurrency})`);
  }
}

/**
 * What owners do: stores, catalogue and orders of the caller's account; another account's are 404. Every
 * member sees them; changing them (marking an order paid included) needs 'store.edit'.
 */
export const ecommerceOwnerRoutes: FastifyPluginAsync<RouteDeps> = async (
  fastify,
  { db, orderEvents, payments },
) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const view = { permission: 'account.view' } as const;
  const edit = { permission: 'store.edit' } as const;

  app.post(
    '/api/ecommerce/stores',
    { config: edit, schema: storeOwnerApi.createStore },
    async (request, reply) => {
      const store = await createStore(db, requireAccountId(request), request.body);
      if (!store) throw new HttpError(409, STORE_TAKEN);
      return reply.code(201).send(store);
    },
  );

  app.get('/api/ecommerce/stores', { config: view, schema: storeOwnerApi.listStores }, (request) =>
    listStores(db, requireAccountId(request)),
  );

  app.get(
    '/api/ecommerce/stores/:storeId/products',
    { config: view, schema: storeOwnerApi.listProducts },
    async (request) => {
      if (!(await ownsStore(db, requireAccountId(request), request.params.storeId)))
        throw new HttpError(404, STORE_NOT_FOUND);
      return listProducts(db, { ...request.query, storeId: request.params.storeId, includeInactive: true });
    },
  );

  app.get(
    '/api/ecommerce/stores/:storeId/products/:id',
    { config: view, schema: storeOwnerApi.product },
    async (request) => {
      const { storeId, id } = request.params;
      const product = (await ownsStore(db, requireAccountId(request), storeId))
        ? await findProduct(db, storeId, id, true)
        : null;
      if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
      return product;
    },
  );

  app.post(
    '/api/ecommerce/products',
    { config: edit, schema: storeOwnerApi.createProduct, schemaErrorFormatter: productSchemaErrors },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      const { storeId, ...input } = request.body;
      checkProduct(input);
      checkCurrency(input, await storeCurrencyOf(db, accountId, { storeId }));
      const product = await createProduct(db, accountId, storeId, input);
      if (!product) throw new HttpError(404, NOT_YOURS);
      return reply.code(201).send(product);
    },
  );

  app.put(
    '/api/ecommerce/products/:id',
    { config: edit, schema: storeOwnerApi.updateProduct, schemaErrorFormatter: productSchemaErrors },
    async (request) => {
      const accountId = requireAccountId(request);
      const { id } = request.params;
      // A field left out keeps the product's value (storeOwnerApi.updateProduct), checked with the ones sent.
      return db.transaction(async (tx) => {
        const current = await lockAccountProduct(tx, accountId, id);
        if (!current) throw new HttpError(404, PRODUCT_NOT_FOUND);
        const input = keptProductInput(current, request.body);
        checkProduct(input);
        checkCurrency(request.body, current.currency);
        const product = await updateProduct(tx, accountId, id, input);
        if (!product) throw new HttpError(404, CATEGORY_NOT_FOUND);
        return product;
      });
    },
  );

  app.delete(
    '/api/ecommerce/products/:id',
    { config: edit, schema: storeOwnerApi.deleteById },
    async (request, reply) => {
      if (!(await deleteProduct(db, requireAccountId(request), request.params.id)))
        throw new HttpError(404, PRODUCT_NOT_FOUND);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/ecommerce/categories',
    { config: edit, schema: storeOwnerApi.createCategory },
    async (request, reply) => {
      const result = await createCategory(
        db,
        requireAccountId(request),
        request.body.storeId,
        request.body.name,
      );
      if (result === 'store') throw new HttpError(404, STORE_NOT_FOUND);
      if (result === 'duplicate') throw new HttpError(409, CATEGORY_TAKEN);
      return reply.code(201).send(result);
    },
  );

  app.delete(
    '/api/ecommerce/categories/:id',
    { config: edit, schema: storeOwnerApi.deleteById },
    async (request, reply) => {
      if (!(await deleteCategory(db, requireAccountId(request), request.params.id)))
        throw new HttpError(404, CATEGORY_NOT_FOUND);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/ecommerce/stores/:storeId/settings',
    { config: view, schema: storeOwnerApi.getSettings },
    async (request) => {
      if (!(await ownsStore(db, requireAccountId(request), request.params.storeId)))
        throw new HttpError(404, STORE_NOT_FOUND);
      return storeSettingsOf(db, request.params.storeId);
    },
  );

  app.put(
    '/api/ecommerce/stores/:storeId/settings',
    { config: edit, schema: storeOwnerApi.putSettings, schemaErrorFormatter: settingsSchemaErrors },
    async (request) => {
      const accountId = requireAccountId(request);
      if (!(await ownsStore(db, accountId, request.params.storeId)))
        throw new HttpError(404, STORE_NOT_FOUND);
      checkSettings(request.body);
      // Card alone, on a server that cannot take cards, would leave buyers no way to pay.
      if (!payments && !request.body.paymentMethods.includes('manual')) {
        throw new HttpError(400, STORE_SETTINGS_MESSAGES.cardNotConfigured);
      }
      return saveStoreSettings(db, accountId, request.params.storeId, request.body);
    },
  );

  app.get(
    '/api/ecommerce/stores/:storeId/orders',
    { config: view, schema: storeOwnerApi.orders },
    async (request) => {
      const page = await listStoreOrders(
        db,
        requireAccountId(request),
        request.params.storeId,
        request.query,
      );
      if (!page) throw new HttpError(404, STORE_NOT_FOUND);
      return page;
    },
  );

  app.get(
    '/api/ecommerce/stores/:storeId/orders.csv',
    { config: view, schema: storeOwnerApi.ordersCsv },
    async (request, reply) => {
      const { storeId } = request.params;
      const orders = await exportStoreOrders(db, requireAccountId(request), storeId, request.query);
      if (!orders) throw new HttpError(404, STORE_NOT_FOUND);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="orders-${storeId}.csv"`);
      return reply.send(ordersCsv(orders));
    },
  );

  app.get(
    '/api/ecommerce/stores/:storeId/orders/:id',
    { config: view, schema: storeOwnerApi.order },
    async (request) => {
      const order = await findAccountOrder(db, requireAccountId(request), request.params.id);
      if (!order || order.storeId !== request.params.storeId) throw new HttpError(404, ORDER_NOT_FOUND);
      const { accountId: _account, ...details } = order;
      return details;
    },
  );

  app.get('/api/ecommerce/orders/summary', { config: view, schema: storeOwnerApi.ordersSummary }, (request) =>
    ordersSummary(db, requireAccountId(request)),
  );

  app.patch(
    '/api/ecommerce/orders/:id',
    { config: edit, schema: storeOwnerApi.orderAction },
    async (request) => {
      const body = request.body;
      if (body.action !== 'ship' && (body.trackingNumber !== undefined || body.carrier !== undefined)) {
        throw new HttpError(400, 'trackingNumber and carrier go only with the ship action');
      }
      const { accountId: _account, ...order } = await applyOrderAction(
        db,
        requireAccountId(request),
        request.params.id,
        body,
        request.user.id,
        orderEvents,
      );
      return order;
    },
  );

  app.get(
    '/api/ecommerce/customers/:id/orders',
    { config: view, schema: storeOwnerApi.customerOrders },
    (request) => listCustomerOrders(db, requireAccountId(request), request.params.id),
  );
};

/** What the settings' schema cannot say in the owner's words; a refused save changes nothing. */
function checkSettings(settings: StoreSettings): void {
  const [problem] = Object.entries(settingsProblems(settings)) as [SettingsProblemKey, string][];
  if (problem) throw new HttpError(400, settingsProblemMessage(...problem));
}

export const ORDERS_CSV_HEADER = [
  'Order',
  'Date',
  'Status',
  'Payment',
  'Fulfilment',
  'Buyer',
  'Email',
  'Phone',
  'Delivery',
  'Address',
  'Items',
  'Subtotal',
  'Shipping',
  'Tax',
  'Total',
  'Currency',
  'Tracking',
] as const;

const money = (amount: number) => amount.toFixed(2);

/** The owner's export: one order a row, CSV-escaped and formula-safe (toCsv). */
export function ordersCsv(orders: readonly OrderDetails[]): string {
  return toCsv([
    ORDERS_CSV_HEADER,
    ...orders.map((order) => {
      const address = order.shippingAddress;
      return [
        formatOrderNumber(order.orderNumber),
        order.createdDate,
        orderStatusLabel(order),
        order.paymentMethod === 'card' ? `card (${order.paymentStatus})` : `manual (${order.paymentStatus})`,
        order.fulfilmentStatus,
        order.customer.name,
        order.customer.email,
        order.customer.phone ?? '',
        order.deliveryMethod,
        address
          ? [address.line1, address.line2, address.city, address.region, address.postalCode, address.country]
              .filter(Boolean)
              .join(', ')
          : '',
        order.items.map((item) => `${item.quantity} × ${item.productName}`).join('; '),
        money(order.subtotal),
        money(order.shipping),
        money(order.tax),
        money(order.total),
        order.currency,
        [order.carrier, order.trackingNumber].filter(Boolean).join(' '),
      ];
    }),
  ]);
}
