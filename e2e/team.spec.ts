import { expect, test } from '@playwright/test';
import { ensureUser, openSettings, password, signIn, uniqueEmail } from './helpers.ts';

const accountName = (email: string) => `${email.slice(0, email.indexOf('@'))}'s account`;

test('an owner adds an existing user to the team and sees them listed', async ({ page, request }) => {
  const owner = uniqueEmail('owner');
  const colleague = uniqueEmail('colleague');
  await ensureUser(request, owner);
  await ensureUser(request, colleague);

  await signIn(page, owner);
  await openSettings(page, 'Teams');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText(`Users of ${accountName(owner)}`)).toBeVisible();

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User to Account' });
  await dialog.getByLabel('Email').fill(colleague);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();

  await expect(page.getByText('User added successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page
    .getByRole('grid', { name: 'Account users' })
    .getByRole('row')
    .filter({ hasText: colleague });
  await expect(row).toBeVisible();
  await expect(row.getByRole('combobox', { name: `Role of ${colleague}` })).toHaveText('User');

  // Opened with a click, the role menu takes the keyboard: the grid no longer takes focus back from it.
  await row.getByRole('combobox', { name: `Role of ${colleague}` }).click();
  const roles = page.getByRole('listbox');
  await expect(roles.getByRole('option', { name: 'User' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(roles).toBeHidden();
  await expect(row.getByRole('combobox', { name: `Role of ${colleague}` })).toHaveText('User');
});

test('a new address gets an invitation link: its page creates the account and joins; the tour runs 1 of 6 to 6 of 6', async ({
  page,
  request,
  browser,
}) => {
  const owner = uniqueEmail('inviter');
  const newcomer = uniqueEmail('newcomer');
  await ensureUser(request, owner);

  await signIn(page, owner);
  await openSettings(page, 'Teams');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User to Account' });
  await dialog.getByLabel('Email').fill(newcomer);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Invitation sent successfully')).toBeVisible();
  const link = await dialog.getByLabel('Invitation link').inputValue();
  expect(link).toMatch(/\/invite#[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('grid', { name: 'Pending invitations' }).getByText(newcomer)).toBeVisible();

  // The newcomer opens the link in their own browser: the page creates their account with that address.
  const context = await browser.newContext();
  const newPage = await context.newPage();
  await newPage.goto(link);
  await expect(newPage).toHaveURL(/\/invite$/);
  await expect(newPage.getByRole('heading', { name: `Join ${accountName(owner)}` })).toBeVisible();
  await expect(newPage.getByLabel('Email')).toHaveValue(newcomer);
  await expect(newPage.getByLabel('Email')).not.toBeEditable();
  await newPage.getByLabel('Password').fill(password);
  await newPage.getByRole('button', { name: 'Create account', exact: true }).click();

  // The joined account's dashboard (first visit: the tour shows), with no business setup on the way.
  await expect(newPage.getByText(`You joined ${accountName(owner)}`)).toBeVisible();
  await expect(newPage).toHaveURL(/\/websites$/);
  const tour = newPage.getByRole('dialog');
  for (let step = 1; step <= 6; step++) {
    await expect(tour.getByText(`${step} of 6`)).toBeVisible();
    if (step > 1) await expect(tour.getByRole('button', { name: 'Previous' })).toBeEnabled();
    await tour.getByRole('button', { name: step === 6 ? 'Finish' : 'Next' }).click();
  }
  await expect(newPage.getByText('6 of 6')).toBeHidden();
  await newPage.getByRole('button', { name: 'Start tour' }).click();
  await expect(newPage.getByRole('dialog').getByText('1 of 6')).toBeVisible();
  await newPage.getByRole('button', { name: 'Skip Tour' }).click();

  // The joined account is the current one, and the newcomer is among its users.
  await expect(newPage.getByRole('combobox', { name: 'Account' })).toHaveText(accountName(owner));
  await openSettings(newPage, 'Teams');
  await expect(newPage.getByRole('grid', { name: 'Account users' }).getByText(newcomer)).toBeVisible();
  await context.close();

  // The owner sees them too; the invitation is no longer pending.
  await page.reload();
  await openSettings(page, 'Teams');
  await expect(page.getByRole('grid', { name: 'Account users' }).getByText(newcomer)).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Pending invitations' })).toHaveCount(0);
});
