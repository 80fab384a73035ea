import { expect, type Page, test } from '@playwright/test';
import { ensureUser, sidebar, signIn, uniqueEmail } from './helpers.ts';

/** Opens CRM › {item} in the sidebar. */
async function openCrm(page: Page, item: string): Promise<void> {
  const nav = sidebar(page);
  const entry = nav.getByRole('button', { name: item, exact: true });
  if (!(await entry.isVisible())) await nav.getByRole('button', { name: 'CRM', exact: true }).click();
  await entry.click();
}

const stat = (page: Page, label: string) => page.getByTestId(`stat-${label}`);

test('import a CSV, find a contact, win a deal on the kanban, see the dashboard move, send a campaign', async ({
  page,
  request,
}) => {
  const owner = uniqueEmail('crm-owner');
  await ensureUser(request, owner);
  await signIn(page, owner);

  // A lead, so the conversion rate has something to count.
  await openCrm(page, 'Leads');
  await page.getByLabel('Lead name').fill('Walk-in customer');
  await page.getByRole('button', { name: 'Add lead' }).click();
  await expect(page.getByRole('grid', { name: 'Leads' }).getByText('Walk-in customer')).toBeVisible();

  await openCrm(page, 'Contacts');
  await page.getByLabel('New list name').fill('Newsletter');
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByLabel('List', { exact: true })).toHaveText(/Newsletter/);

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import contacts' });
  const csv = [
    'First Name,Last Name,Email,Company',
    'Ada,Lovelace,ada@engines.example,Analytical Engines',
    'Grace,Hopper,grace@navy.example,Navy',
    'Bad,Row,not-an-email,Nowhere',
  ].join('\n');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByLabel('Add to list').click();
  await page.getByRole('option', { name: 'Newsletter' }).click();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Imported: 2 created, 0 updated, 1 skipped')).toBeVisible();
  await expect(dialog.getByText('Row 4: email "not-an-email" is not valid')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByLabel('Search contacts').fill('lovel');
  const grid = page.getByRole('grid', { name: 'Contacts' });
  await expect(grid.getByText('ada@engines.example')).toBeVisible();
  await expect(grid.getByText('grace@navy.example')).toBeHidden();

  await openCrm(page, 'Dashboard');
  await expect(stat(page, 'Total Contacts')).toContainText('2');
  await expect(stat(page, 'Total Revenue')).toContainText('$0.00');
  await expect(stat(page, 'Conversion Rate')).toContainText('0%');

  await openCrm(page, 'Deals');
  await page.getByLabel('Deal title').fill('Engine website');
  await page.getByLabel('Value').fill('2500');
  await page.getByRole('button', { name: 'Add deal' }).click();
  const card = page.getByTestId('deal-Engine website');
  await expect(page.getByTestId('stage-lead').getByTestId('deal-Engine website')).toBeVisible();
  await card.dragTo(page.getByTestId('stage-closed-won'));
  await expect(page.getByTestId('stage-closed-won').getByTestId('deal-Engine website')).toBeVisible();

  await openCrm(page, 'Leads');
  await page.getByRole('button', { name: 'Convert' }).click();
  await expect(
    page.getByRole('grid', { name: 'Leads' }).getByRole('combobox', { name: 'Status of Walk-in customer' }),
  ).toHaveText('converted');

  await openCrm(page, 'Dashboard');
  await expect(stat(page, 'Total Revenue')).toContainText('$2,500.00');
  await expect(stat(page, 'Conversion Rate')).toContainText('100%');

  await openCrm(page, 'Campaigns');
  await page.getByLabel('Campaign name').fill('Spring news');
  await page.getByLabel('Audience (contact list)').click();
  await page.getByRole('option', { name: /Newsletter/ }).click();
  await page.getByLabel('Subject').fill('Hello {{firstName}}');
  await page.getByLabel('Content').fill('Dear {{firstName}}, spring is here.');
  await page.getByRole('button', { name: 'Save campaign' }).click();
  await page.getByRole('list', { name: 'Campaigns' }).getByText('Spring news').click();
  await page.getByRole('button', { name: 'Send campaign' }).click();
  await expect(page.getByText(/Sent: 0 delivered, 2 kept in the outbox, 0 failed/)).toBeVisible({
    timeout: 20_000,
  });

  await openCrm(page, 'Communications');
  const log = page.getByRole('grid', { name: 'Communications' });
  await expect(log.getByText('Hello Ada')).toBeVisible();
  await expect(log.getByText('Hello Grace')).toBeVisible();
  await expect(log.getByText('grace@navy.example')).toBeVisible();
});
