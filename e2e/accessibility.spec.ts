import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { ElementNode } from '../src/canvas/ops/elementOps.ts';
import { TEMPLATES } from '../src/canvas/templates.ts';
import { ensureUser, password, sidebar, signIn, uniqueEmail } from './helpers.ts';

// playwright.config.ts lists this address in ADMIN_EMAILS.
const ADMIN = 'admin-e2e@example.com';

/**
 * Runs axe on the page as it stands and records every serious or critical violation, with the rule id and
 * the elements it found, so one run lists every screen's problems (a soft assertion per screen).
 */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Colours are only final once transitions end (a dialog fading in reads as low contrast half-way).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.nodes
          .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)}`)
          .join(' | ')}`,
    );
  expect.soft(serious, `${screen}: serious or critical axe violations`).toEqual([]);
}

/** Waits for a dashboard section: its title heads the page and nothing is loading any more. */
async function sectionShown(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
}

type SectionRef = { group?: string; label: string; title?: string };

/** The dashboard's sections, as the sidebar offers them (CRM's and Settings' sub-sections each). */
const SECTIONS: SectionRef[] = [
  { group: 'Website Builder', label: 'All Websites' },
  { group: 'Website Builder', label: 'Form Submissions' },
  { group: 'Website Builder', label: 'Templates' },
  { label: 'Online Store' },
  { group: 'CRM', label: 'Dashboard', title: 'CRM Dashboard' },
  { group: 'CRM', label: 'Contacts' },
  { group: 'CRM', label: 'Leads' },
  { group: 'CRM', label: 'Deals' },
  { group: 'CRM', label: 'Pipelines' },
  { group: 'CRM', label: 'Activities' },
  { group: 'CRM', label: 'Campaigns' },
  { group: 'CRM', label: 'Communications' },
  { group: 'CRM', label: 'Unified Inbox' },
  { group: 'CRM', label: 'Reports' },
  { group: 'CRM', label: 'Custom Reports' },
  { group: 'CRM', label: 'Analytics' },
  { group: 'CRM', label: 'Lead Tracking' },
  { group: 'CRM', label: 'AI Insights' },
  { group: 'CRM', label: 'Integrations', title: 'CRM Integrations' },
  { label: 'SEO Tools' },
  { label: 'Social Media' },
  { label: 'Integrations' },
  { label: 'AI Assistant' },
  { group: 'Settings', label: 'Teams' },
  { group: 'Settings', label: 'Accounts' },
  { group: 'Settings', label: 'Permissions' },
];

async function openSection(page: Page, { group, label }: SectionRef): Promise<void> {
  const nav = sidebar(page);
  if (!group) {
    // The last: CRM's own Integrations (expanded above) shares the top-level entry's name.
    await nav.getByRole('button', { name: label, exact: true }).last().click();
    return;
  }
  const list = nav.getByRole('list', { name: group });
  if (!(await list.isVisible())) await nav.getByRole('button', { name: group, exact: true }).click();
  await list.getByRole('button', { name: label, exact: true }).click();
}

/** Spec-shaped elements of a template, for a saved site. */
function specElements(nodes: ElementNode[], parentId: string | null, prefix: string): unknown[] {
  return nodes.map((node, index) => {
    const id = `${prefix}-${index}`;
    return {
      ...node.props,
      id,
      type: node.type,
      parentId,
      children: specElements(node.children ?? [], id, id),
    };
  });
}

async function publishTemplateSite(request: APIRequestContext): Promise<string> {
  const registered = await request.post('/api/auth/register', {
    data: { email: uniqueEmail('a11y-site'), password },
  });
  expect(registered.status()).toBe(201);
  const headers = { authorization: `Bearer ${(await registered.json()).token}` };
  const template = TEMPLATES[0];
  const pages = [
    {
      id: 'home',
      name: 'Home',
      path: 'home',
      isHomePage: true,
      title: template.name,
      description: template.description,
      elements: specElements(template.elements, null, 'el'),
    },
  ];
  const saved = await request.post('/api/website/save', { headers, data: { name: 'Accessible', pages } });
  expect(saved.status()).toBe(200);
  const subdomain = `a11y-${Date.now()}`;
  const published = await request.post(`/api/website/${(await saved.json()).id}/publish`, {
    headers,
    data: { subdomain },
  });
  expect(published.status()).toBe(200);
  return `/sites/${subdomain}/`;
}

test('sign-in, business setup and the builder have no serious or critical accessibility violations', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('hasSeenWalkthrough', 'true'));
  await page.goto('/login');
  // The product's name and logo greet the visitor.
  await expect(page.getByRole('main').getByText('BizSite', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'sign-in');
  await page.getByRole('tab', { name: 'Create account' }).click();
  await expectAccessible(page, 'create account');

  await page.getByLabel('Email').fill(uniqueEmail('a11y'));
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Tell us about your business' })).toBeVisible();
  await expectAccessible(page, 'business setup');

  await page.getByLabel('Business name').fill('Rosa’s Bakery');
  await page.getByRole('combobox', { name: 'Industry' }).click();
  await page.getByRole('option', { name: 'Retail' }).click();
  await page.getByLabel('Services').fill('Bread, cakes, catering');
  await page.getByLabel('Email').fill('hello@rosas.example');
  await page.getByLabel('Phone').fill('+1 555 0100');
  await page.getByRole('button', { name: 'Build from Scratch' }).click();
  await expect(page.getByRole('heading', { name: 'Rosa’s Bakery' })).toBeVisible();
  await expectAccessible(page, 'builder (empty page)');

  // A page with the usual blocks, one selected.
  const builderSidebar = page.getByRole('complementary', { name: 'Builder sidebar' });
  for (const component of ['Navbar', 'Header', 'Text', 'Button', 'Form', 'Footer']) {
    await page.getByRole('tab', { name: 'Components' }).click();
    await builderSidebar.getByRole('button', { name: component, exact: true }).click();
  }
  await expect(page.getByRole('tree', { name: 'Structure' }).getByRole('treeitem')).toHaveCount(6);
  await expectAccessible(page, 'builder (page with elements, Layers)');
  await page.getByRole('tab', { name: 'Components' }).click();
  await expectAccessible(page, 'builder (Components)');
  await page.getByRole('tab', { name: 'Pages' }).click();
  await expectAccessible(page, 'builder (Pages)');
});

test('every dashboard section has no serious or critical accessibility violations, and empty states offer the next step', async ({
  page,
  request,
}) => {
  // About thirty screens, each analysed.
  test.setTimeout(240_000);
  const email = uniqueEmail('a11y-dash');
  await ensureUser(request, email);
  await signIn(page, email);

  for (const section of SECTIONS) {
    await openSection(page, section);
    await sectionShown(page, section.title ?? section.label);
    await expectAccessible(page, section.title ?? section.label);

    if (section.label === 'All Websites') {
      // A new account has no website: the empty list offers to create the first.
      await expect(page.getByText('No websites created yet')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create your first website' })).toBeVisible();
    }
    if (section.label === 'Templates') {
      // The thumbnails are the templates themselves, scaled down.
      const first = page.getByRole('article', { name: TEMPLATES[0].name });
      await expect(first.getByTestId('template-thumbnail').locator('h1')).toHaveText(/Professional Services/);
      await page.getByLabel('Search templates').fill('no such template anywhere');
      await expect(page.getByText('No templates found matching your criteria.')).toBeVisible();
      await expectAccessible(page, 'Templates (nothing found)');
      await page.getByRole('button', { name: 'Show all templates' }).click();
      await expect(page.getByRole('article')).toHaveCount(TEMPLATES.length);
    }
  }

  // The header's menus: the account switcher lists the account with its industry, and the avatar menu.
  await page.getByRole('combobox', { name: 'Account' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectAccessible(page, 'account switcher');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'User Settings' }).click();
  await sectionShown(page, 'User Settings');
  await expectAccessible(page, 'User Settings');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Password Change' }).click();
  await sectionShown(page, 'Password Change');
  await expectAccessible(page, 'Password Change');

  // The narrow sidebar, and the review popup.
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
  await expectAccessible(page, 'narrow sidebar');
  await page.getByRole('button', { name: 'Leave a review' }).click();
  await expect(page.getByRole('dialog', { name: 'Leave a review' })).toBeVisible();
  await expectAccessible(page, 'review popup');
});

test('the Admin section has no serious or critical accessibility violations on any tab', async ({
  page,
  request,
}) => {
  await ensureUser(request, ADMIN);
  await signIn(page, ADMIN);
  await sidebar(page).getByRole('button', { name: 'Admin' }).click();
  await sectionShown(page, 'Admin');
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  const names = await tabs.allTextContents();
  expect(names.length).toBeGreaterThan(3);
  for (const name of names) {
    await page.getByRole('tab', { name, exact: true }).click();
    await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
    await expectAccessible(page, `Admin › ${name}`);
  }
});

test('a published page has no serious or critical accessibility violations', async ({ page, request }) => {
  const url = await publishTemplateSite(request);
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: /Professional Services/ })).toBeVisible();
  await expectAccessible(page, 'published page');
});
