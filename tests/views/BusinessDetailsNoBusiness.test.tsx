import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { textsOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('Settings › Business details for an owner who skipped business setup', () => {
  test('the note keeps its words and offers “Set up your business”, which opens business setup', async () => {
    window.history.replaceState(null, '', '/settings/business');
    const { system } = renderApp(
      { ...dashboardInput(), location: { pathname: '/settings/business', search: '' } },
      { ...dashboardRoutes(), 'GET /api/business/profile': { body: null } },
    );
    // The sentence as it was, and beside it the way forward.
    const sentence = await screen.findByText(
      'Set up your business first: its details will show here.',
      {},
      slow,
    );
    const note = sentence.closest('[role="alert"]') as HTMLElement;
    expect(textsOf(within(note).getAllByRole('button'))).toEqual(['Set up your business']);

    fireEvent.click(within(note).getByRole('button', { name: 'Set up your business' }));
    await waitFor(() =>
      expect(system.actor.getSnapshot().context.route).toEqual({ name: 'businessSetup', params: {} }),
    );
    expect(window.location.pathname).toBe('/setup');
    const setup = await screen.findByRole('form', { name: 'Business setup' }, slow);
    expect(within(setup).getByRole('heading', { level: 1 }).textContent).toBe('Tell us about your business');
  });
});
