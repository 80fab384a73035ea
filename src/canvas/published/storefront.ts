import { type Actor, createActor } from 'xstate';
import type { Product } from '../../contracts/store.ts';
import {
  type cartMachine,
  PRODUCTS_FAILED_MESSAGE,
  selectCanCheckout,
  selectCartBusy,
  selectCartCount,
} from '../../machines/cartMachine.ts';
import { liveCartMachine } from '../../machines/liveCartMachine.ts';
import { createStoreClient, type StoreClient } from '../../services/storeClient.ts';
import {
  bindAdd,
  buildCartPanel,
  buildCategoryFilter,
  buildProductCard,
  type CartParts,
  cartParts,
  el,
  renderCart,
  setAddButtonsBusy,
} from './storefrontDom.ts';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export type MountOptions = {
  /** The store API; default: same origin (or `<meta name="store-api-base">`), plain fetch. */
  client?: StoreClient;
  /** Where the visitor's cart id and customer id are kept; sandboxed pages may have no storage. */
  storage?: KeyValueStore | null;
};

type CartActor = Actor<typeof cartMachine>;

function defaultStorage(doc: Document): KeyValueStore | null {
  try {
    // An opaque-origin (sandboxed) page throws on access: the cart then lives as long as the page.
    return doc.defaultView?.localStorage ?? null;
  } catch {
    return null;
  }
}

function remembered(storage: KeyValueStore | null, key: string, make: () => string): string {
  try {
    const value = storage?.getItem(key);
    if (value) return value;
    const fresh = make();
    storage?.setItem(key, fresh);
    return fresh;
  } catch {
    return make();
  }
}

const randomToken = () =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(12)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');

/**
 * Brings the server-rendered store elements of a published page to life: product grids list the live
 * catalogue, bound product cards show their product, and carts (a shopping-cart element, or a panel added
 * after the first grid when the page has none) let a visitor add, remove and check out — all through the
 * same cart machine as the dashboard's storefront, one actor per store on the page.
 */
export function mountStorefronts(doc: Document, options: MountOptions = {}): void {
  const meta = doc.querySelector('meta[name="store-api-base"]')?.getAttribute('content') ?? undefined;
  const client = options.client ?? createStoreClient(meta || doc.defaultView?.location.origin || '');
  const storage = options.storage === undefined ? defaultStorage(doc) : options.storage;
  const grids = [...doc.querySelectorAll('[data-store-grid][data-store-id]')];
  const cards = [...doc.querySelectorAll('[data-product-card][data-store-id][data-product-id]')].filter(
    (card) => !card.closest('[data-store-grid]'),
  );
  const carts = [...doc.querySelectorAll('[data-store-cart][data-store-id]')];
  const storeIds = new Set(
    [...grids, ...cards, ...carts].map((node) => node.getAttribute('data-store-id') ?? ''),
  );
  storeIds.delete('');

  const customerId = remembered(storage, 'bizsite-customer', () => `visitor-${randomToken()}`);
  for (const storeId of storeIds) {
    const storedCart = (() => {
      try {
        return storage?.getItem(`bizsite-cart:${storeId}`) ?? null;
      } catch {
        return null;
      }
    })();
    const actor: CartActor = createActor(liveCartMachine(client), {
      input: { storeId, customerId, cartId: storedCart },
    });
    const add = (productId: number, quantity: number) =>
      actor.send({ type: 'cart.add', productId, quantity });
    const mine = (node: Element) => node.getAttribute('data-store-id') === storeId;

    const panels: CartParts[] = carts.filter(mine).flatMap((node) => cartParts(node) ?? []);
    const storeGrids = grids.filter(mine);
    if (panels.length === 0) {
      const anchor = storeGrids[0] ?? cards.find(mine);
      const panel = anchor ? buildCartPanel(doc, storeId) : null;
      if (anchor && panel) {
        anchor.after(panel);
        const parts = cartParts(panel);
        if (parts) panels.push(parts);
      }
    }
    for (const panel of panels) {
      panel.checkout.addEventListener('click', () => actor.send({ type: 'cart.checkout' }));
    }
    for (const card of cards.filter(mine)) mountCard(card, storeId, client, add);

    const marks: Array<(categoryId: number | null) => void> = [];
    if (storeGrids.length > 0) mountCategoryFilters(storeGrids, storeId, client, actor, marks);

    let shownProducts: readonly Product[] | null = null;
    actor.subscribe((snapshot) => {
      const { context } = snapshot;
      for (const mark of marks) mark(context.categoryId);
      if (context.products !== shownProducts && !snapshot.hasTag('loadingProducts')) {
        shownProducts = context.products;
        for (const grid of storeGrids) renderGrid(grid, context.products, context.productsError, actor, add);
      }
      if (context.cart.id) {
        try {
          storage?.setItem(`bizsite-cart:${storeId}`, context.cart.id);
        } catch {
          // No storage in a sandboxed page: the cart lasts as long as the page.
        }
      }
      const view = {
        cart: context.cart,
        count: selectCartCount(snapshot),
        message: context.notice?.text ?? context.cartError ?? '',
        busy: selectCartBusy(snapshot),
        canCheckout: selectCanCheckout(snapshot),
      };
      for (const panel of panels)
        renderCart(panel, view, (itemId) => actor.send({ type: 'cart.remove', itemId }));
      // Cards are replaced once their product loads: look them up in the page each time.
      setAddButtonsBusy(doc, view.busy);
    });
    actor.start();
  }
}

/** A store with categories gets a filter bar above each of its grids (without categories, none). */
function mountCategoryFilters(
  grids: Element[],
  storeId: string,
  client: StoreClient,
  actor: CartActor,
  marks: Array<(categoryId: number | null) => void>,
): void {
  client.listCategories(storeId).then(
    (categories) => {
      if (categories.length === 0) return;
      for (const grid of grids) {
        const list = grid.querySelector('[data-store-products]');
        if (!list) continue;
        const { bar, mark } = buildCategoryFilter(grid.ownerDocument, categories, (categoryId) =>
          actor.send({ type: 'cart.filter', categoryId }),
        );
        mark(actor.getSnapshot().context.categoryId);
        marks.push(mark);
        list.before(bar);
      }
    },
    // No categories to offer: the grid shows every product, as before.
    () => undefined,
  );
}

function renderGrid(
  grid: Element,
  products: readonly Product[],
  error: string | null,
  actor: CartActor,
  add: (productId: number, quantity: number) => void,
): void {
  const doc = grid.ownerDocument;
  const list = grid.querySelector('[data-store-products]') ?? grid;
  const nodes: Node[] = [];
  if (error) {
    const status = el(
      doc,
      'p',
      { 'data-store-status': '', style: 'color:#d32f2f;grid-column:1 / -1' },
      PRODUCTS_FAILED_MESSAGE,
    );
    const retry = el(doc, 'button', { type: 'button', 'data-store-action': 'retry' }, 'Retry');
    retry.addEventListener('click', () => actor.send({ type: 'cart.retry' }));
    status.append(' ', retry);
    nodes.push(status);
  } else if (products.length === 0) {
    nodes.push(el(doc, 'p', { 'data-store-status': '' }, 'No products found'));
  }
  // Sample products (catalogue unavailable) are shown but cannot be bought.
  for (const product of products) nodes.push(buildProductCard(doc, product, error ? null : add));
  list.replaceChildren(...nodes);
}

function mountCard(
  card: Element,
  storeId: string,
  client: StoreClient,
  add: (productId: number, quantity: number) => void,
): void {
  const productId = Number(card.getAttribute('data-product-id'));
  const button = card.querySelector<HTMLButtonElement>('[data-store-action="add"]');
  if (button) bindAdd(card, button, add);
  client.getProduct(storeId, productId).then(
    (product) => {
      const fresh = buildProductCard(card.ownerDocument, product, add);
      const elementId = card.getAttribute('data-element-id');
      if (elementId) fresh.setAttribute('data-element-id', elementId);
      card.replaceWith(fresh);
    },
    // The server-rendered card stays as it is (its Add button still works when the product exists).
    () => undefined,
  );
}
