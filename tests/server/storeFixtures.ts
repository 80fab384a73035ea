import { expect } from 'vitest';
import type { Cart, Product } from '../../src/contracts/store.ts';
import type { Session, TestContext } from './harness.ts';

let storeCounter = 0;

/** A store id no other test uses. */
export function uniqueStoreId(): string {
  storeCounter += 1;
  return `shop-${storeCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

export type StoreSetup = { owner: Session; storeId: string };

/** Registers an owner and creates a store of theirs. */
export async function createStore(ctx: TestContext, currency = 'USD'): Promise<StoreSetup> {
  const owner = await ctx.register();
  const storeId = uniqueStoreId();
  const response = await ctx.call('POST', '/api/ecommerce/stores', {
    token: owner.token,
    body: { storeId, storeName: 'Rosa’s Bakery', currency },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { owner, storeId };
}

export async function createProduct(
  ctx: TestContext,
  { owner, storeId }: StoreSetup,
  fields: Record<string, unknown>,
): Promise<Product> {
  const response = await ctx.call('POST', '/api/ecommerce/products', {
    token: owner.token,
    body: { storeId, name: 'Sourdough', price: 4.5, inventoryQuantity: 10, ...fields },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Product>();
}

/** Creates a category of the store's; its id. */
export async function createCategory(
  ctx: TestContext,
  { owner, storeId }: StoreSetup,
  name: string,
): Promise<number> {
  const response = await ctx.call('POST', '/api/ecommerce/categories', {
    token: owner.token,
    body: { storeId, name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

export async function newCart(ctx: TestContext, storeId: string, customerId = 'visitor-1'): Promise<Cart> {
  const response = await ctx.call('POST', '/api/ecommerce/cart', { body: { storeId, customerId } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Cart>();
}

export async function addItem(ctx: TestContext, cartId: string, productId: number, quantity?: number) {
  return ctx.call('POST', `/api/ecommerce/cart/${cartId}/items`, {
    body: quantity === undefined ? { productId } : { productId, quantity },
  });
}

let addressCounter = 0;

/** A buyer for checkouts whose buyer does not matter to the test. */
export const BUYER = { name: 'Ada Lovelace', email: 'ada@example.com' };

/** The checkout body of a pickup order by BUYER (the fields given replace these). */
export const checkoutBody = (fields: Record<string, unknown>) => ({
  customer: BUYER,
  deliveryMethod: 'pickup',
  ...fields,
});

/**
 * POST /api/ecommerce/orders (a pickup order by BUYER unless the body says otherwise) from an address of its own, so that the per-address checkout limit
 * (tested on its own) does not interfere with tests that check out many carts.
 */
export async function checkout(
  ctx: TestContext,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  addressCounter += 1;
  return ctx.call('POST', '/api/ecommerce/orders', {
    body: checkoutBody(body),
    remoteAddress: `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`,
    ...(headers ? { headers } : {}),
  });
}
