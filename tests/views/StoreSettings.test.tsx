import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { DEFAULT_STORE_SETTINGS, type StoreSettings } from '../../src/contracts/store.ts';
import { VIEW_ONLY } from '../../src/services/session/permissionsQueries.ts';
import { descriptionOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };
const bakery = { storeId: 'bakery', storeName: 'Bakery', currency: 'USD', createdAt: '2026-01-01T00:00:00Z' };
const saved: StoreSettings = {
  ...DEFAULT_STORE_SETTINGS,
  shippingEnabled: true,
  flatShippingRate: 4.5,
  taxRate: 8.25,
  pickupInstructions: 'Back door, 8–12',
};
const checkout = {
  storeId: 'bakery',
  storeName: 'Bakery',
  currency: 'USD',
  ...saved,
  paymentMethods: ['manual'],
};

afterEach(() => window.history.replaceState(null, '', '/'));

function openSettings(role: string, put?: (body: StoreSettings) => { status?: number; body?: unknown }) {
  const routes: Routes = {
    ...dashboardRoutes(undefined, role),
    'GET /api/ecommerce/stores': { body: [bakery] },
    'GET /api/ecommerce/orders/summary': { body: { needsAction: 0, latestOrderAt: null } },
    'GET /api/ecommerce/stores/bakery/settings': { body: saved },
    'GET /api/ecommerce/stores/bakery/checkout': { body: checkout },
    'GET /api/ecommerce/stores/bakery/orders': { body: { results: [], totalCount: 0 } },
    'PUT /api/ecommerce/stores/bakery/settings': async (request) =>
      put ? put((await request.json()) as StoreSettings) : { status: 500 },
  };
  window.history.replaceState(null, '', '/store/settings');
  return renderApp({ ...dashboardInput(), location: { pathname: '/store/settings', search: '' } }, routes);
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const putBodies = (requests: Request[]) =>
  Promise.all(requests.filter((r) => r.method === 'PUT').map((r) => r.json() as Promise<StoreSettings>));

describe('the store settings tab', { timeout: 20_000 }, () => {
  test('loads the saved settings, and says card payments need Stripe when checkout does not offer cards', async () => {
    openSettings('Admin');
    expect((await screen.findByLabelText('Flat shipping rate', {}, slow)).getAttribute('value')).toBe('4.5');
    expect(field('Tax rate (%)').value).toBe('8.25');
    expect(field('Free shipping from').value).toBe('');
    expect(descriptionOf(field('Free shipping from'))).toBe('Order subtotal; empty: never free');
    expect(descriptionOf(field('Order notice email'))).toBe(
      'Where new orders are announced; empty: the account owner’s email',
    );
    expect(field('Pickup instructions').value).toBe('Back door, 8–12');
    expect(
      (screen.getByRole('radio', { name: 'Tax is added at checkout' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((await screen.findByText('Card payments need Stripe keys on the server.')).tagName).toBe('P');
  });

  test('Save sends every setting; the success says so', async () => {
    const { requests } = openSettings('Admin', (body) => ({ body }));
    await screen.findByLabelText('Flat shipping rate', {}, slow);
    fireEvent.change(field('Free shipping from'), { target: { value: '50' } });
    fireEvent.change(field('Order notice email'), { target: { value: 'orders@bakery.example' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Prices include tax' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Card' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect((await screen.findByText('Store settings saved')).closest('[role="alert"]')?.textContent).toBe(
      'Store settings saved',
    );
    expect(await putBodies(requests)).toEqual([
      {
        ...saved,
        freeShippingThreshold: 50,
        orderNoticeEmail: 'orders@bakery.example',
        taxInclusive: true,
        paymentMethods: ['manual', 'card'],
      },
    ]);
  });

  test('a 400 shows its message at the field it names and keeps everything typed', async () => {
    openSettings('Admin', () => ({
      status: 400,
      body: { message: 'Tax rate must be at most 100 (it is a percentage)' },
    }));
    await screen.findByLabelText('Flat shipping rate', {}, slow);
    fireEvent.change(field('Tax rate (%)'), { target: { value: '99.5' } });
    fireEvent.change(field('Pickup instructions'), { target: { value: 'Front desk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    await waitFor(() =>
      expect(descriptionOf(field('Tax rate (%)'))).toBe('Tax rate must be at most 100 (it is a percentage)'),
    );
    expect(field('Tax rate (%)').getAttribute('aria-invalid')).toBe('true');
    expect(field('Tax rate (%)').value).toBe('99.5');
    expect(field('Pickup instructions').value).toBe('Front desk');
    expect(screen.queryByText('Store settings saved')).toBeNull();
  });

  test('what was typed and not saved is still there after visiting another tab', async () => {
    openSettings('Admin');
    await screen.findByLabelText('Flat shipping rate', {}, slow);
    fireEvent.change(field('Flat shipping rate'), { target: { value: '6.75' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Orders' }));
    expect(window.location.pathname).toBe('/store/orders');
    await screen.findByRole('grid', { name: 'Orders' }, slow);

    fireEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(((await screen.findByLabelText('Flat shipping rate')) as HTMLInputElement).value).toBe('6.75');
    expect(field('Tax rate (%)').value).toBe('8.25');
  });

  test('what the form can check is refused before sending, next to the field', async () => {
    const { requests } = openSettings('Admin', (body) => ({ body }));
    await screen.findByLabelText('Flat shipping rate', {}, slow);
    fireEvent.change(field('Order notice email'), { target: { value: 'orders-at-bakery' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Manual (pay on pickup or by bank transfer)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(descriptionOf(field('Order notice email'))).toBe(
      'Enter a valid email address, or leave it empty for the account owner’s',
    );
    expect(screen.getByText('Choose at least one payment method').tagName).toBe('P');
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);
  });

  test('decimals follow the amount, by the rule the server applies: 5e-3 is refused, 4.500 and 8.8750 are fine', async () => {
    const { requests } = openSettings('Admin', (body) => ({ body }));
    await screen.findByLabelText('Flat shipping rate', {}, slow);
    fireEvent.change(field('Flat shipping rate'), { target: { value: '5e-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(descriptionOf(field('Flat shipping rate'))).toBe('Use at most 2 decimals (cents)');
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);

    fireEvent.change(field('Flat shipping rate'), { target: { value: '4.500' } });
    fireEvent.change(field('Tax rate (%)'), { target: { value: '8.8750' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByText('Store settings saved')).textContent).toBe('Store settings saved');
    expect(await putBodies(requests)).toEqual([{ ...saved, flatShippingRate: 4.5, taxRate: 8.875 }]);
  });

  test('a Viewer sees the settings read-only, without Save', async () => {
    openSettings('Viewer');
    await screen.findByLabelText('Flat shipping rate', {}, slow);
    await screen.findByText(`${VIEW_ONLY}.`);
    expect(field('Flat shipping rate').disabled).toBe(true);
    expect(
      within(screen.getByRole('group', { name: 'Payment methods' }))
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).disabled),
    ).toEqual([true, true]);
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
  });
});
