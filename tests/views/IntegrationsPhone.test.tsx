import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { User } from '../../src/contracts/auth.ts';
import { bob, dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

const slow = { timeout: 10_000 };
const HOOK = 'https://hooks.example.com/bizsite/incoming/a-rather-long-path';

const adCard = (id: 'google' | 'facebook', name: string) => ({
  id,
  name,
  kind: 'oauth',
  configured: false,
  connected: false,
  connectedAt: null,
  authorizeUrl: null,
});

const routes = (user: User = bob): Routes => ({
  ...dashboardRoutes(user),
  'GET /api/integrations': {
    body: [
      adCard('google', 'Google Ads'),
      adCard('facebook', 'Facebook Ads'),
      {
        id: 'webhooks',
        name: 'Webhooks',
        kind: 'webhooks',
        configured: true,
        connected: true,
        connectedAt: '2026-01-01T00:00:00.000Z',
        authorizeUrl: null,
      },
    ],
  },
  'GET /api/webhooks': {
    body: [{ id: 1, url: HOOK, events: ['form.submitted'], createdAt: '2026-01-01T00:00:00.000Z' }],
  },
  'GET /api/webhooks/1/deliveries': {
    body: [
      {
        id: 3,
        webhookId: 1,
        event: 'webhook.test',
        status: 'failed',
        attempts: 3,
        responseCode: null,
        lastError: 'The receiver could not be reached',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
      },
    ],
  },
});

const open = (user: User = bob) =>
  renderApp({ ...dashboardInput(user), location: { pathname: '/integrations', search: '' } }, routes(user));

/** What a card says under its description. */
const noteOf = (name: string) =>
  Array.from(
    screen.getByLabelText(name).querySelectorAll('.MuiTypography-body2'),
    (line) => line.textContent,
  );

describe('Integrations on a phone', () => {
  // jsdom lays nothing out, so the test reads the styles that keep the page 390px wide: the log's own box
  // scrolls sideways, and the address keeps a line of its own (14rem) to wrap in.
  test('the delivery log scrolls inside its own box; the webhook address has a sensible width to wrap in', async () => {
    open();
    const log = await screen.findByRole('table', { name: 'Delivery log' }, slow);
    const box = screen.getByRole('region', { name: 'Deliveries' });
    expect(box.contains(log)).toBe(true);
    expect(getComputedStyle(box).overflowX).toBe('auto');
    expect(box.tabIndex).toBe(0); // a keyboard can scroll it too

    const address = within(screen.getByLabelText(`Webhook ${HOOK}`)).getByText(HOOK);
    const style = getComputedStyle(address);
    expect([style.flexBasis, style.flexGrow, style.wordBreak]).toEqual(['224px', '1', 'break-all']); // 14rem
  });
});

describe('Integrations: an ad platform not switched on', () => {
  test('an owner is told whom to ask, not the server’s settings', async () => {
    open();
    await screen.findByLabelText('Google Ads', {}, slow);
    expect(noteOf('Google Ads')).toEqual([
      'Run and measure Google Ads campaigns for your sites.',
      'Google Ads isn’t switched on for this platform yet: ask your platform administrator to turn it on, and a Connect button will appear here.',
    ]);
    expect(noteOf('Facebook Ads')[1]).toBe(
      'Facebook Ads isn’t switched on for this platform yet: ask your platform administrator to turn it on, and a Connect button will appear here.',
    );
  });

  test('the platform’s administrator is told which settings switch it on', async () => {
    open({ ...bob, role: 'admin' });
    await screen.findByLabelText('Google Ads', {}, slow);
    expect(noteOf('Google Ads')[1]).toBe(
      'Google Ads isn’t switched on for this platform yet: set GOOGLE_ADS_CLIENT_ID and GOOGLE_ADS_CLIENT_SECRET on the server (README, Environment) and restart it, and a Connect button will appear here.',
    );
  });
});
