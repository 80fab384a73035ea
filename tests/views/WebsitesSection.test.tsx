import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { descriptionOf } from './queries.ts';
import { bakerySite, dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };

describe('Your Websites: Delete', { timeout: 20_000 }, () => {
  test('asks in the app first; Cancel keeps the site, Delete website deletes it and its card goes', async () => {
    let deleted = false;
    const { requests } = renderApp(dashboardInput(), {
      ...dashboardRoutes(),
      'GET /api/website': () => ({ body: deleted ? [] : [bakerySite] }),
      'DELETE /api/website/5': () => {
        deleted = true;
        return { status: 204 };
      },
    });
    const nav = within(screen.getByRole('navigation', { name: 'Sections' }));
    fireEvent.click(nav.getByRole('button', { name: 'Website Builder' }));
    fireEvent.click(nav.getByRole('button', { name: 'All Websites' }));
    const card = await screen.findByRole('article', { name: 'Bakery Site' }, slow);
    const deletes = () => requests.filter((r) => r.method === 'DELETE').map((r) => new URL(r.url).pathname);

    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const asked = await screen.findByRole('dialog', { name: 'Delete this website?' });
    expect(descriptionOf(asked)).toBe('Are you sure you want to delete this website?');
    fireEvent.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this website?' })).toBeNull());
    expect(deletes()).toEqual([]);
    expect(screen.getByRole('article', { name: 'Bakery Site' })).toBe(card);

    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this website?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Delete website' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Bakery Site' })).toBeNull(), slow);
    expect(deletes()).toEqual(['/api/website/5']);
    expect(screen.queryByRole('dialog', { name: 'Delete this website?' })).toBeNull();
  });
});

describe('Your Websites: a refused Delete', { timeout: 20_000 }, () => {
  test('closes the question and says "Failed to delete website" on the site’s card alone, which stays', async () => {
    const { system } = renderApp(dashboardInput(), {
      ...dashboardRoutes(),
      'GET /api/website': { body: [bakerySite] },
      'DELETE /api/website/5': { status: 500, body: { message: 'Database unavailable' } },
    });
    const nav = within(screen.getByRole('navigation', { name: 'Sections' }));
    fireEvent.click(nav.getByRole('button', { name: 'Website Builder' }));
    fireEvent.click(nav.getByRole('button', { name: 'All Websites' }));
    const card = await screen.findByRole('article', { name: 'Bakery Site' }, slow);

    fireEvent.click(within(card).getByRole('button', { name: 'Delete' }));
    const asked = await screen.findByRole('dialog', { name: 'Delete this website?' });
    fireEvent.click(within(asked).getByRole('button', { name: 'Delete website' }));

    const refused = await within(card).findByRole('alert', {}, slow);
    expect(refused.textContent).toBe('Failed to delete website');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this website?' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Bakery Site' })).toBe(card);
    // Said once, on the card: no generic "API Error" toast beside it (the toasts queue's counter never moved).
    expect(system.actor.system.get('toasts')?.getSnapshot().context.nextId).toBe(1);

    fireEvent.click(within(refused).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(card).queryByRole('alert')).toBeNull());
  });
});
