import rateLimit from '@fastify/rate-limit';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { isWellFormedEmail } from '../../../src/contracts/common.ts';
import {
  CHECKOUT_MESSAGES,
  type CheckoutBody,
  type CheckoutInput,
  type PlacedOrderResponse,
} from '../../../src/contracts/store.ts';
import { storeApi } from '../../../src/contracts/storeApi.ts';
import type { Queryable } from '../../db/types.ts';
import { HttpError } from '../../errors.ts';
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
import {
  CARD_UNAVAILABLE,
  expireUnopenedCardOrder,
  findOrderDetails,
  findOrderForBuyer,
  ORDER_NOT_FOUND,
  type PlacedOrder,
  placeOrder,
  recordCardCheckout,
  toPublicOrder,
} from '../../repositories/storeOrders.ts';
import { checkoutOptionsOf } from '../../repositories/storeSettings.ts';
import { buyerOrderLink } from '../../shop/orderMails.ts';
import type { RouteDeps } from '../routeDeps.ts';

export const STORE_NOT_FOUND = 'Store not found';
export const TOO_MANY_REQUESTS = 'Too many requests, please try again in a minute';

/** Requests per minute and client address on the public store routes. */
export type StoreRateLimits = { reads: number; writes: number; orders: number };
export const DEFAULT_STORE_RATE_LIMITS: StoreRateLimits = { reads: 600, writes: 120, orders: 20 };

/**
 * What shoppers do, without authentication: browse, fill a cart, check out. Rate-limited per client
 * address, and open to other origins (published pages run sandboxed, in an opaque origin).
 */
export const ecommercePublicRoutes: FastifyPluginAsync<RouteDeps & { limits?: StoreRateLimits }> = async (
  fastify,
  { db, config, payments, orderEvents, rateLimitStore, limits = DEFAULT_STORE_RATE_LIMITS },
) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  await app.register(rateLimit, {
    global: false,
    ...rateLimitStore,
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

  app.get('/api/ecommerce/products', { schema: storeApi.listProducts, ...reads }, async (request) => {
    const page = await readCatalogue(request.query);
    if (page.totalCount === 0) await requireStore(request.query.storeId);
    return page;
  });

  app.get('/api/ecommerce/products/:id', { schema: storeApi.getProduct, ...reads }, async (request) => {
    const product = await findProduct(db, request.query.storeId, request.params.id);
    if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
    return product;
  });

  app.get('/api/ecommerce/categories', { schema: storeApi.listCategories, ...reads }, async (request) => {
    await requireStore(request.query.storeId);
    return listCategories(db, request.query.storeId);
  });

  app.post('/api/ecommerce/cart', { schema: storeApi.createCart, ...writes }, async (request, reply) => {
    const store = await requireStore(request.body.storeId);
    return reply.code(201).send(await createCart(db, store, request.body.customerId ?? ''));
  });

  app.get('/api/ecommerce/cart/:cartId', { schema: storeApi.getCart, ...reads }, (request) =>
    cartOf(db, request.params.cartId),
  );

  app.post('/api/ecommerce/cart/:cartId/items', { schema: storeApi.addItem, ...writes }, (request) =>
    db.transaction(async (tx) => {
      await addCartItem(tx, request.params.cartId, request.body.productId, request.body.quantity);
      return cartOf(tx, request.params.cartId);
    }),
  );

  app.patch(
    '/api/ecommerce/cart/:cartId/items/:itemId',
    { schema: storeApi.updateItem, ...writes },
    (request) =>
      db.transaction(async (tx) => {
        const { cartId, itemId } = request.params;
        await setCartItemQuantity(tx, cartId, itemId, request.body.quantity);
        return cartOf(tx, cartId);
      }),
  );

  app.delete(
    '/api/ecommerce/cart/:cartId/items/:itemId',
    { schema: storeApi.removeItem, ...writes },
    (request) =>
      db.transaction(async (tx) => {
        await removeCartItem(tx, request.params.cartId, request.params.itemId);
        return cartOf(tx, request.params.cartId);
      }),
  );

  app.get(
    '/api/ecommerce/stores/:storeId/checkout',
    { schema: storeApi.checkoutOptions, ...reads },
    async (request) => {
      const options = await checkoutOptionsOf(db, request.params.storeId, payments !== null);
      if (!options) throw new HttpError(404, STORE_NOT_FOUND);
      return options;
    },
  );

  // The buyer's server-rendered order page: shown with the confirmation, and where the card checkout returns to.
  const orderPageUrl = (request: FastifyRequest, placed: PlacedOrder, outcome?: 'paid' | 'cancelled') =>
    buyerOrderLink(
      config.appUrl ?? `${request.protocol}://${request.host}`,
      placed.order.id,
      placed.accessToken,
    ) + (outcome ? `&${outcome}=1` : '');

  app.post(
    '/api/ecommerce/orders',
    { schema: storeApi.placeOrder, config: perMinute(limits.orders) },
    async (request, reply) => {
      const input = checkBuyer(request.body);
      const placed = await placeOrder(db, {
        input,
        idempotencyKey: request.headers['idempotency-key'] ?? null,
        ip: request.ip,
        cardAvailable: payments !== null,
        events: orderEvents,
      });
      const answer = (order: PlacedOrder['order'], checkoutUrl: string | null): PlacedOrderResponse => {
        const { accountId: _account, ...details } = order;
        return {
          ...details,
          accessToken: placed.accessToken,
          checkoutUrl,
          orderUrl: orderPageUrl(request, placed),
          // Said only when the confirmation really leaves: without a mail server it waits in the outbox.
          confirmationEmailed: orderEvents.mailsBuyer,
        };
      };
      // A repeat of this cart's checkout: the cart id is the buyer's secret already.
      if (!placed.created) return reply.code(200).send(answer(placed.order, null));
      await orderEvents.afterCommit({
        type: 'placed',
        accountId: placed.accountId,
        order: placed.order,
        accessToken: placed.accessToken,
      });
      if (placed.order.paymentMethod !== 'card' || !payments) {
        return reply.code(201).send(answer(placed.order, null));
      }
      try {
        const expiresAt = new Date(placed.order.reservedUntil ?? Date.now());
        const session = await payments.createCheckout(
          placed.order,
          {
            successUrl: orderPageUrl(request, placed, 'paid'),
            cancelUrl: orderPageUrl(request, placed, 'cancelled'),
          },
          expiresAt,
        );
        await recordCardCheckout(db, placed.order.id, session);
        const order = (await findOrderDetails(db, placed.order.id)) ?? placed.order;
        return reply.code(201).send(answer(order, session.url));
      } catch (error) {
        request.log.warn({ err: error, orderId: placed.order.id }, 'card checkout could not be opened');
        await expireUnopenedCardOrder(db, placed.order, orderEvents);
        throw new HttpError(502, CARD_UNAVAILABLE);
      }
    },
  );

  // Public: the order without buyer details; with its token, the buyer's own view. A wrong token is as
  // unknown as a wrong id.
  app.get('/api/ecommerce/orders/:id', { schema: storeApi.getOrder, ...reads }, async (request) => {
    const { token } = request.query;
    if (token !== undefined) {
      const order = await findOrderForBuyer(db, request.params.id, token);
      if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
      const { accountId: _account, ...details } = order;
      return details;
    }
    const order = await findOrderDetails(db, request.params.id);
    if (!order) throw new HttpError(404, ORDER_NOT_FOUND);
    return toPublicOrder(order);
  });
};

/** The buyer's fields the schema cannot word as the checkout form does; refused before anything changes. */
function checkBuyer(input: CheckoutBody): CheckoutInput {
  const name = input.customer.name?.trim() ?? '';
  if (!name) throw new HttpError(400, CHECKOUT_MESSAGES.nameRequired);
  const email = input.customer.email?.trim() ?? '';
  if (!isWellFormedEmail(email)) throw new HttpError(400, CHECKOUT_MESSAGES.emailInvalid);
  if (input.deliveryMethod === 'shipping' && !input.shippingAddress) {
    throw new HttpError(400, CHECKOUT_MESSAGES.addressRequired);
  }
  const phone = input.customer.phone?.trim();
  return {
    ...input,
    customer: { name, email, ...(phone ? { phone } : {}) },
    ...(input.deliveryMethod === 'shipping' ? {} : { shippingAddress: undefined }),
  };
}
