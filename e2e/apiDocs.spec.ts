import { expect, test } from '@playwright/test';

// The API reference (Swagger UI) runs under the app's own content security policy: its scripts and styles are
// files of this origin, it loads the document from here, and "Try it out" calls the API here.
test('the API reference at /api/docs shows the operations and calls the API, with no policy violation', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.url()}: ${response.status()}`);
  });
  // A reload cancels what is still loading (net::ERR_ABORTED): not a failure of the page.
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`${request.url()}: ${reason}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: /BizSite API/ })).toBeVisible();

  const health = page.locator('.opblock-get', { has: page.locator('[data-path="/api/health"]') });
  await health.locator('.opblock-summary').click();
  await expect(health.getByText('anyone, no session needed')).toBeVisible();
  await health.getByRole('button', { name: 'Try it out' }).click();
  await health.getByRole('button', { name: 'Execute' }).click();
  await expect(health.locator('.live-responses-table tbody .response-col_status')).toHaveText('200');

  // A route that needs a session (deep-linked: the list renders only what is on screen) shows who may call it,
  // its account header and the guard's refusals.
  await page.goto('/api/docs#/crm/getCrmContacts');
  await page.reload();
  const contacts = page.locator('#operations-crm-getCrmContacts');
  await expect(contacts.locator('.opblock-description-wrapper')).toContainText(
    'whose role grants account.view',
  );
  await expect(contacts.locator('.parameters')).toContainText('x-account-id');
  await expect(contacts.locator('.responses-table')).toContainText(
    'No session, or an expired or revoked one',
  );

  expect(problems).toEqual([]);
});
