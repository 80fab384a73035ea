import { type APIRequestContext, expect, test } from '@playwright/test';
import { password, sidebar, signIn, uniqueEmail } from './helpers.ts';

/** A new user made through the API; returns their bearer header. */
async function registerOwner(request: APIRequestContext, email: string) {
  const registered = await request.post('/api/auth/register', { data: { email, password } });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

test('the AI Assistant shows its placeholder, and its rule-based commands do what the screens do', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('assistant');
  const headers = await registerOwner(request, email);
  // Data made through the API: the commands must find it through the same calls as the screens.
  const adaEmail = uniqueEmail('ada');
  const contact = await request.post('/api/crm/contacts', {
    data: { firstName: 'Ada', lastName: 'Lovelace', email: adaEmail },
    headers,
  });
  expect(contact.status()).toBe(201);
  const home = { id: 'home', name: 'Home', path: '', elements: [], isHomePage: true };
  const site = await request.post('/api/website/save', {
    data: { name: 'Corner Bakery', pages: [home] },
    headers,
  });
  expect(site.ok()).toBe(true);
  const { id: siteId } = (await site.json()) as { id: number };

  await signIn(page, email);
  await sidebar(page).getByRole('button', { name: 'AI Assistant' }).click();
  await expect(page.getByText(/^The AI Assistant is coming soon\./)).toBeVisible();
  await expect(
    page.getByText('These commands follow fixed rules; nothing here is a language model.'),
  ).toBeVisible();

  const palette = page.getByRole('form', { name: 'Command palette' });
  const command = palette.getByLabel('Command');
  const run = palette.getByRole('button', { name: 'Run' });
  const result = palette.getByRole('status');

  // find contact: the CRM's contact search, as the Contacts screen runs it.
  await command.fill('find contact lovelace');
  await expect(palette.getByText('Find the contact “lovelace”')).toBeVisible();
  await run.click();
  await expect(result).toHaveText(`1 contact match “lovelace”: Ada Lovelace · ${adaEmail}`);
  await command.fill('find contact nobody-like-this');
  await run.click();
  await expect(result).toHaveText('No contact matches “nobody-like-this”.');

  // Page commands need the builder; the palette says so instead of guessing.
  // It is said once, under the field (the field's description), which turns red on Run.
  await command.fill('add page About us');
  await run.click();
  await expect(command).toHaveAccessibleDescription(
    'Open a website in the builder first (“open <website name>”), then add pages.',
  );
  await expect(command).toHaveAttribute('aria-invalid', 'true');
  await expect(result).toHaveCount(0);

  // open <name>: the same event as the Edit button of the websites list.
  await command.fill('open corner');
  await expect(palette.getByText('Open “Corner Bakery” in the builder')).toBeVisible();
  await run.click();
  await expect(page).toHaveURL(new RegExp(`/builder/${siteId}$`));
  await expect(page.getByRole('heading', { name: 'Corner Bakery', level: 1 })).toBeVisible();

  // In the builder: add page (the Pages panel's events: the new page becomes current), then add section.
  await page.getByRole('button', { name: 'Commands' }).click();
  const dialog = page.getByRole('dialog', { name: 'Commands' });
  await dialog.getByRole('textbox', { name: 'Command', exact: true }).fill('add page About us');
  await dialog.getByRole('button', { name: 'Run' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Added the page “About us” (/about-us)');
  await dialog.getByRole('textbox', { name: 'Command', exact: true }).fill('add section');
  await dialog.getByRole('button', { name: 'Run' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Added a section to About us');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('tab', { name: 'Pages' }).click();
  const pages = page.getByRole('list', { name: 'Pages' });
  const about = pages.getByRole('button', { name: 'About us /about-us' });
  await expect(about).toHaveClass(/Mui-selected/);
  await expect(pages.getByRole('button', { name: /^Home/ })).not.toHaveClass(/Mui-selected/);
  await expect(page.getByTestId('site-canvas').locator('section')).toHaveCount(1);
  // The home page kept its (empty) canvas: the section went to the current page only.
  await pages.getByRole('button', { name: /^Home/ }).click();
  await expect(page.getByTestId('site-canvas').locator('section')).toHaveCount(0);
});
