import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { createTestModel } from 'xstate/graph';
import { serializeEveryTransition } from '../tests/machines/modelCoverage.ts';
import { appFlowModel } from '../tests/machines/models/appFlow.model.ts';
import { ensureUser, password, uniqueEmail } from './helpers.ts';

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
          // Rename saves the site under the name (creating it on the server if it was not yet), then Back
          // (no question once everything is saved) leads to the websites list, which shows it.
          await page.getByRole('button', { name: 'Rename', exact: true }).click();
          await page.getByLabel('Website Name').fill('Paths Online');
          await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
          walk.siteSaved = true;
          await expect(page.getByText('Website saved successfully!').first()).toBeVisible();
          await expect(page.getByRole('status', { name: 'Sync status' })).toHaveText('All changes saved', {
            timeout: 30_000,
          });
          await page.getByRole('button', { name: /^Back/ }).first().click();
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
          // On the dashboard the live event stream ends the session by itself; elsewhere the next call does.
          // Where the page is, read before the logout: the stream may end the session before a later look.
          const onDashboard = await page.getByRole('navigation', { name: 'Sections' }).isVisible();
          const logout = await request.post('/api/auth/logout', {
            headers: { authorization: `Bearer ${token}` },
          });
          expect(logout.ok()).toBe(true);
          if (onDashboard) {
            await expect(page.getByText('Session expired')).toBeVisible({ timeout: 15_000 });
          } else {
            await page.reload();
            await expect(page.getByText('Session expired')).toBeVisible();
          }
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
          await expect(page).toHaveURL(/\/websites$/);
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
          await expect(page.getByRole('button', { name: 'Rename', exact: true })).toBeVisible();
          if (walk.siteSaved) await expect(page).toHaveURL(/\/builder\/\d+$/);
        },
      },
    });
  });
}

// Every dashboard place has a URL (src/contracts/appRoutes.ts): reached by clicks, kept by a reload, and
// Back/Forward move between places. The admin e2e address (ADMIN_EMAILS in playwright.config.ts) sees Admin too.
const ADMIN = 'admin-e2e@example.com';

type Place = { url: RegExp; open: (page: Page) => Promise<void>; shows: (page: Page) => Promise<void> };

const nav = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
async function openNav(page: Page, group: string | null, item: string) {
  const entry = nav(page).getByRole('button', { name: item, exact: true });
  if (group && !(await entry.isVisible())) {
    await nav(page).getByRole('button', { name: group, exact: true }).click();
  }
  await entry.click();
}
const title = (page: Page, name: string) =>
  expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
const tabShown = async (page: Page, heading: string, tab: string) => {
  await title(page, heading);
  await expect(page.getByRole('tab', { name: tab, exact: true, selected: true })).toBeVisible();
};
const section = (url: RegExp, group: string | null, item: string, heading = item): Place => ({
  url,
  open: (page) => openNav(page, group, item),
  shows: (page) => title(page, heading),
});
const tab = (url: RegExp, heading: string, name: string): Place => ({
  url,
  open: (page) => page.getByRole('tab', { name, exact: true }).click(),
  shows: (page) => tabShown(page, heading, name),
});
const fromMenu = (url: RegExp, item: string): Place => ({
  url,
  open: async (page) => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: item }).click();
  },
  shows: (page) => title(page, item),
});

test('every dashboard place has a URL: clicks reach it, reload keeps it, Back and Forward move between places', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await ensureUser(request, ADMIN);
  const signedIn = await request.post('/api/auth/login', { data: { email: ADMIN, password } });
  const { token } = (await signedIn.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const storeId = `paths-${Date.now()}`;
  expect(
    (
      await request.post('/api/ecommerce/stores', { headers, data: { storeId, storeName: 'Paths Shop' } })
    ).status(),
  ).toBe(201);
  const contact = await request.post('/api/crm/contacts', {
    headers,
    data: { firstName: `Ada${Date.now()}` },
  });
  expect(contact.status()).toBe(201);
  const ada = (await contact.json()) as { id: number; firstName: string };

  await page.addInitScript(() => localStorage.setItem('hasSeenWalkthrough', 'true'));
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/websites$/);
  await title(page, 'All Websites');
  // The store admin remembers the chosen store in its URL.
  const store = `store=${storeId}`;

  const places: Place[] = [
    section(/\/forms$/, 'Website Builder', 'Form Submissions'),
    section(/\/templates$/, 'Website Builder', 'Templates'),
    section(/\/store$/, null, 'Online Store'),
    tab(/\/store\/orders(\?|$)/, 'Online Store', 'Orders'),
    tab(/\/store\/settings(\?|$)/, 'Online Store', 'Settings'),
    tab(/\/store\/stores(\?|$)/, 'Online Store', 'Stores'),
    {
      url: new RegExp(`/store/stores\\?${store}$`),
      open: (page) =>
        page
          .getByRole('list', { name: 'Stores' })
          .getByRole('button', { name: new RegExp(storeId) })
          .click(),
      shows: (page) => tabShown(page, 'Online Store', 'Stores'),
    },
    tab(new RegExp(`/store/products\\?${store}$`), 'Online Store', 'Products'),
    section(/\/crm$/, 'CRM', 'Dashboard', 'CRM Dashboard'),
    section(/\/crm\/contacts$/, 'CRM', 'Contacts'),
    {
      url: new RegExp(`/crm/contacts/${ada.id}$`),
      open: (page) => page.getByRole('grid', { name: 'Contacts' }).getByText(ada.firstName).click(),
      shows: async (page) => {
        await expect(page.getByRole('dialog', { name: 'Edit contact' })).toBeVisible();
        await expect(page.getByLabel('First name')).toHaveValue(ada.firstName);
      },
    },
    {
      url: /\/crm\/contacts$/,
      open: (page) => page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click(),
      shows: async (page) => {
        await title(page, 'Contacts');
        await expect(page.getByRole('dialog')).toHaveCount(0);
      },
    },
    section(/\/crm\/leads$/, 'CRM', 'Leads'),
    section(/\/crm\/deals$/, 'CRM', 'Deals'),
    section(/\/crm\/activities$/, 'CRM', 'Activities'),
    {
      url: /\/crm\/data-cleaning$/,
      open: (page) => page.getByRole('button', { name: 'Data Cleaning' }).click(),
      shows: async (page) => {
        await title(page, 'Data Cleaning');
        await expect(page.getByRole('heading', { level: 2, name: 'Data Cleaning' })).toBeVisible();
      },
    },
    section(/\/seo$/, null, 'SEO Tools'),
    section(/\/social$/, null, 'Social Media'),
    section(/\/integrations$/, null, 'Integrations'),
    section(/\/assistant$/, null, 'AI Assistant'),
    section(/\/settings\/team$/, 'Settings', 'Teams'),
    {
      url: /\/settings\/profile$/,
      open: (page) => page.getByRole('tab', { name: 'Profile' }).click(),
      shows: (page) => expect(page.getByRole('tab', { name: 'Profile', selected: true })).toBeVisible(),
    },
    section(/\/settings\/accounts$/, 'Settings', 'Accounts'),
    section(/\/settings\/permissions$/, 'Settings', 'Permissions'),
    fromMenu(/\/settings\/profile$/, 'User Settings'),
    fromMenu(/\/settings\/password$/, 'Password Change'),
    section(/\/admin$/, null, 'Admin'),
    tab(/\/admin\/activity$/, 'Admin', 'Activity Logs'),
    tab(/\/admin\/reviews$/, 'Admin', 'Reviews & Credits'),
    tab(/\/admin\/jobs$/, 'Admin', 'Job Dashboard'),
    tab(/\/admin\/outbox$/, 'Admin', 'Outbox'),
    section(/\/websites$/, 'Website Builder', 'All Websites'),
  ];

  for (const place of places) {
    await place.open(page);
    await expect(page).toHaveURL(place.url);
    await place.shows(page);
    // A reload stays on the place.
    await page.reload();
    await expect(page).toHaveURL(place.url);
    await place.shows(page);
  }

  // Back walks the places in reverse, Forward comes forward again.
  for (const place of places.slice(0, -1).reverse().slice(0, 8)) {
    await page.goBack();
    await expect(page).toHaveURL(place.url);
    await place.shows(page);
  }
  const last = places.at(-1)!;
  for (let i = 0; i < 8; i += 1) await page.goForward();
  await expect(page).toHaveURL(last.url);
  await last.shows(page);
});

test('the website flow has URLs too: Create From Scratch is /websites/new, reload keeps it, Back returns', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('paths-flow');
  await ensureUser(request, email);
  await page.addInitScript(() => localStorage.setItem('hasSeenWalkthrough', 'true'));
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/websites$/);
  await page.getByRole('button', { name: 'Create From Scratch' }).click();
  const choice = page.getByRole('heading', { name: 'How would you like to create your website?' });
  await expect(page).toHaveURL(/\/websites\/new$/);
  await expect(choice).toBeVisible();
  await page.reload();
  await expect(choice).toBeVisible();
  await page.getByRole('button', { name: /Build from Scratch/ }).click();
  await expect(page.getByTestId('site-canvas')).toBeVisible();
  await expect(page).toHaveURL(/\/builder\/draft-[\w-]+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/websites\/new$/);
  await expect(choice).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/websites$/);
  await expect(page.getByRole('heading', { name: 'Your Websites' })).toBeVisible();
  await page.goForward();
  await expect(choice).toBeVisible();
});

test('a link opened signed out survives sign-in: the sign-in screen returns to it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('paths-deep');
  const registered = await request.post('/api/auth/register', { data: { email, password } });
  const { token } = (await registered.json()) as { token: string };
  const contact = await request.post('/api/crm/contacts', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'Grace', lastName: 'Hopper' },
  });
  const { id } = (await contact.json()) as { id: number };

  await page.addInitScript(() => localStorage.setItem('hasSeenWalkthrough', 'true'));
  await page.goto(`/crm/contacts/${id}`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/crm/contacts/${id}$`));
  await expect(page.getByRole('dialog', { name: 'Edit contact' })).toBeVisible();
  await expect(page.getByLabel('Last name')).toHaveValue('Hopper');
});
