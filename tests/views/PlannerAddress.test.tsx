import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { KEPT_TYPING_NOTE } from '../../src/views/common/useKeptDraft.ts';
import { POST_GONE_HERE } from '../../src/views/planner/usePostPlace.ts';
import { dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };
const routes = () => ({ ...dashboardRoutes(), 'GET /api/social/posts': { body: [] } });

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('Social Media: the planner’s view and day are in the address', () => {
  test('choosing Week and moving a week on writes both to the address', async () => {
    window.history.replaceState(null, '', '/social?date=2026-03-04');
    renderApp(
      { ...dashboardInput(), location: { pathname: '/social', search: '?date=2026-03-04' } },
      routes(),
    );

    fireEvent.click(await screen.findByRole('button', { name: 'Week' }, slow));
    await waitFor(() => expect(window.location.search).toBe('?view=week&date=2026-03-04'));
    expect(screen.getByRole('button', { name: 'Week' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(window.location.search).toBe('?view=week&date=2026-03-11'));
    expect(window.location.pathname).toBe('/social');
  });

  test('a reload of /social?view=list shows the list, and of a month its month', async () => {
    window.history.replaceState(null, '', '/social?view=list');
    const first = renderApp(
      { ...dashboardInput(), location: { pathname: '/social', search: '?view=list' } },
      routes(),
    );
    const list = await screen.findByRole('button', { name: 'List' }, slow);
    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Today' })).toBeNull();
    first.unmount();

    window.history.replaceState(null, '', '/social?date=2025-07-15');
    renderApp(
      { ...dashboardInput(), location: { pathname: '/social', search: '?date=2025-07-15' } },
      routes(),
    );
    const month = await screen.findByRole('button', { name: 'Month' }, slow);
    expect(month.getAttribute('aria-pressed')).toBe('true');
    const expected = new Date(2025, 6, 15).toLocaleDateString(undefined, { month: 'long', year: 'numeric' });
    expect(screen.getByText(expected).textContent).toBe(expected);
  });
});

describe('Social Media: the post being edited is in the address', () => {
  const post = {
    id: 4,
    channel: 'facebook',
    text: 'Fresh rye on Friday',
    imageUrl: null,
    scheduledAt: null,
    status: 'draft',
    statusNote: null,
    dueAt: null,
    createdAt: '',
    updatedAt: '',
  };
  const withPost = () => ({ ...dashboardRoutes(), 'GET /api/social/posts': { body: [post] } });
  const address = () => window.location.pathname + window.location.search;
  function load(search: string) {
    window.history.replaceState(null, '', `/social${search}`);
    return renderApp({ ...dashboardInput(), location: { pathname: '/social', search } }, withPost());
  }
  const textOf = (dialog: HTMLElement) =>
    (within(dialog).getByLabelText('Text') as HTMLTextAreaElement).value;

  test('opening a post writes it beside the view, Cancel takes it out, and Back opens it again', async () => {
    load('?view=list');
    // The list's text is a button (a keyboard reaches it), named by the post.
    fireEvent.click(await screen.findByRole('button', { name: 'Fresh rye on Friday' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' });
    expect(textOf(dialog)).toBe('Fresh rye on Friday');
    await waitFor(() => expect(address()).toBe('/social?view=list&item=4'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(address()).toBe('/social?view=list'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    window.history.back();
    await waitFor(() =>
      expect(textOf(screen.getByRole('dialog', { name: 'Edit post' }))).toBe('Fresh rye on Friday'),
    );
    expect(address()).toBe('/social?view=list&item=4');
  });

  test('a reload of a post’s address opens its editor; of ?item=new a new post', async () => {
    const first = load('?item=4');
    await waitFor(
      () => expect(textOf(screen.getByRole('dialog', { name: 'Edit post' }))).toBe('Fresh rye on Friday'),
      slow,
    );
    first.unmount();
    load('?item=new');
    await waitFor(() => expect(textOf(screen.getByRole('dialog', { name: 'New post' }))).toBe(''), slow);
    expect(address()).toBe('/social?item=new');
  });

  test('a reload while a new post is typed opens it again with what was typed, and says so', async () => {
    const first = load('?item=new');
    const dialog = await screen.findByRole('dialog', { name: 'New post' }, slow);
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'Open late on Friday' } });
    // A reload runs no cleanup: what was kept while typing is what the next page finds.
    const kept = Object.entries(sessionStorage);
    first.unmount();
    for (const [key, value] of kept) sessionStorage.setItem(key, value);

    load('?item=new');
    await waitFor(
      () => expect(textOf(screen.getByRole('dialog', { name: 'New post' }))).toBe('Open late on Friday'),
      slow,
    );
    expect(screen.getByText(KEPT_TYPING_NOTE).textContent).toBe(KEPT_TYPING_NOTE);
  });

  test('Delete asks first (Cancel keeps the post), and the deleted post leaves the address', async () => {
    const { requests } = renderApp(
      { ...dashboardInput(), location: { pathname: '/social', search: '?item=4' } },
      { ...withPost(), 'DELETE /api/social/posts/4': { status: 204 } },
    );
    window.history.replaceState(null, '', '/social?item=4');
    await waitFor(
      () => expect(textOf(screen.getByRole('dialog', { name: 'Edit post' }))).toBe('Fresh rye on Friday'),
      slow,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit post' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Delete this post?' });
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this post?' })).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    expect(textOf(screen.getByRole('dialog', { name: 'Edit post' }))).toBe('Fresh rye on Friday');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete this post?' })).getByRole('button', {
        name: 'Delete post',
      }),
    );
    await waitFor(() => expect(address()).toBe('/social'));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => new URL(r.url).pathname)).toEqual([
      '/api/social/posts/4',
    ]);
  });

  test('the address of a post that is gone says so, and Close goes back to the planner', async () => {
    load('?item=9');
    await waitFor(
      () =>
        expect(
          within(screen.getByRole('dialog', { name: 'Edit post' })).getByRole('status').textContent,
        ).toBe(POST_GONE_HERE),
      slow,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(address()).toBe('/social'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('Back from an editor with typed text keeps it open with the unsaved hint, and its address', async () => {
    load('');
    fireEvent.click(await screen.findByRole('button', { name: 'New post' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'New post' });
    await waitFor(() => expect(address()).toBe('/social?item=new'));
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'Open late on Friday' } });

    window.history.back();
    await waitFor(() =>
      expect(within(screen.getByRole('dialog', { name: 'New post' })).getByRole('alert').textContent).toBe(
        'This post is not saved: choose Save draft to keep it, or Cancel to throw it away.',
      ),
    );
    expect(textOf(screen.getByRole('dialog', { name: 'New post' }))).toBe('Open late on Friday');
    expect(address()).toBe('/social?item=new');
  });
});
