import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { SITE_NOT_HERE } from '../../src/views/builder/BuilderView.tsx';
import { dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the builder at the address of a site this account does not have', () => {
  test('says so once, with Back and no Retry (trying again cannot help), and no "Not Found" toast', async () => {
    window.history.replaceState(null, '', '/builder/9');
    const { system } = renderApp(
      { ...dashboardInput(), location: { pathname: '/builder/9', search: '' } },
      {
        ...dashboardRoutes(),
        'GET /api/website': { body: [] },
        'GET /api/website/9': { status: 404, body: { message: 'Website not found' } },
      },
    );
    const alert = await screen.findByText(SITE_NOT_HERE, {}, slow);
    expect(alert.textContent).toBe(
      'This website is not in this account: it may have been deleted, or it belongs to another account — switch accounts from the account menu, or go Back to your websites.',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    // Said there alone: the http client raised no toast (the queue's counter never moved).
    expect(system.actor.system.get('toasts')?.getSnapshot().context.nextId).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(window.location.pathname).toBe('/websites'), slow);
  });
});
