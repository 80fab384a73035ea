import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { descriptionOf, findToast, textsOf } from './queries.ts';
import { rawBob, renderApp } from './renderApp.tsx';

const anonymous = { session: null, location: { pathname: '/', search: '' }, oauthProcessed: false };

/** Registers through the real auth screen, which leads to business setup. */
async function registerAndOpenSetup(routes: Parameters<typeof renderApp>[1] = {}) {
  const app = renderApp(anonymous, {
    'POST /api/auth/register': { status: 201, body: { ...rawBob, token: 'token-1' } },
    ...routes,
  });
  fireEvent.click(screen.getByRole('tab', { name: 'Create account' }));
  const auth = within(screen.getByRole('form', { name: 'Authentication' }));
  fireEvent.change(auth.getByLabelText(/Email/), { target: { value: 'bob@example.com' } });
  fireEvent.change(auth.getByLabelText(/Password/), { target: { value: 'secret1' } });
  fireEvent.click(auth.getByRole('button', { name: 'Create account' }));
  expect(await findToast('Account created!', { timeout: 5_000 })).toEqual({
    role: 'status',
    lines: ['Account created!'],
  });
  return { ...app, form: within(await screen.findByRole('form', { name: 'Business setup' })) };
}

describe('business setup', () => {
  test('registration sends the email local part as the name and leads to business setup', async () => {
    const { requests, form } = await registerAndOpenSetup();

    const register = requests.find((r) => r.url.endsWith('/api/auth/register'))!;
    expect(await register.json()).toEqual({ email: 'bob@example.com', password: 'secret1', name: 'bob' });
    const name = form.getByLabelText(/Business name/) as HTMLInputElement;
    expect([name.required, name.value]).toEqual([true, '']);
    expect(form.getByLabelText(/Email/)).toHaveProperty('type', 'email');
    expect(form.getByLabelText(/Phone/)).toHaveProperty('type', 'tel');
  });

  test('every field but the logo is required', async () => {
    const { form } = await registerAndOpenSetup();

    fireEvent.click(form.getByRole('button', { name: 'Build from Scratch' }));

    for (const [label, message] of [
      [/Business name/, 'Business name is required'],
      [/Industry/, 'Industry is required'],
      [/Services/, 'Services are required'],
      [/Email/, 'Email is required'],
      [/Phone/, 'Phone is required'],
    ] as const) {
      const field = form.queryByRole('combobox', { name: label }) ?? form.getByLabelText(label);
      expect(descriptionOf(field), String(label)).toBe(message);
    }
  });

  test('the logo accepts images only', async () => {
    const { form } = await registerAndOpenSetup();
    const input = form.getByLabelText('Logo (optional)') as HTMLInputElement;
    expect(input.accept).toBe('image/*');

    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' })] },
    });

    // The file is dropped (nothing chosen, no preview) and the error shown under the picker.
    // (The error is not tied to the input by aria-describedby, so it is found by its text.)
    expect(input.value).toBe('');
    expect(form.queryByRole('img', { name: 'Logo preview' })).toBeNull();
    expect(form.getByText(/image file/).textContent).toBe('Please choose an image file for the logo');
  });

  test('Generate with AI saves the profile and opens the generator', async () => {
    const profile = {
      businessName: 'Bob Shoes',
      industry: 'retail',
      services: 'Shoes',
      email: 'shop@bob.co',
      phone: '555',
    };
    const { form, requests } = await registerAndOpenSetup({
      'POST /api/business/setup': { status: 201, body: { ...profile, websiteId: null } },
    });

    fireEvent.change(form.getByLabelText(/Business name/), { target: { value: 'Bob Shoes' } });
    fireEvent.mouseDown(form.getByRole('combobox', { name: /Industry/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Retail' }));
    fireEvent.change(form.getByLabelText(/Services/), { target: { value: 'Shoes' } });
    fireEvent.change(form.getByLabelText(/Email/), { target: { value: 'shop@bob.co' } });
    fireEvent.change(form.getByLabelText(/Phone/), { target: { value: '555' } });
    fireEvent.click(form.getByRole('button', { name: 'Generate with AI' }));

    expect(await findToast('Business profile created!')).toEqual({
      role: 'status',
      lines: ['Business profile created!'],
    });
    await screen.findByRole('heading', { name: 'Generate your website' });
    // The generator, headed by the business just saved.
    await waitFor(() =>
      expect(textsOf(screen.getAllByRole('heading'))).toEqual(['Generate your website', 'Bob Shoes']),
    );
    const setup = requests.find((r) => r.url.endsWith('/api/business/setup'))!;
    expect(await setup.json()).toEqual(profile);
    expect(setup.headers.get('authorization')).toBe('Bearer token-1');
    // The setup response seeds the cache, so the generator does not fetch the profile again.
    expect(requests.some((r) => r.url.endsWith('/api/business/profile'))).toBe(false);
  });
});
