import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { password, uniqueEmail } from './helpers.ts';

test('sign up → business setup → Generate with AI → builder → mobile preview → publish → visit → submit → inbox → CSV', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => localStorage.setItem('hasSeenWalkthrough', 'true'));
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('flow'));
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Tell us about your business' })).toBeVisible();
  await page.getByLabel('Business name').fill('Blue Lake Clinic');
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Healthcare' }).click();
  await page.getByLabel('Services').fill('Check-ups, Vaccinations, Physiotherapy');
  await page.getByLabel('Email').fill('hello@bluelake.example');
  await page.getByLabel('Phone').fill('+1 555 0199');
  // A 1×1 PNG as the logo: uploaded beside the setup call and shown in the generated site's navbar.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await page
    .getByLabel('Logo (optional)')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Generate with AI' }).click();

  // The generator screen: the business summary and Generate Website.
  await expect(page.getByRole('heading', { name: 'Blue Lake Clinic' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate Website' }).click();

  // The generated site opens in the builder with its four pages and a card per service.
  await expect(page).toHaveURL(/\/builder\/\d+$/);
  const canvas = page.getByTestId('site-canvas');
  await expect(canvas.getByRole('heading', { name: 'Blue Lake Clinic' })).toBeVisible();
  await expect(canvas.getByText('Vaccinations').first()).toBeVisible();
  await expect(canvas.locator('nav img').first()).toHaveAttribute('src', /^\/api\/uploads\//);
  await page.getByRole('tab', { name: 'Pages' }).click();
  for (const name of ['About', 'Services', 'Contact'])
    await expect(page.getByText(name, { exact: true }).first()).toBeVisible();

  // Preview on mobile: a 375 px wide frame, then landscape, then the HTML source.
  await page.getByRole('button', { name: 'Preview' }).click();
  await page.getByRole('button', { name: 'Mobile' }).click();
  const frame = page.locator('iframe[title="Preview on Mobile"]');
  await expect(frame).toHaveAttribute('width', '375');
  await expect(frame.contentFrame().getByRole('heading', { name: 'Blue Lake Clinic' })).toBeVisible();
  // The navbar as a phone's visitors see it: its links folded behind the Menu button.
  await expect(frame.contentFrame().getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect(frame.contentFrame().locator('nav').getByRole('link', { name: 'About' })).toBeHidden();
  await page.getByRole('button', { name: 'Portrait' }).click();
  await expect(frame).toHaveAttribute('width', '667');
  await page.getByRole('button', { name: 'Code' }).click();
  await expect(page.getByLabel('HTML source')).toContainText('<!doctype html>');
  await page.getByRole('button', { name: 'Edit Website' }).click();
  await expect(canvas).toBeVisible();

  // Publish under a subdomain (forced lowercase, other characters dropped).
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish Website' });
  await expect(dialog.getByLabel('Subdomain')).toHaveValue('blue-lake-clinic');
  // A generated site leaves no component showing its starting prompt.
  await expect(dialog.getByText('Visitors will see text that was never written')).toBeHidden();
  const subdomain = `Blue-Lake_${Date.now()}`;
  await dialog.getByLabel('Subdomain').fill(subdomain);
  const expected = subdomain.toLowerCase().replace('_', '');
  await expect(dialog.getByLabel('Subdomain')).toHaveValue(expected);
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  const domain = `127.0.0.1:${new URL(page.url()).port}/sites/${expected}`;
  await expect(dialog.getByText(`Website published successfully at: ${domain}`)).toBeVisible();
  const url = await dialog.getByRole('link').getAttribute('href');
  expect(url).toBe(`http://${domain}/`);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Opening Publish again offers the current subdomain.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog.getByLabel('Subdomain')).toHaveValue(expected);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The card shows the domain and Active.
  await page.getByRole('button', { name: 'Back' }).click();
  const card = page.getByRole('article', { name: 'Blue Lake Clinic' });
  await expect(card.getByText(domain)).toBeVisible();
  await expect(card.getByText('Active')).toBeVisible();

  // A visitor opens the published site and sends its contact form.
  const visitor = await context.newPage();
  await visitor.goto(url ?? '');
  await expect(visitor).toHaveTitle('Blue Lake Clinic');
  // The logo loads inside the sandboxed page too.
  await expect
    .poll(() =>
      visitor
        .locator('nav img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBe(1);
  await visitor.getByRole('link', { name: 'Contact', exact: true }).first().click();
  await visitor.getByLabel('Name').fill('Grace');
  await visitor.getByLabel('Email').fill('grace@example.com');
  await visitor.getByLabel('Message').fill('=1+1 Can I book a check-up?');
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.getByRole('status')).toHaveText('Form submitted successfully!');
  await expect(visitor.getByLabel('Message')).toHaveValue('');
  await visitor.close();

  // The owner finds it in Form Submissions (#forms), opens it (new → read) and exports CSV.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(card.getByText('1 form submission')).toBeVisible();
  await card.getByRole('button', { name: 'Forms' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Form Submissions' })).toBeVisible();
  await expect(page.getByText('Total: 1 submission')).toBeVisible();
  const item = page.getByRole('list', { name: 'Form submissions' }).getByRole('button');
  await expect(item).toContainText('Name: Grace');
  await expect(item.locator('[data-status="new"]')).toBeVisible();
  await item.click();
  await expect(page.getByLabel('Submission details')).toContainText('Can I book a check-up?');
  await expect(item.locator('[data-status="read"]')).toBeVisible();
  await page.getByRole('button', { name: 'Database View' }).click();
  await expect(page.getByRole('table', { name: 'Form submissions table' })).toContainText(
    'grace@example.com',
  );

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('form_submissions.csv');
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  // Spec §9: values only, no header line (columns: Submitted At, Website, Form, Status, then the fields).
  const rows = csv.trim().split('\r\n');
  expect(rows).toHaveLength(1);
  const [row] = rows;
  expect(row).toContain(',Blue Lake Clinic,Contact Us,read,Grace,grace@example.com,');
  // The formula-looking message is kept as text.
  expect(row).toContain(`'=1+1 Can I book a check-up?`);

  // The websites list offers the variant business form: prefilled from the profile, one Generate Website button.
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'All Websites' })
    .click();
  await page.getByRole('button', { name: 'Generate Website' }).click();
  await expect(page.getByLabel('Business name')).toHaveValue('Blue Lake Clinic');
  await expect(page.getByRole('button', { name: 'Build from Scratch' })).toHaveCount(0);
  await page.getByLabel('Services').fill('Check-ups, Dental care');
  await page.getByRole('button', { name: 'Generate Website' }).click();
  await expect(page.getByText('Dental care')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Website' })).toBeEnabled();

  // Unpublish from the builder: the address answers 404 and the card no longer shows the domain.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('article', { name: 'Blue Lake Clinic' }).getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await dialog.getByRole('button', { name: 'Unpublish' }).click();
  // Asked, not done yet: the owner confirms (or keeps it published).
  await expect(dialog.getByRole('alert')).toContainText('Visitors will no longer see it');
  expect((await page.request.get(url ?? '')).status()).toBe(200);
  await dialog.getByRole('button', { name: 'Keep it published' }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Unpublish' }).click();
  await dialog.getByRole('button', { name: 'Unpublish' }).click();
  await expect(dialog).toBeHidden();
  expect((await page.request.get(url ?? '')).status()).toBe(404);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('article', { name: 'Blue Lake Clinic' }).getByText(domain)).toHaveCount(0);
});
