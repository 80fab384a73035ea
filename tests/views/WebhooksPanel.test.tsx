import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

const PRIVATE =
  'The webhook URL must point to a public internet address, not a private, local or reserved one.';

const integrations = [
  {
    id: 'google',
    name: 'Google Ads',
    kind: 'oauth',
    configured: false,
    connected: false,
    connectedAt: null,
    authorizeUrl: null,
  },
  {
    id: 'facebook',
    name: 'Facebook Ads',
    kind: 'oauth',
    configured: false,
    connected: false,
    connectedAt: null,
    authorizeUrl: null,
  },
  {
    id: 'webhooks',
    name: 'Webhooks',
    kind: 'webhooks',
    configured: true,
    connected: false,
    connectedAt: null,
    authorizeUrl: null,
  },
];

const routes = (): Routes => ({
  ...dashboardRoutes(),
  'GET /api/integrations': { body: integrations },
  'GET /api/webhooks': { body: [] },
  'POST /api/webhooks': { status: 400, body: { message: PRIVATE } },
});

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('Integrations › Webhooks', () => {
  test("the server's refusal of an address shows once, in the form, without the generic 'Data Issue' toast", async () => {
    window.history.replaceState(null, '', '/integrations');
    const { system, requests } = renderApp(
      { ...dashboardInput(), location: { pathname: '/integrations', search: '' } },
      routes(),
    );
    const form = within(await screen.findByRole('form', { name: 'New webhook' }, { timeout: 10_000 }));

    fireEvent.change(form.getByRole('textbox', { name: 'Webhook URL' }), {
      target: { value: 'http://10.0.0.5/hook' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Add webhook' }));

    await waitFor(() => expect(form.getByRole('alert').textContent).toBe(PRIVATE));
    expect(requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname)).toEqual([
      '/api/webhooks',
    ]);
    // The http client raised no toast (the queue's counter never moved): the form said what to fix.
    expect(system.actor.system.get('toasts')?.getSnapshot().context.nextId).toBe(1);
    expect(screen.queryByText('Data is not valid')).toBeNull();
  });

  test('a refused address stays in the form, and leaving the page with it asks first', async () => {
    window.history.replaceState(null, '', '/integrations');
    renderApp({ ...dashboardInput(), location: { pathname: '/integrations', search: '' } }, routes());
    const form = within(await screen.findByRole('form', { name: 'New webhook' }, { timeout: 10_000 }));
    const url = form.getByRole('textbox', { name: 'Webhook URL' }) as HTMLInputElement;
    fireEvent.change(url, { target: { value: 'http://10.0.0.5/hook' } });
    fireEvent.click(form.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(form.getByRole('alert').textContent).toBe(PRIVATE));

    const sidebar = within(screen.getByRole('navigation', { name: 'Sections' }));
    fireEvent.click(sidebar.getAllByRole('button', { name: 'Online Store' })[0] as HTMLElement);
    const ask = within(await screen.findByRole('dialog', { name: 'Leave without saving?' }));
    fireEvent.click(ask.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/integrations');
    expect(url.value).toBe('http://10.0.0.5/hook');
  });
});
