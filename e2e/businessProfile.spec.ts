import { expect, type Page, test } from '@playwright/test';
import { password, sidebar, uniqueEmail } from './helpers.ts';

async function openBusinessDetails(page: Page): Promise<void> {
  const nav = sidebar(page);
  const entry = nav.getByRole('button', { name: 'Business details', exact: true });
  if (!(await entry.isVisible())) await nav.getByRole('button', { name: 'Settings' }).click();
  await entry.click();
}

test('a generated site shows the business profile: mailto/tel footer, its name, #contact, a clean subdomain; an edit of the details follows', async ({
  page,
  context,
}) => {
  await page.addInitScript(() => localStorage.setItem('hasSeenWalkthrough', 'true'));
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('profile'));
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Tell us about your business' })).toBeVisible();
  await page.getByLabel('Business name').fill('Summit Plumbing & Heating');
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await page.getByLabel('Services').fill('boiler repair, water heaters');
  await page.getByLabel('Email').fill('hello@summit.example');
  await page.getByLabel('Phone').fill('+1 555 0142');
  await page.getByRole('button', { name: 'Generate with AI' }).click();
  await page.getByRole('button', { name: 'Generate Website' }).click();

  // The builder shows the footer with the profile's details as links, and services in proper case.
  await expect(page).toHaveURL(/\/builder\/\d+$/);
  const canvas = page.getByTestId('site-canvas');
  await expect(canvas.getByRole('heading', { name: 'Summit Plumbing & Heating', level: 1 })).toBeVisible();
  await expect(canvas.getByRole('heading', { name: 'Boiler Repair' }).first()).toBeVisible();
  const builderFooter = canvas.locator('footer');
  await expect(builderFooter.getByRole('link', { name: 'hello@summit.example' })).toHaveAttribute(
    'href',
    'mailto:hello@summit.example',
  );

  // The suggested subdomain is a clean slug of the name.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish Website' });
  await expect(dialog.getByLabel('Subdomain')).toHaveValue('summit-plumbing-heating');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog.getByText(/Website published successfully at: /)).toBeVisible({ timeout: 30_000 });
  const url = (await dialog.getByRole('link').getAttribute('href')) ?? '';
  expect(url).toMatch(/\/sites\/summit-plumbing-heating\/$/);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const visitor = await context.newPage();
  await visitor.goto(url);
  await expect(visitor).toHaveTitle('Summit Plumbing & Heating');
  await expect(visitor.getByText('My Website')).toHaveCount(0);
  const footer = visitor.locator('footer');
  await expect(footer.getByRole('link', { name: 'hello@summit.example' })).toHaveAttribute(
    'href',
    'mailto:hello@summit.example',
  );
  await expect(footer.getByRole('link', { name: '+1 555 0142' })).toHaveAttribute('href', 'tel:+15550142');
  await expect(footer).toContainText('© Summit Plumbing & Heating. All rights reserved.');
  // The call to action's #contact reaches the section with that id.
  await visitor.getByRole('link', { name: 'Get in touch' }).click();
  await expect(visitor).toHaveURL(/#contact$/);
  const contact = visitor.locator('section#contact');
  await expect(contact).toContainText('Contact Us');
  await expect(contact).toContainText('Call us at +1 555 0142 or write to hello@summit.example.');
  await expect(contact).toBeInViewport();

  // Settings › Business details (/settings/business): a new email and a social link.
  await page.getByRole('button', { name: 'Back' }).click();
  await openBusinessDetails(page);
  await expect(page).toHaveURL(/\/settings\/business$/);
  const form = page.getByRole('form', { name: 'Business details' });
  await expect(form.getByLabel('Email')).toHaveValue('hello@summit.example');
  await form.getByLabel('Email').fill('office@summit.example');
  await form.getByLabel('Social links (one per line)').fill('https://www.facebook.com/summitph');
  await form.getByRole('button', { name: 'Save business details' }).click();
  await expect(form.getByText('Business details saved')).toBeVisible();

  // Republished, the footer follows the edit.
  await page.goto('/');
  const card = page.getByRole('article', { name: 'Summit Plumbing & Heating' });
  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(
    page.getByTestId('site-canvas').locator('footer').getByRole('link', { name: 'office@summit.example' }),
  ).toHaveAttribute('href', 'mailto:office@summit.example');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog.getByLabel('Subdomain')).toHaveValue('summit-plumbing-heating');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(dialog.getByText(/Website published successfully at: /)).toBeVisible({ timeout: 30_000 });
  await visitor.goto(url);
  await expect(footer.getByRole('link', { name: 'office@summit.example' })).toHaveAttribute(
    'href',
    'mailto:office@summit.example',
  );
  await expect(footer.getByText('hello@summit.example')).toHaveCount(0);
  await expect(footer.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
    'href',
    'https://www.facebook.com/summitph',
  );
});

test('Business details refuses a bad email beside the field and keeps what was typed', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('hasSeenWalkthrough', 'true'));
  const email = uniqueEmail('profile-details');
  const registered = await page.request.post('/api/auth/register', { data: { email, password } });
  const { token } = (await registered.json()) as { token: string };
  await page.request.post('/api/business/setup', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      businessName: 'Details Co',
      industry: 'retail',
      services: 'Things',
      email: 'a@details.example',
      phone: '+1 555 0100',
    },
  });
  // Opened signed out, the place survives sign-in (a goto right after the click raced the sign-in).
  await page.goto('/settings/business');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/business$/);
  const form = page.getByRole('form', { name: 'Business details' });
  await form.getByLabel('Address').fill('1 High Street');
  await form.getByLabel('Email').fill('not-an-address');
  await form.getByRole('button', { name: 'Save business details' }).click();
  await expect(form.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
  await expect(form.getByLabel('Address')).toHaveValue('1 High Street');
  await expect(form.getByText('Business details saved')).toHaveCount(0);
});
