import { type Browser, expect, type Page, test } from '@playwright/test';
import { password, signIn, signUpToBuilder, uniqueEmail } from './helpers.ts';

const canvas = (page: Page) => page.getByTestId('site-canvas');
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Builder sidebar' });
const syncStatus = (page: Page) => page.getByRole('status', { name: 'Sync status' });
const localPart = (email: string) => email.slice(0, email.indexOf('@'));

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** The canvas element (`[data-element-id]`) that shows `text`, and its id. */
async function elementWith(page: Page, text: string): Promise<string> {
  const element = canvas(page).locator('[data-element-id]').filter({ hasText: text }).last();
  await expect(element).toBeVisible();
  return (await element.getAttribute('data-element-id')) as string;
}

test('two members of one account edit a page at once, see each other’s edits and selections, and an offline edit merges back', async ({
  browser,
  request,
}) => {
  // Three browsers, an offline spell and an undo across them: more than one test's usual time on a busy machine.
  test.setTimeout(120_000);
  const ownerEmail = uniqueEmail('coedit-owner');
  const colleagueEmail = uniqueEmail('coedit-colleague');
  const owner = await newPage(browser);
  const colleague = await newPage(browser);

  // The owner builds a page: its first edit puts it on the server, and from then on it syncs through the server.
  await signUpToBuilder(owner, ownerEmail);
  await sidebar(owner).getByRole('button', { name: 'Header', exact: true }).click();
  await owner.getByLabel('Heading').fill('Fresh bread daily');
  await expect(owner).toHaveURL(/\/builder\/\d+$/, { timeout: 30_000 });
  await owner.getByRole('button', { name: 'Rename', exact: true }).click();
  await owner.getByLabel('Website Name').fill('Rosa Online');
  await owner.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(owner.getByRole('heading', { name: 'Rosa Online' })).toBeVisible();
  await expect(syncStatus(owner)).toHaveText('All changes saved', { timeout: 30_000 });
  const siteUrl = new URL(owner.url()).pathname;

  // The owner adds an existing user to the account (the API call the Teams screen makes).
  const register = await request.post('/api/auth/register', { data: { email: colleagueEmail, password } });
  expect(register.status()).toBe(201);
  const token = await owner.evaluate(() => localStorage.getItem('token'));
  const accountId = await owner.evaluate(() => localStorage.getItem('currentAccountId'));
  const added = await request.post(`/api/accounts/${accountId}/users/invite-or-add`, {
    headers: { authorization: `Bearer ${token}` },
    data: { email: colleagueEmail, roleName: 'User' },
  });
  expect(added.status()).toBe(200);

  // The colleague signs in, switches to the owner's account and opens the same site.
  await signIn(colleague, colleagueEmail);
  await colleague.getByRole('combobox', { name: 'Account' }).click();
  await colleague.getByRole('option', { name: `${localPart(ownerEmail)}'s account` }).click();
  await expect(colleague.getByRole('combobox', { name: 'Account' })).toHaveText(
    `${localPart(ownerEmail)}'s account`,
  );
  await colleague.goto(siteUrl);
  await expect(canvas(colleague).getByRole('heading', { name: 'Fresh bread daily' })).toBeVisible();

  // Each sees the other in the header, in their own colour.
  await expect(
    owner.getByRole('list', { name: 'Also editing' }).getByLabel(localPart(colleagueEmail)),
  ).toBeVisible();
  await expect(
    colleague.getByRole('list', { name: 'Also editing' }).getByLabel(localPart(ownerEmail)),
  ).toBeVisible();

  // A selection shows on the other's canvas as an outline with the person's name.
  const headingId = await elementWith(owner, 'Fresh bread daily');
  await canvas(owner).getByRole('heading', { name: 'Fresh bread daily' }).click();
  const ownerOutline = canvas(colleague).locator(`[data-presence-for="${headingId}"]`);
  await expect(ownerOutline).toHaveText(localPart(ownerEmail));

  // Edits at once: the owner retitles, the colleague adds a text; each sees the other's.
  await owner.getByLabel('Heading').fill('Warm bread all day');
  await sidebar(colleague).getByRole('button', { name: 'Text', exact: true }).click();
  await colleague.getByLabel('Content').fill('Open on Sundays');
  await expect(canvas(colleague).getByRole('heading', { name: 'Warm bread all day' })).toBeVisible();
  await expect(canvas(owner).getByText('Open on Sundays')).toBeVisible();
  const textId = await elementWith(colleague, 'Open on Sundays');
  await expect(canvas(owner).locator(`[data-presence-for="${textId}"]`)).toHaveText(
    localPart(colleagueEmail),
  );

  // The colleague goes offline and keeps editing; the owner edits meanwhile.
  await colleague.context().setOffline(true);
  await expect(syncStatus(colleague)).toHaveText('Offline — changes kept on this device');
  await colleague.getByLabel('Content').fill('Open on Sundays and Mondays');
  await expect(canvas(colleague).getByText('Open on Sundays and Mondays')).toBeVisible();
  await owner.getByLabel('Heading').fill('Warm bread, all day long');
  await expect(syncStatus(owner)).toHaveText('All changes saved');

  // Back online, both edits meet on both screens and are stored.
  await colleague.context().setOffline(false);
  await expect(canvas(owner).getByText('Open on Sundays and Mondays')).toBeVisible();
  await expect(canvas(colleague).getByRole('heading', { name: 'Warm bread, all day long' })).toBeVisible();
  await expect(syncStatus(colleague)).toHaveText('All changes saved');
  await expect(syncStatus(owner)).toHaveText('All changes saved');

  // Nothing is lost: a fresh browser (no local copy) gets everything from the server.
  const third = await newPage(browser);
  await signIn(third, ownerEmail);
  await third.goto(siteUrl);
  await expect(canvas(third).getByRole('heading', { name: 'Warm bread, all day long' })).toBeVisible();
  await expect(canvas(third).getByText('Open on Sundays and Mondays')).toBeVisible();
  // Undo stays per person: the owner's undo takes back the owner's last edit, never the colleague's.
  await owner.getByRole('button', { name: 'Undo' }).click();
  await expect(canvas(owner).getByRole('heading', { name: 'Warm bread, all day long' })).toHaveCount(0);
  await expect(canvas(colleague).getByRole('heading', { name: 'Warm bread, all day long' })).toHaveCount(0);
  await expect(canvas(owner).getByText('Open on Sundays and Mondays')).toBeVisible();
});
