import {
  ADDRESS_FIELDS,
  CHECKOUT_FIELD_LABELS,
  type CheckoutTextField,
  PAYMENT_CHOICE_LABELS,
} from '../../contracts/checkoutFields.ts';
import { manualPaymentWords } from '../../contracts/paymentWords.ts';
import {
  type CheckoutDraft,
  type CheckoutErrors,
  type CheckoutField,
  type CheckoutOptions,
  confirmationSentText,
  formatMoney,
  formatOrderNumber,
  ORDER_PAGE_LINK_HINT,
  ORDER_PAGE_LINK_TEXT,
  ORDER_PLACED_MESSAGE,
  type OrderTotals,
  type PlacedOrderResponse,
  shippingChoiceLabel,
  totalsRows,
} from '../../contracts/store.ts';
import type { CheckoutStep } from '../../machines/store/cartMachine.ts';
import { BREAKPOINTS } from '../elements/constants.ts';
import { el } from './storefrontDom.ts';

// The published cart's checkout, in plain DOM: built once per cart panel, then updated from each snapshot
// (never rebuilt while the visitor types, so focus and caret stay where they are). Views only send events.

export type CheckoutView = {
  step: CheckoutStep;
  draft: CheckoutDraft;
  errors: CheckoutErrors;
  options: CheckoutOptions | null;
  error: string | null;
  totals: OrderTotals | null;
  currency: string;
  order: PlacedOrderResponse | null;
};

export type CheckoutSend = (
  event:
    | { type: 'checkout.update'; fields: Partial<CheckoutDraft> }
    | { type: 'checkout.submit' }
    | { type: 'checkout.back' }
    | { type: 'checkout.retry' }
    | { type: 'checkout.done' },
) => void;

type TextField = CheckoutTextField;
const LABELS = CHECKOUT_FIELD_LABELS;
const ADDRESS = ADDRESS_FIELDS;
const AUTOCOMPLETE: Record<TextField, string> = {
  name: 'name',
  email: 'email',
  phone: 'tel',
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  region: 'address-level1',
  postalCode: 'postal-code',
  country: 'country',
  note: 'off',
};
const REQUIRED = new Set<CheckoutField>(['name', 'email', 'line1', 'city', 'postalCode', 'country']);
const FIELD_ORDER: CheckoutField[] = [
  'name',
  'email',
  'phone',
  'deliveryMethod',
  ...ADDRESS,
  'note',
  'paymentMethod',
];

let panelSerial = 0;

export type CheckoutUi = {
  /** The checkout area, placed in the cart panel after its title. */
  root: HTMLElement;
  render(view: CheckoutView): void;
  /** Moves focus to the first field with a message (after a refused 'Place order'). */
  focusFirstError(errors: CheckoutErrors): void;
};

/** The checkout area of one cart panel: form, failure, payment redirect and confirmation. */
export function buildCheckout(doc: Document, send: CheckoutSend, framed: boolean): CheckoutUi {
  const prefix = `bz-co-${++panelSerial}`;
  const id = (field: string) => `${prefix}-${field}`;
  const root = el(doc, 'div', { 'data-checkout': '', hidden: '' });
  const heading = el(doc, 'h3', { tabindex: '-1', id: id('heading'), style: 'margin:0 0 12px' }, 'Checkout');
  const status = el(doc, 'p', { role: 'status', 'data-checkout-status': '' });
  const form = el(doc, 'form', {
    novalidate: '',
    'aria-labelledby': id('heading'),
    'data-checkout-form': '',
  });
  const inputs = new Map<TextField, HTMLInputElement | HTMLTextAreaElement>();
  const errorNodes = new Map<CheckoutField, HTMLElement>();

  const errorNode = (field: CheckoutField) => {
    const node = el(doc, 'p', { id: id(`${field}-error`), class: 'bz-err', hidden: '' });
    errorNodes.set(field, node);
    return node;
  };
  const textField = (field: TextField) => {
    const wrap = el(doc, 'div', { class: 'bz-field' });
    const attrs: Record<string, string> = {
      id: id(field),
      name: field,
      autocomplete: AUTOCOMPLETE[field],
      'aria-describedby': id(`${field}-error`),
    };
    if (REQUIRED.has(field)) attrs['aria-required'] = 'true';
    const input =
      field === 'note'
        ? el(doc, 'textarea', { ...attrs, rows: '2' })
        : el(doc, 'input', {
            ...attrs,
            type: field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text',
            ...(field === 'country' ? { maxlength: '2' } : {}),
          });
    input.addEventListener('input', () =>
      send({ type: 'checkout.update', fields: { [field]: input.value } }),
    );
    inputs.set(field, input);
    wrap.append(el(doc, 'label', { for: id(field) }, LABELS[field]), input, errorNode(field));
    return wrap;
  };
  const radioGroup = (field: 'deliveryMethod' | 'paymentMethod', legend: string) => {
    const set = el(doc, 'fieldset', {
      class: 'bz-field bz-choices',
      'aria-describedby': id(`${field}-error`),
    });
    const choices = el(doc, 'div');
    set.append(el(doc, 'legend', {}, legend), choices, errorNode(field));
    return { set, choices };
  };

  const delivery = radioGroup('deliveryMethod', 'Delivery');
  const pickupNote = el(doc, 'p', { class: 'bz-hint', hidden: '' });
  delivery.set.append(pickupNote);
  const address = el(doc, 'fieldset', { class: 'bz-field', hidden: '' });
  address.append(el(doc, 'legend', {}, 'Shipping address'), ...ADDRESS.map(textField));
  const payment = radioGroup('paymentMethod', 'Payment');
  const paymentNote = el(doc, 'p', { class: 'bz-hint', hidden: '' });
  payment.set.append(paymentNote);
  const totals = el(doc, 'dl', { class: 'bz-totals', 'data-checkout-totals': '' });
  const failure = el(doc, 'p', { role: 'alert', class: 'bz-err', 'data-checkout-error': '' });
  const place = el(doc, 'button', { type: 'submit', class: 'bz-primary' }, 'Place order');
  const back = el(doc, 'button', { type: 'button' }, 'Back to cart');
  back.addEventListener('click', () => send({ type: 'checkout.back' }));
  const actions = el(doc, 'div', { class: 'bz-actions' });
  actions.append(place, back);
  form.append(
    textField('name'),
    textField('email'),
    textField('phone'),
    delivery.set,
    address,
    textField('note'),
    payment.set,
    totals,
    failure,
    actions,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    send({ type: 'checkout.submit' });
  });

  // Options that could not load: say so, offer a retry and the way back.
  const unavailable = el(doc, 'div', { hidden: '' });
  const retry = el(doc, 'button', { type: 'button', class: 'bz-primary' }, 'Retry');
  retry.addEventListener('click', () => send({ type: 'checkout.retry' }));
  const backFromUnavailable = el(doc, 'button', { type: 'button' }, 'Back to cart');
  backFromUnavailable.addEventListener('click', () => send({ type: 'checkout.back' }));
  const unavailableText = el(doc, 'p', { role: 'alert', class: 'bz-err' });
  const unavailableActions = el(doc, 'div', { class: 'bz-actions' });
  unavailableActions.append(retry, backFromUnavailable);
  unavailable.append(unavailableText, unavailableActions);

  // The card payment page: the page goes there by itself; the link is there should it not.
  const pay = el(
    doc,
    'a',
    {
      class: 'bz-button bz-primary',
      // A framed, sandboxed page may not navigate its top window: a new tab escapes the sandbox instead.
      target: framed ? '_blank' : '_top',
      rel: 'noopener',
    },
    'Continue to payment',
  );
  const redirect = el(doc, 'div', { hidden: '' });
  redirect.append(el(doc, 'p', {}, 'Taking you to the secure payment page…'), pay);

  const confirmation = el(doc, 'div', { hidden: '', 'data-checkout-confirmation': '' });
  const done = el(doc, 'button', { type: 'button', class: 'bz-primary' }, 'Continue shopping');
  done.addEventListener('click', () => send({ type: 'checkout.done' }));

  root.append(heading, status, form, unavailable, redirect, confirmation);
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !form.hidden && !place.disabled) send({ type: 'checkout.back' });
    else if (event.key === 'Escape' && !unavailable.hidden) send({ type: 'checkout.back' });
  });

  let shownStep: CheckoutStep = 'cart';
  let shownOrder: PlacedOrderResponse | null = null;
  let shownOptions: CheckoutOptions | null = null;

  const radios = (
    choices: HTMLElement,
    field: 'deliveryMethod' | 'paymentMethod',
    values: ReadonlyArray<[string, string]>,
  ) => {
    choices.replaceChildren(
      ...values.map(([value, label]) => {
        const wrap = el(doc, 'label', { class: 'bz-choice' });
        const radio = el(doc, 'input', { type: 'radio', name: `${prefix}-${field}`, value });
        radio.addEventListener('change', () => {
          if (radio.checked) send({ type: 'checkout.update', fields: { [field]: value } });
        });
        wrap.append(radio, ` ${label}`);
        return wrap;
      }),
    );
  };

  const orderLink = (href: string): HTMLElement[] => {
    // The server's own https/http page only: never a script URL from whatever answered as the store.
    if (!/^https?:\/\//i.test(href)) return [];
    const line = el(doc, 'p', { class: 'bz-hint' });
    // A new tab keeps the shop (and this confirmation) open; the order page needs no script.
    const link = el(
      doc,
      'a',
      { href, target: '_blank', rel: 'noopener', 'data-order-link': '' },
      ORDER_PAGE_LINK_TEXT,
    );
    line.append(link, ` — ${ORDER_PAGE_LINK_HINT}`);
    return [line];
  };
  const renderConfirmation = (order: PlacedOrderResponse, options: CheckoutOptions | null) => {
    const lines = el(doc, 'ul', { class: 'bz-lines' });
    for (const item of order.items) {
      const line = el(doc, 'li');
      line.append(
        el(doc, 'span', {}, `${item.productName} × ${item.quantity}`),
        el(doc, 'span', {}, formatMoney(item.price * item.quantity, order.currency)),
      );
      lines.append(line);
    }
    const sums = el(doc, 'dl', { class: 'bz-totals' });
    totalsInto(doc, sums, order, order.currency);
    const notes: string[] = [];
    if (order.paymentInstructions) notes.push(order.paymentInstructions);
    if (order.deliveryMethod === 'pickup' && options?.pickupInstructions)
      notes.push(`Pickup: ${options.pickupInstructions}`);
    confirmation.replaceChildren(
      el(doc, 'p', { class: 'bz-ok' }, ORDER_PLACED_MESSAGE),
      el(doc, 'p', { 'data-order-number': '' }, `Order ${formatOrderNumber(order.orderNumber)}`),
      lines,
      sums,
      ...notes.map((note) => el(doc, 'p', { class: 'bz-hint' }, note)),
      // Only a mail that really leaves is announced; the order page's link is there either way.
      ...(order.confirmationEmailed
        ? [el(doc, 'p', { class: 'bz-hint' }, confirmationSentText(order.customer.email))]
        : []),
      ...orderLink(order.orderUrl),
      done,
    );
  };

  return {
    root,
    render(view) {
      const { step } = view;
      root.hidden = step === 'cart';
      const formSteps = step === 'details' || step === 'placing';
      form.hidden = !formSteps;
      unavailable.hidden = step !== 'unavailable';
      redirect.hidden = step !== 'redirecting';
      confirmation.hidden = step !== 'confirmed';
      heading.textContent = step === 'confirmed' ? 'Thank you!' : 'Checkout';
      status.textContent =
        step === 'loading' ? 'Loading checkout…' : step === 'placing' ? 'Placing your order…' : '';
      unavailableText.textContent = step === 'unavailable' ? (view.error ?? '') : '';

      const options = view.options;
      if (options && options !== shownOptions) {
        shownOptions = options;
        radios(delivery.choices, 'deliveryMethod', [
          ...(options.pickupEnabled ? [['pickup', 'Pickup'] as [string, string]] : []),
          ...(options.shippingEnabled
            ? [['shipping', shippingChoiceLabel(options)] as [string, string]]
            : []),
        ]);
        radios(payment.choices, 'paymentMethod', [
          ...(options.paymentMethods.includes('manual')
            ? [['manual', PAYMENT_CHOICE_LABELS.manual] as [string, string]]
            : []),
          ...(options.paymentMethods.includes('card')
            ? [['card', PAYMENT_CHOICE_LABELS.card] as [string, string]]
            : []),
        ]);
        payment.set.hidden = options.paymentMethods.length < 2;
      }
      for (const radio of root.querySelectorAll<HTMLInputElement>('input[type=radio]')) {
        const field = radio.name.endsWith('deliveryMethod') ? 'deliveryMethod' : 'paymentMethod';
        radio.checked = view.draft[field] === radio.value;
        radio.disabled = step === 'placing';
      }
      const shipping = view.draft.deliveryMethod === 'shipping';
      address.hidden = !shipping;
      pickupNote.hidden = shipping || !options?.pickupInstructions;
      pickupNote.textContent = options?.pickupInstructions ?? '';
      const paysManually = view.draft.paymentMethod === 'manual';
      // (The payment choice, and this note under it, shows only when the store offers two ways to pay.)
      paymentNote.hidden = !paysManually || !options;
      paymentNote.textContent = options
        ? manualPaymentWords(options.manualPaymentInstructions, view.draft.deliveryMethod)
        : '';

      for (const [field, input] of inputs) {
        if (input.value !== view.draft[field]) input.value = view.draft[field];
        input.disabled = step === 'placing';
      }
      for (const [field, node] of errorNodes) {
        const message = view.errors[field] ?? '';
        node.textContent = message;
        node.hidden = message === '';
        const target = inputs.get(field as TextField);
        if (target) target.setAttribute('aria-invalid', String(message !== ''));
      }
      if (view.totals) totalsInto(doc, totals, view.totals, view.currency);
      totals.hidden = view.totals === null;
      failure.textContent = formSteps ? (view.error ?? '') : '';
      failure.hidden = failure.textContent === '';
      place.disabled = step === 'placing';
      back.disabled = step === 'placing';
      place.textContent = step === 'placing' ? 'Placing order…' : 'Place order';

      if (view.order && view.order !== shownOrder && (step === 'confirmed' || step === 'redirecting')) {
        shownOrder = view.order;
        if (step === 'confirmed') renderConfirmation(view.order, options);
        pay.setAttribute('href', view.order.checkoutUrl ?? '');
      }
      // Opening the checkout (or its outcome) moves focus to its heading, for keyboards and screen readers.
      const opened = shownStep === 'cart' && step !== 'cart';
      const outcome = step !== shownStep && (step === 'confirmed' || step === 'redirecting');
      shownStep = step;
      if (opened || outcome) heading.focus();
    },
    focusFirstError(errors) {
      const first = FIELD_ORDER.find((field) => errors[field]);
      if (!first) return;
      const target =
        inputs.get(first as TextField) ??
        root.querySelector<HTMLInputElement>(`input[name="${prefix}-${first}"]`);
      target?.focus();
    },
  };
}

function totalsInto(doc: Document, list: HTMLElement, totals: OrderTotals, currency: string): void {
  list.replaceChildren(
    ...totalsRows(totals).flatMap(([label, amount]) => {
      const row = el(doc, 'div', label === 'Total' ? { class: 'bz-total' } : {});
      row.append(el(doc, 'dt', {}, label), el(doc, 'dd', {}, formatMoney(amount, currency)));
      return [row];
    }),
  );
}

/**
 * The storefront's look, in the site's own fonts and colour: controls inherit the page's font, the
 * primary colour is the site's (storefrontTheme: a button colour that reads on white, else the builder's default
 * blue), every button is outlined or filled with it, focus is visible (a white edge keeps it so on dark colours),
 * at phone widths the cart takes the full width without sideways scrolling, and a grid's cards are centred.
 */
export const STOREFRONT_CSS = `.bz-store button,.bz-store input,.bz-store select,.bz-store textarea,.bz-store .bz-button{font:inherit}
.bz-store button,.bz-store .bz-button{display:inline-block;cursor:pointer;border-radius:6px;padding:8px 14px;border:1px solid var(--bz-primary,#1976d2);background:#fff;color:var(--bz-primary,#1976d2);text-decoration:none;text-align:center}
.bz-store .bz-primary,.bz-store [data-store-action=add],.bz-store [data-store-action=checkout]{background:var(--bz-primary,#1976d2);color:var(--bz-on-primary,#fff)}
.bz-store button[aria-pressed=true]{background:var(--bz-primary,#1976d2);color:var(--bz-on-primary,#fff)}
.bz-store button:disabled,.bz-store [aria-disabled=true]{opacity:.55;cursor:not-allowed}
.bz-store :focus-visible{outline:3px solid var(--bz-primary,#1976d2);outline-offset:2px;box-shadow:0 0 0 2px #fff}
.bz-store [data-cart-item] button{padding:4px 10px}.bz-cart{scroll-margin-top:80px}
.bz-added{margin:6px 0 0;color:#2e7d32}.bz-added:empty{margin:0}.bz-added a{color:inherit}
.bz-store input:not([type=radio]),.bz-store select,.bz-store textarea{width:100%;max-width:100%;padding:8px;border:1px solid #767676;border-radius:6px;background:#fff;color:inherit}
.bz-store [aria-invalid=true]{border-color:#c62828}
.bz-store fieldset{border:0;padding:0;margin:0 0 10px;min-width:0}
.bz-store legend,.bz-field>label{display:block;font-weight:600;margin-bottom:4px}
.bz-field{margin:0 0 10px}.bz-choice{display:block;margin:4px 0}
.bz-err{color:#c62828;margin:4px 0 0}.bz-hint{color:#555;margin:4px 0}.bz-ok{color:#2e7d32;font-weight:600}
.bz-actions{display:flex;flex-wrap:wrap;gap:8px;margin-top:12px}
.bz-totals div,.bz-lines li{display:flex;justify-content:space-between;gap:8px;margin:2px 0}
.bz-totals dd{margin:0}.bz-total{font-weight:700}.bz-lines{list-style:none;padding:0}
/* What the script hides stays hidden, whatever display the element's own style or the rules above give it. */
.bz-store[hidden],.bz-store [hidden]{display:none!important}
.bz-cart{max-width:100%}.bz-cart[data-checkout-open]{width:420px!important}
@media (max-width:480px){.bz-cart,.bz-cart[data-checkout-open]{width:100%!important;margin:10px 0!important;border-radius:0!important}}
/* As SITE_CSS says it, for sites published before it did: one centred card a row on a phone. */
@media (max-width:${BREAKPOINTS.mobile}px){.bz-store [data-store-products]{justify-items:center}}`;
