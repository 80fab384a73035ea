import { type Actor, createActor } from 'xstate';
import type { Product } from '../../contracts/store.ts';
import {
  type cartMachine,
  PRODUCTS_FAILED_MESSAGE,
  selectCanCheckout,
  selectCartBusy,
  selectCartCount,
  selectCheckoutStep,
  selectCheckoutTotals,
  selectProductsPaging,
} from '../../machines/store/cartMachine.ts';
import { liveCartMachine } from '../../machines/store/liveCartMachine.ts';
import { createStoreClient, type StoreClient } from '../../services/store/storeClient.ts';
import { buildCheckout, type CheckoutSend, type CheckoutUi } from './storefrontCheckout.ts';
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
  showAddOutcome,
} from './storefrontDom.ts';
import { buildMoreBar } from './storefrontMore.ts';
import { applyTheme } from './storefrontTheme.ts';

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export type MountOptions = {
  /** The store API; default: same origin (or `<meta name="store-api-base">`), plain fetch. */
  client?: StoreClient;
  /** Where the visitor's cart id and customer id are kept; sandboxed pages may have no storage. */
  storage?: KeyValueStore | null;
  /** Goes to the card payment page; default: this window's location. */
  navigate?: ((url: string) => void) | null;
};

type CartActor = Actor<typeof cartMachine>;

const WINDOW_NAME_PREFIX = 'bizsite-store:';
let cartSerial = 0;

/**
 * Keeps the visitor's ids in the tab's `window.name`, for a sandboxed (opaque-origin) page that may not use
 * localStorage: it lasts through reloads and the site's other pages in this tab, and browsers clear it when the
 * tab goes to another site. A name that is not ours (a frame's own) is left alone: then nothing is kept.
 */
export function windowNameStore(view: Pick<Window, 'name'>): KeyValueStore | null {
  if (view.name !== '' && !view.name.startsWith(WINDOW_NAME_PREFIX)) return null;
  const read = (): Record<string, string> => {
    try {
      const kept: unknown = JSON.parse(view.name.slice(WINDOW_NAME_PREFIX.length) || '{}');
      return kept && typeof kept === 'object' ? (kept as Record<string, string>) : {};
    } catch {
      return {};
    }
  };
  return {
    getItem: (key) => {
      const value = read()[key];
      return typeof value === 'string' ? value : null;
    },
    setItem: (key, value) => {
      view.name = WINDOW_NAME_PREFIX + JSON.stringify({ ...read(), [key]: value });
    },
  };
}

function defaultStorage(doc: Document): KeyValueStore | null {
  const view = doc.defaultView;
  if (!view) return null;
  try {
    return view.localStorage;
  } catch {
    // An opaque-origin (sandboxed) page throws on access: the tab's name keeps the cart instead.
    return windowNameStore(view);
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
  if (storeIds.size === 0) return;
  applyTheme(doc);
  for (const node of [...grids, ...cards, ...carts]) node.classList.add('bz-store');
  const view = doc.defaultView;
  // Inside a frame (the builder's preview) a sandboxed page may not navigate the top window.
  const framed = view ? view.top !== view : false;
  const navigate =
    options.navigate === undefined ? (url: string) => view?.location.assign(url) : options.navigate;

  const customerId = remembered(storage, 'bizsite-customer', () => `visitor-${randomToken()}`);
  for (const storeId of storeIds) {
    const storedCart = (() => {
      try {
        return storage?.getItem(`bizsite-cart:${storeId}`) ?? null;
      } catch {
        return null;
      }
    })();
    const actor: CartActor = createActor(liveCartMachine(client, navigate), {
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
    // After 'Place order' with a field to fix, focus goes to the first one.
    const send: CheckoutSend = (event) => {
      actor.send(event);
      if (event.type !== 'checkout.submit') return;
      const { fieldErrors } = actor.getSnapshot().context;
      for (const ui of checkouts) ui.focusFirstError(fieldErrors);
    };
    const checkouts: CheckoutUi[] = [];
    for (const panel of panels) {
      panel.root.classList.add('bz-store', 'bz-cart');
      panel.checkout.addEventListener('click', () => actor.send({ type: 'cart.checkout' }));
      const ui = buildCheckout(doc, send, framed);
      panel.message.after(ui.root);
      checkouts.push(ui);
    }
    let shownStep = 'cart';
    // 'View cart' under an Add button leads here: the cart may be a long way down the page.
    const firstPanel = panels[0]?.root;
    if (firstPanel && !firstPanel.id) firstPanel.id = `bz-cart-${++cartSerial}`;
    const cartHref = firstPanel ? `#${firstPanel.id}` : null;
    let adding = false;
    let shownCount = 0;
    for (const card of cards.filter(mine)) mountCard(card, storeId, client, add);

    const marks: Array<(categoryId: number | null) => void> = [];
    if (storeGrids.length > 0) mountCategoryFilters(storeGrids, storeId, client, actor, marks);

    const moreBars = storeGrids.map((grid) => buildMoreBar(grid, () => actor.send({ type: 'cart.more' })));
    let shownProducts: readonly Product[] | null = null;
    let shownStatus: number | null = null;
    actor.subscribe((snapshot) => {
      const { context } = snapshot;
      for (const mark of marks) mark(context.categoryId);
      // (A repeated failure keeps the same sample list: its status may still differ, e.g. 503 then 404.)
      const changed = context.products !== shownProducts || context.productsErrorStatus !== shownStatus;
      if (changed && !snapshot.hasTag('loadingProducts')) {
        shownProducts = context.products;
        shownStatus = context.productsErrorStatus;
        for (const grid of storeGrids) renderGrid(grid, context, actor, add);
      }
      const paging = selectProductsPaging(snapshot);
      const loading = snapshot.hasTag('loadingProducts');
      for (const render of moreBars) render(loading ? { ...paging, hasMore: false, total: 0 } : paging);
      if (context.cart.id) {
        try {
          storage?.setItem(`bizsite-cart:${storeId}`, context.cart.id);
        } catch {
          // Nowhere to keep it (a full or refused store, a frame with a name of its own): it lasts as long as the page.
        }
      }
      const step = selectCheckoutStep(snapshot);
      const view = {
        cart: context.cart,
        count: selectCartCount(snapshot),
        // The confirmation says it itself, in the checkout area.
        message: step === 'confirmed' ? '' : (context.notice?.text ?? context.cartError ?? ''),
        busy: selectCartBusy(snapshot),
        canCheckout: selectCanCheckout(snapshot),
        // Each line's stock, as far as the catalogue says (never the samples shown after a failure).
        products: context.productsError ? [] : context.products,
      };
      // A store that does not exist (or sells nothing) shows visitors no cart, unless it holds something.
      const storeless =
        context.productsErrorStatus === 404 ||
        (snapshot.matches({ catalogue: 'ready' }) &&
          context.products.length === 0 &&
          context.categoryId === null);
      const checkoutView = {
        step,
        draft: context.draft,
        errors: context.fieldErrors,
        options: context.checkoutOptions,
        error: context.checkoutError,
        totals: selectCheckoutTotals(snapshot),
        currency: context.checkoutOptions?.currency ?? context.cart.currency,
        order: context.lastOrder,
      };
      // The Add button pressed says what came of it, where the visitor is; other words about the cart go once it changes.
      const wasAdding = adding;
      adding = snapshot.matches({ basket: 'adding' });
      if (wasAdding && !adding) {
        showAddOutcome(
          doc,
          storeId,
          context.notice?.severity === 'error'
            ? { error: context.notice.text }
            : { count: view.count, cartHref },
        );
      } else if (view.count !== shownCount) showAddOutcome(doc, storeId, null);
      shownCount = view.count;
      panels.forEach((panel, index) => {
        renderCart(panel, view, (event) => actor.send(event));
        showCartParts(panel, step === 'cart');
        panel.root.toggleAttribute('data-checkout-open', step !== 'cart');
        (panel.root as HTMLElement).hidden = storeless && context.cart.items.length === 0 && step === 'cart';
        checkouts[index]?.render(checkoutView);
        // Back to the cart: focus returns to its Checkout button.
        if (shownStep !== 'cart' && shownStep !== 'confirmed' && step === 'cart') panel.checkout.focus();
      });
      shownStep = step;
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

type GridContext = {
  products: readonly Product[];
  productsError: string | null;
  productsErrorStatus: number | null;
  categoryId: number | null;
};

/**
 * A grid of the live catalogue. Visitors never see sample products: a store that does not exist (404) or
 * sells nothing hides the grid; a failure that may pass says 'Failed to load products' with Retry.
 */
export function renderGrid(
  grid: Element,
  context: GridContext,
  actor: Pick<CartActor, 'send'>,
  add: (productId: number, quantity: number) => void,
): void {
  const doc = grid.ownerDocument;
  const list = grid.querySelector('[data-store-products]') ?? grid;
  const nodes: Node[] = [];
  const missing =
    context.productsErrorStatus === 404 ||
    (context.productsError === null && context.products.length === 0 && context.categoryId === null);
  (grid as HTMLElement).hidden = missing;
  if (context.productsError && !missing) {
    const status = el(
      doc,
      'p',
      { 'data-store-status': '', role: 'alert', style: 'color:#c62828;grid-column:1 / -1' },
      PRODUCTS_FAILED_MESSAGE,
    );
    const retry = el(doc, 'button', { type: 'button', 'data-store-action': 'retry' }, 'Retry');
    retry.addEventListener('click', () => actor.send({ type: 'cart.retry' }));
    status.append(' ', retry);
    nodes.push(status);
  } else if (!context.productsError && context.products.length === 0 && !missing) {
    // A category without products (the filter stays, so the visitor can choose another).
    nodes.push(el(doc, 'p', { 'data-store-status': '' }, 'No products found'));
  } else if (!context.productsError) {
    for (const product of context.products) nodes.push(buildProductCard(doc, product, add));
  }
  list.replaceChildren(...nodes);
}

/** The cart's own parts are hidden while the checkout fills the panel. */
function showCartParts(panel: CartParts, visible: boolean): void {
  (panel.items as HTMLElement).hidden = !visible;
  const totalLine = panel.total.parentElement;
  if (totalLine && totalLine !== panel.root) totalLine.hidden = !visible;
  panel.checkout.hidden = !visible;
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
    // A product (or store) that does not exist is not shown to visitors; after another failure the
    // server-rendered card stays as it is (its Add button still works when the product exists).
    (error: unknown) => {
      if ((error as { status?: unknown } | null)?.status === 404) (card as HTMLElement).hidden = true;
    },
  );
}
