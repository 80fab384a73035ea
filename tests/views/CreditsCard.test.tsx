import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { rowsOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

const CREDITS = 'GET /api/review/credits/me';
const NO_CREDITS_YET = 'You have no credits yet. Leave a review with the star button to earn credits.';
// The settings section's chunk loads first: longer than findBy's default second.
const slow = { timeout: 10_000 };

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Opens User Settings (Profile) as a user would, from the account menu; returns the Credits section. */
async function openCredits(routes: Routes) {
  const app = renderApp(dashboardInput(), { ...dashboardRoutes(), ...routes });
  fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'User Settings' }));
  const section = await screen.findByRole('region', { name: 'Credits' }, slow);
  return { ...app, section };
}

const creditCalls = (requests: Request[]) =>
  requests.filter((request) => request.method === 'GET' && request.url.endsWith('/api/review/credits/me'));

describe('User Settings › Credits', () => {
  test('shows the balance and where the credits came from, newest first, with their sign', async () => {
    const entries = [
      {
        id: 9,
        credits: -3,
        source: 'admin',
        description: 'Correction',
        createdAt: '2026-03-02T10:00:00.000Z',
      },
      { id: 4, credits: 5, source: 'promotion', description: '', createdAt: '2026-02-01T10:00:00.000Z' },
      {
        id: 1,
        credits: 10,
        source: 'review',
        description: 'Thank you for your review',
        createdAt: '2026-01-15T10:00:00.000Z',
      },
    ];
    const { section } = await openCredits({ [CREDITS]: { body: { balance: 12, entries } } });

    const card = within(section);
    expect((await card.findByText(/^Your credits:/)).textContent).toBe('Your credits: 12');
    expect(rowsOf(card.getByRole('table', { name: 'Credit history' }))).toEqual([
      ['Date', 'Credits', 'Description'],
      [day(entries[0].createdAt), '-3', 'Correction'],
      // An entry without a description says where it came from.
      [day(entries[1].createdAt), '+5', 'promotion'],
      [day(entries[2].createdAt), '+10', 'Thank you for your review'],
    ]);
    expect(card.queryByText(NO_CREDITS_YET)).toBeNull();
    // The card sits below the profile form, in the Profile tab.
    const form = screen.getByRole('form', { name: 'Profile' });
    expect(form.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  test('with no credits yet, says how to earn them', async () => {
    const { section } = await openCredits({ [CREDITS]: { body: { balance: 0, entries: [] } } });

    const card = within(section);
    expect((await card.findByText(NO_CREDITS_YET)).textContent).toBe(NO_CREDITS_YET);
    expect(card.getByText(/^Your credits:/).textContent).toBe('Your credits: 0');
    expect(card.queryByRole('table')).toBeNull();
  });

  test('a failed load says what to do, and Try again loads them', async () => {
    let failing = true;
    const { section, requests } = await openCredits({
      [CREDITS]: () =>
        failing
          ? { status: 500, body: { message: 'Internal Server Error' } }
          : { body: { balance: 10, entries: [] } },
    });

    const card = within(section);
    const alert = await card.findByRole('alert', {}, slow);
    expect(alert.textContent).toContain(
      'Your credits could not be loaded. Choose Try again, or reload the page.',
    );
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect((await card.findByText(/^Your credits:/)).textContent).toBe('Your credits: 10');
    expect(card.queryByRole('alert')).toBeNull();
    expect(creditCalls(requests).length).toBeGreaterThan(1);
  });

  test('a review sent with the star button refreshes the credits shown', async () => {
    let reviewed = false;
    const { section } = await openCredits({
      [CREDITS]: () => ({
        body: reviewed
          ? {
              balance: 10,
              entries: [
                {
                  id: 1,
                  credits: 10,
                  source: 'review',
                  description: 'Thank you for your review',
                  createdAt: '2026-01-15T10:00:00.000Z',
                },
              ],
            }
          : { balance: 0, entries: [] },
      }),
      'POST /api/review': () => {
        reviewed = true;
        return { status: 201, body: { creditsAwarded: 10 } };
      },
    });
    const card = within(section);
    await card.findByText(NO_CREDITS_YET);

    fireEvent.click(screen.getByRole('button', { name: 'Leave a review' }));
    const popup = within(await screen.findByRole('dialog', { name: 'Leave a review' }, slow));
    fireEvent.click(popup.getByRole('radio', { name: '5 Stars' }));
    await waitFor(() =>
      expect((popup.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(popup.getByRole('button', { name: 'Submit' }));
    await popup.findByText('You earned 10 credits.');
    // The thank-you shows for 2 seconds; then the page is in reach again.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave a review' })).toBeNull(), slow);

    expect(card.getByText(/^Your credits:/).textContent).toBe('Your credits: 10');
    expect(rowsOf(card.getByRole('table', { name: 'Credit history' }))).toEqual([
      ['Date', 'Credits', 'Description'],
      [day('2026-01-15T10:00:00.000Z'), '+10', 'Thank you for your review'],
    ]);
  });
});
