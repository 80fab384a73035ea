import { expect, test } from '@playwright/test';

test('the OAuth callback page passes the code to its opener, on this origin only', async ({ page }) => {
  await page.goto('/login');
  const message = await page.evaluate(
    () =>
      new Promise<unknown>((resolve) => {
        window.addEventListener('message', (event) => {
          if (event.origin === window.location.origin) resolve(event.data);
        });
        window.open('/google-callback?code=abc123', 'oauth', 'width=400,height=400');
      }),
  );
  expect(message).toMatchObject({ type: 'OAUTH_SUCCESS', code: 'abc123' });
});

test('the service worker keeps the app opening without a network, and never serves the API from cache', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // The logo's mark is the tab's icon too, one file.
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
  const icon = await page.request.get('/favicon.svg');
  expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Offline too, the mark comes from the worker's cache.
  const mark = page.locator('main img[src="/favicon.svg"]');
  await expect
    .poll(() => mark.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
    .toBe(true);
  const apiOffline = await page.evaluate(() =>
    fetch('/api/health').then(
      () => 'answered',
      () => 'network error',
    ),
  );
  expect(apiOffline).toBe('network error');
  await context.setOffline(false);
});
