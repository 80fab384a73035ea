import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const password = 'correct horse 42';

/** An address no other run or test uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Creates the user through the API (201), or finds them already there (409). */
export async function ensureUser(request: APIRequestContext, email: string): Promise<void> {
  const response = await request.post('/api/auth/register', { data: { email, password } });
  expect([201, 409]).toContain(response.status());
}

/** Signs in on the sign-in screen; the walkthrough is marked seen first unless `withTour`. */
export async function signIn(page: Page, email: string, { withTour = false } = {}): Promise<void> {
  if (!withTour) await page.addInitScript(() => localStorage.setItem('hasSeenWalkthrough', 'true'));
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

/** Opens Settings › Teams, Accounts or Permissions. */
export async function openSettings(page: Page, item: 'Teams' | 'Accounts' | 'Permissions'): Promise<void> {
  const nav = sidebar(page);
  const entry = nav.getByRole('button', { name: item, exact: true });
  if (!(await entry.isVisible())) await nav.getByRole('button', { name: 'Settings' }).click();
  await entry.click();
}
