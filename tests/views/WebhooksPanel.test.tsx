import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { KEPT_WEBHOOK_NOTE } from '../../src/views/integrations/WebhooksPanel.tsx';
import { keptEntries, reloadApp } from './reloadApp.ts';
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

const HOOK = 'https://example.com/hook';
const INVALID = 'The webhook URL must be a full http:// or https:// address';

/** A server that keeps the webhooks added: the catalogue's Webhooks entry is connected while one is kept. */
const keepingRoutes = (): Routes => {
  const hooks: Array<{ id: number; url: string; events: string[]; createdAt: string }> = [];
  const kept = (id: number) => hooks.some((hook) => hook.id === id);
  return {
    ...dashboardRoutes(),
    'GET /api/integrations': () => ({
      body: integrations.map((i) => (i.id === 'webhooks' ? { ...i, connected: hooks.length > 0 } : i)),
    }),
    'GET /api/webhooks': () => ({ body: hooks }),
    'POST /api/webhooks': async (request) => {
      const { url, events } = (await request.json()) as { url: string; events: string[] };
      const hook = { id: 1, url, events, createdAt: '2026-01-01T00:00:00.000Z' };
      hooks.push(hook);
      return { status: 201, body: { ...hook, secret: 'whsec_test' } };
    },
    'DELETE /api/webhooks/1': () => {
      hooks.splice(0);
      return { status: 204 };
    },
    'GET /api/webhooks/1/deliveries': () =>
      kept(1) ? { body: [] } : { status: 404, body: { message: 'Webhook not found' } },
  };
};

/** The status badge of the catalogue's Webhooks card, as it reads. */
const badge = () => screen.getByLabelText('Webhooks').querySelector('.MuiChip-label')?.textContent;

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

  test('Delete asks first; once confirmed the list, the Webhooks badge and the log go at once', async () => {
    window.history.replaceState(null, '', '/integrations');
    const { requests } = renderApp(
      { ...dashboardInput(), location: { pathname: '/integrations', search: '' } },
      keepingRoutes(),
    );
    const form = within(await screen.findByRole('form', { name: 'New webhook' }, { timeout: 10_000 }));
    await waitFor(() => expect(badge()).toBe('Not connected'));

    fireEvent.change(form.getByRole('textbox', { name: 'Webhook URL' }), { target: { value: HOOK } });
    fireEvent.click(form.getByRole('button', { name: 'Add webhook' }));
    const hook = within(await screen.findByLabelText(`Webhook ${HOOK}`));
    await waitFor(() => expect(badge()).toBe('Active'));
    await hook.findByText('No deliveries yet.');

    // Cancel: nothing is sent, the webhook stays.
    fireEvent.click(hook.getByRole('button', { name: 'Delete' }));
    const ask = within(await screen.findByRole('dialog', { name: 'Delete this webhook?' }));
    const question = `Deliveries to ${HOOK} stop, and its log goes with it.`;
    expect(ask.getByText(question).textContent).toBe(question);
    fireEvent.click(ask.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(screen.getByLabelText(`Webhook ${HOOK}`).textContent).toContain(HOOK);

    fireEvent.click(hook.getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Delete this webhook?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Delete webhook' }));

    expect((await screen.findByText('No webhooks yet.')).textContent).toBe('No webhooks yet.');
    expect(screen.queryByLabelText(`Webhook ${HOOK}`)).toBeNull();
    // No reload: the badge follows the delete.
    await waitFor(() => expect(badge()).toBe('Not connected'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const paths = requests.map((r) => `${r.method} ${new URL(r.url).pathname}`);
    expect(paths.filter((p) => p.startsWith('DELETE'))).toEqual(['DELETE /api/webhooks/1']);
    // The deleted webhook's log is never asked for again (the server would answer 404).
    expect(paths.slice(paths.indexOf('DELETE /api/webhooks/1'))).not.toContain(
      'GET /api/webhooks/1/deliveries',
    );
  });

  test('an address that is not http(s) and one that is no URL at all get the same message', async () => {
    window.history.replaceState(null, '', '/integrations');
    const { requests } = renderApp(
      { ...dashboardInput(), location: { pathname: '/integrations', search: '' } },
      routes(),
    );
    const form = within(await screen.findByRole('form', { name: 'New webhook' }, { timeout: 10_000 }));
    const url = form.getByRole('textbox', { name: 'Webhook URL' });

    for (const typed of ['not a url', 'ftp://x']) {
      fireEvent.change(url, { target: { value: typed } });
      fireEvent.click(form.getByRole('button', { name: 'Add webhook' }));
      await waitFor(() => expect(form.getByRole('alert').textContent).toBe(INVALID));
    }
    // Said in the form, before anything is sent.
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('Integrations › Webhooks: the webhook being added stays through a reload', () => {
  const input = () => ({ ...dashboardInput(), location: { pathname: '/integrations', search: '' } });
  const formOf = async () =>
    within(await screen.findByRole('form', { name: 'New webhook' }, { timeout: 10_000 }));
  const urlOf = (form: ReturnType<typeof within>) =>
    (form.getByRole('textbox', { name: 'Webhook URL' }) as HTMLInputElement).value;
  const checked = (form: ReturnType<typeof within>) =>
    (form.getAllByRole('checkbox') as HTMLInputElement[])
      .filter((box) => box.checked)
      .map((box) => box.closest('label')?.textContent);
  /** Bob types an address, ticks Order placed too, and the page is reloaded. */
  async function typeThenReload(server: Routes) {
    window.history.replaceState(null, '', '/integrations');
    const first = renderApp(input(), server);
    const form = await formOf();
    fireEvent.change(form.getByRole('textbox', { name: 'Webhook URL' }), { target: { value: HOOK } });
    fireEvent.click(form.getByRole('checkbox', { name: 'Order placed' }));
    reloadApp(first, input(), server);
    return formOf();
  }

  test('the address and the events are back with a note; Add webhook adds it and drops the draft', async () => {
    const form = await typeThenReload(keepingRoutes());
    await waitFor(() => expect(urlOf(form)).toBe(HOOK));
    expect(checked(form)).toEqual(['Form submitted', 'Order placed']);
    expect(form.getByText(KEPT_WEBHOOK_NOTE).textContent).toBe(
      'The webhook you were adding is back as you left it: it is not added yet. Add webhook to keep it, or Discard changes to throw it away.',
    );

    fireEvent.click(form.getByRole('button', { name: 'Add webhook' }));
    await screen.findByLabelText(`Webhook ${HOOK}`);
    expect(urlOf(form)).toBe('');
    expect(form.queryByText(KEPT_WEBHOOK_NOTE)).toBeNull();
    expect(keptEntries()).toEqual([]);
  });

  test('Discard changes empties the form and drops the draft', async () => {
    const form = await typeThenReload(routes());
    await waitFor(() => expect(urlOf(form)).toBe(HOOK));

    fireEvent.click(form.getByRole('button', { name: 'Discard changes' }));
    expect(urlOf(form)).toBe('');
    expect(checked(form)).toEqual(['Form submitted']);
    expect(form.queryByText(KEPT_WEBHOOK_NOTE)).toBeNull();
    expect(keptEntries()).toEqual([]);
  });
});
