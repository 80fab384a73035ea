import {
  type BoundFunctions,
  fireEvent,
  type queries,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type {
  Cart,
  CheckoutOptions,
  PlacedOrderResponse,
  Product,
  StoreCurrency,
} from '../../src/contracts/store.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';
import { bakery } from './storeFixtures.ts';

// Store › Storefront: the owner's preview of their shop, its cart drawer and checkout, over a fake server.

const slow = { timeout: 10_000 };
const LOAF = 'Sourdough Loaf';

const loaf = (stock: number, currency: StoreCurrency = 'EUR'): Product => ({
  id: 1,
  storeId: 'bakery',
  name: LOAF,
  code: 'P1',
  price: 3.9,
  currency,
  description: '',
  imageUrl: '',
  inventoryQuantity: stock,
  isActive: true,
  rating: 5,
  originalPrice: null,
  categoryId: null,
});
/** The preview's cart: `quantity` loaves (line 11), or none. */
const cartOf = (quantity: number): Cart => ({
  id: 'cart-bakery',
  storeId: 'bakery',
  currency: 'EUR',
  orderId: null,
  total: Math.round(quantity * 390) / 100,
  items:
    quantity > 0
      ? [
          {
            id: 11,
            productId: 1,
            productName: LOAF,
            price: 3.9,
            quantity,
            total: Math.round(quantity * 390) / 100,
          },
        ]
      : [],
});
const OPTIONS: CheckoutOptions = {
  storeId: 'bakery',
  storeName: 'Bakery',
  currency: 'EUR',
  pickupEnabled: true,
  shippingEnabled: true,
  flatShippingRate: 4.99,
  freeShippingThreshold: null,
  taxRate: 10,
  taxInclusive: false,
  paymentMethods: ['manual'],
  manualPaymentInstructions: '',
  pickupInstructions: 'Collect at Main Street 1, 8–12',
};
const placed = (quantity: number): PlacedOrderResponse => ({
  id: 'o'.repeat(32),
  orderNumber: 1001,
  storeId: 'bakery',
  customerId: 'dashboard-preview',
  status: 'placed',
  paymentMethod: 'manual',
  paymentStatus: 'unpaid',
  fulfilmentStatus: 'unfulfilled',
  deliveryMethod: 'pickup',
  subtotal: 7.8,
  shipping: 0,
  tax: 0.78,
  taxInclusive: false,
  total: 8.58,
  currency: 'EUR',
  createdDate: '2026-01-01T00:00:00.000Z',
  items: [{ productId: 1, productName: LOAF, price: 3.9, quantity }],
  reservedUntil: null,
  customer: { name: 'Ana', email: 'ana@example.com' },
  shippingAddress: null,
  note: '',
  trackingNumber: null,
  carrier: null,
  paymentInstructions: '',
  accessToken: 't'.repeat(32),
  checkoutUrl: null,
  orderUrl: '',
  confirmationEmailed: false,
});

/** The store's routes: `stock` for the catalogue, a cart of `quantity` loaves, and `more` on top. */
function storeRoutes({ stock, quantity, more = {} }: { stock: number; quantity: number; more?: Routes }) {
  return {
    ...dashboardRoutes(),
    'GET /api/ecommerce/stores': { body: [bakery] },
    'GET /api/ecommerce/orders/summary': { body: { needsAction: 0, latestOrderAt: null } },
    'GET /api/ecommerce/products': { body: { results: [loaf(stock)], totalCount: 1 } },
    'GET /api/ecommerce/categories': { body: [] },
    'POST /api/ecommerce/cart': { body: cartOf(quantity) },
    ...more,
  };
}

/** Opens Store › Storefront and its cart drawer; returns the drawer's dialog and the requests. */
async function openCart(routes: Routes) {
  const { requests } = renderApp(
    { ...dashboardInput(), location: { pathname: '/store', search: '' } },
    routes,
  );
  await screen.findByRole('tab', { name: 'Products' }, slow);
  fireEvent.click(screen.getByRole('button', { name: 'Storefront' }));
  await screen.findByText(LOAF, {}, slow);
  fireEvent.click(await screen.findByRole('button', { name: /^Cart \([1-9]/ }, slow));
  const dialog = await screen.findByRole('dialog');
  return { drawer: within(dialog), dialog, requests };
}

type Drawer = BoundFunctions<typeof queries>;

const sent = (requests: Request[], method: string, path: string) =>
  requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
const quantityField = (drawer: Drawer) =>
  drawer.getByRole('spinbutton', { name: `Quantity of ${LOAF}` }) as HTMLInputElement;

describe('Store › Storefront › cart drawer Qty', () => {
  test('typing "34" sends one change, of 34, when the field is left; Enter applies too', async () => {
    const bodies: unknown[] = [];
    const { drawer, requests } = await openCart(
      storeRoutes({
        stock: 50,
        quantity: 1,
        more: {
          'PATCH /api/ecommerce/cart/cart-bakery/items/11': async (request) => {
            const body = (await request.json()) as { quantity: number };
            bodies.push(body);
            return { body: cartOf(body.quantity) };
          },
        },
      }),
    );
    const qty = quantityField(drawer);
    fireEvent.change(qty, { target: { value: '3' } });
    fireEvent.change(qty, { target: { value: '34' } });
    expect(qty.value).toBe('34');
    expect(qty.disabled).toBe(false);
    expect(bodies).toEqual([]);

    fireEvent.blur(qty);
    await waitFor(() => expect(drawer.getByLabelText('Cart total').textContent).toBe('€132.60'));
    expect(bodies).toEqual([{ quantity: 34 }]);
    await waitFor(() => expect(quantityField(drawer).disabled).toBe(false));
    expect(quantityField(drawer).value).toBe('34');

    fireEvent.change(quantityField(drawer), { target: { value: '40' } });
    fireEvent.keyDown(quantityField(drawer), { key: 'Enter' });
    await waitFor(() => expect(drawer.getByLabelText('Cart total').textContent).toBe('€156.00'));
    fireEvent.blur(quantityField(drawer));
    expect(bodies).toEqual([{ quantity: 34 }, { quantity: 40 }]);
    expect(sent(requests, 'DELETE', '/api/ecommerce/cart/cart-bakery/items/11')).toEqual([]);
  }, 30_000);

  test('an emptied field removes nothing and, left, shows the quantity again; a quantity above the stock is not sent', async () => {
    const { drawer, requests } = await openCart(storeRoutes({ stock: 3, quantity: 2 }));
    const qty = quantityField(drawer);
    // Backspace on "2": the field is empty, the line stays.
    fireEvent.change(qty, { target: { value: '' } });
    expect(qty.value).toBe('');
    expect(drawer.getByText(LOAF).textContent).toBe(LOAF);
    fireEvent.blur(qty);
    expect(quantityField(drawer).value).toBe('2');

    // 1..stock (spec §5): 9 of 3 is marked while typed, and not applied.
    fireEvent.change(quantityField(drawer), { target: { value: '9' } });
    fireEvent.keyDown(quantityField(drawer), { key: 'Enter' });
    expect(quantityField(drawer).getAttribute('aria-invalid')).toBe('true');
    fireEvent.blur(quantityField(drawer));
    expect(quantityField(drawer).value).toBe('2');
    expect(drawer.getByText('1–3').textContent).toBe('1–3');

    await new Promise((resolve) => setTimeout(resolve, 50));
    const cartCalls = requests.filter((r) => new URL(r.url).pathname.startsWith('/api/ecommerce/cart/'));
    expect(cartCalls).toEqual([]);
    expect(drawer.getByLabelText('Cart total').textContent).toBe('€7.80');
  }, 30_000);

  test('a refused change (stock taken meanwhile) says why inside the drawer, beside its line', async () => {
    const message = `Only 3 of ${LOAF} in stock`;
    const { drawer, dialog } = await openCart(
      storeRoutes({
        // The catalogue still says 5: someone bought 2 since.
        stock: 5,
        quantity: 1,
        more: { 'PATCH /api/ecommerce/cart/cart-bakery/items/11': { status: 409, body: { message } } },
      }),
    );
    fireEvent.change(quantityField(drawer), { target: { value: '5' } });
    fireEvent.blur(quantityField(drawer));

    const alert = await drawer.findByRole('alert');
    expect(alert.textContent).toBe(message);
    // Right under the loaf's line, and nowhere else (the page behind the backdrop shows nothing).
    expect(alert.closest('li')?.previousElementSibling?.textContent).toContain(LOAF);
    expect(screen.getAllByText(message).every((node) => dialog.contains(node))).toBe(true);
    await waitFor(() => expect(quantityField(drawer).value).toBe('1'));

    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(drawer.queryByRole('alert')).toBeNull());
  }, 30_000);
});

describe('Store › Storefront › checkout', () => {
  /** The `dt` rows of the checkout's totals, as label → amount. */
  const totalsOf = (drawer: Drawer) =>
    Object.fromEntries(
      Array.from(drawer.getByLabelText('Order totals').querySelectorAll<HTMLElement>('dt'), (term) => [
        term.textContent,
        term.nextElementSibling?.textContent,
      ]),
    );

  test('shows what the total is made of, the shipping price and the pickup instructions, and sends the note', async () => {
    const orders: unknown[] = [];
    const { drawer } = await openCart(
      storeRoutes({
        stock: 10,
        quantity: 3,
        more: {
          'GET /api/ecommerce/stores/bakery/checkout': { body: OPTIONS },
          'POST /api/ecommerce/orders': async (request) => {
            orders.push(await request.json());
            return { status: 201, body: placed(3) };
          },
        },
      }),
    );
    expect(drawer.getByLabelText('Cart total').textContent).toBe('€11.70');
    fireEvent.click(drawer.getByRole('button', { name: 'Checkout' }));
    await drawer.findByRole('radio', { name: 'Pickup' }, slow);

    // Pickup: €11.70 + 10 % tax.
    expect(totalsOf(drawer)).toEqual({
      Subtotal: '€11.70',
      Shipping: '€0.00',
      Tax: '€1.17',
      Total: '€12.87',
    });
    expect(drawer.getByText(OPTIONS.pickupInstructions).textContent).toBe(OPTIONS.pickupInstructions);

    // Shipping: its price beside it, and (€11.70 + €4.99) + 10 % tax.
    fireEvent.click(drawer.getByRole('radio', { name: 'Shipping (€4.99)' }));
    expect(totalsOf(drawer)).toEqual({
      Subtotal: '€11.70',
      Shipping: '€4.99',
      Tax: '€1.67',
      Total: '€18.36',
    });
    expect(drawer.queryByText(OPTIONS.pickupInstructions)).toBeNull();

    fireEvent.click(drawer.getByRole('radio', { name: 'Pickup' }));
    fireEvent.change(drawer.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ana' } });
    fireEvent.change(drawer.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'ana@example.com' },
    });
    fireEvent.change(drawer.getByRole('textbox', { name: 'Note for the shop (optional)' }), {
      target: { value: 'Sliced, please' },
    });
    fireEvent.click(drawer.getByRole('button', { name: 'Place order' }));
    await drawer.findByText('Order placed successfully!', {}, slow);
    expect(orders).toEqual([
      expect.objectContaining({ deliveryMethod: 'pickup', note: 'Sliced, please', expectedTotal: 12.87 }),
    ]);
  }, 30_000);

  test('asks for the address and the payment as the published checkout does: line 2, region, the payment choice and its words', async () => {
    const orders: unknown[] = [];
    const { drawer } = await openCart(
      storeRoutes({
        stock: 10,
        quantity: 1,
        more: {
          'GET /api/ecommerce/stores/bakery/checkout': {
            body: { ...OPTIONS, paymentMethods: ['manual', 'card'] },
          },
          'POST /api/ecommerce/orders': async (request) => {
            orders.push(await request.json());
            return { status: 201, body: placed(1) };
          },
        },
      }),
    );
    fireEvent.click(drawer.getByRole('button', { name: 'Checkout' }));
    fireEvent.click(await drawer.findByRole('radio', { name: 'Shipping (€4.99)' }, slow));
    const fill = (name: string, value: string) =>
      fireEvent.change(drawer.getByRole('textbox', { name }), { target: { value } });
    fill('Name', 'Ana');
    fill('Email', 'ana@example.com');
    fill('Address', '1 Main St');
    fill('Address line 2 (optional)', 'Flat 4');
    fill('City', 'Springfield');
    fill('State or region (optional)', 'IL');
    fill('Postal code', '62701');
    fill('Country code (e.g. US)', 'US');
    // Manual payment is chosen: a shipped order is paid before it ships (no words of the owner's own).
    expect(
      (drawer.getByRole('radio', { name: 'Pay on pickup or by bank transfer' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(drawer.getByRole('radio', { name: 'Card (secure payment page)' })).toBeInstanceOf(
      HTMLInputElement,
    );
    const shippingWords = 'The shop will contact you about payment. Your order ships once it is paid.';
    expect(drawer.getByText(shippingWords).textContent).toBe(shippingWords);
    fireEvent.click(drawer.getByRole('radio', { name: 'Pickup' }));
    expect(drawer.getByText('Pay when you collect your order.').textContent).toBe(
      'Pay when you collect your order.',
    );
    fireEvent.click(drawer.getByRole('radio', { name: 'Shipping (€4.99)' }));
    fireEvent.click(drawer.getByRole('radio', { name: 'Card (secure payment page)' }));
    expect(drawer.queryByText(shippingWords)).toBeNull();
    fireEvent.click(drawer.getByRole('radio', { name: 'Pay on pickup or by bank transfer' }));
    fireEvent.click(drawer.getByRole('button', { name: 'Place order' }));
    await drawer.findByText('Order placed successfully!', {}, slow);
    expect(orders).toEqual([
      expect.objectContaining({
        deliveryMethod: 'shipping',
        paymentMethod: 'manual',
        shippingAddress: {
          line1: '1 Main St',
          line2: 'Flat 4',
          city: 'Springfield',
          region: 'IL',
          postalCode: '62701',
          country: 'US',
        },
      }),
    ]);
  }, 30_000);

  test('after an order the product cards offer the stock that is left', async () => {
    let stock = 3;
    const { drawer, requests } = await openCart(
      storeRoutes({
        stock,
        quantity: 2,
        more: {
          'GET /api/ecommerce/products': () => ({ body: { results: [loaf(stock)], totalCount: 1 } }),
          'GET /api/ecommerce/stores/bakery/checkout': { body: OPTIONS },
          'POST /api/ecommerce/orders': () => {
            stock = 1;
            return { status: 201, body: placed(2) };
          },
        },
      }),
    );
    const card = screen.getByLabelText(LOAF);
    expect(within(card).getByText('1–3').textContent).toBe('1–3');
    fireEvent.click(drawer.getByRole('button', { name: 'Checkout' }));
    fireEvent.change(await drawer.findByRole('textbox', { name: 'Name' }, slow), {
      target: { value: 'Ana' },
    });
    fireEvent.change(drawer.getByRole('textbox', { name: 'Email' }), {
      target: { value: 'ana@example.com' },
    });
    fireEvent.click(drawer.getByRole('button', { name: 'Place order' }));
    fireEvent.click(await drawer.findByRole('button', { name: 'Continue shopping' }, slow));

    await waitFor(() => expect(within(screen.getByLabelText(LOAF)).getByText('1–1').textContent).toBe('1–1'));
    expect(sent(requests, 'GET', '/api/ecommerce/products')).toHaveLength(2);
  }, 30_000);
});
