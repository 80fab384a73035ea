import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createTestModel } from 'xstate/graph';
import { serializeEveryTransition } from '../tests/machines/modelCoverage.ts';
import { appFlowModel } from '../tests/machines/models/appFlow.model.ts';
import { password, uniqueEmail } from './helpers.ts';

// One test per generated path of the root app flow (tests/machines/models/appFlow.model.ts), walked in
// Chromium against the real server as a person would: each event is a click or a keystroke, each state is
// asserted by what is on the screen. `npm run paths -- appFlow` prints the same paths.

const business = {
  businessName: 'Paths Bakery',
  industry: 'retail',
  services: 'Bread, cakes',
  email: 'hello@paths.example',
  phone: '+1 555 0101',
};

type Walk = { page: Page; request: APIRequestContext; email: string; hasUser: boolean; siteSaved: boolean };

async function signUp(walk: Walk) {
  await walk.page.goto('/login');
  await walk.page.getByRole('tab', { name: 'Create account' }).click();
  await walk.page.getByLabel('Email').fill(walk.email);
  await walk.page.getByLabel('Password').fill(password);
  await walk.page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(walk.page.getByText('Account created!')).toBeVisible();
  walk.hasUser = true;
}

/** An owner who already has an account with a business profile (made through the API, not the screens). */
async function ensureOwner(walk: Walk) {
  if (walk.hasUser) return;
  const registered = await walk.request.post('/api/auth/register', {
    data: { email: walk.email, password },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const setup = await walk.request.post('/api/business/setup', {
    data: business,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(setup.ok()).toBe(true);
  walk.hasUser = true;
}

async function fillBusiness(page: Page) {
  await page.getByLabel('Business name').fill(business.businessName);
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Retail' }).click();
  await page.getByLabel('Services').fill(business.services);
  await page.getByLabel('Email').fill(business.email);
  await page.getByLabel('Phone').fill(business.phone);
}

const paths = createTestModel(appFlowModel, {
  serializeTransition: serializeEveryTransition,
}).getShortestPaths();

for (const path of paths) {
  test(`app flow: ${path.description}`, async ({ page, request }) => {
    // The walkthrough would cover the dashboard on a first visit; its own tests run elsewhere.
    await page.addInitScript(() => localStorage.setItem('hasSeenWalkthrough', 'true'));
    const walk: Walk = { page, request, email: uniqueEmail('paths'), hasUser: false, siteSaved: false };
    // A visitor opens the app: signed out, it shows the sign-in screen.
    await page.goto('/');

    await path.test({
      events: {
        'visitor.signUp': () => signUp(walk),
        'owner.signIn': async () => {
          await ensureOwner(walk);
          await page.goto('/login');
          await page.getByLabel('Email').fill(walk.email);
          await page.getByLabel('Password').fill(password);
          await page.getByRole('button', { name: 'Sign in', exact: true }).click();
          await expect(page.getByText('Welcome back!')).toBeVisible();
        },
        'setup.build': async () => {
          await fillBusiness(page);
          await page.getByRole('button', { name: 'Build from Scratch' }).click();
          await expect(page.getByText('Business profile created!')).toBeVisible();
        },
        'setup.generate': async () => {
          await fillBusiness(page);
          await page.getByRole('button', { name: 'Generate with AI' }).click();
          await expect(page.getByText('Business profile created!')).toBeVisible();
        },
        'website.create': async () => {
          await page.getByRole('navigation', { name: 'Sections' }).getByText('Website Builder').click();
          await page.getByRole('button', { name: 'Create From Scratch' }).click();
        },
        'flow.build': () => page.getByRole('button', { name: /Build from Scratch/ }).click(),
        'flow.generate': () => page.getByRole('button', { name: /Generate with AI/ }).click(),
        'generator.generate': async () => {
          await page.getByRole('button', { name: 'Generate Website' }).click();
          // A generated site is saved with its business name: the next Save goes straight through.
          walk.siteSaved = true;
        },
        'builder.save': async () => {
          await page.getByRole('button', { name: 'Save', exact: true }).click();
          if (!walk.siteSaved) {
            await page.getByLabel('Website Name').fill('Paths Online');
            await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
            walk.siteSaved = true;
          }
          await expect(page.getByText('Website saved successfully!').first()).toBeVisible();
          // Spec §4: a saved site returns to the websites list, which shows it.
          await expect(page.getByRole('heading', { name: 'Your Websites' })).toBeVisible();
          await expect(page.getByRole('article').first()).toBeVisible();
        },
        'view.back': async () => {
          const back = page.getByRole('button', { name: /^Back/ });
          await back.first().click();
        },
        'session.logout': async () => {
          await page.getByRole('button', { name: 'Account menu' }).click();
          await page.getByRole('menuitem', { name: 'Logout' }).click();
        },
        'session.expire': async () => {
          // Signed out on another device: the token is revoked, and the next call ends this session.
          const token = await page.evaluate(() => localStorage.getItem('token'));
          const logout = await request.post('/api/auth/logout', {
            headers: { authorization: `Bearer ${token}` },
          });
          expect(logout.ok()).toBe(true);
          await page.reload();
          await expect(page.getByText('Session expired')).toBeVisible();
        },
      },
      states: {
        signedOut: async () => {
          await expect(page).toHaveURL(/\/login$/);
          await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
          expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
        },
        businessSetup: () =>
          expect(page.getByRole('heading', { name: 'Tell us about your business' })).toBeVisible(),
        dashboard: async () => {
          await expect(page).toHaveURL(/\/$/);
          await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
          await expect(page.getByRole('navigation', { name: 'Sections' })).toBeVisible();
        },
        flowChoice: () =>
          expect(
            page.getByRole('heading', { name: 'How would you like to create your website?' }),
          ).toBeVisible(),
        generator: async () => {
          await expect(page.getByRole('heading', { name: 'Generate your website' })).toBeVisible();
          await expect(page.getByRole('heading', { name: business.businessName })).toBeVisible();
        },
        builder: async () => {
          await expect(page.getByTestId('site-canvas')).toBeVisible();
          await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
          if (walk.siteSaved) await expect(page).toHaveURL(/\/builder\/\d+$/);
        },
      },
    });
  });
}
