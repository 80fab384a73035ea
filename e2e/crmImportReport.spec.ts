import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ensureUser, sidebar, signIn, uniqueEmail } from './helpers.ts';

test('a CSV with a malformed row imports the good rows and offers the bad rows for download', async ({
  page,
  request,
}) => {
  const owner = uniqueEmail('importer');
  await ensureUser(request, owner);
  await signIn(page, owner);
  const nav = sidebar(page);
  await nav.getByRole('button', { name: 'CRM', exact: true }).click();
  await nav.getByRole('button', { name: 'Contacts', exact: true }).click();

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import contacts' });
  const csv = [
    'First Name,Last Name,Email',
    // A stray quote inside a value (strict parsing refused the whole file for it).
    'Bob,"the" Builder,bob@builders.example',
    'Ada,Lovelace,ada@engines.example',
    // Opened and never closed: this row cannot be read.
    'Eve,"Broken,eve@broken.example',
  ].join('\n');
  await dialog
    .getByLabel('CSV file')
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(dialog.getByText('Imported: 2 created, 0 updated, 1 skipped')).toBeVisible({
    timeout: 30_000,
  });
  await expect(dialog.getByText('Row 4: a quoted value is never closed (a " is missing)')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download bad rows' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('people-bad-rows.csv');
  const saved = await readFile((await download.path()) ?? '', 'utf8');
  expect(saved).toBe('Row,Reason\r\n4,"a quoted value is never closed (a "" is missing)"\r\n');

  await dialog.getByRole('button', { name: 'Close' }).click();
  const grid = page.getByRole('grid', { name: 'Contacts' });
  await expect(grid.getByText('bob@builders.example')).toBeVisible();
  await expect(grid.getByText('ada@engines.example')).toBeVisible();
  await expect(grid.getByText('eve@broken.example')).toHaveCount(0);
});
