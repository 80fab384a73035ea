import { expect, type Page, test } from '@playwright/test';
import { ensureUser, sidebar, signIn, uniqueEmail } from './helpers.ts';

async function openCrm(page: Page, item: string): Promise<void> {
  const nav = sidebar(page);
  const entry = nav.getByRole('button', { name: item, exact: true });
  if (!(await entry.isVisible())) await nav.getByRole('button', { name: 'CRM', exact: true }).click();
  await entry.click();
}

test('Add contact keeps what was typed: a bad email and a duplicate are explained under Email, then it saves', async ({
  page,
  request,
}) => {
  const owner = uniqueEmail('crm-dialogs');
  await ensureUser(request, owner);
  await signIn(page, owner);
  await openCrm(page, 'Contacts');

  // A first contact, so the second can collide with its email.
  await page.getByRole('button', { name: 'Add contact' }).click();
  const first = page.getByRole('dialog', { name: 'Add contact' });
  await first.getByLabel('First name').fill('Grace');
  await first.getByLabel('Email').fill('grace@navy.example');
  await first.getByRole('button', { name: 'Save' }).click();
  await expect(first).toBeHidden();
  const grid = page.getByRole('grid', { name: 'Contacts' });
  await expect(grid.getByText('grace@navy.example')).toBeVisible();

  await page.getByRole('button', { name: 'Add contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add contact' });
  await dialog.getByLabel('First name').fill('Ada');
  await dialog.getByLabel('Company').fill('Analytical Engines');
  await dialog.getByLabel('Email').fill('ada@engines');
  await expect(dialog.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  // The server's length rule, checked in the dialog too (src/contracts/crmFieldRules.ts).
  await dialog.getByLabel('Phone').fill('5'.repeat(51));
  await expect(dialog.getByText('At most 50 characters')).toBeVisible();
  await dialog.getByLabel('Phone').fill('');
  await expect(dialog.getByText('At most 50 characters')).toHaveCount(0);

  // The server's refusal (409) lands under Email; the dialog stays with everything typed.
  await dialog.getByLabel('Email').fill('Grace@navy.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('A contact with this email already exists')).toBeVisible();
  await expect(dialog.getByLabel('First name')).toHaveValue('Ada');
  await expect(dialog.getByLabel('Company')).toHaveValue('Analytical Engines');

  await dialog.getByLabel('Email').fill('ada@engines.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(grid.getByRole('row', { name: /ada@engines\.example/ })).toContainText('Analytical Engines');
});
