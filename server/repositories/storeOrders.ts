import {
  fromCents,
  ORDER_TRANSITIONS,
  type Order,
  type OrderStatus,
  type Paged,
} from '../../src/contracts/store.ts';
import type { Db, Queryable } from '../db/types.ts';
import { HttpError, isUniqueViolation } from '../errors.ts';
import { logActivity } from './activityLogs.ts';
import { CART_NOT_FOUND, notEnoughStock, OUT_OF_STOCK, randomId } from './storeCarts.ts';

export const CART_EMPTY = 'Your cart is empty';
export const ORDER_NOT_FOUND = 'Order not found';
export const KEY_USED_FOR_ANOTHER_CART = 'Idempotency-Key was already used for another cart';

const ORDER = `o.id, o.store_id as "storeId", o.customer_id as "customerId", o.status,
  o.total_cents as "totalCents", o.currency, o.created_at as "createdDate",
  coalesce((select json_agg(json_build_object('productId', i.product_id, 'productName', i.product_name,
    'price', i.price_cents / 100.0, 'quantity', i.quantity) order by i.id)
    from order_items i where i.order_id = o.id), '[]'::json) as items`;

type OrderRow = Omit<Order, 'total' | 'createdDate'> & { totalCents: number; createdDate: Date | string };

const toOrder = ({ totalCents, createdDate, items, ...row }: OrderRow): Order => ({
  ...row,
  total: fromCents(totalCents),
  createdDate: createdDate instanceof Date ? createdDate.toISOString() : String(createdDate),
  items: items.map((item) => ({ ...item, price: Number(item.price) })),
});

/** A public order by its (unguessable) id. */
export async function findOrder(db: Queryable, id: string): Promise<Order | null> {
  const row = await db.one<OrderRow>(`select ${ORDER} from orders o where o.id = $1`, [id]);
  return row ? toOrder(row) : null;
}

/**
 * The order this checkout already made, if any. An Idempotency-Key belongs to the cart whose order first
 * stored it (the order row holds both): the same key with another cart is a client bug or a guess at
 * someone else's order, never a retry, so it is refused rather than answered with that order.
 */
async function findExisting(db: Queryable, cartId: string, key: string | null): Promise<Order | null> {
  const rows = await db.query<OrderRow & { orderCartId: string; orderKey: string | null }>(
    `select ${ORDER}, o.cart_id as "orderCartId", o.idempotency_key as "orderKey" from orders o
     where o.cart_id = $1 or ($2::text is not null and o.idempotency_key = $2::text)`,
    [cartId, key],
  );
  if (key !== null && rows.some((row) => row.orderKey === key && row.orderCartId !== cartId)) {
    throw new HttpError(409, KEY_USED_FOR_ANOTHER_CART);
  }
  const own = rows.find((row) => row.orderCartId === cartId);
  if (!own) return null;
  const { orderCartId: _cart, orderKey: _key, ...order } = own;
  return toOrder(order);
}

/** `accountId`: the store owner's account, on the call that created the order. */
export type PlacedOrder = { order: Order; created: boolean; accountId?: number };

/**
 * Checks a cart out: one transaction locks the cart row, takes each line's units from stock with a
 * conditional update (never below zero), writes the order and its lines, closes the cart and logs.
 * The same cart never makes a second order: a repeat (with or without its key) gets the first. A key
 * already bound to another cart's order is a 409.
 */
export async function placeOrder(
  db: Db,
  cartId: string,
  idempotencyKey: string | null,
  ip: string,
): Promise<PlacedOrder> {
  const earlier = await findExisting(db, cartId, idempotencyKey);
  if (earlier) return { order: earlier, created: false };
  try {
    return await db.transaction((tx) => checkout(tx, cartId, idempotencyKey, ip));
  } catch (error) {
    // A parallel checkout of the same cart committed first: answer with its order (or, when it was
    // another cart under the same key, the 409 findExisting throws).
    if (!isUniqueViolation(error)) throw error;
    const first = await findExisting(db, cartId, idempotencyKey);
    if (!first) throw error;
    return { order: first, created: false };
  }
}

async function checkout(tx: Queryable, cartId: string, key: string | null, ip: string): Promise<PlacedOrder> {
  const cart = await tx.one<{ accountId: number; storeId: string; customerId: string; currency: string }>(
    `select c.account_id as "accountId", c.store_id as "storeId", c.customer_id as "customerId", s.currency
     from carts c join stores s on s.store_id = c.store_id where c.id = $1 for update of c`,
    [cartId],
  );
  if (!cart) throw new HttpError(404, CART_NOT_FOUND);
  // Waited on the lock behind a checkout of this cart that has committed since.
  const earlier = await findExisting(tx, cartId, key);
  if (earlier) return { order: earlier, created: false };

  // Product order: parallel checkouts of different carts lock products in the same order (no deadlock).
  const lines = await tx.query<{ productId: number; quantity: number }>(
    `select product_id as "productId", quantity from cart_items
     where cart_id = $1 and account_id = $2 order by product_id`,
    [cartId, cart.accountId],
  );
  if (lines.length === 0) throw new HttpError(400, CART_EMPTY);

  const taken: { productId: number; name: string; priceCents: number; quantity: number }[] = [];
  for (const line of lines) {
    const row = await tx.one<{ name: string; priceCents: number }>(
      `update products set inventory_quantity = inventory_quantity - $3
       where id = $1 and store_id = $2 and is_active and inventory_quantity >= $3
       returning name, price_cents as "priceCents"`,
      [line.productId, cart.storeId, line.quantity],
    );
    if (!row) {
      const left = await tx.one<{ name: string; stock: number }>(
        'select name, inventory_quantity as stock from products where id = $1 and is_active',
        [line.productId],
      );
      throw new HttpError(409, left && left.stock > 0 ? notEnoughStock(left.name, left.stock) : OUT_OF_STOCK);
    }
    taken.push({ ...line, ...row });
  }
  const totalCents = taken.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const id = randomId();
  await tx.query(
    `insert into orders (id, account_id, store_id, cart_id, idempotency_key, customer_id, total_cents, currency)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [id, cart.accountId, cart.storeId, cartId, key, cart.customerId, totalCents, cart.currency],
  );
  for (const line of taken) {
    await tx.query(
      `insert into order_items (account_id, order_id, product_id, product_name, price_cents, quantity)
       values ($1, $2, $3, $4, $5, $6)`,
      [cart.accountId, id, line.productId, line.name, line.priceCents, line.quantity],
    );
  }
  await tx.query('update carts set order_id = $2, updated_at = now() where id = $1', [cartId, id]);
  await logActivity(tx, {
    type: 'store.order_placed',
    accountId: cart.accountId,
    ip,
    details: { orderId: id, storeId: cart.storeId, total: fromCents(totalCents), currency: cart.currency },
  });
  const order = await findOrder(tx, id);
  if (!order) throw new Error('order insert returned no row');
  return { order, created: true, accountId: cart.accountId };
}

/** One page of a store's orders, newest first; null when the store is not the account's. */
export async function listStoreOrders(
  db: Queryable,
  accountId: number,
  storeId: string,
  skip: number,
  take: number,
): Promise<Paged<Order> | null> {
  const store = await db.one('select 1 from stores where account_id = $1 and store_id = $2', [
    accountId,
    storeId,
  ]);
  if (!store) return null;
  const rows = await db.query<OrderRow>(
    `select ${ORDER} from orders o where o.account_id = $1 and o.store_id = $2
     order by o.created_at desc, o.id limit $3 offset $4`,
    [accountId, storeId, take, skip],
  );
  const counted = await db.one<{ total: number }>(
    'select count(*)::integer as total from orders where account_id = $1 and store_id = $2',
    [accountId, storeId],
  );
  return { results: rows.map(toOrder), totalCount: counted?.total ?? 0 };
}

/** A customer's orders in the account's stores, newest first. */
export async function listCustomerOrders(
  db: Queryable,
  accountId: number,
  customerId: string,
): Promise<Order[]> {
  const rows = await db.query<OrderRow>(
    `select ${ORDER} from orders o where o.account_id = $1 and o.customer_id = $2
     order by o.created_at desc, o.id limit 200`,
    [accountId, customerId],
  );
  return rows.map(toOrder);
}

/** Moves an order along placed → paid → fulfilled, or to cancelled (returning its units to stock). */
export async function changeOrderStatus(
  db: Db,
  accountId: number,
  orderId: string,
  status: OrderStatus,
  userId: number,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const current = await tx.one<{ status: OrderStatus }>(
      'select status from orders where account_id = $1 and id = $2 for update',
      [accountId, orderId],
    );
    if (!current) throw new HttpError(404, ORDER_NOT_FOUND);
    if (!ORDER_TRANSITIONS[current.status].includes(status)) {
      throw new HttpError(409, `An order that is ${current.status} cannot become ${status}`);
    }
    await tx.query('update orders set status = $3 where account_id = $1 and id = $2', [
      accountId,
      orderId,
      status,
    ]);
    if (status === 'cancelled') {
      await tx.query(
        `update products p set inventory_quantity = p.inventory_quantity + i.quantity
         from order_items i where i.order_id = $2 and i.account_id = $1 and p.id = i.product_id`,
        [accountId, orderId],
      );
    }
    await logActivity(tx, {
      type: 'store.order_status_changed',
      accountId,
      userId,
      details: { orderId, from: current.status, to: status },
    });
    const order = await findOrder(tx, orderId);
    if (!order) throw new Error('order vanished inside its transaction');
    return order;
  });
}
