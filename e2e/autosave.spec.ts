import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn, signUpToBuilder, uniqueEmail } from './helpers.ts';

const canvas = (page: Page) => page.getByTestId('site-canvas');
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Builder sidebar' });
const saveStatus = (page: Page) => page.getByRole('status', { name: 'Sync status' });
const LEAVE_WARNING = 'Some of your changes are not saved to the server yet. Leave anyway?';
const SAVED = { timeout: 30_000 };

/** A fresh browser (no local copy of anything) signed in as `email`. */
async function freshPage(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

/** Opens the named site from the websites list. */
async function openFromList(page: Page, name: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'All Websites' })
    .click();
  await page.getByRole('article', { name }).getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/builder\/\d+$/);
}

/** Records every text the save status shows from now on (a person sees each of them, however briefly). */
async function recordStatuses(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { statuses: string[] }).statuses = seen;
    const read = () => {
      const text = document.querySelector('[role="status"][aria-label="Sync status"]')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    read();
  });
  return () => page.evaluate(() => (window as unknown as { statuses: string[] }).statuses);
}

async function addComponent(page: Page, label: string): Promise<void> {
  await page.getByRole('tab', { name: 'Components' }).click();
  await sidebar(page).getByRole('button', { name: label, exact: true }).click();
}

test('a new site is on the server from its first edit: closing the tab keeps it, and the status tells', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('autosave');
  const page = await (await browser.newContext()).newPage();
  await signUpToBuilder(page, email);
  // Named after the business; nothing to save before the first edit.
  await expect(page.getByRole('heading', { name: 'Rosa’s Bakery' })).toBeVisible();
  await expect(saveStatus(page)).toHaveCount(0);
  const statuses = await recordStatuses(page);

  // One edit: the site is created on the server and its address becomes /builder/<id>.
  await addComponent(page, 'Header');
  await expect(page).toHaveURL(/\/builder\/\d+$/, SAVED);
  await expect(saveStatus(page)).toHaveText('All changes saved', SAVED);
  const seen = await statuses();
  expect(seen).toContain('Saving…');
  expect(seen.indexOf('Saving…')).toBeLessThan(seen.lastIndexOf('All changes saved'));
  const siteUrl = new URL(page.url()).pathname;

  // Everything is saved: closing the tab asks nothing (an unexpected prompt would keep the page open).
  const closed = page.waitForEvent('close');
  await page.close({ runBeforeUnload: true });
  await closed;

  // Another browser finds the site in the list and opens it with the edit.
  const other = await freshPage(browser, email);
  await expect(other.getByRole('heading', { name: 'Your Websites' })).toBeVisible();
  await openFromList(other, 'Rosa’s Bakery');
  expect(new URL(other.url()).pathname).toBe(siteUrl);
  await expect(canvas(other).getByRole('heading', { name: 'Welcome to Our Website' })).toBeVisible();

  // Offline: the status says the changes stay here; leaving asks first (in the app and closing the tab).
  await other.context().setOffline(true);
  await expect(saveStatus(other)).toHaveText('Offline — changes kept on this device', SAVED);
  await canvas(other).getByRole('heading', { name: 'Welcome to Our Website' }).click();
  await other.getByLabel('Heading').fill('Baked while offline');
  await expect(canvas(other).getByRole('heading', { name: 'Baked while offline' })).toBeVisible();

  // Back asks in the app (no browser prompt); Cancel, focused first, stays in the builder.
  await other.getByRole('button', { name: 'Back' }).click();
  const question = other.getByRole('dialog', { name: 'Leave the builder?' });
  await expect(question).toHaveAccessibleDescription(LEAVE_WARNING);
  await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expect(question.getByRole('button', { name: 'Leave' })).toBeVisible();
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeHidden();
  await expect(other.getByRole('heading', { name: 'Rosa’s Bakery' })).toBeVisible();

  const unload = other.waitForEvent('dialog');
  await other.close({ runBeforeUnload: true });
  const leaving = await unload;
  expect(leaving.type()).toBe('beforeunload');
  await leaving.dismiss();
  await expect(canvas(other).getByRole('heading', { name: 'Baked while offline' })).toBeVisible();

  // Back online, the change is saved; then Back asks nothing.
  await other.context().setOffline(false);
  await expect(saveStatus(other)).toHaveText('All changes saved', SAVED);
  await other.getByRole('button', { name: 'Back' }).click();
  await expect(other.getByRole('heading', { name: 'Your Websites' })).toBeVisible();

  const third = await freshPage(browser, email);
  await third.goto(siteUrl);
  await expect(canvas(third).getByRole('heading', { name: 'Baked while offline' })).toBeVisible();
});

test('Rename renames the site; Save as saves a copy under a new name and goes on editing the copy', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('autosave-rename');
  const page = await (await browser.newContext()).newPage();
  await signUpToBuilder(page, email);
  await addComponent(page, 'Header');
  await expect(page).toHaveURL(/\/builder\/\d+$/, SAVED);
  const originalUrl = new URL(page.url()).pathname;

  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Website' });
  await rename.getByLabel('Website Name').fill('Rosa Online');
  await rename.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Website saved successfully!')).toBeVisible(SAVED);
  await expect(page.getByRole('heading', { name: 'Rosa Online' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(originalUrl);

  await page.getByRole('button', { name: 'Save as', exact: true }).click();
  const saveAs = page.getByRole('dialog', { name: 'Save Website As' });
  await expect(saveAs.getByLabel('Website Name')).toHaveValue('Rosa Online (copy)');
  await saveAs.getByLabel('Website Name').fill('Rosa Weekend');
  await saveAs.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Rosa Weekend' })).toBeVisible(SAVED);
  await expect(page).not.toHaveURL(new RegExp(`${originalUrl}$`));
  await expect(page).toHaveURL(/\/builder\/\d+$/);

  // An edit of the copy stays in the copy.
  await canvas(page).getByRole('heading', { name: 'Welcome to Our Website' }).click();
  await page.getByLabel('Heading').fill('Weekend specials');
  await expect(saveStatus(page)).toHaveText('All changes saved', SAVED);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('article', { name: 'Rosa Online' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Rosa Weekend' })).toBeVisible();

  const other = await freshPage(browser, email);
  await openFromList(other, 'Rosa Online');
  await expect(canvas(other).getByRole('heading', { name: 'Welcome to Our Website' })).toBeVisible();
  await expect(canvas(other).getByRole('heading', { name: 'Weekend specials' })).toHaveCount(0);
  await expect(saveStatus(other)).toHaveText('All changes saved', SAVED);
  await other.getByRole('button', { name: 'Back' }).click();
  await openFromList(other, 'Rosa Weekend');
  await expect(canvas(other).getByRole('heading', { name: 'Weekend specials' })).toBeVisible();
});

test('undo takes back one command at a time, and in a field one typing burst, the field and canvas alike', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  await signUpToBuilder(page, uniqueEmail('autosave-undo'));
  const elements = canvas(page).locator('[data-element-id]');

  // Three elements added one right after another: Ctrl+Z removes only the last.
  await addComponent(page, 'Header');
  await addComponent(page, 'Text');
  await addComponent(page, 'Button');
  await expect(elements).toHaveCount(3);
  await canvas(page).click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('Control+z');
  await expect(elements).toHaveCount(2);
  await expect(canvas(page).getByRole('heading', { name: 'Welcome to Our Website' })).toBeVisible();
  await expect(canvas(page).getByText('Add your text here. Click to edit.')).toBeVisible();

  // Typing in the (rich) text's Content field: each burst is one step; field and canvas stay equal.
  await canvas(page).getByText('Add your text here. Click to edit.').click();
  const content = page.getByLabel('Content');
  const shown = async (value: string) => {
    await expect(content).toHaveValue(value);
    await expect(canvas(page).getByText(value, { exact: true })).toBeVisible();
  };
  await content.fill('Fresh');
  await shown('Fresh');
  // Appending: a new burst once the field was left.
  await page.getByRole('heading', { name: 'Text Properties' }).click();
  await content.click();
  await content.press('End');
  await content.pressSequentially(' bread');
  await shown('Fresh bread');
  await content.press('Control+z');
  await shown('Fresh');
  await content.press('Control+Shift+z');
  await shown('Fresh bread');
  await expect(canvas(page).getByText('FreshFresh', { exact: false })).toHaveCount(0);

  // Replacing all the text.
  await content.press('Control+a');
  await content.pressSequentially('Cakes');
  await shown('Cakes');
  await content.press('Control+z');
  await shown('Fresh bread');
  await content.press('Control+z');
  await shown('Fresh');
  await content.press('Control+Shift+z');
  await content.press('Control+Shift+z');
  await shown('Cakes');
  await expect(canvas(page).getByText('Fresh')).toHaveCount(0);
});

test('a site deleted in another browser while open: the builder says so and Save as keeps the work as a new site', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('autosave-deleted');
  const page = await (await browser.newContext()).newPage();
  await signUpToBuilder(page, email);
  await addComponent(page, 'Header');
  await expect(page).toHaveURL(/\/builder\/\d+$/, SAVED);
  await expect(saveStatus(page)).toHaveText('All changes saved', SAVED);
  const deletedUrl = new URL(page.url()).pathname;

  // Another browser deletes the site from the list.
  const other = await freshPage(browser, email);
  await other
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'All Websites' })
    .click();
  await other.getByRole('article', { name: 'Rosa’s Bakery' }).getByRole('button', { name: 'Delete' }).click();
  const asked = other.getByRole('dialog', { name: 'Delete this website?' });
  await expect(asked).toHaveAccessibleDescription('Are you sure you want to delete this website?');
  await asked.getByRole('button', { name: 'Delete website' }).click();
  await expect(asked).toBeHidden();
  await expect(other.getByRole('article', { name: 'Rosa’s Bakery' })).toHaveCount(0);

  // The open builder goes on editing; its status says the site is gone and what to do (not "sign in again").
  await canvas(page).getByRole('heading', { name: 'Welcome to Our Website' }).click();
  await page.getByLabel('Heading').fill('Kept after the delete');
  await expect(saveStatus(page)).toHaveText('Site deleted — use Save as to keep your work', SAVED);

  await page.getByRole('button', { name: 'Save as', exact: true }).click();
  const saveAs = page.getByRole('dialog', { name: 'Save Website As' });
  await saveAs.getByLabel('Website Name').fill('Rosa Rescued');
  await saveAs.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Rosa Rescued' })).toBeVisible(SAVED);
  await expect(page).not.toHaveURL(new RegExp(`${deletedUrl}$`));
  await expect(saveStatus(page)).toHaveText('All changes saved', SAVED);

  await other.reload();
  await openFromList(other, 'Rosa Rescued');
  await expect(canvas(other).getByRole('heading', { name: 'Kept after the delete' })).toBeVisible();
});
