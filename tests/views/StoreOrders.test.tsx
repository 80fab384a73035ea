import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { renderOrderPage } from '../../server/routes/ecommerce/orderPageRoutes.ts';
import {
  ORDER_STATUSES,
  type OrderAction,
  type OrderDetails,
  type OrderStatus,
} from '../../src/contracts/store.ts';
import { VIEW_ONLY } from '../../src/services/session/permissionsQueries.ts';
import { rowOf, rowsOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';
import { bakery } from './storeFixtures.ts';

// The first section to load the data grid waits for its chunk: longer than findBy's default second.
const slow = { timeout: 10_000 };

const ada: OrderDetails = {
  id: 'o1',
  orderNumber: 1001,
  storeId: 'bakery',
  customerId: 'c1',
  status: 'placed',
  paymentMethod: 'manual',
  paymentStatus: 'unpaid',
  fulfilmentStatus: 'unfulfilled',
  deliveryMethod: 'pickup',
  subtotal: 12,
  shipping: 0,
  tax: 0,
  taxInclusive: false,
  total: 12,
  currency: 'USD',
  createdDate: '2026-11-20T10:00:00.000Z',
  items: [{ productId: 1, productName: 'Sourdough', price: 6, quantity: 2 }],
  reservedUntil: null,
  customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+1 555 0100' },
  shippingAddress: null,
  note: 'Ring twice',
  trackingNumber: null,
  carrier: null,
  paymentInstructions: 'Pay when you collect your order.',
};
const grace: OrderDetails = {
  ...ada,
  id: 'o2',
  orderNumber: 1002,
  status: 'paid',
  paymentMethod: 'card',
  paymentStatus: 'paid',
  deliveryMethod: 'shipping',
  shipping: 5,
  total: 17,
  customer: { name: 'Grace Hopper', email: 'grace@navy.example' },
  shippingAddress: { line1: '1 Navy Way', city: 'Arlington', postalCode: '22201', country: 'US' },
  note: '',
};

afterEach(() => {
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

type Reply = { status?: number; body?: unknown };

/**
 * The dashboard's server with one store holding `orders`; `act` answers a PATCH of an order (an order
 * in its body replaces the stored one, as the server's list would then show it).
 */
function storeRoutes(
  role: string,
  orders: OrderDetails[],
  act?: (action: OrderAction) => Reply,
  extra: Routes = {},
): Routes {
  const stored = [...orders];
  const patches: Routes = Object.fromEntries(
    orders.map((order) => [
      `PATCH /api/ecommerce/orders/${order.id}`,
      async (request: Request) => {
        const reply = act ? act((await request.json()) as OrderAction) : { status: 500 };
        const updated = reply.body as OrderDetails | undefined;
        if (updated?.id)
          stored.splice(
            stored.findIndex((o) => o.id === updated.id),
            1,
            updated,
          );
        return reply;
      },
    ]),
  );
  return {
    ...dashboardRoutes(undefined, role),
    'GET /api/ecommerce/stores': { body: [bakery] },
    'GET /api/ecommerce/orders/summary': { body: { needsAction: 2, latestOrderAt: ada.createdDate } },
    'GET /api/ecommerce/stores/bakery/orders': () => ({
      body: { results: stored, totalCount: stored.length },
    }),
    ...patches,
    ...extra,
  };
}

/**
 * Opens the app on the Orders tab's URL as the order e-mails have always linked it (`/?storeTab=orders…`;
 * `extraQuery` adds e.g. `&order=o1`): the app shows it at `/store/orders?…`.
 */
function openOrders(routes: Routes, extraQuery = '') {
  const search = `?storeTab=orders${extraQuery}`;
  window.history.replaceState(null, '', `/${search}`);
  return renderApp({ ...dashboardInput(), location: { pathname: '/', search } }, routes);
}

const ordersRequests = (requests: Request[]) =>
  requests
    .filter((request) => new URL(request.url).pathname === '/api/ecommerce/stores/bakery/orders')
    .map((request) => new URL(request.url).search);

const patchBodies = (requests: Request[]) =>
  Promise.all(
    requests
      .filter((request) => request.method === 'PATCH')
      .map((request) => request.json() as Promise<OrderAction>),
  );

describe('the Orders tab', { timeout: 20_000 }, () => {
  test('lists each order with its number, buyer, items, total, status, payment and delivery', async () => {
    openOrders(storeRoutes('Admin', [ada, grace]));

    const grid = await screen.findByRole('grid', { name: 'Orders' }, slow);
    await within(grid).findByText('#1001');
    const [header, ...rows] = rowsOf(grid);
    expect(header).toEqual(['Order', 'Date', 'Buyer', 'Items', 'Total', 'Status', 'Payment', 'Delivery']);
    expect(rows.map((cells) => [cells[0], ...cells.slice(2)])).toEqual([
      ['#1001', 'Ada Lovelaceada@example.com', '2 × Sourdough', '$12.00', 'Placed', 'Unpaid', 'Pickup'],
      ['#1002', 'Grace Hoppergrace@navy.example', '2 × Sourdough', '$17.00', 'Paid', 'Paid', 'Shipping'],
    ]);
    // The sidebar's store entry carries the count of orders waiting.
    expect(screen.getByRole('status', { name: '2 orders need action' }).textContent).toBe('2');
  });

  test('the status filter and the search go into the request and the URL', async () => {
    const { requests } = openOrders(storeRoutes('Admin', [ada]));
    await screen.findByText('#1001', {}, slow);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Ready for pickup' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search orders' }), { target: { value: 'ada' } });

    expect(new URLSearchParams(window.location.search).get('status')).toBe('ready_for_pickup');
    // The search is written once the typing pauses (not per letter).
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('q')).toBe('ada'));
    await waitFor(() =>
      expect(ordersRequests(requests)).toContain('?skip=0&take=25&status=ready_for_pickup&searchTerm=ada'),
    );
    expect(ordersRequests(requests)[0]).toBe('?skip=0&take=25');
  });

  test('the page is in the address: a reload shows the same page, a status chosen starts again at the first', async () => {
    const many = Array.from({ length: 60 }, (_, i) => ({
      ...ada,
      id: `o${i + 1}`,
      orderNumber: 1001 + i,
    }));
    const { requests } = openOrders(storeRoutes('Admin', many), '&page=2');
    await waitFor(() => expect(ordersRequests(requests)[0]).toBe('?skip=25&take=25'), slow);
    expect(window.location.pathname + window.location.search).toBe('/store/orders?page=2');

    fireEvent.click(await screen.findByRole('button', { name: 'Go to next page' }, slow));
    await waitFor(() => expect(window.location.search).toBe('?page=3'));
    await waitFor(() => expect(ordersRequests(requests)).toContain('?skip=50&take=25'));
    window.history.back();
    await waitFor(() => expect(window.location.search).toBe('?page=2'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Ready for pickup' }));
    await waitFor(() => expect(window.location.search).toBe('?status=ready_for_pickup'));
    await waitFor(() =>
      expect(ordersRequests(requests)).toContain('?skip=0&take=25&status=ready_for_pickup'),
    );
  });

  test('a row opens the drawer at ?order=<id>; Ready for pickup sends its PATCH and shows the new status', async () => {
    const ready: OrderDetails = { ...ada, status: 'ready_for_pickup', fulfilmentStatus: 'ready_for_pickup' };
    const { requests } = openOrders(storeRoutes('Admin', [ada], () => ({ body: ready })));
    fireEvent.click(await screen.findByText('Ada Lovelace', {}, slow));

    expect(new URLSearchParams(window.location.search).get('order')).toBe('o1');
    const drawer = within(await screen.findByRole('region', { name: 'Order details' }));
    expect(drawer.getByRole('heading', { name: 'Order #1001' }).textContent).toBe('Order #1001');
    expect(drawer.getByText('+1 555 0100').textContent).toBe('+1 555 0100');
    expect(drawer.getByText('Ring twice').textContent).toBe('Ring twice');
    expect(rowOf(drawer.getByText('Total'))).toEqual(['Total', '$12.00']);
    expect(drawer.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Close',
      'Mark as paid',
      'Ready for pickup',
      'Cancel order',
    ]);

    fireEvent.click(drawer.getByRole('button', { name: 'Ready for pickup' }));

    expect(await drawer.findByRole('button', { name: 'Mark as completed' })).toBeInstanceOf(
      HTMLButtonElement,
    );
    expect(drawer.getAllByText('Ready for pickup').map((chip) => chip.textContent)).toEqual([
      'Ready for pickup',
    ]);
    // The payment beside the status is named: a paid order's two chips would both say "Paid".
    expect(drawer.getByText(/^Payment: /).textContent).toBe('Payment: Unpaid');
    expect(await patchBodies(requests)).toEqual([{ action: 'readyForPickup' }]);
  });

  test('Mark as shipped asks for tracking; Cancel order asks first; a refusal shows the server’s message', async () => {
    const { requests } = openOrders(
      storeRoutes('Admin', [grace], (body) =>
        body.action === 'cancel'
          ? {
              status: 409,
              body: { message: 'Order #1002 was picked up by the carrier: it can no longer be cancelled.' },
            }
          : { body: { ...grace, fulfilmentStatus: 'shipped', trackingNumber: '1Z999', carrier: 'UPS' } },
      ),
      '&order=o2',
    );
    const drawer = within(await screen.findByRole('region', { name: 'Order details' }, slow));
    // The drawer opens at once; the order shows when the list holding it has arrived.
    expect(
      await drawer.findByText('1 Navy Way 22201 Arlington US', {
        normalizer: (text) => text.replace(/\s+/g, ' '),
      }),
    ).toBeInstanceOf(HTMLElement);

    fireEvent.click(drawer.getByRole('button', { name: 'Cancel order' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Cancel order #1002?' }));
    expect(confirm.getByText('Cancel order #1002? Its items go back into stock.').tagName).toBe('P');
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel order' }));

    expect((await drawer.findByRole('alert')).textContent).toBe(
      'Order #1002 was picked up by the carrier: it can no longer be cancelled.',
    );

    fireEvent.click(drawer.getByRole('button', { name: 'Mark as shipped' }));
    const ship = within(await screen.findByRole('dialog', { name: 'Ship order #1002' }));
    fireEvent.change(ship.getByLabelText('Tracking number (optional)'), { target: { value: ' 1Z999 ' } });
    fireEvent.change(ship.getByLabelText('Carrier (optional)'), { target: { value: 'UPS' } });
    fireEvent.click(ship.getByRole('button', { name: 'Mark as shipped' }));

    expect((await drawer.findByText(/^Tracking:/)).textContent).toBe('Tracking: UPS 1Z999');
    expect(drawer.queryByRole('alert')).toBeNull();
    expect(await patchBodies(requests)).toEqual([
      { action: 'cancel' },
      { action: 'ship', trackingNumber: '1Z999', carrier: 'UPS' },
    ]);
  });

  test('Ship order: Escape keeps a typed tracking number and says how to send or discard it; Back discards it; Escape closes it untouched', async () => {
    const { requests } = openOrders(storeRoutes('Admin', [grace]), '&order=o2');
    const drawer = within(await screen.findByRole('region', { name: 'Order details' }, slow));
    fireEvent.click(await drawer.findByRole('button', { name: 'Mark as shipped' }, slow));
    const ship = within(await screen.findByRole('dialog', { name: 'Ship order #1002' }));
    fireEvent.change(ship.getByLabelText('Tracking number (optional)'), { target: { value: '1Z999' } });
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Ship order #1002' }), { key: 'Escape' });

    const still = within(screen.getByRole('dialog', { name: 'Ship order #1002' }));
    expect((still.getByLabelText('Tracking number (optional)') as HTMLInputElement).value).toBe('1Z999');
    expect(still.getByRole('alert').textContent).toBe(
      'This tracking information is not saved: choose Mark as shipped to keep it, or Back to throw it away.',
    );
    fireEvent.click(still.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ship order #1002' })).toBeNull());

    // Back threw the number away: the dialog opens empty again, and Escape closes it.
    fireEvent.click(drawer.getByRole('button', { name: 'Mark as shipped' }));
    const again = within(await screen.findByRole('dialog', { name: 'Ship order #1002' }));
    expect((again.getByLabelText('Tracking number (optional)') as HTMLInputElement).value).toBe('');
    expect(again.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Ship order #1002' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ship order #1002' })).toBeNull());
    expect(await patchBodies(requests)).toEqual([]);
  });

  test('a Viewer sees the order but no action buttons', async () => {
    openOrders(storeRoutes('Viewer', [ada]), '&order=o1');
    const drawer = within(await screen.findByRole('region', { name: 'Order details' }, slow));
    // The note shows once the role is known: the missing buttons are not a page still loading.
    await screen.findByText(`${VIEW_ONLY}.`);
    expect(drawer.getByText('ada@example.com').textContent).toBe('ada@example.com');
    expect(drawer.getAllByRole('button').map((button) => button.textContent)).toEqual(['Close']);
  });

  test('a link to an order the list’s first page does not hold (an older one) opens that order', async () => {
    // The list's newest page holds Ada's order only; Grace's is further down (the e-mail's link opens it).
    const routes = storeRoutes('Admin', [ada], undefined, {
      'GET /api/ecommerce/stores/bakery/orders': { body: { results: [ada], totalCount: 30 } },
      'GET /api/ecommerce/stores/bakery/orders/o2': { body: grace },
    });
    openOrders(routes, '&order=o2');
    const drawer = within(await screen.findByRole('region', { name: 'Order details' }, slow));

    expect((await drawer.findByRole('heading', { name: 'Order #1002' }, slow)).textContent).toBe(
      'Order #1002',
    );
    expect(drawer.getByText('grace@navy.example').textContent).toBe('grace@navy.example');
    expect(drawer.queryByText(/not in the list|not found/)).toBeNull();
  });

  test('a link to an order of no store of the account says so and what to do, in the drawer alone', async () => {
    const { system } = openOrders(
      storeRoutes('Admin', [ada], undefined, {
        'GET /api/ecommerce/stores/bakery/orders/o9': { status: 404, body: { message: 'Order not found' } },
      }),
      '&order=o9',
    );
    const drawer = within(await screen.findByRole('region', { name: 'Order details' }, slow));

    expect((await drawer.findByText(/not found in this store/, {}, slow)).textContent).toBe(
      'This order was not found in this store: pick an order from the list, or choose its store above.',
    );
    // No toast beside it (the queue's counter never moved).
    expect(system.actor.system.get('toasts')?.getSnapshot().context.nextId).toBe(1);
  });

  test('a failed Export CSV says so under the list, once (no toast beside)', async () => {
    const { system } = openOrders(
      storeRoutes('Admin', [ada], undefined, {
        'GET /api/ecommerce/stores/bakery/orders.csv': {
          status: 503,
          body: { message: 'Server unavailable' },
        },
      }),
    );
    await screen.findByText('#1001', {}, slow);
    const toastsRaised = () => system.actor.system.get('toasts')?.getSnapshot().context.nextId;
    const before = toastsRaised();

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    const alert = await screen.findByText(/^Could not export the orders/, {}, slow);
    expect(alert.textContent).toBe('Could not export the orders: Server unavailable. Try again.');
    expect(toastsRaised()).toBe(before);
  });

  test('Export CSV downloads orders.csv with the current filters as orders-<storeId>.csv', async () => {
    const downloads: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:orders');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.getAttribute('href')}`);
    });
    const { requests } = openOrders(
      storeRoutes('Admin', [ada], undefined, {
        'GET /api/ecommerce/stores/bakery/orders.csv': {
          body: 'order,buyer\n1001,Ada',
          headers: { 'content-type': 'text/csv' },
        },
      }),
      '&status=placed&q=ada',
    );
    await screen.findByText('#1001', {}, slow);

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(downloads).toEqual(['orders-bakery.csv blob:orders']));
    const csv = requests.find((request) => request.url.includes('orders.csv'));
    expect(csv && new URL(csv.url).search).toBe('?status=placed&searchTerm=ada');
    expect(csv?.headers.get('authorization')).toBe('Bearer token-1');
  });
});

/** An order in each status, with the payment and fulfilment that make it so. */
const AXES: Record<OrderStatus, Pick<OrderDetails, 'paymentStatus' | 'fulfilmentStatus'>> = {
  awaiting_payment: { paymentStatus: 'awaiting', fulfilmentStatus: 'unfulfilled' },
  placed: { paymentStatus: 'unpaid', fulfilmentStatus: 'unfulfilled' },
  paid: { paymentStatus: 'paid', fulfilmentStatus: 'unfulfilled' },
  expired: { paymentStatus: 'expired', fulfilmentStatus: 'unfulfilled' },
  ready_for_pickup: { paymentStatus: 'unpaid', fulfilmentStatus: 'ready_for_pickup' },
  shipped: { paymentStatus: 'paid', fulfilmentStatus: 'shipped' },
  completed: { paymentStatus: 'paid', fulfilmentStatus: 'completed' },
  cancelled: { paymentStatus: 'unpaid', fulfilmentStatus: 'cancelled' },
};

test('the buyer’s order page and the owner’s Orders list say the same words for each status', async () => {
  const orders = ORDER_STATUSES.map(
    (status, index): OrderDetails => ({
      ...ada,
      ...AXES[status],
      id: `o${index + 1}`,
      orderNumber: 1001 + index,
      status,
    }),
  );
  openOrders(storeRoutes('Admin', orders));
  const grid = await screen.findByRole('grid', { name: 'Orders' }, slow);
  await within(grid).findByText('#1008', {}, slow);
  const [header, ...rows] = rowsOf(grid);
  const statusColumn = header!.indexOf('Status');
  const ownerWords = Object.fromEntries(rows.map((cells) => [cells[0], cells[statusColumn]]));
  const buyerWords = Object.fromEntries(
    orders.map((order) => {
      const html = renderOrderPage(order, { storeName: 'Bakery', pickupInstructions: '' }, null);
      const page = new DOMParser().parseFromString(html, 'text/html');
      return [`#${order.orderNumber}`, page.querySelector('.status')?.textContent];
    }),
  );
  expect(ownerWords).toEqual(buyerWords);
  expect(Object.values(ownerWords)).toEqual([
    'Awaiting payment',
    'Placed',
    'Paid',
    'Ready for pickup',
    'Shipped',
    'Completed',
    'Cancelled',
    'Payment expired',
  ]);
}, 20_000);
