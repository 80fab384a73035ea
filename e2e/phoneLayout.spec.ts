import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  ensureUser,
  homePage,
  password,
  publishGeneratedSite,
  sidebar,
  signIn,
  topLevelElement,
  uniqueEmail,
} from './helpers.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A user `email` with a saved site "Rosa Bakery" whose page shows the heading "Fresh bread"; its id. */
async function siteWithHeading(request: APIRequestContext, email: string): Promise<number> {
  await ensureUser(request, email);
  const signedIn = await request.post('/api/auth/login', { data: { email, password } });
  const { token } = (await signedIn.json()) as { token: string };
  const saved = await request.post('/api/website/save', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Rosa Bakery',
      pages: [homePage([topLevelElement('h', 'header', { content: 'Fresh bread' })])],
    },
  });
  expect(saved.status()).toBe(200);
  return ((await saved.json()) as { id: number }).id;
}

// On a phone the wide sidebar (264 px) left the page 120 px and the header ran 150 px past the screen's edge: the
// sidebar stays narrow beside the page, its menu opens the wide one over the page until a place is picked, and the
// header's title takes a row of its own.
test('on a phone the page keeps the room: the menu opens the sidebar over it and picking a place closes it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('phone');
  await ensureUser(request, email);
  await signIn(page, email);
  await page.goto('/crm/contacts');
  const main = page.locator('main');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contacts');
  const width = (await main.boundingBox())?.width ?? 0;
  expect(width).toBeGreaterThan(300);
  // Nothing sticks out to the right (the header's row fits the phone): the page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await expect(page.getByRole('combobox', { name: 'Account' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Start tour' })).toBeInViewport({ ratio: 1 });

  await page.getByRole('button', { name: 'Expand sidebar' }).click();
  const menu = page.getByRole('presentation').getByRole('navigation', { name: 'Sections' });
  await expect(menu.getByRole('button', { name: 'Social Media' })).toBeVisible();
  // Over the page, not beside it: the page is as wide as before.
  expect((await main.boundingBox())?.width).toBe(width);
  await menu.getByRole('button', { name: 'Social Media' }).click();
  await expect(page).toHaveURL(/\/social$/);
  await expect(page.getByRole('presentation')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Social Media');

  // The narrow sidebar's own entries still lead everywhere (a tap opens a section's sub-sections).
  await sidebar(page).getByRole('button', { name: 'CRM' }).click();
  await page.getByRole('button', { name: 'Deals' }).click();
  await expect(page).toHaveURL(/\/crm\/deals$/);
});

test('on a phone no place of the dashboard scrolls sideways', async ({ page, request }) => {
  // Twenty places, each watched while it settles: more than one test's usual time on a busy machine.
  test.slow();
  const email = uniqueEmail('phone-places');
  await ensureUser(request, email);
  await signIn(page, email);
  const places = [
    '/websites',
    '/forms',
    '/templates',
    '/store',
    '/store/orders',
    '/store/settings',
    '/crm',
    '/crm/contacts',
    '/crm/deals',
    '/crm/campaigns',
    '/seo',
    '/social',
    '/integrations',
    '/assistant',
    '/settings/profile',
    '/settings/password',
    '/settings/team',
    '/settings/accounts',
    '/settings/permissions',
    '/settings/business',
  ];
  const sideways: string[] = [];
  for (const place of places) {
    await page.goto(place);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
    // The widest the page gets while its data loads and it settles (the live event stream never lets the
    // network go idle).
    let widest = 0;
    for (const until = Date.now() + 1500; Date.now() < until; await page.waitForTimeout(100)) {
      widest = Math.max(widest, await page.evaluate(() => document.documentElement.scrollWidth));
    }
    if (widest !== 390) sideways.push(`${place}: ${widest} px`);
  }
  // The planner's day labels for screen readers were each as wide as the page; the role table stuck out.
  expect(sideways).toEqual([]);
});

// The star button floats over the page's bottom right corner: at the end of a long page it covered the last
// controls (Save on the business settings, the last fields), which a tap could not reach.
test('on a phone the star button never covers the last controls of a page scrolled to its end', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('phone-star');
  await ensureUser(request, email);
  // A page of contacts: the list ends with its paging controls at the bottom right.
  const signedIn = await request.post('/api/auth/login', { data: { email, password } });
  const { token } = (await signedIn.json()) as { token: string };
  for (let n = 1; n <= 12; n += 1) {
    const contact = await request.post('/api/crm/contacts', {
      headers: { authorization: `Bearer ${token}` },
      data: { firstName: `Ada ${n}`, email: `ada${n}@example.com` },
    });
    expect(contact.status()).toBe(201);
  }
  await signIn(page, email);
  const covered: string[] = [];
  const places: [string, string][] = [
    ['/crm/contacts', '1–12 of 12'],
    ['/settings/profile', 'Save profile'],
  ];
  for (const [place, last] of places) {
    await page.goto(place);
    await expect(page.getByText(last, { exact: true })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(200);
    const star = await page.getByRole('button', { name: 'Leave a review' }).boundingBox();
    if (!star) throw new Error('no star button');
    const under = await page.locator('main').evaluate((main, box) => {
      const hits: string[] = [];
      for (const control of main.querySelectorAll('button, input, textarea, [role="combobox"], a')) {
        const r = control.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const overlaps =
          r.left < box.x + box.width && r.right > box.x && r.top < box.y + box.height && r.bottom > box.y;
        if (overlaps)
          hits.push(control.getAttribute('aria-label') || control.textContent?.trim() || control.tagName);
      }
      return hits;
    }, star);
    if (under.length > 0) covered.push(`${place}: ${under.join(', ')}`);
  }
  expect(covered).toEqual([]);
});

// With a store, its toggle and store choice (≈380 px) sat in one row and the admin tabs could not scroll: every store
// page was 446 px wide on a 390 px phone.
test('on a phone the store of an owner who has one does not scroll sideways', async ({ page, request }) => {
  // Several places, each watched while it settles.
  test.slow();
  const email = uniqueEmail('phone-store');
  const registered = await request.post('/api/auth/register', { data: { email, password } });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const storeId = `phone-${Date.now()}`;
  const store = await request.post('/api/ecommerce/stores', {
    headers: { authorization: `Bearer ${token}` },
    data: { storeId, storeName: 'Rosa’s Corner Bakery', currency: 'USD' },
  });
  expect(store.status()).toBe(201);
  await signIn(page, email);

  const sideways: string[] = [];
  const widest = async (place: string) => {
    let most = 0;
    for (const until = Date.now() + 1500; Date.now() < until; await page.waitForTimeout(100)) {
      most = Math.max(most, await page.evaluate(() => document.documentElement.scrollWidth));
    }
    if (most !== 390) sideways.push(`${place}: ${most} px`);
  };
  // The row above the tabs is the same on every tab: two of them, and the storefront.
  for (const tab of ['products', 'orders']) {
    await page.goto(`/store/${tab}?store=${storeId}`);
    await expect(page.getByRole('combobox', { name: 'Store' })).toHaveText('Rosa’s Corner Bakery');
    await widest(tab);
  }
  // Every tab can be reached on the phone.
  await page.goto(`/store/products?store=${storeId}`);
  await page.getByRole('tab', { name: 'Stores' }).click();
  await expect(page).toHaveURL(/\/store\/stores/);
  await page.getByRole('group', { name: 'Store view' }).getByRole('button', { name: 'Storefront' }).click();
  await expect(page.getByText('No products found')).toBeVisible();
  await widest('storefront');
  expect(sideways).toEqual([]);
});

// The detail pane sits under the list on a phone: a tap on a submission changed nothing the owner could see.
test('on a phone a tapped form submission comes into view', async ({ page, request }) => {
  test.slow();
  const email = uniqueEmail('phone-forms');
  const registered = await request.post('/api/auth/register', { data: { email, password } });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const subdomain = `phone-forms-${Date.now()}`;
  await publishGeneratedSite(request, token, 'Phone Bakery', subdomain);
  const contact = await (await request.get(`/sites/${subdomain}/contact`)).text();
  const formId = /data-form-id="([^"]+)"/.exec(contact)?.[1] ?? '';
  // Eight visitors (each from an address of their own: a visitor may post 5 a minute).
  for (let visitor = 1; visitor <= 8; visitor += 1) {
    const posted = await request.post(`/api/public/sites/${subdomain}/forms/${formId}`, {
      headers: { 'x-forwarded-for': `203.0.113.${visitor}` },
      data: {
        data: { Name: `Visitor ${visitor}`, Email: `v${visitor}@example.com`, Message: 'Bread on Sunday?' },
      },
    });
    expect(posted.status()).toBe(201);
  }
  await signIn(page, email);
  await page.goto('/forms');
  const list = page.getByRole('list', { name: 'Form submissions' });
  await expect(list.getByRole('button')).toHaveCount(8);

  await list.getByRole('button', { name: /Name: Visitor 8/ }).click();

  const details = page.getByLabel('Submission details');
  await expect(details.getByText('Visitor 8', { exact: true })).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Contact Us' })).toBeInViewport();
});

// SEO Tools with a saved site: its audit's pages table widened the page 60 px past a phone's edge, the site
// settings' fields cut off on the right; the table now scrolls inside its card.
test('on a phone SEO Tools with a site audited does not scroll sideways', async ({ page, request }) => {
  const email = uniqueEmail('phone-seo');
  await siteWithHeading(request, email);
  await signIn(page, email);
  await page.goto('/seo');
  await expect(page.getByRole('table', { name: 'Page SEO settings' })).toContainText('Home');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  // The site settings' fields end inside the screen.
  const field = await page.getByLabel('Title suffix').boundingBox();
  expect((field?.x ?? 0) + (field?.width ?? 0)).toBeLessThanOrEqual(390);
});

// With the site published, the sitemap finding's address ran out of its card (the page 430 px wide) and each
// finding's text had ~70 px beside its chip and button, a word a line; a finding's parts now stack.
test('on a phone SEO Tools with a published site does not scroll sideways', async ({ page, request }) => {
  const email = uniqueEmail('phone-seo-published');
  const registered = await request.post('/api/auth/register', { data: { email, password } });
  const { token } = (await registered.json()) as { token: string };
  await publishGeneratedSite(request, token, 'Phone Bakery', `phone-seo-${Date.now()}`);
  await signIn(page, email);
  await page.goto('/seo');
  const sitemap = page.getByRole('list', { name: 'SEO findings' }).getByText(/^sitemap\.xml lists/);
  await expect(sitemap).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  expect((await sitemap.boundingBox())?.width).toBeGreaterThan(200);
  // The table scrolls inside its card: its last column can be brought into view.
  const lastColumn = page
    .getByRole('table', { name: 'Page SEO settings' })
    .getByRole('columnheader', { name: 'Search engines' });
  await lastColumn.scrollIntoViewIfNeeded();
  await expect(lastColumn).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});

test.describe('on a tablet held upright', () => {
  test.use({ viewport: { width: 820, height: 1180 } });

  // The header's account name, user name and status ran past the right edge from 600 to 1,079 px wide: the
  // avatar menu (Logout, settings) was off the screen and every page scrolled sideways.
  test('the dashboard header keeps the avatar menu on the screen, upright and at small desktop widths', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('tablet-header-with-a-long-name');
    await ensureUser(request, email);
    await signIn(page, email);
    await expect(page.getByRole('combobox', { name: 'Account' })).toContainText('account');
    for (const width of [820, 900, 1024]) {
      await page.setViewportSize({ width, height: 1000 });
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    }
  });

  // The builder's commands ran 74 px past the screen's right edge, Publish among them.
  test('the builder shows every command, Publish included, without scrolling sideways', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('tablet');
    const id = await siteWithHeading(request, email);
    await signIn(page, email);
    await page.goto(`/builder/${id}`);
    await expect(page.getByTestId('site-canvas')).toContainText('Fresh bread');
    for (const name of ['Back', 'History', 'Preview', 'Rename', 'Save as', 'Publish']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(820);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});

// On a phone the builder's sidebar stood beside the page (200 px of 390), so the page being built was 140 px
// wide; its header took four rows. Now the sidebar sits below the page, full width, and the rarer commands show
// their icons alone (their names stay theirs).
test('on a phone the builder gives the page the phone’s width and the sidebar its own below it', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('phone-builder');
  const id = await siteWithHeading(request, email);
  await signIn(page, email);
  await page.goto(`/builder/${id}`);
  const canvas = page.getByTestId('site-canvas');
  await expect(canvas).toContainText('Fresh bread');
  expect((await canvas.boundingBox())?.width).toBeGreaterThan(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  for (const name of ['Back', 'History', 'Preview', 'Rename', 'Save as', 'Publish']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }

  // The sidebar is below the page, as wide as the phone: a tap adds a component and its properties show there.
  const sidebarBox = await page.getByRole('complementary', { name: 'Builder sidebar' }).boundingBox();
  const canvasBox = await page.getByRole('main', { name: 'Canvas' }).boundingBox();
  expect(sidebarBox?.width).toBe(390);
  expect(sidebarBox?.y).toBeGreaterThanOrEqual((canvasBox?.y ?? 0) + (canvasBox?.height ?? 0));
  await page.getByRole('tab', { name: 'Components' }).click();
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Layers' })).toHaveAttribute('aria-selected', 'true');
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.fill('Open every day from 7');
  await expect(canvas).toContainText('Open every day from 7');
});
