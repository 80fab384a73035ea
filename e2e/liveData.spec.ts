import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { password, sidebar, signIn, uniqueEmail } from './helpers.ts';

type Registered = { token: string; accountId: number };

async function register(request: APIRequestContext, email: string, name: string): Promise<Registered> {
  const response = await request.post('/api/auth/register', { data: { email, password, name } });
  expect(response.status()).toBe(201);
  return (await response.json()) as Registered;
}

/** Opens {group} › {item} in the sidebar, unfolding the group when needed. */
async function openSection(page: Page, group: string, item: string): Promise<void> {
  const nav = sidebar(page);
  const entry = nav.getByRole('button', { name: item, exact: true });
  if (!(await entry.isVisible())) await nav.getByRole('button', { name: group, exact: true }).click();
  await entry.click();
}

test("a visitor's form submission and a shop order show up in the open inbox and Orders tab, no reload", async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('live-owner');
  const { token } = await register(request, email, 'Olive Owner');
  const headers = { authorization: `Bearer ${token}` };
  const generated = await request.post('/api/website/generate', {
    headers,
    data: { businessName: 'Live Bakery', industry: 'retail', services: 'Bread', email, phone: '+1 555 0100' },
  });
  const { name, pages } = await generated.json();
  const { id } = await (await request.post('/api/website/save', { headers, data: { name, pages } })).json();
  const subdomain = `live-${Date.now()}`;
  const published = await request.post(`/api/website/${id}/publish`, { headers, data: { subdomain } });
  expect(published.status()).toBe(200);
  const storeId = `live-${Date.now()}`;
  const store = await request.post('/api/ecommerce/stores', {
    headers,
    data: { storeId, storeName: 'Live Shop', currency: 'USD' },
  });
  expect(store.status()).toBe(201);
  const product = await request.post('/api/ecommerce/products', {
    headers,
    data: { storeId, name: 'Rye Loaf', price: 4.5, inventoryQuantity: 10 },
  });
  const { id: productId } = (await product.json()) as { id: number };

  // The owner has the form inbox open, with nothing in it yet.
  await signIn(page, email);
  await openSection(page, 'Website Builder', 'Form Submissions');
  await expect(page.getByRole('heading', { level: 2, name: 'Form Submissions' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Form submissions' }).getByRole('button')).toHaveCount(0);

  // A visitor sends the published site's contact form from their own browser.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/sites/${subdomain}/contact`);
  await visitor.getByLabel('Name').fill('Vera Visitor');
  await visitor.getByLabel('Email').fill('vera@example.com');
  await visitor.getByLabel('Message').fill('Do you bake on Sundays?');
  await visitor.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.getByRole('status')).toHaveText('Form submitted successfully!');
  await visitorContext.close();

  // It appears in the open inbox by itself.
  const item = page.getByRole('list', { name: 'Form submissions' }).getByRole('button');
  await expect(item).toContainText('Name: Vera Visitor');

  // The Orders tab is open and empty; a buyer orders; the order appears, and the sidebar badge with it.
  await sidebar(page).getByRole('button', { name: 'Online Store' }).click();
  await page.getByRole('tab', { name: 'Orders' }).click();
  const orders = page.getByRole('grid', { name: 'Orders' });
  await expect(orders.getByText(/No orders yet/)).toBeVisible();
  const cart = await request.post('/api/ecommerce/cart', { data: { storeId } });
  const { id: cartId } = (await cart.json()) as { id: string };
  await request.post(`/api/ecommerce/cart/${cartId}/items`, { data: { productId, quantity: 1 } });
  const placed = await request.post('/api/ecommerce/orders', {
    headers: { 'idempotency-key': `live-${cartId}` },
    data: {
      cartId,
      customer: { name: 'Bo Buyer', email: 'bo@example.com', phone: '+1 555 0101' },
      deliveryMethod: 'pickup',
    },
  });
  expect(placed.status()).toBe(201);
  const row = orders.getByRole('row', { name: /#1001/ });
  await expect(row).toContainText('Bo Buyer');
  await expect(sidebar(page).getByRole('status', { name: '1 order needs action' })).toHaveText('1');
});

test("two members see each other's contact edits live, and who is editing which contact", async ({
  page,
  browser,
  request,
}) => {
  const ownerEmail = uniqueEmail('live-ann');
  const memberEmail = uniqueEmail('live-bea');
  const owner = await register(request, ownerEmail, 'Ann Owner');
  await register(request, memberEmail, 'Bea Member');
  const headers = { authorization: `Bearer ${owner.token}` };
  const added = await request.post(`/api/accounts/${owner.accountId}/users/invite-or-add`, {
    headers,
    data: { email: memberEmail, roleName: 'User' },
  });
  expect(added.ok()).toBe(true);
  const contact = await request.post('/api/crm/contacts', {
    headers,
    data: { firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical' },
  });
  expect(contact.status()).toBe(201);

  // Ann has the contacts open.
  await signIn(page, ownerEmail);
  await openSection(page, 'CRM', 'Contacts');
  const annGrid = page.getByRole('grid', { name: 'Contacts' });
  const adaForAnn = annGrid.getByRole('row').filter({ hasText: 'Ada Lovelace' });
  await expect(adaForAnn).toContainText('Analytical');

  // Bea, in her own browser, works in Ann's account.
  const beaContext = await browser.newContext();
  const bea = await beaContext.newPage();
  await signIn(bea, memberEmail);
  await bea.getByRole('combobox', { name: 'Account' }).click();
  await bea.getByRole('option', { name: "Ann Owner's account" }).click();
  await expect(bea.getByRole('combobox', { name: 'Account' })).toHaveText("Ann Owner's account");
  await openSection(bea, 'CRM', 'Contacts');
  const beaGrid = bea.getByRole('grid', { name: 'Contacts' });

  // Bea opens Ada for editing: Ann sees it on Ada's row.
  await beaGrid.getByText('Ada Lovelace').click();
  const dialog = bea.getByRole('dialog', { name: 'Edit contact' });
  await expect(dialog).toBeVisible();
  await expect(adaForAnn).toContainText('Bea Member is editing this contact');

  // Bea's edit shows in Ann's list; once her dialog closed, nobody is editing.
  await dialog.getByLabel('Company').fill('Engines Ltd');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(adaForAnn).toContainText('Engines Ltd');
  await expect(adaForAnn).not.toContainText('is editing');

  // Ann adds a contact: it shows up in Bea's list.
  await page.getByRole('button', { name: 'Add contact' }).click();
  const add = page.getByRole('dialog', { name: 'Add contact' });
  await add.getByLabel('First name').fill('Grace');
  await add.getByLabel('Last name').fill('Hopper');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(beaGrid.getByText('Grace Hopper')).toBeVisible();
  await beaContext.close();
});
