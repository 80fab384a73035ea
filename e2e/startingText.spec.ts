import { expect, test } from '@playwright/test';
import { signUpToBuilder, uniqueEmail } from './helpers.ts';

test('publishing warns of a component still showing its starting prompt, and opens it to be written', async ({
  page,
}) => {
  await signUpToBuilder(page, uniqueEmail('starting-text'));
  const sidebar = page.getByRole('complementary', { name: 'Builder sidebar' });
  await sidebar.getByRole('button', { name: 'Text', exact: true }).click();
  const canvas = page.getByTestId('site-canvas');
  await expect(canvas.getByText('Add your text here. Click to edit.')).toBeVisible();
  // The first edit puts the site on the server.
  await expect(page).toHaveURL(/\/builder\/\d+/, { timeout: 30_000 });
  // Another component selected, so choosing the warning's entry visibly selects the text.
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish Website' });
  const warning = dialog
    .getByRole('alert')
    .filter({ hasText: 'Visitors will see text that was never written' });
  await expect(warning).toContainText('One component still shows the text it started with:');
  await warning.getByRole('button', { name: 'Text on Home: “Add your text here. Click to edit.”' }).click();
  await expect(dialog).toBeHidden();
  const content = sidebar.getByLabel('Content');
  await expect(content).toHaveValue('Add your text here. Click to edit.');

  await content.fill('Fresh bread every morning from 7.');
  await expect(canvas.getByText('Fresh bread every morning from 7.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog.getByLabel('Subdomain')).toBeVisible();
  await expect(dialog.getByText('Visitors will see text that was never written')).toBeHidden();
});
