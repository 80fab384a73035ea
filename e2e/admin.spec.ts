import { expect, test } from '@playwright/test';
import { ensureUser, sidebar, signIn, uniqueEmail } from './helpers.ts';

// playwright.config.ts lists this address in ADMIN_EMAILS.
const ADMIN = 'admin-e2e@example.com';

test('an admin edits the credit a review earned, and sees the job dashboard', async ({
  page,
  request,
  browser,
}) => {
  await ensureUser(request, ADMIN);
  const reviewer = uniqueEmail('reviewer');
  await ensureUser(request, reviewer);

  // A user leaves a review with the floating star and earns credits.
  const reviewerContext = await browser.newContext();
  const reviewerPage = await reviewerContext.newPage();
  await signIn(reviewerPage, reviewer);
  await reviewerPage.getByRole('button', { name: 'Leave a review' }).click();
  const popup = reviewerPage.getByRole('dialog', { name: 'Leave a review' });
  await expect(popup.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await popup.locator('label', { hasText: '5 Stars' }).click();
  await popup.getByLabel('Your review (optional)').fill('Made our bakery site in an afternoon.');
  await popup.getByRole('button', { name: 'Submit' }).click();
  await expect(popup.getByText('Thank you for your review!')).toBeVisible();
  await expect(popup).toBeHidden({ timeout: 5000 });
  await reviewerContext.close();

  await signIn(page, ADMIN);
  await sidebar(page).getByRole('button', { name: 'Admin' }).click();
  await expect(page.getByRole('tab', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Users' }).getByText(reviewer)).toBeVisible();

  await page.getByRole('tab', { name: 'Reviews & Credits' }).click();
  await expect(
    page.getByRole('grid', { name: 'Reviews' }).getByText('Made our bakery site in an afternoon.'),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Credits', exact: true }).click();
  const row = page.getByRole('grid', { name: 'Credits' }).getByRole('row').filter({ hasText: reviewer });
  await expect(row).toContainText('10');
  await row.getByRole('button', { name: `Edit credit of ${reviewer}` }).click();
  const modal = page.getByRole('dialog', { name: 'Edit credit' });
  await modal.getByLabel('Credits').fill('25');
  await modal.getByLabel('Description').fill('Early adopter bonus');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Credit updated')).toBeVisible();
  await expect(row).toContainText('25');
  await expect(row).toContainText('Early adopter bonus');

  // The activity log has the edit; the job dashboard (its own page, in a 500px frame) lists the queues.
  await page.getByRole('tab', { name: 'Activity Logs' }).click();
  await expect(
    page.getByRole('grid', { name: 'Activity logs' }).getByText('admin.credit_updated').first(),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Job Dashboard' }).click();
  const frame = page.frameLocator('iframe[title="Job Dashboard"]');
  await expect(frame.getByRole('heading', { name: 'Job Dashboard' })).toBeVisible();
  await expect(frame.getByRole('table', { name: 'Queues' }).getByText('invitation-mail')).toBeVisible();
  expect(
    await page.locator('iframe[title="Job Dashboard"]').evaluate((el) => el.getBoundingClientRect().height),
  ).toBe(500);
});

test('a user who is not admin never sees Admin, and /hangfire denies them', async ({ page, request }) => {
  // The first user of a fresh database is admin: make sure that is not this one.
  await ensureUser(request, ADMIN);
  const user = uniqueEmail('plain');
  await ensureUser(request, user);

  await signIn(page, user);
  await expect(sidebar(page).getByRole('button', { name: 'Settings' })).toBeVisible();
  await expect(sidebar(page).getByRole('button', { name: 'Admin' })).toHaveCount(0);

  await page.goto('/hangfire');
  await expect(page.getByText('Access Denied')).toBeVisible();
  await expect(page.getByText("You don't have permission to access this admin section.")).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const api = await request.get('/api/admin/jobs', { headers: { authorization: `Bearer ${token}` } });
  expect(api.status()).toBe(403);
});
