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

/** A top-level element of a page as `/api/website/save` takes it (its props beside its id and type). */
export function topLevelElement(id: string, type: string, props: Record<string, unknown>) {
  return { id, type, parentId: null, children: [], ...props };
}

/** A site's one page, its home, as `/api/website/save` takes it. */
export function homePage(elements: unknown[]) {
  return { id: 'home', name: 'Home', path: '', isHomePage: true, elements };
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

/** The business a new owner describes in business setup. */
export type SetupBusiness = { name: string; services: string; email: string };
export const ROSAS_BAKERY: SetupBusiness = {
  name: 'Rosa’s Bakery',
  services: 'Bread, cakes, catering',
  email: 'hello@rosas.example',
};

/** Signs up as `email`, describes `business` in setup and builds from scratch: a new site in the builder. */
export async function signUpToBuilder(page: Page, email: string, business = ROSAS_BAKERY): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('hasSeenWalkthrough', 'true'));
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Tell us about your business' })).toBeVisible();
  await page.getByLabel('Business name').fill(business.name);
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Retail' }).click();
  await page.getByLabel('Services').fill(business.services);
  await page.getByLabel('Email').fill(business.email);
  await page.getByLabel('Phone').fill('+1 555 0100');
  await page.getByRole('button', { name: 'Build from Scratch' }).click();
  // The new site is named after the business.
  await expect(page.getByRole('heading', { name: business.name })).toBeVisible();
}

/** Generates a site for `businessName` through the API, saves it and publishes it at `subdomain`. */
export async function publishGeneratedSite(
  request: APIRequestContext,
  token: string,
  businessName: string,
  subdomain: string,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const generated = await request.post('/api/website/generate', {
    headers,
    data: {
      businessName,
      industry: 'retail',
      services: 'Bread',
      email: 'bake@example.com',
      phone: '+1 555 0100',
    },
  });
  const { name, pages } = await generated.json();
  const { id } = await (await request.post('/api/website/save', { headers, data: { name, pages } })).json();
  expect((await request.post(`/api/website/${id}/publish`, { headers, data: { subdomain } })).status()).toBe(
    200,
  );
}
