import { expect, type Page, test } from '@playwright/test';
import {
  ensureUser,
  homePage,
  password,
  signIn,
  signUpToBuilder,
  topLevelElement,
  uniqueEmail,
} from './helpers.ts';

const canvas = (page: Page) => page.getByTestId('site-canvas');
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Builder sidebar' });
const syncStatus = (page: Page) => page.getByRole('status', { name: 'Sync status' });
const SAVED = { timeout: 30_000 };

/** Signs up, goes through business setup into a new site and adds a header (which saves the site). */
async function savedSiteInBuilder(page: Page, email: string): Promise<string> {
  await signUpToBuilder(page, email);
  await sidebar(page).getByRole('button', { name: 'Header', exact: true }).click();
  await page.getByLabel('Heading').fill('Fresh bread daily');
  // The first edit creates the site on the server (autosave): the address becomes the saved site's.
  await expect(page).toHaveURL(/\/builder\/\d+$/, SAVED);
  await expect(syncStatus(page)).toHaveText('All changes saved', SAVED);
  return new URL(page.url()).pathname;
}

test('names a version, changes the site, restores it in one tab and the other tab follows; undo takes it back', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const siteUrl = await savedSiteInBuilder(tab, uniqueEmail('versions'));
  const second = await context.newPage();
  await second.goto(siteUrl);
  await expect(canvas(second).getByRole('heading', { name: 'Fresh bread daily' })).toBeVisible();
  await expect(syncStatus(second)).toHaveText('All changes saved', SAVED);

  // History opens at its own address; Save version asks for a name and lists it with what it holds.
  await tab.getByRole('button', { name: 'History' }).click();
  await expect(tab).toHaveURL(/[?&]history=1/);
  const history = tab.getByRole('dialog', { name: 'History' });
  await expect(history.getByText('No versions yet.', { exact: false })).toBeVisible();
  await history.getByRole('button', { name: 'Save version' }).click();
  await history.getByLabel('Version name').fill('Before the spring sale');
  await history.getByRole('button', { name: 'Save', exact: true }).click();
  const versions = history.getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('listitem')).toHaveCount(1);
  await expect(versions.getByText('Before the spring sale')).toBeVisible();
  await expect(versions.getByText(/Home( \(new page\))?: \d+ added/)).toBeVisible();
  await history.getByRole('button', { name: 'Close' }).click();
  await expect(tab).not.toHaveURL(/history=1/);
  // Taking a version writes nothing into the document: the status settles as saved.
  await expect(syncStatus(tab)).toHaveText('All changes saved', SAVED);

  // The site changes; the other tab sees it.
  await canvas(tab).getByRole('heading', { name: 'Fresh bread daily' }).click();
  await tab.getByLabel('Heading').fill('Spring sale: 20% off');
  await expect(canvas(second).getByRole('heading', { name: 'Spring sale: 20% off' })).toBeVisible();
  await expect(syncStatus(tab)).toHaveText('All changes saved', SAVED);

  // Preview shows the version's page read-only, without touching the canvas.
  await tab.getByRole('button', { name: 'History' }).click();
  await history.getByRole('button', { name: 'Preview Before the spring sale' }).click();
  await expect(tab).toHaveURL(/[?&]version=\d+/);
  const preview = tab.frameLocator('iframe[title="Version preview"]');
  await expect(preview.getByRole('heading', { name: 'Fresh bread daily' })).toBeVisible();
  await tab.getByRole('dialog').getByRole('button', { name: 'History' }).click();

  // Restore, confirmed: both tabs show the old content, and both settle as saved.
  await history.getByRole('button', { name: 'Restore Before the spring sale' }).click();
  const confirm = tab.getByRole('dialog', { name: 'Restore this version?' });
  await confirm.getByRole('button', { name: 'Restore' }).click();
  await expect(tab.getByRole('dialog')).toHaveCount(0);
  await expect(canvas(tab).getByRole('heading', { name: 'Fresh bread daily' })).toBeVisible();
  await expect(canvas(tab).getByRole('heading', { name: 'Spring sale: 20% off' })).toHaveCount(0);
  await expect(canvas(second).getByRole('heading', { name: 'Fresh bread daily' })).toBeVisible();
  await expect(canvas(second).getByRole('heading', { name: 'Spring sale: 20% off' })).toHaveCount(0);
  await expect(syncStatus(tab)).toHaveText('All changes saved', SAVED);
  await expect(syncStatus(second)).toHaveText('All changes saved', SAVED);

  // The history is kept; Undo in the restoring tab takes the restore back everywhere.
  await tab.getByRole('button', { name: 'History' }).click();
  await expect(versions.getByRole('listitem')).toHaveCount(1);
  await history.getByRole('button', { name: 'Close' }).click();
  await tab.getByRole('button', { name: 'Undo' }).click();
  await expect(canvas(tab).getByRole('heading', { name: 'Spring sale: 20% off' })).toBeVisible();
  await expect(canvas(second).getByRole('heading', { name: 'Spring sale: 20% off' })).toBeVisible();
  await expect(syncStatus(tab)).toHaveText('All changes saved', SAVED);
});

// Opened at (or reloaded on) the History dialog's address, the builder replaced it with the bare site's: the
// dialog and the version preview closed. The address, and what it shows, now stay.
test('a reload on the History dialog or on a version preview comes back to it', async ({ page, request }) => {
  const email = uniqueEmail('versions-reload');
  await ensureUser(request, email);
  const signedIn = await request.post('/api/auth/login', { data: { email, password } });
  const headers = { authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
  const saved = await request.post('/api/website/save', {
    headers,
    data: {
      name: 'Rosa Bakery',
      pages: [homePage([topLevelElement('h', 'header', { content: 'Fresh bread' })])],
    },
  });
  const { id } = (await saved.json()) as { id: number };
  const taken = await request.post(`/api/website/${id}/versions`, { headers, data: { name: 'Opening day' } });
  expect(taken.status()).toBe(201);
  const { id: versionId } = (await taken.json()) as { id: number };
  await signIn(page, email);

  await page.goto(`/builder/${id}?history=1`);
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.getByRole('list', { name: 'Versions' }).getByText('Opening day')).toBeVisible(SAVED);
  await expect(canvas(page)).toContainText('Fresh bread', SAVED);
  expect(new URL(page.url()).search).toBe('?history=1');

  await history.getByRole('button', { name: 'Preview Opening day' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]version=${versionId}`));
  await page.reload();
  const preview = page.frameLocator('iframe[title="Version preview"]');
  await expect(preview.getByRole('heading', { name: 'Fresh bread' })).toBeVisible(SAVED);
  await expect(canvas(page)).toContainText('Fresh bread', SAVED);
  expect(new URL(page.url()).search).toBe(`?history=1&version=${versionId}`);
});

test('a version name over 200 characters: the field says the limit and nothing is sent', async ({ page }) => {
  await savedSiteInBuilder(page, uniqueEmail('version-name'));
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await history.getByRole('button', { name: 'Save version' }).click();
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/versions')) posts.push(request.url());
  });
  const name = history.getByRole('textbox', { name: 'Version name' });
  await name.fill('x'.repeat(201));
  await expect(name).toHaveAccessibleDescription(
    'A version name can be at most 200 characters: shorten it and save again.',
  );
  await expect(history.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await name.press('Enter');
  await name.fill('x'.repeat(200));
  await expect(name).toHaveAccessibleDescription('200 / 200 characters');
  await history.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(history.getByRole('list', { name: 'Versions' }).getByRole('listitem')).toHaveCount(1);
  expect(posts).toHaveLength(1);
});

// A reload in the builder's preview went back to editing, on the desktop frame. The preview and its device are
// in the address (/builder/7?preview=mobile) now; leaving the preview takes them away.
test('a reload in the preview comes back to it, on the device chosen', async ({ page, request }) => {
  const email = uniqueEmail('preview-reload');
  await ensureUser(request, email);
  const signedIn = await request.post('/api/auth/login', { data: { email, password } });
  const headers = { authorization: `Bearer ${((await signedIn.json()) as { token: string }).token}` };
  const saved = await request.post('/api/website/save', {
    headers,
    data: {
      name: 'Rosa Bakery',
      pages: [homePage([topLevelElement('h', 'header', { content: 'Fresh bread' })])],
    },
  });
  const { id } = (await saved.json()) as { id: number };
  await signIn(page, email);

  await page.goto(`/builder/${id}`);
  await expect(canvas(page)).toContainText('Fresh bread', SAVED);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await page.getByRole('button', { name: 'Mobile' }).click();
  await expect(page.locator('iframe[title="Preview on Mobile"]')).toHaveAttribute('width', '375');
  expect(new URL(page.url()).search).toBe('?preview=mobile');

  await page.reload();
  const frame = page.locator('iframe[title="Preview on Mobile"]');
  await expect(frame).toHaveAttribute('width', '375', SAVED);
  await expect(frame.contentFrame().getByRole('heading', { name: 'Fresh bread' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mobile' })).toHaveAttribute('aria-pressed', 'true');
  expect(new URL(page.url()).search).toBe('?preview=mobile');

  // Back leaves the preview (it was a Back step), Forward comes back to it.
  await page.goBack();
  await expect(canvas(page)).toContainText('Fresh bread', SAVED);
  await page.goForward();
  await expect(page.locator('iframe[title="Preview on Mobile"]')).toHaveAttribute('width', '375');

  await page.getByRole('button', { name: 'Edit Website' }).click();
  await expect(canvas(page)).toContainText('Fresh bread');
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(`/builder/${id}`);
  await page.reload();
  await expect(canvas(page)).toContainText('Fresh bread', SAVED);
  await expect(page.getByRole('button', { name: 'Preview', exact: true })).toBeVisible();
});
