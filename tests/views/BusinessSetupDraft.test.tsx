import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { KEPT_GENERATE_SETUP_NOTE, KEPT_SETUP_NOTE } from '../../src/views/setup/useSetupDraft.ts';
import { bobProfile } from './businessFixtures.ts';
import { findToast } from './queries.ts';
import { keptEntries, reloadApp } from './reloadApp.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

// What an owner types in business setup (/setup, and its variant /websites/new/business) is kept in this tab
// through a reload or leaving the form, until the business is set up with it or the owner discards it.

const slow = { timeout: 10_000 };
const typed = {
  businessName: 'Ada Bakes',
  services: 'Sourdough and rye',
  email: 'ada@bakes.co',
  phone: '555 0123',
};

const inputAt = (pathname: string) => ({ ...dashboardInput(), location: { pathname, search: '' } });

/** The app once its setup form shows. */
async function withForm(app: ReturnType<typeof renderApp>) {
  const form = within(await screen.findByRole('form', { name: 'Business setup' }, slow));
  return { ...app, form };
}
/** A signed-in load of `pathname`. */
const load = (pathname: string, routes: Routes = {}) =>
  withForm(renderApp(inputAt(pathname), { ...dashboardRoutes(), ...routes }));
/** `app` reloaded at `pathname`. */
const reload = (app: ReturnType<typeof renderApp>, pathname: string, routes: Routes = {}) =>
  withForm(reloadApp(app, inputAt(pathname), { ...dashboardRoutes(), ...routes }));

const fieldValue = (form: ReturnType<typeof within>, label: RegExp) =>
  (form.getByLabelText(label) as HTMLInputElement).value;
const valuesOf = (form: ReturnType<typeof within>) => ({
  businessName: fieldValue(form, /Business name/),
  services: fieldValue(form, /Services/),
  email: fieldValue(form, /Email/),
  phone: fieldValue(form, /Phone/),
});

function typeAll(form: ReturnType<typeof within>) {
  fireEvent.change(form.getByLabelText(/Business name/), { target: { value: typed.businessName } });
  fireEvent.mouseDown(form.getByRole('combobox', { name: /Industry/ }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Retail' }));
  fireEvent.change(form.getByLabelText(/Services/), { target: { value: typed.services } });
  fireEvent.change(form.getByLabelText(/Email/), { target: { value: typed.email } });
  fireEvent.change(form.getByLabelText(/Phone/), { target: { value: typed.phone } });
}

describe('business setup keeps what was typed', { timeout: 60_000 }, () => {
  test('typed, then reloaded: the fields are back, with a note saying how to save or discard them', async () => {
    const first = await load('/setup');
    typeAll(first.form);

    const { form } = await reload(first, '/setup');
    expect(valuesOf(form)).toEqual(typed);
    expect(form.getByRole('combobox', { name: /Industry/ }).textContent).toBe('Retail');
    expect(form.getByText(KEPT_SETUP_NOTE).textContent).toBe(
      'What you typed here is back as you left it: your business is not set up yet. Build from Scratch or Generate with AI to save it, or Discard changes to throw it away.',
    );
  });

  test('set up successfully, nothing is kept: a reload of /setup shows an empty form', async () => {
    let calls = 0;
    const setup = async (request: Request) => {
      calls += 1;
      // The first try fails: what was typed stays, in the form and kept.
      if (calls === 1) return { status: 503, body: { message: 'Service unavailable' } };
      return { status: 201, body: { ...(await request.json()), websiteId: null } };
    };
    const routes: Routes = { 'POST /api/business/setup': setup };
    const first = await load('/setup', routes);
    typeAll(first.form);
    fireEvent.click(first.form.getByRole('button', { name: 'Generate with AI' }));
    expect((await findToast('Business setup failed')).lines[0]).toBe('Business setup failed');
    await waitFor(() =>
      expect(first.form.getByRole('button', { name: 'Generate with AI' })).toHaveProperty('disabled', false),
    );
    expect(valuesOf(first.form)).toEqual(typed);
    expect(keptEntries()).toHaveLength(1);

    fireEvent.click(first.form.getByRole('button', { name: 'Generate with AI' }));
    await screen.findByRole('heading', { name: 'Generate your website' }, slow);
    expect(keptEntries()).toEqual([]);

    const { form } = await reload(first, '/setup', routes);
    expect(valuesOf(form)).toEqual({ businessName: '', services: '', email: '', phone: '' });
    expect(form.queryByText(KEPT_SETUP_NOTE)).toBeNull();
  });

  test('Discard changes empties the form and throws the kept draft away', async () => {
    const first = await load('/setup');
    typeAll(first.form);
    const { form } = await reload(first, '/setup');

    fireEvent.click(form.getByRole('button', { name: 'Discard changes' }));
    expect(valuesOf(form)).toEqual({ businessName: '', services: '', email: '', phone: '' });
    expect(form.queryByText(KEPT_SETUP_NOTE)).toBeNull();
    expect(form.queryByRole('button', { name: 'Discard changes' })).toBeNull();
    expect(keptEntries()).toEqual([]);
  });

  test('the variant keeps changes to the stored profile through Back and a reload; Discard goes back to it', async () => {
    const routes: Routes = { 'GET /api/business/profile': { body: bobProfile } };
    const first = await load('/websites/new/business', routes);
    await waitFor(() => expect(fieldValue(first.form, /Business name/)).toBe('Bob Bakery'));
    fireEvent.change(first.form.getByLabelText(/Phone/), { target: { value: '555 0199' } });

    // Back to the websites list, then Generate Website again: the change is still there.
    fireEvent.click(first.form.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Business setup' })).toBeNull());
    first.system.actor.send({ type: 'website.generate' });
    const again = within(await screen.findByRole('form', { name: 'Business setup' }, slow));
    expect(fieldValue(again, /Phone/)).toBe('555 0199');
    expect(again.getByText(KEPT_GENERATE_SETUP_NOTE).textContent).toBe(KEPT_GENERATE_SETUP_NOTE);

    const { form } = await reload(first, '/websites/new/business', routes);
    // The stored profile, loaded after the draft is back, does not overwrite it.
    await waitFor(() => expect(fieldValue(form, /Business name/)).toBe('Bob Bakery'));
    expect(valuesOf(form)).toEqual({
      businessName: 'Bob Bakery',
      services: 'Bread',
      email: 'bob@example.com',
      phone: '555 0199',
    });
    expect(form.getByText(KEPT_GENERATE_SETUP_NOTE).textContent).toBe(
      'Your changes to the business details are back as you left them: they are not saved yet. Generate Website to save them, or Discard changes to throw them away.',
    );

    fireEvent.click(form.getByRole('button', { name: 'Discard changes' }));
    expect(fieldValue(form, /Phone/)).toBe('555 0100');
    expect(keptEntries()).toEqual([]);
  });
});
