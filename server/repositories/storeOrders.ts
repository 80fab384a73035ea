import { randomBytes, timingSafeEqual } from 'node:crypto';
import { manualPaymentWords } from '../../src/contracts/paymentWords.ts';
import {
  type Address,
  allowedOrderActions,
  CHECKOUT_MESSAGES,
  type CheckoutInput,
  computeTotalsCents,
  type DeliveryMethod,
  type FulfilmentStatus,
  formatOrderNumber,
  fromCents,
  type Order,
  type OrderAction,
  type OrderActionName,
  type OrderDetails,
  type OrderListQuery,
  type OrderPage,
  type OrderStatus,
  type OrdersSummary,
  orderStatusOf,
  type PaymentMethod,
  type PaymentStatus,
  type StoreCurrency,
  toCents,
  totalChanged,
} from '../../src/contracts/store.ts';
import { readPage, skipTakeWindow } from '../db/paging.ts';
import { isoDate } from '../db/rows.ts';
import type { Db, Queryable } from '../db/types.ts';
import { HttpError, isUniqueViolation } from '../errors.ts';
import { CARD_RESERVATION_MS } from '../payments/gateway.ts';
import type { OrderEvent, OrderEvents } from '../shop/orderEvents.ts';
import { logActivity } from './activityLogs.ts';
import { CART_NOT_FOUND, lineProblem, OUT_OF_STOCK, randomId } from './storeCarts.ts';
import { offeredPaymentMethods, storeSettingsOf } from './storeSettings.ts';

export const CART_EMPTY = 'Your cart is empty';

export const ORDER_NOT_FOUND = 'Order not found';
export const KEY_USED_FOR_ANOTHER_CART = 'Idempotency-Key was already used for another cart';
export const CARD_UNAVAILABLE =
  'Card payment is unavailable right now. Please try again or choose another payment method.';

const ITEMS = `coalesce((select json_agg(json_build_object('productId', i.product_id, 'productName', i.product_name,
    'price', i.price_cents / 100.0, 'quantity', i.quantity) order by i.id)
    from order_items i where i.order_id = o.id), '[]'::json) as items`;

const ORDER = `o.id, o.order_number as "orderNumber", o.store_id as "storeId", o.customer_id as "customerId",
  o.payment_method as "paymentMethod", o.payment_status as "paymentStatus",
  o.fulfilment_status as "fulfilmentStatus", o.delivery_method as "deliveryMethod",
  o.subtotal_cents as "subtotalCents", o.shipping_cents as "shippingCents", o.tax_cents as "taxCents",
  o.tax_inclusive as "taxInclusive", o.total_cents as "totalCents", o.currency,
  o.created_at as "createdDate", o.reserved_until as "reservedUntil", o.buyer_name as "buyerName",
  o.buyer_email as "buyerEmail", o.buyer_phone as "buyerPhone", o.shipping_address as "shippingAddress",
  o.note, o.tracking_number as "trackingNumber", o.carrier, o.payment_instructions as "paymentInstructions",
  o.account_id as "accountId", ${ITEMS}`;

/** An order row as selected by ORDER. */
export type OrderRow = {
  id: string;
  orderNumber: number;
  storeId: string;
  customerId: string;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  fulfilmentStatus: FulfilmentStatus;
  deliveryMethod: DeliveryMethod;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  taxInclusive: boolean;
  totalCents: number;
  currency: StoreCurrency;
  createdDate: Date | string;
  reservedUntil: Date | string | null;
  buyerName: string;
  buyerEmail: string;
  buyerPhone: string;
  shippingAddress: Address | string | null;
  note: string;
  trackingNumber: string | null;
  carrier: string | null;
  paymentInstructions: string;
  accountId: number;
  items: { productId: number | null; productName: string; price: number | string; quantity: number }[];
};

/** An order as the owner's account and the buyer (with the token) see it, with the account it belongs to. */
export type StoredOrder = OrderDetails & { accountId: number };

const iso = isoDate;

/** The one row mapper: the order's row → OrderDetails (status derived from payment and fulfilment). */
export function toOrderDetails(row: OrderRow): StoredOrder {
  const address =
    typeof row.shippingAddress === 'string' ? JSON.parse(row.shippingAddress) : row.shippingAddress;
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    storeId: row.storeId,
    customerId: row.customerId,
    status: orderStatusOf(row),
    paymentMethod: row.paymentMethod,
    paymentStatus: row.paymentStatus,
    fulfilmentStatus: row.fulfilmentStatus,
    deliveryMethod: row.deliveryMethod,
    subtotal: fromCents(row.subtotalCents),
    shipping: fromCents(row.shippingCents),
    tax: fromCents(row.taxCents),
    taxInclusive: row.taxInclusive,
    total: fromCents(row.totalCents),
    currency: row.currency,
    createdDate: iso(row.createdDate),
    items: row.items.map((item) => ({ ...item, price: Number(item.price) })),
    reservedUntil: row.reservedUntil === null ? null : iso(row.reservedUntil),
    customer: {
      name: row.buyerName,
      email: row.buyerEmail,
      ...(row.buyerPhone ? { phone: row.buyerPhone } : {}),
    },
    shippingAddress: (address as Address | null) ?? null,
    note: row.note,
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    paymentInstructions: row.paymentInstructions,
    accountId: row.accountId,
  };
}

/** What anyone holding the order's id sees: no buyer details at all. */
export function toPublicOrder(order: OrderDetails): Order {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    storeId: order.storeId,
    customerId: order.customerId,
    status: order.status,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    fulfilmentStatus: order.fulfilmentStatus,
    deliveryMethod: order.deliveryMethod,
    subtotal: order.subtotal,
    shipping: order.shipping,
    tax: order.tax,
    taxInclusive: order.taxInclusive,
    total: order.total,
    currency: order.currency,
    createdDate: order.createdDate,
    items: order.items,
    reservedUntil: order.reservedUntil,
  };
}

/** The order with its buyer details and account, or null when there is none. */
export async function findOrderDetails(db: Queryable, id: string): Promise<StoredOrder | null> {
  const row = await db.one<OrderRow>(`select ${ORDER} from orders o where o.id = $1`, [id]);
  return row ? toOrderDetails(row) : null;
}

/** An order of the account's, or null (another account's order is as unknown as a missing one). */
export async function findAccountOrder(
  db: Queryable,
  accountId: number,
  id: string,
): Promise<StoredOrder | null> {
  const order = await findOrderDetails(db, id);
  return order && order.accountId === accountId ? order : null;
}

const sameSecret = (stored: string, given: string): boolean => {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The order's details for its buyer: null unless `token` is the order's access token (constant-time compare). */
export async function findOrderForBuyer(
  db: Queryable,
  id: string,
  token: string,
): Promise<StoredOrder | null> {
  const found = await db.one<{ accessToken: string }>(
    'select access_token as "accessToken" from orders where id = $1',
    [id],
  );
  if (!found || !sameSecret(found.accessToken, token)) return null;
  return findOrderDetails(db, id);
}

/**
 * Returns an order's units to stock: the one place stock comes back (an owner's cancel, a card payment
 * that failed to open or expired). Call it once, in the transaction that moves the order out of its
 * reserving state.
 */
export async function releaseOrderStock(tx: Queryable, accountId: number, orderId: string): Promise<void> {
  await tx.query(
    `update products p set inventory_quantity = p.inventory_quantity + i.quantity
     from order_items i where i.order_id = $2 and i.account_id = $1 and p.id = i.product_id`,
    [accountId, orderId],
  );
}

type ExistingRow = OrderRow & { orderCartId: string; orderKey: string | null; accessToken: string };

/**
 * The order this checkout already made, if any. An Idempotency-Key belongs to the cart whose order first
 * stored it (the order row holds both): the same key with another cart is a client bug or a guess at
 * someone else's order, never a retry, so it is refused rather than answered with that order.
 */
async function findExisting(db: Queryable, cartId: string, key: string | null): Promise<PlacedOrder | null> {
  const rows = await db.query<ExistingRow>(
    `select ${ORDER}, o.cart_id as "orderCartId", o.idempotency_key as "orderKey", o.access_token as "accessToken"
     from orders o where o.cart_id = $1 or ($2::text is not null and o.idempotency_key = $2::text)`,
    [cartId, key],
  );
  if (key !== null && rows.some((row) => row.orderKey === key && row.orderCartId !== cartId)) {
    throw new HttpError(409, KEY_USED_FOR_ANOTHER_CART);
  }
  const own = rows.find((row) => row.orderCartId === cartId);
  if (!own) return null;
  const order = toOrderDetails(own);
  return { order, accessToken: own.accessToken, created: false, accountId: order.accountId };
}

export type PlacedOrder = {
  order: StoredOrder;
  /** The buyer's secret (32 random bytes, hex). */
  accessToken: string;
  /** false: a repeat of a checkout that already made this order. */
  created: boolean;
  accountId: number;
};

export type CheckoutRequest = {
  input: CheckoutInput;
  idempotencyKey: string | null;
  ip: string;
  /** Whether card payments can be taken (a payment gateway is configured). */
  cardAvailable: boolean;
  events: OrderEvents;
};

/**
 * Checks a cart out: one transaction locks the cart row, checks the store's delivery and payment
 * settings, takes each line's units from stock with a conditional update (never below zero), takes the
 * store's next order number, writes the order and its lines, closes the cart, logs and publishes the
 * 'placed' event. The same cart never makes a second order: a repeat (with or without its key) gets the
 * first. A key already bound to another cart's order is a 409. Anything refused changes nothing.
 */
export async function placeOrder(db: Db, request: CheckoutRequest): Promise<PlacedOrder> {
  const { cartId } = request.input;
  const earlier = await findExisting(db, cartId, request.idempotencyKey);
  if (earlier) return earlier;
  try {
    return await db.transaction((tx) => checkout(tx, request));
  } catch (error) {
    // A parallel checkout of the same cart committed first: answer with its order (or, when it was
    // another cart under the same key, the 409 findExisting throws).
    if (!isUniqueViolation(error)) throw error;
    const first = await findExisting(db, cartId, request.idempotencyKey);
    if (!first) throw error;
    return first;
  }
}

async function checkout(tx: Queryable, request: CheckoutRequest): Promise<PlacedOrder> {
  const { input, idempotencyKey: key } = request;
  const cart = await tx.one<{ accountId: number; storeId: string; customerId: string; currency: string }>(
    `select c.account_id as "accountId", c.store_id as "storeId", c.customer_id as "customerId", s.currency
     from carts c join stores s on s.store_id = c.store_id where c.id = $1 for update of c`,
    [input.cartId],
  );
  if (!cart) throw new HttpError(404, CART_NOT_FOUND);
  // Waited on the lock behind a checkout of this cart that has committed since.
  const earlier = await findExisting(tx, input.cartId, key);
  if (earlier) return earlier;

  const settings = await storeSettingsOf(tx, cart.storeId);
  const delivery = input.deliveryMethod;
  if (!(delivery === 'pickup' ? settings.pickupEnabled : settings.shippingEnabled)) {
    throw new HttpError(400, CHECKOUT_MESSAGES.deliveryUnavailable);
  }
  const payment = input.paymentMethod ?? 'manual';
  if (!offeredPaymentMethods(settings, request.cardAvailable).includes(payment)) {
    throw new HttpError(400, CHECKOUT_MESSAGES.paymentUnavailable);
  }

  // Product order: parallel checkouts of different carts lock products in the same order (no deadlock).
  const lines = await tx.query<{ productId: number; quantity: number }>(
    `select product_id as "productId", quantity from cart_items
     where cart_id = $1 and account_id = $2 order by product_id`,
    [input.cartId, cart.accountId],
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
      // Said with the product's name: the buyer sees which line of their cart to change.
      const left = await tx.one<{ name: string; stock: number; active: boolean }>(
        'select name, inventory_quantity as stock, is_active as active from products where id = $1',
        [line.productId],
      );
      throw new HttpError(409, (left && lineProblem({ ...left, quantity: line.quantity })) ?? OUT_OF_STOCK);
    }
    taken.push({ ...line, ...row });
  }
  const subtotalCents = taken.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const totals = computeTotalsCents(subtotalCents, delivery, settings);
  // The buyer agreed to the total they were shown: another one is theirs to check first (the transaction
  // rolls back the stock taken above).
  if (input.expectedTotal !== undefined && toCents(input.expectedTotal) !== totals.totalCents) {
    throw new HttpError(409, totalChanged(fromCents(totals.totalCents), cart.currency));
  }
  // Last, so the store row (which serialises this store's checkouts) is held for the shortest time;
  // a rollback gives the number back, so numbers stay gapless.
  const numbered = await tx.one<{ orderNumber: number }>(
    `update stores set next_order_number = next_order_number + 1 where store_id = $1
     returning next_order_number - 1 as "orderNumber"`,
    [cart.storeId],
  );
  if (!numbered) throw new Error('the cart’s store vanished inside its transaction');

  const id = randomId();
  const accessToken = randomBytes(32).toString('hex');
  const card = payment === 'card';
  const buyer = input.customer;
  await tx.query(
    `insert into orders (id, account_id, store_id, cart_id, idempotency_key, customer_id, total_cents, currency,
       order_number, payment_method, payment_status, delivery_method, buyer_name, buyer_email, buyer_phone,
       shipping_address, note, subtotal_cents, shipping_cents, tax_cents, tax_inclusive, payment_instructions,
       access_token, reserved_until)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb, $17, $18, $19, $20,
       $21, $22, $23, $24)`,
    [
      id,
      cart.accountId,
      cart.storeId,
      input.cartId,
      key,
      cart.customerId,
      totals.totalCents,
      cart.currency,
      numbered.orderNumber,
      payment,
      card ? 'awaiting' : 'unpaid',
      delivery,
      buyer.name,
      buyer.email,
      buyer.phone ?? '',
      delivery === 'shipping' && input.shippingAddress ? JSON.stringify(input.shippingAddress) : null,
      input.note ?? '',
      totals.subtotalCents,
      totals.shippingCents,
      totals.taxCents,
      settings.taxInclusive,
      card ? '' : manualPaymentWords(settings.manualPaymentInstructions, delivery),
      accessToken,
      card ? new Date(Date.now() + CARD_RESERVATION_MS) : null,
    ],
  );
  for (const line of taken) {
    await tx.query(
      `insert into order_items (account_id, order_id, product_id, product_name, price_cents, quantity)
       values ($1, $2, $3, $4, $5, $6)`,
      [cart.accountId, id, line.productId, line.name, line.priceCents, line.quantity],
    );
  }
  await tx.query('update carts set order_id = $2, updated_at = now() where id = $1', [input.cartId, id]);
  await logActivity(tx, {
    type: 'store.order_placed',
    accountId: cart.accountId,
    ip: request.ip,
    details: {
      orderId: id,
      orderNumber: numbered.orderNumber,
      storeId: cart.storeId,
      total: fromCents(totals.totalCents),
      currency: cart.currency,
    },
  });
  const order = await findOrderDetails(tx, id);
  if (!order) throw new Error('order insert returned no row');
  await request.events.publish(tx, { type: 'placed', accountId: cart.accountId, order, accessToken });
  return { order, accessToken, created: true, accountId: cart.accountId };
}

/** A card order whose checkout could not be opened: its stock returns and its payment expires. */
export async function expireUnopenedCardOrder(
  db: Db,
  order: StoredOrder,
  events: OrderEvents,
): Promise<void> {
  const event = await db.transaction(async (tx) => {
    const rows = await tx.query(
      `update orders set payment_status = 'expired', reserved_until = null, updated_at = now()
       where id = $1 and payment_status = 'awaiting' returning id`,
      [order.id],
    );
    if (rows.length === 0) return null;
    await releaseOrderStock(tx, order.accountId, order.id);
    const changed = await findOrderDetails(tx, order.id);
    if (!changed) return null;
    const event: OrderEvent = {
      type: 'changed',
      accountId: order.accountId,
      order: changed,
      cause: 'paymentExpired',
    };
    await events.publish(tx, event);
    return event;
  });
  if (event) await events.afterCommit(event);
}

/** Stores the open card checkout of an order. */
export async function recordCardCheckout(
  db: Queryable,
  orderId: string,
  checkout: { sessionId: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    `update orders set stripe_session_id = $2, reserved_until = $3, updated_at = now()
     where id = $1 and payment_status = 'awaiting'`,
    [orderId, checkout.sessionId, checkout.expiresAt],
  );
}

// ---------------------------------------------------------------------------------------------------
// Owner actions
// ---------------------------------------------------------------------------------------------------

const ACTION_PHRASES: Record<OrderActionName, string> = {
  markPaid: 'marked as paid',
  readyForPickup: 'marked as ready for pickup',
  ship: 'marked as shipped',
  complete: 'marked as completed',
  cancel: 'cancelled',
};

type ActionState = Pick<
  OrderDetails,
  'paymentStatus' | 'fulfilmentStatus' | 'deliveryMethod' | 'orderNumber'
>;

/** Why an action the rule does not allow is refused, as a sentence for the owner. */
export function refusalOf(state: ActionState, action: OrderActionName): string {
  const order = `Order ${formatOrderNumber(state.orderNumber)}`;
  const { paymentStatus: pay, fulfilmentStatus: ful, deliveryMethod: delivery } = state;
  if (ful === 'cancelled') return `${order} is cancelled and cannot change.`;
  if (ful === 'completed') return `${order} is completed and cannot change.`;
  if (pay === 'expired') return `${order} has an expired card payment and cannot change.`;
  const cannot = `${order} cannot be ${ACTION_PHRASES[action]}`;
  switch (action) {
    case 'markPaid':
      return pay === 'paid' ? `${order} is already paid.` : `${cannot}: its card payment is still open.`;
    case 'readyForPickup':
      if (delivery !== 'pickup') return `${cannot}: it is a shipping order.`;
      if (pay === 'awaiting') return `${cannot}: its card payment is still open.`;
      return `${cannot}: it is already ${ful === 'ready_for_pickup' ? 'ready for pickup' : 'shipped'}.`;
    case 'ship':
      if (delivery !== 'shipping') return `${cannot}: it is a pickup order.`;
      if (ful === 'shipped') return `${cannot}: it is already shipped.`;
      return `${cannot}: it is not paid yet.`;
    case 'complete':
      return `${cannot}: it is not ready for pickup or shipped yet.`;
    case 'cancel':
      return `${cannot}: it has already been shipped.`;
  }
}

/**
 * An owner's action on an order of the account (the rule: allowedOrderActions), in one transaction with
 * the activity log and the 'changed' event; a cancel returns the stock.
 */
export async function applyOrderAction(
  db: Db,
  accountId: number,
  orderId: string,
  action: OrderAction,
  userId: number,
  events: OrderEvents,
): Promise<StoredOrder> {
  const event = await db.transaction(async (tx) => {
    const current = await tx.one<ActionState>(
      `select order_number as "orderNumber", payment_status as "paymentStatus",
         fulfilment_status as "fulfilmentStatus", delivery_method as "deliveryMethod"
       from orders where account_id = $1 and id = $2 for update`,
      [accountId, orderId],
    );
    if (!current) throw new HttpError(404, ORDER_NOT_FOUND);
    if (!allowedOrderActions(current).includes(action.action)) {
      throw new HttpError(409, refusalOf(current, action.action));
    }
    const set = (assignments: string, params: unknown[] = []) =>
      tx.query(`update orders set ${assignments}, updated_at = now() where account_id = $1 and id = $2`, [
        accountId,
        orderId,
        ...params,
      ]);
    switch (action.action) {
      case 'markPaid':
        await set(`payment_status = 'paid', paid_at = now()`);
        break;
      case 'readyForPickup':
        await set(`fulfilment_status = 'ready_for_pickup'`);
        break;
      case 'ship':
        await set(`fulfilment_status = 'shipped', tracking_number = $3, carrier = $4`, [
          action.trackingNumber?.trim() || null,
          action.carrier?.trim() || null,
        ]);
        break;
      case 'complete':
        // A pickup order paid on collection.
        await set(
          `fulfilment_status = 'completed',
           paid_at = case when payment_status = 'unpaid' then now() else paid_at end,
           payment_status = case when payment_status = 'unpaid' then 'paid' else payment_status end`,
        );
        break;
      case 'cancel':
        await set(`fulfilment_status = 'cancelled', reserved_until = null`);
        await releaseOrderStock(tx, accountId, orderId);
        break;
    }
    const order = await findOrderDetails(tx, orderId);
    if (!order) throw new Error('order vanished inside its transaction');
    await logActivity(tx, {
      type: 'store.order_status_changed',
      accountId,
      userId,
      details: {
        orderId,
        orderNumber: current.orderNumber,
        action: action.action,
        from: orderStatusOf(current),
        to: order.status,
      },
    });
    const changed: OrderEvent = { type: 'changed', accountId, order, cause: action.action };
    await events.publish(tx, changed);
    return changed;
  });
  await events.afterCommit(event);
  return event.order as StoredOrder;
}

// ---------------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------------

/** The one translation of the derived status into the two stored axes. */
const STATUS_CONDITIONS: Record<OrderStatus, string> = {
  awaiting_payment: `o.fulfilment_status = 'unfulfilled' and o.payment_status = 'awaiting'`,
  placed: `o.fulfilment_status = 'unfulfilled' and o.payment_status = 'unpaid'`,
  paid: `o.fulfilment_status = 'unfulfilled' and o.payment_status = 'paid'`,
  expired: `o.fulfilment_status = 'unfulfilled' and o.payment_status = 'expired'`,
  ready_for_pickup: `o.fulfilment_status = 'ready_for_pickup'`,
  shipped: `o.fulfilment_status = 'shipped'`,
  completed: `o.fulfilment_status = 'completed'`,
  cancelled: `o.fulfilment_status = 'cancelled'`,
};

/** Orders that need the owner (the sidebar badge). */
const NEEDS_ACTION = `o.fulfilment_status in ('unfulfilled', 'ready_for_pickup') and o.payment_status in ('unpaid', 'paid')`;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

function orderFilter(
  accountId: number,
  storeId: string,
  query: Pick<OrderListQuery, 'status' | 'searchTerm'>,
): { where: string; params: unknown[] } {
  const params: unknown[] = [accountId, storeId];
  const conditions = ['o.account_id = $1', 'o.store_id = $2'];
  if (query.status) conditions.push(`(${STATUS_CONDITIONS[query.status]})`);
  const term = query.searchTerm?.trim();
  if (term) {
    params.push(`%${escapeLike(term.toLowerCase())}%`);
    const like = `$${params.length}`;
    const number = /^#?\s*(\d{1,9})$/.exec(term)?.[1];
    const byNumber = number === undefined ? '' : ` or o.order_number = ${Number(number)}`;
    conditions.push(`(lower(o.buyer_name) like ${like} or lower(o.buyer_email) like ${like}${byNumber})`);
  }
  return { where: conditions.join(' and '), params };
}

async function ownsStore(db: Queryable, accountId: number, storeId: string): Promise<boolean> {
  return (
    (await db.one('select 1 from stores where account_id = $1 and store_id = $2', [accountId, storeId])) !==
    null
  );
}

/** One page of a store's orders, newest first; null when the store is not the account's. */
export async function listStoreOrders(
  db: Queryable,
  accountId: number,
  storeId: string,
  query: OrderListQuery,
): Promise<OrderPage | null> {
  if (!(await ownsStore(db, accountId, storeId))) return null;
  const { where, params } = orderFilter(accountId, storeId, query);
  const page = await readPage<OrderRow>(db, {
    select: `select ${ORDER} from orders o where ${where} order by o.created_at desc, o.order_number desc`,
    count: `select count(*)::integer as total from orders o where ${where}`,
    params,
    window: skipTakeWindow(query.skip, query.take),
  });
  return { results: page.rows.map(withoutAccount), totalCount: page.totalCount };
}

const withoutAccount = (row: OrderRow): OrderDetails => {
  const { accountId: _account, ...order } = toOrderDetails(row);
  return order;
};

export const CSV_MAX_ORDERS = 10_000;

/** The orders of a CSV export (the list's filters, newest first, at most CSV_MAX_ORDERS); null: not the account's store. */
export async function exportStoreOrders(
  db: Queryable,
  accountId: number,
  storeId: string,
  query: Pick<OrderListQuery, 'status' | 'searchTerm'>,
): Promise<OrderDetails[] | null> {
  if (!(await ownsStore(db, accountId, storeId))) return null;
  const { where, params } = orderFilter(accountId, storeId, query);
  const rows = await db.query<OrderRow>(
    `select ${ORDER} from orders o where ${where}
     order by o.created_at desc, o.order_number desc limit ${CSV_MAX_ORDERS}`,
    params,
  );
  return rows.map(withoutAccount);
}

/** The sidebar badge over all the account's stores. */
export async function ordersSummary(db: Queryable, accountId: number): Promise<OrdersSummary> {
  const row = await db.one<{ needsAction: number; latest: Date | string | null }>(
    `select (select count(*)::integer from orders o where o.account_id = $1 and ${NEEDS_ACTION}) as "needsAction",
       (select max(created_at) from orders where account_id = $1) as latest`,
    [accountId],
  );
  return {
    needsAction: row?.needsAction ?? 0,
    latestOrderAt: row?.latest ? iso(row.latest) : null,
  };
}

/** A customer's orders in the account's stores, newest first. */
export async function listCustomerOrders(
  db: Queryable,
  accountId: number,
  customerId: string,
): Promise<OrderDetails[]> {
  const rows = await db.query<OrderRow>(
    `select ${ORDER} from orders o where o.account_id = $1 and o.customer_id = $2
     order by o.created_at desc, o.id limit 200`,
    [accountId, customerId],
  );
  return rows.map(withoutAccount);
}
