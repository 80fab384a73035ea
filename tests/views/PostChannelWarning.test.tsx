import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { descriptionOf, textsOf } from './queries.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };

const facebookAds = (state: { configured: boolean; connected: boolean }) => ({
  id: 'facebook',
  name: 'Facebook Ads',
  kind: 'oauth',
  ...state,
  connectedAt: state.connected ? '2026-01-01T00:00:00.000Z' : null,
  authorizeUrl: state.configured ? 'https://facebook.example/auth' : null,
});

const WEBHOOKS = {
  id: 'webhooks',
  name: 'Webhooks',
  kind: 'webhooks',
  configured: true,
  connected: false,
  connectedAt: null,
  authorizeUrl: null,
};

/** The planner of an account whose Facebook Ads is in `state`; `roleName`: the user's role in the account. */
function openEditor(
  state: { configured: boolean; connected: boolean },
  roleName = 'Admin',
  extra: Routes = {},
) {
  const app = renderApp(
    { ...dashboardInput(), location: { pathname: '/social', search: '' } },
    {
      ...dashboardRoutes(undefined, roleName),
      'GET /api/social/posts': { body: [] },
      'GET /api/integrations': { body: [facebookAds(state), WEBHOOKS] },
      ...extra,
    },
  );
  return {
    ...app,
    dialog: async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'New post' }, slow));
      return within(await screen.findByRole('dialog', { name: 'New post' }));
    },
  };
}

/** The warnings the dialog shows. */
const warningsIn = (dialog: ReturnType<typeof within>) => textsOf(dialog.queryAllByRole('alert'));

describe('Post editor: a channel that cannot publish', () => {
  test('Facebook not connected: the warning under the channel says what happens and what to do; Schedule still saves', async () => {
    const { dialog: open, requests } = openEditor({ configured: true, connected: false }, 'Admin', {
      'POST /api/social/posts': async (request) => ({
        status: 201,
        body: {
          id: 1,
          ...(await request.json()),
          statusNote: null,
          dueAt: null,
          createdAt: '',
          updatedAt: '',
        },
      }),
    });
    const dialog = await open();
    const warning =
      'Facebook is not connected: connect Facebook Ads on the Integrations page before this post’s time, or at its time this post will be marked “not connected” and not published.';
    await waitFor(() => expect(warningsIn(dialog)).toEqual([warning]));
    expect(descriptionOf(dialog.getByRole('combobox', { name: 'Channel' }))).toBe(warning);

    fireEvent.change(dialog.getByLabelText('Text'), { target: { value: 'Open on Sunday' } });
    fireEvent.change(dialog.getByLabelText('Date and time'), { target: { value: '2099-01-05T09:00' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New post' })).toBeNull());
    const post = requests.find((r) => r.method === 'POST' && r.url.endsWith('/api/social/posts'));
    expect(await post?.json()).toMatchObject({
      channel: 'facebook',
      status: 'scheduled',
      text: 'Open on Sunday',
    });
  });

  test('a User of the account, who may not connect integrations, is told to ask an Admin', async () => {
    const dialog = await openEditor({ configured: true, connected: false }, 'User').dialog();
    await waitFor(() =>
      expect(warningsIn(dialog)).toEqual([
        'Facebook is not connected: ask an Admin of this account to connect Facebook Ads on the Integrations page before this post’s time, or at its time this post will be marked “not connected” and not published.',
      ]),
    );
  });

  test('Facebook Ads not switched on for the platform: whom to ask', async () => {
    const dialog = await openEditor({ configured: false, connected: false }).dialog();
    await waitFor(() =>
      expect(warningsIn(dialog)).toEqual([
        'Facebook is not connected: Facebook Ads isn’t switched on for this platform yet, so at its time this post will be marked “not connected” and not published. Ask your platform administrator to turn it on.',
      ]),
    );
  });

  test('Instagram, which nothing here publishes, has a warning; a connected Facebook has none', async () => {
    const dialog = await openEditor({ configured: true, connected: true }).dialog();
    const choose = async (channel: string) => {
      fireEvent.mouseDown(dialog.getByRole('combobox', { name: 'Channel' }));
      fireEvent.click(await screen.findByRole('option', { name: channel }));
    };
    await choose('Instagram');
    await waitFor(() =>
      expect(warningsIn(dialog)).toEqual([
        'Instagram is not connected: this platform cannot publish to Instagram yet, so at its time this post will be marked “not connected” and not published. Post it on Instagram yourself at its time.',
      ]),
    );
    await choose('Facebook');
    expect(warningsIn(dialog)).toEqual([]);
  });
});
