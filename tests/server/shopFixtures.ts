import { expect } from 'vitest';
import {
  DEFAULT_STORE_SETTINGS,
  type PlacedOrderResponse,
  type StoreSettings,
} from '../../src/contracts/store.ts';
import type { TestContext } from './harness.ts';
import { addItem, checkout, createProduct, createStore, newCart, type StoreSetup } from './storeFixtures.ts';

export type ShopSetup = StoreSetup & { productId: number };

/** A store with checkout settings and one product ('Mug', $6.00, 10 in stock). */
export async function createShop(
  ctx: TestContext,
  settings: Partial<StoreSettings> = {},
): Promise<ShopSetup> {
  const store = await createStore(ctx);
  const saved = await ctx.call('PUT', `/api/ecommerce/stores/${store.storeId}/settings`, {
    token: store.owner.token,
    body: { ...DEFAULT_STORE_SETTINGS, pickupInstructions: 'Collect at 5 Main St.', ...settings },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const product = await createProduct(ctx, store, { name: 'Mug', price: 6, inventoryQuantity: 10 });
  return { ...store, productId: product.id };
}

/** A cart of `quantity` mugs checked out by Ada; the API's answer. */
export async function placeOrder(
  ctx: TestContext,
  shop: ShopSetup,
  options: { quantity?: number; email?: string; paymentMethod?: 'manual' | 'card'; name?: string } = {},
): Promise<PlacedOrderResponse> {
  const cart = await newCart(ctx, shop.storeId);
  const added = await addItem(ctx, cart.id, shop.productId, options.quantity ?? 2);
  expect(added.statusCode, added.body).toBe(200);
  const response = await checkout(ctx, {
    cartId: cart.id,
    customer: {
      name: options.name ?? 'Ada Lovelace',
      email: options.email ?? 'ada@example.com',
      phone: '+1 555 0100',
    },
    deliveryMethod: 'pickup',
    paymentMethod: options.paymentMethod ?? 'manual',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PlacedOrderResponse>();
}

/** The product's stock as its owner sees it. */
export async function stockOf(ctx: TestContext, shop: ShopSetup): Promise<number> {
  const rows = await ctx.db.query<{ stock: number }>(
    'select inventory_quantity as stock from products where id = $1',
    [shop.productId],
  );
  return rows[0]?.stock ?? -1;
}
