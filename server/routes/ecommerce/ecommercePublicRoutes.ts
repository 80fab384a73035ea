import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import type { Queryable } from '../../db/types.ts';
import { HttpError } from '../../errors.ts';
import { emitWebhookEvent } from '../../jobs/webhooks.ts';
import { createCatalogueReader } from '../../repositories/catalogueCache.ts';
import {
  addCartItem,
  CART_NOT_FOUND,
  createCart,
  findCart,
  PRODUCT_NOT_FOUND,
  removeCartItem,
  setCartItemQuantity,
} from '../../repositories/storeCarts.ts';
import { findProduct, findStore, listCategories } from '../../repositories/storeCatalog.ts';
import { findOrder, ORDER_NOT_FOUND, placeOrder } from '../../repositories/storeOrders.ts';
import type { RouteDeps } from '../routeDeps.ts';
import {
  addItemSchema,
  createCartSchema,
  getCartSchema,
  getOrderSchema,
  getProductSchema,
  listCategoriesSchema,
  listProductsSchema,
  placeOrderSchema,
  removeItemSchema,
  updateItemSchema,
} from './ecommerceSchemas.ts';

export const STORE_NOT_FOUND = 'Store not found';
export const TOO_MANY_REQUESTS = 'Too many requests, please try again in a minute';

/** Requests per minute and client address on the public store routes. */
export type StoreRateLimits = { reads: number; writes: number; orders: number };
export const DEFAULT_STORE_RATE_LIMITS: StoreRateLimits = { reads: 600, writes: 120, orders: 20 };

type CartParams = { cartId: string };
type ItemParams = CartParams & { itemId: number };

/**
 * What shoppers do, without authentication: browse, fill a cart, check out. Rate-limited per client
 * address, and open to other origins (published pages run sandboxed, in an opaque origin).
 */
export const ecommercePublicRoutes: FastifyPluginAsync<RouteDeps & { limits?: StoreRateLimits }> = async (
  app,
  { db, jobs, limits = DEFAULT_STORE_RATE_LIMITS },
) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_REQUESTS),
  });
  // Shoppers' routes: public, each with its rate limit.
  const perMinute = (max: number) => ({
    permission: 'public' as const,
    rateLimit: { max, timeWindow: 60_000 },
  });
  const reads = { config: perMinute(limits.reads) };
  const writes = { config: perMinute(limits.writes) };

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('access-control-allow-origin', '*');
    return payload;
  });
  app.options('/api/ecommerce/*', { config: perMinute(limits.reads) }, async (_request, reply) =>
    reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, PATCH, DELETE')
      .header('access-control-allow-headers', 'content-type, idempotency-key')
      .header('access-control-max-age', '600')
      .send(),
  );

  const readCatalogue = createCatalogueReader(db);
  const requireStore = async (storeId: string) => {
    const store = await findStore(db, storeId);
    if (!store) throw new HttpError(404, STORE_NOT_FOUND);
    return store;
  };
  const cartOf = async (queryable: Queryable, cartId: string) => {
    const cart = await findCart(queryable, cartId);
    if (!cart) throw new HttpError(404, CART_NOT_FOUND);
    return cart;
  };

  app.get<{
    Querystring: { storeId: string; skip: number; take: number; categoryId?: number; searchTerm?: string };
  }>('/api/ecommerce/products', { schema: listProductsSchema, ...reads }, async (request) => {
    const page = await readCatalogue(request.query);
    if (page.totalCount === 0) await requireStore(request.query.storeId);
    return page;
  });

  app.get<{ Params: { id: number }; Querystring: { storeId: string } }>(
    '/api/ecommerce/products/:id',
    { schema: getProductSchema, ...reads },
    async (request) => {
      const product = await findProduct(db, request.query.storeId, request.params.id);
      if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
      return product;
    },
  );

  app.get<{ Querystring: { storeId: string } }>(
    '/api/ecommerce/categories',
    { schema: listCategoriesSchema, ...reads },
    async (request) => {
      await requireStore(request.query.storeId);
      return listCategories(db, request.query.storeId);
    },
  );

  app.post<{ Body: { storeId: string; customerId?: string } }>(
    '/api/ecommerce/cart',
    { schema: createCartSchema, ...writes },
    async (request, reply) => {
      const store = await requireStore(request.body.storeId);
      return reply.code(201).send(await createCart(db, store, request.body.customerId ?? ''));
    },
  );

  app.get<{ Params: CartParams }>(
    '/api/ecommerce/cart/:cartId',
    { schema: getCartSchema, ...reads },
    (request) => cartOf(db, request.params.cartId),
  );

  app.post<{ Params: CartParams; Body: { productId: number; quantity: number } }>(
    '/api/ecommerce/cart/:cartId/items',
    { schema: addItemSchema, ...writes },
    (request) =>
      db.transaction(async (tx) => {
        await addCartItem(tx, request.params.cartId, request.body.productId, request.body.quantity);
        return cartOf(tx, request.params.cartId);
      }),
  );

  app.patch<{ Params: ItemParams; Body: { quantity: number } }>(
    '/api/ecommerce/cart/:cartId/items/:itemId',
    { schema: updateItemSchema, ...writes },
    (request) =>
      db.transaction(async (tx) => {
        const { cartId, itemId } = request.params;
        await setCartItemQuantity(tx, cartId, itemId, request.body.quantity);
        return cartOf(tx, cartId);
      }),
  );

  app.delete<{ Params: ItemParams }>(
    '/api/ecommerce/cart/:cartId/items/:itemId',
    { schema: removeItemSchema, ...writes },
    (request) =>
      db.transaction(async (tx) => {
        await removeCartItem(tx, request.params.cartId, request.params.itemId);
        return cartOf(tx, request.params.cartId);
      }),
  );

  app.post<{ Body: { cartId: string }; Headers: { 'idempotency-key'?: string } }>(
    '/api/ecommerce/orders',
    { schema: placeOrderSchema, config: perMinute(limits.orders) },
    async (request, reply) => {
      const key = request.headers['idempotency-key'] ?? null;
      const { order, created, accountId } = await placeOrder(db, request.body.cartId, key, request.ip);
      if (created && accountId !== undefined) {
        await emitWebhookEvent(jobs, db, accountId, 'order.placed', order);
      }
      return reply.code(created ? 201 : 200).send(order);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/ecommerce/orders/:id',
    { schema: getOrderSchema, ...reads },
    async (request) => {
      const order = await findOrder(db, request.params.id);
      if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
      return order;
    },
  );
};
