import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { createActor } from 'xstate';
import type { DomainView } from '../../src/contracts/publish.ts';
import { createVerifyDomain } from '../../src/machines/builder/liveDomainActors.ts';
import { publishMachine } from '../../src/machines/builder/publishMachine.ts';
import { createHttp } from '../../src/services/http/http.ts';
import { HttpContext } from '../../src/services/http/httpContext.ts';
import { createQueryClient } from '../../src/services/http/queryClient.ts';
import { Themed } from '../../src/views/App.tsx';
import { CustomDomainPanel } from '../../src/views/builder/CustomDomainPanel.tsx';
import { fakeServer, type Routes } from './renderApp.tsx';

const token = '5f2b8c0e9a7d4e1f8b3c6a9d0e1f2a3b';
const pending: DomainView = {
  domain: 'shop.example.com',
  status: 'pending',
  record: { type: 'TXT', name: '_bizsite-verify.shop.example.com', value: token },
  checkedAt: null,
  message:
    'Add the TXT record _bizsite-verify.shop.example.com shown here at your DNS provider, then press Verify.',
};
const stillPending: DomainView = {
  ...pending,
  checkedAt: '2026-01-02T00:00:00.000Z',
  message:
    'No TXT record _bizsite-verify.shop.example.com with the expected value was found yet. DNS changes can take a while; try again later.',
};
const verified: DomainView = {
  ...pending,
  status: 'verified',
  checkedAt: '2026-01-03T00:00:00.000Z',
  message: 'Verified: shop.example.com serves this website whenever it is published.',
};

const inputValue = (element: HTMLElement) => (element as HTMLInputElement).value;

/** The panel over the real publish machine (its live verify effect) and a fake server. */
function renderPanel(routes: Routes) {
  const { fetch, requests } = fakeServer(routes);
  const http = createHttp({
    getToken: () => 'token-1',
    getAccountId: () => 'a1',
    onUnauthorized: () => {},
    notify: () => {},
    fetch: fetch as typeof globalThis.fetch,
    baseUrl: 'http://localhost',
    retry: 0,
  });
  const queryClient = createQueryClient();
  const publish = createActor(
    publishMachine.provide({ actors: { verifyDomain: createVerifyDomain(http, queryClient) } }),
  ).start();
  publish.send({ type: 'publish.open', websiteId: '7', siteName: 'Rosa Bakery', subdomain: 'rosa' });
  render(
    <Themed>
      <QueryClientProvider client={queryClient}>
        <HttpContext.Provider value={http}>
          <CustomDomainPanel publish={publish} websiteId="7" />
        </HttpContext.Provider>
      </QueryClientProvider>
    </Themed>,
  );
  return { requests, publish };
}

describe('Publish dialog › custom domain', () => {
  test('shows the TXT record to add, each part copyable, and the pending status', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPanel({ 'GET /api/website/7/domain': { body: pending } });
    const panel = within(await screen.findByRole('region', { name: 'Custom domain' }));
    expect(panel.getByRole('heading', { name: 'shop.example.com' }).textContent).toBe('shop.example.com');
    expect(panel.getByTestId('domain-status').textContent).toBe('Pending verification');
    expect(panel.getByRole('status').textContent).toBe(pending.message);
    expect(inputValue(panel.getByLabelText('Type'))).toBe('TXT');
    expect(inputValue(panel.getByLabelText('Name'))).toBe('_bizsite-verify.shop.example.com');
    expect(inputValue(panel.getByLabelText('Value'))).toBe(token);
    fireEvent.click(panel.getByRole('button', { name: 'Copy name' }));
    fireEvent.click(panel.getByRole('button', { name: 'Copy value' }));
    fireEvent.click(panel.getByRole('button', { name: 'Copy type' }));
    expect(writeText.mock.calls).toEqual([['_bizsite-verify.shop.example.com'], [token], ['TXT']]);
  });

  test('Verify asks the server: still pending shows its message, then verified shows Verified', async () => {
    const answers = [stillPending, verified];
    const { requests } = renderPanel({
      'GET /api/website/7/domain': { body: pending },
      'POST /api/website/7/domain/verify': () => ({ body: answers.shift() }),
    });
    const panel = within(await screen.findByRole('region', { name: 'Custom domain' }));
    await act(async () => fireEvent.click(panel.getByRole('button', { name: 'Verify' })));
    await vi.waitFor(() => expect(panel.getByRole('status').textContent).toBe(stillPending.message));
    expect(panel.getByTestId('domain-status').textContent).toBe('Pending verification');
    expect((panel.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(false);

    await act(async () => fireEvent.click(panel.getByRole('button', { name: 'Verify' })));
    await vi.waitFor(() => expect(panel.getByTestId('domain-status').textContent).toBe('Verified'));
    expect(panel.getByRole('status').textContent).toBe(verified.message);
    expect(requests.filter((r) => r.method === 'POST').map((r) => new URL(r.url).pathname)).toEqual([
      '/api/website/7/domain/verify',
      '/api/website/7/domain/verify',
    ]);
  });

  test('a website without a custom domain shows no record', async () => {
    const { requests } = renderPanel({
      'GET /api/website/7/domain': {
        body: { domain: null, status: 'none', record: null, checkedAt: null, message: null },
      },
    });
    await vi.waitFor(() =>
      expect(requests.map((r) => new URL(r.url).pathname)).toContain('/api/website/7/domain'),
    );
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'Custom domain' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
  });
});
