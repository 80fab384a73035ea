import { expect, type Page, test } from '@playwright/test';
import { ensureUser, openSettings, sidebar, signIn, uniqueEmail } from './helpers.ts';

const fakePort = Number(process.env.E2E_FAKE_PROVIDER_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000);
const fake = `http://127.0.0.1:${fakePort}`;

async function openSection(page: Page, name: 'Integrations' | 'Social Media'): Promise<void> {
  await sidebar(page).getByRole('button', { name, exact: true }).first().click();
}

const localInput = (d: Date) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const dayKey = (d: Date) => localInput(d).slice(0, 10);

test('connect Google Ads through the provider popup (fake provider on loopback)', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('ads');
  await ensureUser(request, email);
  await signIn(page, email);
  await openSection(page, 'Integrations');

  const google = page.getByLabel('Google Ads', { exact: true });
  await expect(google.getByText('Not connected')).toBeVisible();
  const popup = page.waitForEvent('popup');
  await google.getByRole('button', { name: 'Connect Google Ads' }).click();
  // The provider page redirects to /google-callback?code=…, which posts the code here and closes — maybe
  // before this line runs, so a popup already closed is not waited for.
  const providerWindow = await popup;
  if (!providerWindow.isClosed()) await providerWindow.waitForEvent('close');

  await expect(page.getByText('Google Ads connected!')).toBeVisible();
  await expect(google.getByText('Connected', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('googleAuthSuccess'))).toBe('true');
});

test('connect Facebook Ads: the window goes to the provider and comes back with ?code', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('fbads');
  await ensureUser(request, email);
  await signIn(page, email);
  await openSection(page, 'Integrations');

  const facebook = page.getByLabel('Facebook Ads', { exact: true });
  await facebook.getByRole('button', { name: 'Connect Facebook Ads' }).click();
  // Back on the app with ?code=…: the app machine exchanges it, then lands on Campaigns (spec §3).
  await expect(page.getByText('Facebook connected!')).toBeVisible();
  await expect(page).toHaveURL(/\/crm\/campaigns$/);
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 2 })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('facebookAuthSuccess'))).toBe('true');
  expect(await page.evaluate(() => localStorage.getItem('redirectToFacebookCampaigns'))).toBeNull();

  await openSection(page, 'Integrations');
  await expect(facebook.getByText('Connected', { exact: true })).toBeVisible();
});

test('schedule a post, see it in the month calendar, drag it to another day', async ({ page, request }) => {
  const email = uniqueEmail('planner');
  await ensureUser(request, email);
  await signIn(page, email);
  await openSection(page, 'Social Media');

  const now = new Date();
  const when = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 2, 10, 30);
  const next = new Date(when.getFullYear(), when.getMonth(), when.getDate() + 1, 10, 30);
  const target = next.getMonth() === when.getMonth() ? next : new Date(when.getTime() - 86_400_000);

  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New post' });
  await dialog.getByLabel('Text').fill('x'.repeat(300));
  await dialog.getByRole('combobox', { name: 'Channel' }).click();
  await page.getByRole('option', { name: 'X', exact: true }).click();
  await expect(dialog.getByText('300 / 280 characters')).toBeVisible();
  await dialog.getByLabel('Date and time').fill(localInput(when));
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog.getByText('X posts are limited to 280 characters')).toBeVisible();

  await dialog.getByLabel('Text').fill('Grand opening on Saturday, everyone welcome');
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog).toBeHidden();

  if (when.getMonth() !== now.getMonth()) await page.getByRole('button', { name: 'Next' }).click();
  const calendar = page.getByRole('grid', { name: 'Month calendar' });
  const post = calendar
    .locator(`[data-day="${dayKey(when)}"]`)
    .getByRole('button', { name: /X post: Grand opening/ });
  await expect(post).toBeVisible();
  await expect(post).toContainText('10:30');

  // A real drag in steps (one jump between neighbouring cells does not start an HTML5 drag in Chromium). The
  // target day may be in the row below the post's, under the bottom of the window (a post on a Sunday, moved to
  // Monday): it is scrolled into view first, as a person would before dragging.
  const targetDay = calendar.locator(`[data-day="${dayKey(target)}"]`);
  await targetDay.scrollIntoViewIfNeeded();
  await post.hover();
  await page.mouse.down();
  const box = await targetDay.boundingBox();
  if (!box) throw new Error('the target day is not on screen');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  const moved = calendar
    .locator(`[data-day="${dayKey(target)}"]`)
    .getByRole('button', { name: /X post: Grand/ });
  await expect(moved).toBeVisible();
  await expect(moved).toContainText('10:30');

  await page.getByRole('button', { name: 'List', exact: true }).click();
  const row = page
    .getByRole('table', { name: 'Planned posts' })
    .getByRole('row')
    .filter({ hasText: 'Grand opening' });
  await expect(row.getByText('scheduled')).toBeVisible();

  // The post being edited has an address: a reload opens its editor again, Cancel goes back to the list.
  await row.getByRole('button', { name: 'Grand opening on Saturday, everyone welcome' }).click();
  await expect(page).toHaveURL(/\/social\?view=list&item=\d+$/);
  await page.reload();
  const editor = page.getByRole('dialog', { name: 'Edit post' });
  await expect(editor.getByLabel('Text')).toHaveValue('Grand opening on Saturday, everyone welcome');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();
  await expect(page).toHaveURL(/\/social\?view=list$/);
});

test('create a webhook and see a signed delivery in its log (receiver on loopback)', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('hooks');
  await ensureUser(request, email);
  await signIn(page, email);
  await openSection(page, 'Integrations');

  const form = page.getByRole('form', { name: 'New webhook' });
  await form.getByLabel(/Webhook URL/).fill('ftp://example.com/hook');
  await form.getByRole('button', { name: 'Add webhook' }).click();
  await expect(form.getByText('The webhook URL must be a full http:// or https:// address')).toBeVisible();

  const hookUrl = `${fake}/hook?run=${Date.now()}`;
  await form.getByLabel(/Webhook URL/).fill(hookUrl);
  await form.getByLabel('Order placed').check();
  await form.getByRole('button', { name: 'Add webhook' }).click();
  await expect(form.getByText(/Signing secret of the new webhook/)).toBeVisible();

  const hook = page.getByLabel(`Webhook ${hookUrl}`);
  await expect(hook.getByText('No deliveries yet.')).toBeVisible();
  await hook.getByRole('button', { name: 'Send test' }).click();
  const row = hook
    .getByRole('table', { name: 'Delivery log' })
    .getByRole('row')
    .filter({ hasText: 'webhook.test' });
  await expect(row.getByRole('cell', { name: 'delivered' })).toBeVisible({ timeout: 15_000 });
  await expect(row.getByRole('cell', { name: '200' })).toBeVisible();

  const received = await (await request.get(`${fake}/hook/received`)).json();
  const mine = (received as Array<{ headers: Record<string, string>; body: string }>).find((r) =>
    r.body.includes('webhook.test'),
  );
  expect(mine?.headers['x-webhook-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
});

test('Settings › Permissions shows the role matrix the server enforces', async ({ page, request }) => {
  const email = uniqueEmail('perms');
  await ensureUser(request, email);
  await signIn(page, email);
  await openSettings(page, 'Permissions');
  const table = page.getByRole('table', { name: 'Account roles' });
  await expect(table.getByRole('columnheader')).toHaveText(['Permission', 'Viewer', 'User', 'Admin']);
  // Only Admins connect integrations; Users and Admins edit websites, Viewers only look.
  const integrations = table.getByRole('row').filter({ hasText: 'Connect integrations and manage webhooks' });
  await expect(integrations.getByLabel('Not allowed')).toHaveCount(2);
  await expect(integrations.getByLabel('Allowed', { exact: true })).toHaveCount(1);
  const websites = table.getByRole('row').filter({ hasText: 'Create, edit, publish and delete websites' });
  await expect(websites.getByLabel('Not allowed')).toHaveCount(1);
  await expect(websites.getByLabel('Allowed', { exact: true })).toHaveCount(2);
});

test('post editor: Upload image is reached with Tab and opens the file chooser with Enter or Space', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('upload-key');
  await ensureUser(request, email);
  await signIn(page, email);
  await openSection(page, 'Social Media');

  await page.getByRole('button', { name: 'New post' }).click();
  const dialog = page.getByRole('dialog', { name: 'New post' });
  await dialog.getByLabel('Text').fill('Fresh bread today');
  await page.keyboard.press('Tab');
  const upload = dialog.getByRole('button', { name: 'Upload image' });
  await expect(upload).toBeFocused();

  for (const key of ['Enter', 'Space']) {
    const chooser = page.waitForEvent('filechooser', { timeout: 3_000 });
    await page.keyboard.press(key);
    const picked = await chooser;
    expect(picked.isMultiple()).toBe(false);
    if (key === 'Space') {
      // 1×1 PNG: the chosen image is uploaded and shown in the post.
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      );
      await picked.setFiles({ name: 'bread.png', mimeType: 'image/png', buffer: png });
      await expect(dialog.getByRole('img', { name: 'Post' })).toBeVisible();
    }
  }
});
