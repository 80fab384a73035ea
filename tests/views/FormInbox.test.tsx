import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { fakeInbox, site, submission } from './formInboxFixtures.ts';
import { fakePhoneMedia } from './phoneMedia.ts';
import { dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

const { setPhone } = fakePhoneMedia();

const slow = { timeout: 10_000 };

// 25 submissions, the i-th sent on day i: Guest 1 … Guest 25, but the 7th is Beatrix's; odd ones on site 1.
const many = Array.from({ length: 25 }, (_, i) =>
  submission(i + 1, (i + 1) % 2 ? 1 : 2, i === 6 ? 'Beatrix' : `Guest ${i + 1}`),
);
const routes = () => ({
  ...dashboardRoutes(),
  'GET /api/website': { body: [site(1, 'bench-bakery', 13), site(2, 'bench-bakery-2', 12)] },
  // The server's order: newest first.
  'GET /api/forms/submissions': fakeInbox([...many].reverse()),
  'GET /api/forms/submissions/7': { body: { ...many[6], status: 'read' } },
});
const at = (search: string) => ({ ...dashboardInput(), location: { pathname: '/forms', search } });
const go = (search: string) => {
  window.history.replaceState(null, '', `/forms${search}`);
  return at(search);
};

const inbox = () => screen.findByRole('list', { name: 'Form submissions' }, slow);
const shown = () =>
  within(screen.getByRole('list', { name: 'Form submissions' }))
    .getAllByRole('button')
    .map((row) => (row.textContent?.match(/Name: (Guest \d+|Beatrix)/) ?? [])[1]);
const guests = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, i) => (from - i === 7 ? 'Beatrix' : `Guest ${from - i}`));
const total = () => screen.getByText(/^Total: /).textContent;
const address = () => window.location.search;
const searchBox = () => screen.getByRole('searchbox', { name: 'Search submissions' }) as HTMLInputElement;
const asked = (requests: Request[]) =>
  requests
    .map((request) => new URL(request.url))
    .filter((url) => url.pathname === '/api/forms/submissions')
    .map((url) => url.search);

afterEach(() => {
  setPhone(false);
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the form inbox: searched and paged on the server, its place in the address', () => {
  test('shows 20 a page with the total, pages and searches through the address; Back and a reload keep the place', async () => {
    const first = renderApp(go(''), routes());
    await inbox();
    await waitFor(() => expect(shown()).toEqual(guests(25, 6)));
    expect(total()).toBe('Total: 25 submissions');
    expect(screen.getByText('1–20 of 25').textContent).toBe('1–20 of 25');
    expect(asked(first.requests)).toEqual(['?page=1&pageSize=20']);

    fireEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(shown()).toEqual(guests(5, 1)));
    expect(address()).toBe('?page=2');
    expect(screen.getByText('21–25 of 25').textContent).toBe('21–25 of 25');

    // A search starts again at the first page, once the typing pauses, and asks the server.
    fireEvent.change(searchBox(), { target: { value: 'BEATRIX' } });
    await waitFor(() => expect(address()).toBe('?q=BEATRIX'));
    await waitFor(() => expect(shown()).toEqual(['Beatrix']));
    expect(total()).toBe('Total: 1 submission');
    expect(asked(first.requests)).toContain('?search=BEATRIX&page=1&pageSize=20');

    // Back: the page before the search (the search replaced it; the page was a step).
    act(() => window.history.back());
    await waitFor(() => expect(address()).toBe(''));
    await waitFor(() => expect(shown()).toEqual(guests(25, 6)));
    expect(searchBox().value).toBe('');
    first.unmount();

    // A reload of a searched, paged address shows the same rows.
    renderApp(go('?q=guest&page=2'), routes());
    await inbox();
    await waitFor(() => expect(shown()).toEqual(guests(4, 1).filter((name) => name !== 'Beatrix')));
    expect(searchBox().value).toBe('guest');
    expect(total()).toBe('Total: 24 submissions');
  });

  test('a search that matches nothing says so and offers to clear it', async () => {
    renderApp(go('?q=zebra'), routes());
    const none = await screen.findByText(/^No submissions match/, {}, slow);
    expect(none.textContent).toBe(
      'No submissions match “zebra”. Try other words, or clear the search to see them all.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(address()).toBe(''));
    await waitFor(() => expect(total()).toBe('Total: 25 submissions'));
  });

  test('Export CSV writes every match of the search and website, across pages, values only', async () => {
    const files: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      files.push(blob);
      return 'blob:forms';
    });
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { requests } = renderApp(go('?site=1&q=guest'), routes());
    await inbox();
    await waitFor(() => expect(total()).toBe('Total: 12 submissions'));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(names).toEqual(['form_submissions.csv']);
    expect(asked(requests)).toContain('?websiteId=1&search=guest');
    const lines = (await files[0]!.text()).trimEnd().split('\r\n');
    // Site 1's guests (odd days, Beatrix's 7th left out by the search), newest first, no header line.
    expect(lines).toHaveLength(12);
    expect(lines[0]).toBe(
      `${many[24]?.submittedAt},Bench Bakery (bench-bakery),Contact Us,new,Guest 25,Hello`,
    );
    expect(lines.at(-1)).toBe(
      `${many[0]?.submittedAt},Bench Bakery (bench-bakery),Contact Us,new,Guest 1,Hello`,
    );
  });
});

describe('the form inbox: links to what is gone', () => {
  test('a link to a deleted submission says so, leaves the address without a Back step, the list still usable', async () => {
    const steps = window.history.length;
    renderApp(go('?submission=999'), routes());
    const gone = await screen.findByText('This submission was deleted or does not exist.', {}, slow);
    expect(gone.closest('[role="alert"]')).toBeInstanceOf(HTMLElement);
    await waitFor(() => expect(address()).toBe(''));
    expect(window.history.length).toBe(steps);
    expect(screen.queryByLabelText('Submission details')).toBeNull();

    fireEvent.click(within(await inbox()).getByText('Name: Beatrix'));
    const details = await screen.findByLabelText('Submission details');
    expect(within(details).getByText('Beatrix').tagName).toBe('DD');
    expect(address()).toBe('?submission=7');
  });

  test('a link to a website that is gone says so and shows every website', async () => {
    const steps = window.history.length;
    renderApp(go('?site=99'), routes());
    const gone = await screen.findByText(
      'This website does not exist or was deleted; showing all websites.',
      {},
      slow,
    );
    expect(gone.closest('[role="alert"]')).toBeInstanceOf(HTMLElement);
    await waitFor(() => expect(address()).toBe(''));
    expect(window.history.length).toBe(steps);
    await waitFor(() => expect(total()).toBe('Total: 25 submissions'));
    expect(screen.getByRole('combobox', { name: 'Website' }).textContent).toBe('All websites');
  });
});

describe('the form inbox on a phone', () => {
  test('an opened submission takes the list’s place, its heading focused; Back to submissions returns', async () => {
    setPhone(true);
    renderApp(go(''), routes());
    fireEvent.click(within(await inbox()).getByText('Name: Beatrix'));

    const details = await screen.findByLabelText('Submission details');
    expect(within(details).getByText('Beatrix').tagName).toBe('DD');
    expect(screen.queryByRole('list', { name: 'Form submissions' })).toBeNull();
    const heading = within(details).getByRole('heading', { name: 'Contact Us' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(address()).toBe('?submission=7');

    fireEvent.click(screen.getByRole('button', { name: 'Back to submissions' }));
    await inbox();
    expect(screen.queryByLabelText('Submission details')).toBeNull();
    expect(address()).toBe('');
  });

  test('on a wide window the opened submission shows beside the list', async () => {
    renderApp(go(''), routes());
    fireEvent.click(within(await inbox()).getByText('Name: Beatrix'));
    const details = await screen.findByLabelText('Submission details');
    expect(within(details).getByText('Beatrix').tagName).toBe('DD');
    expect(screen.getByRole('list', { name: 'Form submissions' })).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('button', { name: 'Back to submissions' })).toBeNull();
  });
});
