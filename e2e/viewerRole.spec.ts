import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  homePage,
  openSettings,
  password,
  sidebar,
  signIn,
  topLevelElement,
  uniqueEmail,
} from './helpers.ts';

const localPart = (email: string) => email.slice(0, email.indexOf('@'));

/** Registers `email` through the API and returns its bearer headers. */
async function register(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const registered = await request.post('/api/auth/register', { data: { email, password } });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** What the owner's account holds before the Viewer looks: a site, a contact, a store with a product, a post. */
async function fillOwnerAccount(request: APIRequestContext, headers: Record<string, string>): Promise<void> {
  const calls: Array<[string, object]> = [
    [
      '/api/website/save',
      {
        name: 'Rosa Bakery',
        pages: [homePage([topLevelElement('h1', 'header', { content: 'Fresh bread' })])],
      },
    ],
    ['/api/crm/contacts', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }],
    ['/api/ecommerce/stores', { storeId: `rosa-${Date.now()}`, storeName: 'Rosa Shop', currency: 'USD' }],
    [
      '/api/social/posts',
      {
        channel: 'facebook',
        text: 'Fresh bread every morning',
        imageUrl: null,
        scheduledAt: null,
        status: 'draft',
      },
    ],
  ];
  let storeId = '';
  for (const [path, data] of calls) {
    const response = await request.post(path, { headers, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    if (path === '/api/ecommerce/stores') storeId = ((await response.json()) as { storeId: string }).storeId;
    if (path === '/api/website/save') {
      // A named version of the site, which the Viewer may list and preview but not restore.
      const { id } = (await response.json()) as { id: number };
      const version = await request.post(`/api/website/${id}/versions`, {
        headers,
        data: { name: 'Opening day' },
      });
      expect(version.status(), await version.text()).toBe(201);
    }
  }
  const product = await request.post('/api/ecommerce/products', {
    headers,
    data: { storeId, name: 'Sourdough Loaf', price: 6.5, inventoryQuantity: 3 },
  });
  expect(product.status(), await product.text()).toBeLessThan(300);
}

async function openSection(page: Page, group: string | null, item: string): Promise<void> {
  const nav = sidebar(page);
  const entry = nav.getByRole('button', { name: item, exact: true });
  if (group && !(await entry.isVisible()))
    await nav.getByRole('button', { name: group, exact: true }).click();
  await entry.click();
}

const viewOnly = (page: Page) =>
  page.getByRole('note').filter({ hasText: 'Your role in this account can only view.' });

test('a Viewer walks the owner’s dashboard and sees the data but no control that would be refused', async ({
  page,
  request,
}) => {
  const ownerEmail = uniqueEmail('viewer-owner');
  const viewerEmail = uniqueEmail('viewer-guest');
  const ownerHeaders = await register(request, ownerEmail);
  await fillOwnerAccount(request, ownerHeaders);
  await register(request, viewerEmail);

  // The owner adds the second user as a Viewer (the call Settings › Teams › Add User makes).
  const accounts = await request.get('/api/accounts', { headers: ownerHeaders });
  const [ownerAccount] = (await accounts.json()) as Array<{ id: number; roleName: string }>;
  expect(ownerAccount?.roleName).toBe('Admin');
  const added = await request.post(`/api/accounts/${ownerAccount?.id}/users/invite-or-add`, {
    headers: ownerHeaders,
    data: { email: viewerEmail, roleName: 'Viewer' },
  });
  expect(added.status()).toBe(200);

  // Nothing the Viewer's screens ask of the server is refused on the walk below.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(`${response.request().method()} ${response.url()}`);
  });

  // The Viewer signs in and switches to the owner's account.
  await signIn(page, viewerEmail);
  const ownerAccountName = `${localPart(ownerEmail)}'s account`;
  await page.getByRole('combobox', { name: 'Account' }).click();
  await page.getByRole('option', { name: ownerAccountName }).click();
  await expect(page.getByRole('combobox', { name: 'Account' })).toHaveText(ownerAccountName);

  // Websites: the site and Preview, but no Create, Edit or Delete.
  await openSection(page, 'Website Builder', 'All Websites');
  const site = page.getByRole('article', { name: 'Rosa Bakery' });
  await expect(site).toBeVisible();
  await expect(viewOnly(page)).toBeVisible();
  await expect(site.getByRole('button', { name: 'Preview' })).toBeVisible();
  await expect(site.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(site.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create From Scratch' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Generate Website' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Use Template' })).toHaveCount(0);

  // The builder opened by a Viewer: the page, but no Save and no Publish.
  await site.getByRole('button', { name: 'Preview' }).click();
  await expect(page).toHaveURL(/\/builder\/\d+/);
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rename', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save as', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  // History: the versions and their Preview, but no Save version and no Restore.
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.getByText('Opening day')).toBeVisible();
  await expect(history.getByRole('button', { name: 'Preview Opening day' })).toBeVisible();
  await expect(history.getByRole('button', { name: 'Restore Opening day' })).toHaveCount(0);
  await expect(history.getByRole('button', { name: 'Save version' })).toHaveCount(0);
  await history.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Your Websites' })).toBeVisible();

  // CRM › Contacts: the contact, Export, but no Add, Import or Create list.
  await openSection(page, 'CRM', 'Contacts');
  await expect(page.getByRole('grid', { name: 'Contacts' }).getByText('ada@example.com')).toBeVisible();
  await expect(viewOnly(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  for (const name of ['Add contact', 'Import CSV', 'Create list'])
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  await openSection(page, 'CRM', 'Leads');
  await expect(page.getByRole('grid', { name: 'Leads' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add lead' })).toHaveCount(0);
  await openSection(page, 'CRM', 'Deals');
  await expect(page.getByTestId('stage-lead')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add deal' })).toHaveCount(0);

  // Store: the product, but no Add Product, no Edit or Delete, no new category or store.
  await sidebar(page).getByRole('button', { name: 'Online Store' }).click();
  await expect(page.getByRole('grid', { name: 'Products' }).getByText('Sourdough Loaf')).toBeVisible();
  await expect(viewOnly(page)).toBeVisible();
  for (const name of ['Add Product', 'Edit Sourdough Loaf', 'Delete Sourdough Loaf', 'Add Category'])
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Stores' }).click();
  await expect(page.getByRole('list', { name: 'Stores' })).toContainText('Rosa Shop');
  await expect(page.getByRole('button', { name: 'Create Store' })).toHaveCount(0);

  // SEO Tools: the site settings are read, not saved.
  await sidebar(page).getByRole('button', { name: 'SEO Tools' }).click();
  await expect(page.getByRole('form', { name: 'Site settings' })).toBeVisible();
  await expect(viewOnly(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save site settings' })).toHaveCount(0);

  // Social: the server shares the posts with Users and Admins only (account.work), so the Viewer is told
  // so, gets no New post, and no request is refused on the way.
  await sidebar(page).getByRole('button', { name: 'Social Media' }).click();
  await expect(
    page.getByText('The planned posts are shared with this account’s Users and Admins only.'),
  ).toBeVisible();
  await expect(viewOnly(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'New post' })).toHaveCount(0);
  await expect(page.getByText('Could not load the posts')).toHaveCount(0);

  // Integrations: no Connect, no new webhook.
  // The top-level entry (the open CRM group lists its own Integrations above it).
  await sidebar(page).getByRole('button', { name: 'Integrations', exact: true }).last().click();
  // The catalogue's Webhooks card and the webhooks panel below it, each under its own heading.
  await expect(page.getByLabel('Webhooks').getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toHaveCount(2);
  await expect(page.getByRole('button', { name: /^Connect / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add webhook' })).toHaveCount(0);

  // Settings › Teams: the members, but no Add User and no role to change.
  await openSettings(page, 'Teams');
  await expect(page.getByText(ownerEmail)).toBeVisible();
  await expect(page.getByText(viewerEmail)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: `Role of ${ownerEmail}` })).toHaveCount(0);

  expect(refused).toEqual([]);
});
