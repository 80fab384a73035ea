import {
  type Cart,
  type Category,
  clampQuantity,
  clampRating,
  clampStock,
  formatMoney,
  type Product,
} from '../../contracts/store.ts';
import { PRODUCT_CARD_WIDTH } from '../elements/constants.ts';
import { MAX_QUANTITY_CHOICES } from '../elements/product-card/productCardElement.tsx';
import { safeImageUrl } from '../sanitize.ts';

/**
 * An image address as a published page loads it: our uploads ('/api/uploads/…', also written './api/…' or
 * 'api/…') are made root-absolute, which reaches the API both under /sites/{sub}/ on the app's host and on
 * a site's own host (where /api/ passes through); relative to the page they would miss.
 */
export function siteImageUrl(raw: unknown): string {
  const url = safeImageUrl(raw);
  return url.replace(/^(?:\.{1,2}\/)*\/?(api\/uploads\/)/, '/$1');
}

// Plain-DOM pieces of the published storefront. Every piece of data goes in through textContent or a
// checked attribute: never innerHTML.

type Attrs = Record<string, string>;

export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attrs: Attrs = {},
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * 'All' plus one button per category, before a grid's products; the pressed one is marked with aria-pressed.
 * Returns the bar and a function that marks the current choice.
 */
export function buildCategoryFilter(
  doc: Document,
  categories: readonly Category[],
  onChoose: (categoryId: number | null) => void,
): { bar: HTMLElement; mark: (categoryId: number | null) => void } {
  const bar = el(doc, 'div', {
    role: 'group',
    'aria-label': 'Categories',
    'data-store-categories': '',
    style: 'grid-column:1 / -1;display:flex;flex-wrap:wrap;gap:8px;margin:0 10px 8px',
  });
  const choices: Array<[number | null, HTMLButtonElement]> = [
    [null, el(doc, 'button', { type: 'button' }, 'All')],
    ...categories.map((category): [number, HTMLButtonElement] => [
      category.id,
      el(doc, 'button', { type: 'button' }, category.name),
    ]),
  ];
  for (const [id, button] of choices) {
    button.addEventListener('click', () => onChoose(id));
    bar.append(button);
  }
  const mark = (categoryId: number | null) => {
    for (const [id, button] of choices) button.setAttribute('aria-pressed', String(id === categoryId));
  };
  mark(null);
  return { bar, mark };
}

/** A product card like the builder's (280 px, stars, struck original price, 'Out of stock', 1..stock). */
export function buildProductCard(
  doc: Document,
  product: Product,
  onAdd: ((productId: number, quantity: number) => void) | null,
): HTMLElement {
  const stock = clampStock(product.inventoryQuantity);
  const card = el(doc, 'div', {
    'data-product-card': '',
    'data-store-id': product.storeId,
    'data-product-id': String(product.id),
    style: `width:${PRODUCT_CARD_WIDTH}px;border:1px solid #e0e0e0;border-radius:8px;overflow:hidden;background:#fff;margin:10px`,
  });
  const image = siteImageUrl(product.imageUrl);
  card.append(
    image
      ? el(doc, 'img', { src: image, alt: '', style: 'width:100%;height:180px;object-fit:cover' })
      : el(doc, 'div', { style: 'height:180px;background:#f0f0f0' }),
  );
  const body = el(doc, 'div', { style: 'padding:12px' });
  const rating = clampRating(product.rating);
  const stars = Math.max(1, Math.round(rating));
  body.append(el(doc, 'h4', { style: 'margin:0 0 4px' }, product.name));
  // Stars only for a rated product: an unrated one is not a one-star product.
  if (rating > 0) {
    body.append(
      el(
        doc,
        'div',
        { role: 'img', 'aria-label': `${stars} stars`, style: 'color:#f5a623' },
        '★'.repeat(stars) + '☆'.repeat(5 - stars),
      ),
    );
  }
  body.append(el(doc, 'p', { style: 'margin:6px 0;color:#555' }, product.description));
  const prices = el(doc, 'p', { style: 'margin:6px 0' });
  prices.append(el(doc, 'strong', {}, formatMoney(product.price, product.currency)));
  if (product.originalPrice !== null && product.originalPrice > product.price) {
    prices.append(
      ' ',
      el(doc, 's', { style: 'color:#999' }, formatMoney(product.originalPrice, product.currency)),
    );
  }
  body.append(prices);
  const button = el(
    doc,
    'button',
    { type: 'button', 'data-store-action': 'add', style: 'width:100%;padding:8px' },
    'Add to Cart',
  );
  if (stock === 0) {
    body.append(el(doc, 'p', { style: 'color:#d32f2f;margin:4px 0' }, 'Out of stock'));
  } else {
    body.append(quantityField(doc, stock));
  }
  // Never addable (out of stock, or a sample shown when the catalogue failed): stays disabled when the cart idles.
  if (stock === 0 || onAdd === null) button.setAttribute(UNAVAILABLE, '');
  button.disabled = button.hasAttribute(UNAVAILABLE);
  button.setAttribute(MANAGED, '');
  body.append(button);
  bindAdd(card, button, onAdd);
  card.append(body);
  return card;
}

/** The quantity of a card in stock, as the builder's card: a select of 1..stock, or a number input above 99. */
function quantityField(doc: Document, stock: number): HTMLElement {
  if (stock > MAX_QUANTITY_CHOICES) {
    return el(doc, 'input', {
      type: 'number',
      'aria-label': 'Quantity',
      'data-store-quantity': '',
      min: '1',
      max: String(stock),
      step: '1',
      value: '1',
    });
  }
  const select = el(doc, 'select', { 'aria-label': 'Quantity', 'data-store-quantity': '' });
  for (let quantity = 1; quantity <= stock; quantity += 1) {
    select.append(el(doc, 'option', { value: String(quantity) }, String(quantity)));
  }
  return select;
}

/** The quantity a card's field asks for, clamped to 1..its max (a select's values are all valid). */
export function quantityOf(card: Element): number {
  const field = card.querySelector<HTMLInputElement | HTMLSelectElement>('[data-store-quantity]');
  const max = Number(field?.getAttribute('max'));
  return clampQuantity(Number(field?.value ?? 1), max > 0 ? max : Number.MAX_SAFE_INTEGER);
}

const UNAVAILABLE = 'data-store-unavailable';
const MANAGED = 'data-store-managed';

/**
 * While the cart answers a change, the Add buttons under `root` are disabled (the cart would drop another
 * add); afterwards each is enabled again unless its product can never be added.
 */
export function setAddButtonsBusy(root: ParentNode, busy: boolean): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-store-action="add"]')) {
    // A server-rendered button that came disabled (out of stock) is never addable either.
    if (!button.hasAttribute(MANAGED)) {
      button.setAttribute(MANAGED, '');
      if (button.disabled) button.setAttribute(UNAVAILABLE, '');
    }
    button.disabled = busy || button.hasAttribute(UNAVAILABLE);
  }
}

const PENDING = 'data-store-pending';
const ADDED = 'data-store-added';

/**
 * Wires a card's Add button (and its quantity field) to `onAdd`. Under the button a polite live region (empty
 * until then) will say what came of the add (showAddOutcome): the cart may be a long way down the page.
 */
export function bindAdd(
  card: Element,
  button: HTMLButtonElement,
  onAdd: ((productId: number, quantity: number) => void) | null,
): void {
  const doc = card.ownerDocument;
  if (!button.nextElementSibling?.hasAttribute(ADDED)) {
    button.after(el(doc, 'p', { [ADDED]: '', role: 'status', 'aria-live': 'polite', class: 'bz-added' }));
  }
  button.addEventListener('click', () => {
    const productId = Number(card.getAttribute('data-product-id'));
    if (!onAdd || productId <= 0 || button.disabled) return;
    for (const other of doc.querySelectorAll(`[${PENDING}]`)) other.removeAttribute(PENDING);
    button.setAttribute(PENDING, '');
    onAdd(productId, quantityOf(card));
  });
}

export type AddOutcome = { count: number; cartHref: string | null } | { error: string };

/**
 * Says under the Add button last pressed in a store's cards what the cart made of it: 'Added to cart (n items)'
 * with a link to the cart, or why not. Null (the cart changed otherwise) empties what those cards said.
 */
export function showAddOutcome(doc: Document, storeId: string, outcome: AddOutcome | null): void {
  for (const status of doc.querySelectorAll<HTMLElement>(`[${ADDED}]`)) {
    if (status.closest('[data-store-id]')?.getAttribute('data-store-id') !== storeId) continue;
    const button = status.previousElementSibling;
    const pressed = outcome !== null && button?.hasAttribute(PENDING) === true;
    if (outcome) button?.removeAttribute(PENDING);
    status.classList.toggle('bz-err', pressed && 'error' in outcome);
    if (!pressed) status.replaceChildren();
    else if ('error' in outcome) status.textContent = outcome.error;
    else {
      const { count, cartHref } = outcome;
      status.textContent = `Added to cart (${count} ${count === 1 ? 'item' : 'items'}) `;
      if (cartHref) status.append(el(doc, 'a', { href: cartHref }, 'View cart'));
    }
  }
}

/** The parts of a cart panel (a shopping-cart element's server-rendered markup, or one built here). */
export type CartParts = {
  root: Element;
  title: Element;
  message: Element;
  items: Element;
  total: Element;
  checkout: HTMLButtonElement;
};

/** Finds the data-cart-* parts inside a server-rendered shopping-cart element; null when incomplete. */
export function cartParts(root: Element): CartParts | null {
  const title = root.querySelector('[data-cart-title]');
  const items = root.querySelector('[data-cart-items]');
  const total = root.querySelector('[data-cart-total]');
  const checkout = root.querySelector<HTMLButtonElement>('[data-store-action="checkout"]');
  let message = root.querySelector('[data-cart-message]');
  if (!title || !items || !total || !checkout) return null;
  if (!message) {
    message = el(root.ownerDocument, 'p', { 'data-cart-message': '', role: 'status' });
    title.after(message);
  }
  return { root, title, message, items, total, checkout };
}

/** A 320 px cart panel for pages whose store elements come without a shopping-cart element. */
export function buildCartPanel(doc: Document, storeId: string): Element {
  const root = el(doc, 'aside', {
    'data-store-cart': '',
    'data-store-id': storeId,
    style:
      'width:320px;margin:10px auto;border:1px solid #e0e0e0;border-radius:8px;padding:16px;background:#fff',
  });
  const totalLine = el(doc, 'p', { style: 'display:flex;justify-content:space-between' });
  totalLine.append(el(doc, 'span', {}, 'Total'), el(doc, 'strong', { 'data-cart-total': '' }, ''));
  root.append(
    el(doc, 'h3', { 'data-cart-title': '', style: 'margin-top:0' }, 'Cart (0)'),
    el(doc, 'p', { 'data-cart-message': '', role: 'status' }),
    el(doc, 'ul', {
      'data-cart-items': '',
      style: 'list-style:none;padding:0;max-height:300px;overflow-y:auto',
    }),
    totalLine,
    el(
      doc,
      'button',
      { type: 'button', 'data-store-action': 'checkout', style: 'width:100%;padding:8px' },
      'Checkout',
    ),
  );
  return root;
}

export type CartView = {
  cart: Cart;
  count: number;
  message: string;
  busy: boolean;
  canCheckout: boolean;
  /** The catalogue as the cart knows it: a line's + stops at its product's stock (unknown: the server decides). */
  products?: readonly Product[];
};

/** What a cart line's buttons ask of the cart (the cart machine's events). */
export type CartLineEvent =
  | { type: 'cart.remove'; itemId: number }
  | { type: 'cart.setQuantity'; itemId: number; quantity: number };

/** Draws a cart into its parts: 'Cart (n)', the lines with − / + and Remove, the total, Checkout. */
export function renderCart(parts: CartParts, view: CartView, onChange: (event: CartLineEvent) => void): void {
  const doc = parts.root.ownerDocument;
  parts.title.textContent = `Cart (${view.count})`;
  parts.message.textContent = view.message;
  // The lines are drawn again on each change: a focused line button is focused again in its new line.
  const active = doc.activeElement;
  const focused =
    active && parts.items.contains(active)
      ? `[data-cart-item="${active.closest('[data-cart-item]')?.getAttribute('data-cart-item')}"] [data-store-action="${active.getAttribute('data-store-action')}"]`
      : null;
  const lines = view.cart.items.map((item) => {
    const line = el(doc, 'li', {
      'data-cart-item': String(item.id),
      style:
        'display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;gap:4px 8px;margin:6px 0',
    });
    const stock = view.products?.find((product) => product.id === item.productId)?.inventoryQuantity;
    // − and + stay focusable while the cart answers (aria-disabled), so a keyboard keeps its place.
    const button = (action: string, text: string, label: string, event: CartLineEvent, off: boolean) => {
      const node = el(
        doc,
        'button',
        { type: 'button', 'data-store-action': action, 'aria-label': label },
        text,
      );
      node.setAttribute('aria-disabled', String(off || view.busy));
      node.addEventListener('click', () => {
        if (node.getAttribute('aria-disabled') !== 'true') onChange(event);
      });
      return node;
    };
    const setQuantity = (quantity: number) => ({
      type: 'cart.setQuantity' as const,
      itemId: item.id,
      quantity,
    });
    const remove = el(doc, 'button', { type: 'button', 'data-store-action': 'remove' }, 'Remove');
    remove.disabled = view.busy;
    remove.addEventListener('click', () => onChange({ type: 'cart.remove', itemId: item.id }));
    const name = el(doc, 'span', { style: 'flex:1 1 60%' }, `${item.productName} × ${item.quantity}`);
    // A line that cannot be bought as it is: what to do, under its name.
    if (item.problem) name.append(el(doc, 'small', { style: 'display:block;color:#b00020' }, item.problem));
    const controls = el(doc, 'span', { style: 'display:flex;gap:4px;margin-left:auto' });
    controls.append(
      button(
        'decrease',
        '−',
        `Decrease quantity of ${item.productName}`,
        setQuantity(item.quantity - 1),
        item.quantity <= 1,
      ),
      button(
        'increase',
        '+',
        `Increase quantity of ${item.productName}`,
        setQuantity(item.quantity + 1),
        stock !== undefined && item.quantity >= clampStock(stock),
      ),
      remove,
    );
    line.append(name, el(doc, 'span', {}, formatMoney(item.total, view.cart.currency)), controls);
    return line;
  });
  parts.items.replaceChildren(...(lines.length > 0 ? lines : [el(doc, 'li', {}, 'Your cart is empty')]));
  if (focused) parts.items.querySelector<HTMLElement>(focused)?.focus();
  parts.total.textContent = formatMoney(view.cart.total, view.cart.currency);
  parts.checkout.disabled = !view.canCheckout || view.busy;
}
