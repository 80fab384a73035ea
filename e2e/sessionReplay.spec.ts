import { expect, test } from '@playwright/test';
import { ensureUser, password, sidebar, signIn, uniqueEmail } from './helpers.ts';

// playwright.config.ts lists this address in ADMIN_EMAILS; admin.spec.ts may have created it already.
const ADMIN = 'admin-e2e@example.com';

test('a user’s session is recorded without what they typed, and an admin steps through it in Session Replay', async ({
  browser,
  request,
}) => {
  // Stepping through a session one click at a time takes a while.
  test.setTimeout(120_000);
  await ensureUser(request, ADMIN);
  const email = uniqueEmail('replayed');

  // A user signs up and clicks around; every recording batch the browser sends is kept for inspection.
  const userContext = await browser.newContext();
  await userContext.addInitScript(() => localStorage.setItem('hasSeenWalkthrough', 'true'));
  const page = await userContext.newPage();
  const sent: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().includes('/api/replay/sessions/'))
      sent.push(req.postData() ?? '');
  });
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Tell us about your business' })).toBeVisible();
  await page.getByLabel('Business name').fill('Replay Bakery');
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Retail' }).click();
  await page.getByLabel('Services').fill('Bread');
  await page.getByLabel('Email').fill('hello@replay-bakery.example');
  await page.getByLabel('Phone').fill('+1 555 0100');
  await page.getByRole('button', { name: 'Build from Scratch' }).click();
  await expect(page.getByText('Business profile created!')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  // The tour, then User Settings, where recording is explained (and could be turned off).
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'User Settings' }).click();
  await expect(page.getByText('It never records what you type')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Record my sessions for support' })).toBeChecked();

  // Batches go out every few seconds; the dashboard steps arrive too.
  await expect.poll(() => sent.join('\n'), { timeout: 15_000 }).toContain('"state":{"dashboard":');
  const payload = sent.join('\n');
  expect(payload).toContain('auth.register');
  expect(payload).not.toContain(password);
  expect(payload).not.toContain(email);
  expect(payload).not.toContain('Replay Bakery');
  expect(payload).not.toContain('hello@replay-bakery.example');
  expect(payload).toContain('[redacted]');
  await userContext.close();

  // The admin finds the session by the user's email and steps through it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  await sidebar(admin).getByRole('button', { name: 'Admin' }).click();
  await admin.getByRole('tab', { name: 'Session Replay' }).click();
  await admin.getByLabel('User email').fill(email);
  const grid = admin.getByRole('grid', { name: 'Recorded sessions' });
  // The list is filtered once the typing settles: the rows are replaced then, so a click waits for the one
  // row of this user (the header row and theirs) rather than landing while the grid re-renders.
  await expect(grid).toHaveAttribute('aria-rowcount', '2');
  await expect(grid.getByText(email)).toBeVisible();
  await grid.getByRole('button', { name: `Open session of ${email}` }).click();
  await expect(admin.getByRole('heading', { name: email })).toBeVisible();

  await expect(admin.getByText(/^Step 1 of \d+$/)).toBeVisible({ timeout: 30_000 });
  await expect(admin.getByText('Sandbox reaches every recorded state')).toBeVisible();
  const state = admin.getByTestId('replay-state');
  const seen = new Set<string>();
  // The dashboard with its places' actors (the recording switch's among them while User Settings shows).
  const isDashboard = (text: string) => text.startsWith('dashboard.');
  for (let i = 0; i < 200 && ![...seen].some(isDashboard); i++) {
    seen.add((await state.textContent()) ?? '');
    const next = admin.getByRole('button', { name: 'Next step' });
    if (await next.isDisabled()) break;
    await next.click();
  }
  seen.add((await state.textContent()) ?? '');
  expect([...seen]).toEqual(
    expect.arrayContaining(['auth.idle', 'auth.registering', 'businessSetup.editing', 'builder']),
  );
  // Its regions in the order the stored recording keeps them.
  const regions = (text: string) => text.replace('dashboard.', '').split(', ').sort();
  expect([...seen].filter(isDashboard).map(regions)).toEqual([
    [
      'businessDetails.closed',
      'crm.closed',
      'replaySettings.closed',
      'replayViewer.closed',
      'storefront.closed',
    ],
  ]);
  await admin.getByRole('button', { name: 'Previous step' }).click();
  await expect(admin.getByLabel('Current step')).toContainText('Event:');

  // Play in sandbox: the real screens, read-only.
  await admin.getByRole('button', { name: 'Play in sandbox' }).click();
  await admin.getByRole('button', { name: 'Pause' }).click();
  const sandbox = admin.getByRole('region', { name: 'Sandbox' });
  await expect(sandbox).toBeVisible();
  await expect(sandbox).toHaveAttribute('inert', '');
  // At the last step the user was on the dashboard: the sandbox shows the real dashboard shell.
  await admin.getByRole('slider', { name: 'Step' }).press('End');
  await expect(sandbox.getByText('Website Builder').first()).toBeVisible();

  // Opening the session was logged.
  await admin.getByRole('button', { name: 'Back to sessions' }).click();
  await admin.getByRole('tab', { name: 'Activity Logs' }).click();
  await expect(
    admin.getByRole('grid', { name: 'Activity logs' }).getByText('admin.replay_viewed').first(),
  ).toBeVisible();
  await adminContext.close();
});
