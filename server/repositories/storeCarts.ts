import { randomBytes } from 'node:crypto';
import { type Cart, type CartItem, fromCents, type StoreCurrency } from '../../src/contracts/store.ts';
import type { Queryable } from '../db/types.ts';
import { HttpError } from '../errors.ts';

/** 24 random bytes (192 bits), base64url: cart and order ids nobody can guess. */
export const randomId = (): string => randomBytes(24).toString('base64url');

export const CART_NOT_FOUND = 'Cart not found';
export const CART_CLOSED = 'This cart has been checked out; start a new cart';
export const OUT_OF_STOCK = 'This product is out of stock';
export const PRODUCT_NOT_FOUND = 'Product not found';
export const ITEM_NOT_FOUND = 'Cart item not found';
export const notEnoughStock = (name: string, stock: number) => `Only ${stock} of ${name} in stock`;
const soldOut = (name: string) => `${name} is out of stock: remove it from your cart to place your order.`;
const noLongerSold = (name: string) =>
  `${name} is no longer sold: remove it from your cart to place your order.`;

/**
 * What stops a cart line from being bought now, in the buyer's words (with the product's name, so they see which
 * line to change); null when it can be. The cart shows it on the line, and checkout refuses with it.
 */
export function lineProblem(line: {
  name: string;
  stock: number;
  active: boolean;
  quantity: number;
}): string | null {
  if (!line.active) return noLongerSold(line.name);
  if (line.stock <= 0) return soldOut(line.name);
  return line.quantity > line.stock ? notEnoughStock(line.name, line.stock) : null;
}

type CartRow = {
  id: string;
  storeId: string;
  accountId: number;
  currency: StoreCurrency;
  orderId: string | null;
};

export async function createCart(
  db: Queryable,
  store: { storeId: string; accountId: number; currency: StoreCurrency },
  customerId: string,
): Promise<Cart> {
  const id = randomId();
  await db.query('insert into carts (id, account_id, store_id, customer_id) values ($1, $2, $3, $4)', [
    id,
    store.accountId,
    store.storeId,
    customerId,
  ]);
  return { id, storeId: store.storeId, items: [], total: 0, currency: store.currency, orderId: null };
}

async function findCartRow(db: Queryable, cartId: string, lock = false): Promise<CartRow | null> {
  return db.one<CartRow>(
    `select c.id, c.store_id as "storeId", c.account_id as "accountId", s.currency, c.order_id as "orderId"
     from carts c join stores s on s.store_id = c.store_id where c.id = $1${lock ? ' for update of c' : ''}`,
    [cartId],
  );
}

/** A cart with its items priced from the catalogue as it is now; null when there is none. */
export async function findCart(db: Queryable, cartId: string): Promise<Cart | null> {
  const row = await findCartRow(db, cartId);
  if (!row) return null;
  type ItemRow = Omit<CartItem, 'price' | 'total' | 'problem'> & {
    priceCents: number;
    stock: number;
    active: boolean;
  };
  const items = await db.query<ItemRow>(
    `select i.id, i.product_id as "productId", p.name as "productName", p.price_cents as "priceCents",
       i.quantity, p.inventory_quantity as stock, p.is_active as active
     from cart_items i join products p on p.id = i.product_id
     where i.cart_id = $1 and i.account_id = $2 order by i.id`,
    [cartId, row.accountId],
  );
  let totalCents = 0;
  const priced = items.map(({ priceCents, stock, active, ...item }) => {
    totalCents += priceCents * item.quantity;
    // A line that cannot be bought as it is says so now, not only once the buyer has filled in the checkout.
    const problem = lineProblem({ name: item.productName, stock, active, quantity: item.quantity });
    return {
      ...item,
      price: fromCents(priceCents),
      total: fromCents(priceCents * item.quantity),
      ...(problem ? { problem } : {}),
    };
  });
  return {
    id: row.id,
    storeId: row.storeId,
    items: priced,
    total: fromCents(totalCents),
    currency: row.currency,
    orderId: row.orderId,
  };
}

// The cart, locked, and open for changes; throws the 404/409 otherwise.
async function openCart(tx: Queryable, cartId: string): Promise<CartRow> {
  const cart = await findCartRow(tx, cartId, true);
  if (!cart) throw new HttpError(404, CART_NOT_FOUND);
  if (cart.orderId) throw new HttpError(409, CART_CLOSED);
  return cart;
}

type StockRow = { name: string; stock: number };

async function productStock(tx: Queryable, cart: CartRow, productId: number): Promise<StockRow> {
  const product = await tx.one<StockRow>(
    `select name, inventory_quantity as stock from products
     where id = $1 and store_id = $2 and account_id = $3 and is_active`,
    [productId, cart.storeId, cart.accountId],
  );
  if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
  if (product.stock <= 0) throw new HttpError(409, OUT_OF_STOCK);
  return product;
}

/** Adds units of a product (merging with a line already there); over the stock is a 409. Run in a transaction. */
export async function addCartItem(
  tx: Queryable,
  cartId: string,
  productId: number,
  quantity: number,
): Promise<void> {
  const cart = await openCart(tx, cartId);
  const product = await productStock(tx, cart, productId);
  const line = await tx.one<{ quantity: number }>(
    'select quantity from cart_items where cart_id = $1 and product_id = $2',
    [cartId, productId],
  );
  const wanted = (line?.quantity ?? 0) + quantity;
  if (wanted > product.stock) throw new HttpError(409, notEnoughStock(product.name, product.stock));
  await tx.query(
    `insert into cart_items (account_id, cart_id, product_id, quantity) values ($1, $2, $3, $4)
     on conflict (cart_id, product_id) do update set quantity = excluded.quantity`,
    [cart.accountId, cartId, productId, wanted],
  );
  await tx.query('update carts set updated_at = now() where id = $1', [cartId]);
}

/** Sets a line's quantity; zero or less removes it. Run in a transaction. */
export async function setCartItemQuantity(
  tx: Queryable,
  cartId: string,
  itemId: number,
  quantity: number,
): Promise<void> {
  const cart = await openCart(tx, cartId);
  const line = await tx.one<{ productId: number }>(
    'select product_id as "productId" from cart_items where cart_id = $1 and id = $2',
    [cartId, itemId],
  );
  if (!line) throw new HttpError(404, ITEM_NOT_FOUND);
  if (quantity <= 0) {
    await tx.query('delete from cart_items where cart_id = $1 and id = $2', [cartId, itemId]);
    return;
  }
  const product = await productStock(tx, cart, line.productId);
  if (quantity > product.stock) throw new HttpError(409, notEnoughStock(product.name, product.stock));
  await tx.query('update cart_items set quantity = $3 where cart_id = $1 and id = $2', [
    cartId,
    itemId,
    quantity,
  ]);
}

export async function removeCartItem(tx: Queryable, cartId: string, itemId: number): Promise<void> {
  await openCart(tx, cartId);
  const rows = await tx.query('delete from cart_items where cart_id = $1 and id = $2 returning id', [
    cartId,
    itemId,
  ]);
  if (rows.length === 0) throw new HttpError(404, ITEM_NOT_FOUND);
}
