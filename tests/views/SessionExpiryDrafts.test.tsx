import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { bobProfile } from './businessFixtures.ts';
import { grace, leadRow } from './crmFixtures.ts';
import { dashboardInput, dashboardRoutes, type Routes, rawBob, renderApp } from './renderApp.tsx';
import { bakery } from './storeFixtures.ts';

// Nothing typed is thrown away when a session expires: the form's values wait in this tab's sessionStorage until
// the same user signs in again and the form opens again; another user never sees them.

const slow = { timeout: 20_000 };
const NOTE =
  'We kept what you typed before your session expired. Save to keep it, or Cancel to throw it away.';
const expired = { status: 401, body: { message: 'Session expired' } };
const cleo = { ...rawBob, userId: 'u7', email: 'cleo@example.com', name: 'Cleo' };
const keptEntries = () => Object.keys(sessionStorage).filter((key) => key.startsWith('keptDraft:'));

/** The server: every call answers, except a save (`save`), refused with 401 the first time. */
function server(save: string, extra: Routes): { routes: Routes; signInAs: (user: typeof rawBob) => void } {
  let refused = false;
  let signingIn = rawBob;
  const routes: Routes = {
    ...dashboardRoutes(),
    ...extra,
    [save]: () => {
      if (refused) return { body: {} };
      refused = true;
      return expired;
    },
    'POST /api/auth/login': () => ({ body: { ...signingIn, token: 'token-2' } }),
  };
  return { routes, signInAs: (user) => (signingIn = user) };
}

async function signIn(email: string) {
  const form = within(await screen.findByRole('form', { name: 'Authentication' }, slow));
  fireEvent.change(form.getByLabelText(/Email/), { target: { value: email } });
  fireEvent.change(form.getByLabelText(/Password/), { target: { value: 'secret1' } });
  fireEvent.click(form.getByRole('button', { name: 'Sign in' }));
}

const field = (dialog: HTMLElement, name: string | RegExp) =>
  within(dialog).getByRole('textbox', { name }) as HTMLInputElement;

afterEach(() => {
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
});

describe('typing kept through an expired session', { timeout: 60_000 }, () => {
  const contacts: Routes = {
    'GET /api/crm/contacts': { body: { contacts: [grace], totalCount: 1 } },
    'GET /api/crm/contact-lists': { body: [] },
  };

  /** Bob edits Grace at her address, types, and Save is refused with 401: the sign-in screen shows. */
  async function typeThenExpire() {
    const { routes, signInAs } = server('PUT /api/crm/contacts/4', contacts);
    renderApp({ ...dashboardInput(), location: { pathname: '/crm/contacts/4', search: '' } }, routes);
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact' }, slow);
    expect(field(dialog, 'First name').value).toBe('Grace');
    fireEvent.change(field(dialog, 'First name'), { target: { value: 'Gracie' } });
    fireEvent.change(field(dialog, 'Company'), { target: { value: 'US Navy' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('form', { name: 'Authentication' }, slow);
    expect(screen.queryByRole('dialog', { name: 'Edit contact' })).toBeNull();
    // The expiry says so in its own toast: no "Please log in to access this page." under the title.
    expect(screen.queryByText('Please log in to access this page.')).toBeNull();
    return { signInAs };
  }

  test('the same user signs in again: back at the contact, with what was typed and a note saying so', async () => {
    await typeThenExpire();

    await signIn('bob@example.com');
    const dialog = await screen.findByRole('dialog', { name: 'Edit contact' }, slow);
    await waitFor(() => expect(field(dialog, 'First name').value).toBe('Gracie'));
    expect(field(dialog, 'Company').value).toBe('US Navy');
    expect(within(dialog).getByText(NOTE).textContent).toBe(NOTE);
    // Still changed: Escape keeps it open and says how to keep or discard it.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Edit contact' })).toBe(dialog);

    // Saved: the draft is gone with the dialog.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit contact' })).toBeNull(), slow);
    expect(keptEntries()).toEqual([]);
  });

  test('another user signs in: they start at home, not at Bob’s contact, and Bob’s draft is gone', async () => {
    const { signInAs } = await typeThenExpire();
    expect(keptEntries()).toHaveLength(1);

    signInAs(cleo);
    await signIn('cleo@example.com');
    await waitFor(() => expect(window.location.pathname).toBe('/websites'), slow);
    expect(screen.queryByRole('dialog', { name: 'Edit contact' })).toBeNull();
    await waitFor(() => expect(keptEntries()).toEqual([]));
  });

  test('a new product being typed: opened again after signing in, it holds what was typed', async () => {
    const { routes } = server('POST /api/ecommerce/products', {
      'GET /api/ecommerce/stores': { body: [bakery] },
      'GET /api/ecommerce/orders/summary': { body: { needsAction: 0, latestOrderAt: null } },
      'GET /api/ecommerce/stores/bakery/products': { body: { results: [], totalCount: 0 } },
      'GET /api/ecommerce/categories': { body: [] },
    });
    renderApp({ ...dashboardInput(), location: { pathname: '/store', search: '' } }, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Product' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'New Product' });
    fireEvent.change(field(dialog, /^Name/), { target: { value: 'Baguette' } });
    fireEvent.change(field(dialog, /^Description/), { target: { value: 'Crusty, baked at dawn' } });
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Price/ }), {
      target: { value: '3.50' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('form', { name: 'Authentication' }, slow);

    await signIn('bob@example.com');
    // Back at the place it was in: the new product's editor (/store?product=new), holding what was typed.
    const again = await screen.findByRole('dialog', { name: 'New Product' }, slow);
    expect(window.location.pathname + window.location.search).toBe('/store?product=new');
    await waitFor(() => expect(field(again, /^Name/).value).toBe('Baguette'));
    expect(field(again, /^Description/).value).toBe('Crusty, baked at dawn');
    expect((within(again).getByRole('spinbutton', { name: /^Price/ }) as HTMLInputElement).value).toBe(
      '3.50',
    );
    expect(within(again).getByText(NOTE).textContent).toBe(NOTE);

    // Cancel throws it away: opened once more, the form is empty.
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Product' })).toBeNull());
    expect(keptEntries()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(field(await screen.findByRole('dialog', { name: 'New Product' }), /^Name/).value).toBe('');
  });
});

describe('the business details form', { timeout: 60_000 }, () => {
  test('typed, then its save answered 401: the same user signing in again is back at the form, with it', async () => {
    const { routes } = server('PUT /api/business/profile', {
      'GET /api/business/profile': { body: bobProfile },
    });
    renderApp({ ...dashboardInput(), location: { pathname: '/settings/business', search: '' } }, routes);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Phone' }, slow), {
      target: { value: '555 0199' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save business details' }));
    await screen.findByRole('form', { name: 'Authentication' }, slow);

    await signIn('bob@example.com');
    const form = await screen.findByRole('form', { name: 'Business details' }, slow);
    await waitFor(() => expect(field(form, 'Phone').value).toBe('555 0199'), slow);
    expect(field(form, 'Business name').value).toBe('Bob Bakery');
    expect(within(form).getByText(NOTE).textContent).toBe(NOTE);
  });
});

describe('the planner and the lead conversion', { timeout: 60_000 }, () => {
  test('a new post being typed: back in its editor after signing in, it holds the text and the channel', async () => {
    const { routes } = server('POST /api/social/posts', { 'GET /api/social/posts': { body: [] } });
    renderApp({ ...dashboardInput(), location: { pathname: '/social', search: '' } }, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'New post' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Channel' }));
    fireEvent.click(await screen.findByRole('option', { name: 'LinkedIn' }));
    fireEvent.change(field(dialog, 'Text'), { target: { value: 'Fresh rye on Saturday' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    await screen.findByRole('form', { name: 'Authentication' }, slow);

    await signIn('bob@example.com');
    // The editor is in the address (`/social?item=new`): signing in comes back to it, opened, with the text.
    const again = await screen.findByRole('dialog', { name: 'New post' }, slow);
    await waitFor(() => expect(field(again, 'Text').value).toBe('Fresh rye on Saturday'));
    expect(window.location.pathname + window.location.search).toBe('/social?item=new');
    expect(within(again).getByRole('combobox', { name: 'Channel' }).textContent).toBe('LinkedIn');
    expect(within(again).getByText(NOTE).textContent).toBe(NOTE);
    // Still changed: Escape keeps it open.
    fireEvent.keyDown(again, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'New post' })).toBe(again);

    // Saved: the draft is gone with the dialog.
    fireEvent.click(within(again).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New post' })).toBeNull(), slow);
    expect(keptEntries()).toEqual([]);
  });

  test('a lead’s deal value being typed: converting again after signing in offers it back', async () => {
    const { routes } = server('POST /api/crm/leads/2/convert', {
      'GET /api/crm/leads': { body: [leadRow(2, 'Walk-in', 'new', 0)], headers: { 'x-total-count': '1' } },
    });
    renderApp({ ...dashboardInput(), location: { pathname: '/crm/leads', search: '' } }, routes);
    fireEvent.click(await screen.findByRole('button', { name: 'Convert Walk-in' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Convert Walk-in' });
    fireEvent.change(within(dialog).getByLabelText(/^Deal value/), { target: { value: '450' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Convert' }));
    await screen.findByRole('form', { name: 'Authentication' }, slow);

    await signIn('bob@example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Convert Walk-in' }, slow));
    const again = await screen.findByRole('dialog', { name: 'Convert Walk-in' });
    await waitFor(() =>
      expect((within(again).getByLabelText(/^Deal value/) as HTMLInputElement).value).toBe('450'),
    );
    expect(within(again).getByText(NOTE).textContent).toBe(NOTE);
  });
});
