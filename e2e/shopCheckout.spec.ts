import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { password, sidebar, signIn, uniqueEmail } from './helpers.ts';

// A visitor buys on a published site through the checkout form; a grid bound to a store that does not
// exist shows visitors nothing broken. The owner's side is set up through the API where it can be.

async function ownerWithStore(
  request: APIRequestContext,
  products: Array<[string, number, number]>,
  withStore = true,
) {
  const email = uniqueEmail('checkout-owner');
  const registered = await request.post('/api/auth/register', { data: { email, password } });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const storeId = `shop-${Date.now()}`;
  if (!withStore) return { email, storeId: null, headers, productIds: [] };
  expect(
    (await request.post('/api/ecommerce/stores', { headers, data: { storeId, storeName: 'Mill' } })).status(),
  ).toBe(201);
  const productIds: number[] = [];
  for (const [name, price, inventoryQuantity] of products) {
    const created = await request.post('/api/ecommerce/products', {
      headers,
      data: { storeId, name, price, inventoryQuantity },
    });
    expect(created.status()).toBe(201);
    productIds.push(((await created.json()) as { id: number }).id);
  }
  return { email, storeId, headers, productIds };
}

/** Builds a page with one product grid (bound to the owner's store, if any), saves and publishes it; returns its URL. */
async function publishGrid(
  page: Page,
  email: string,
  storeName: string | null,
  name: string,
): Promise<string> {
  await signIn(page, email);
  await sidebar(page).getByRole('button', { name: 'All Websites' }).click();
  await page.getByRole('button', { name: 'Create From Scratch' }).click();
  await page.getByText('Build from Scratch').click();
  await expect(page).toHaveURL(/\/builder\//);
  await page
    .getByRole('complementary', { name: 'Builder sidebar' })
    .getByRole('button', { name: 'Product Grid', exact: true })
    .click();
  // A new store element binds to the account's first store; without a store the panel offers to create one.
  if (storeName) await expect(page.getByRole('combobox', { name: 'Store' })).toHaveText(storeName);
  else await expect(page.getByText('No store yet')).toBeVisible();
  // The first edit put the site on the server; it is renamed there.
  await expect(page).toHaveURL(/\/builder\/\d+/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Rename Website' });
  await saveDialog.getByLabel('Website Name').fill(name);
  await saveDialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(saveDialog).toBeHidden();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publishDialog = page.getByRole('dialog', { name: 'Publish Website' });
  await publishDialog
    .getByLabel('Subdomain')
    .fill(`${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`);
  await publishDialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(publishDialog.getByText(/Website published successfully at:/)).toBeVisible();
  return (await publishDialog.getByRole('link').getAttribute('href')) ?? '';
}

/** A visitor (a browser context of their own) opens the published page and puts one of `product` in the cart. */
async function visitorWithOne(
  browser: Browser,
  url: string,
  product: string,
  viewport?: { width: number; height: number },
) {
  const visitorContext = await browser.newContext(viewport ? { viewport } : {});
  const visitor = await visitorContext.newPage();
  await visitor.goto(url);
  const card = visitor.locator('[data-product-card]', { hasText: product });
  await expect(card.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(visitor.getByText('Cart (1)')).toBeVisible();
  return { visitorContext, visitor };
}

test('a visitor buys through the checkout form on a published site and sees the order number', async ({
  page,
  request,
  browser,
}) => {
  const { email } = await ownerWithStore(request, [['Rye Flour', 4.5, 5]]);
  const url = await publishGrid(page, email, 'Mill', 'Mill Shop');

  const { visitorContext, visitor } = await visitorWithOne(browser, url, 'Rye Flour', {
    width: 375,
    height: 800,
  });
  await visitor.getByRole('button', { name: 'Checkout' }).click();

  // The form, with focus on its heading; nothing typed yet says what each field needs.
  await expect(visitor.getByRole('heading', { name: 'Checkout' })).toBeFocused();
  // The form's totals are the only ones: the cart's own Total line and Checkout button are gone meanwhile.
  const cart = visitor.locator('[data-store-cart]');
  await expect(cart.locator('[data-checkout-totals]')).toBeVisible();
  await expect(cart.locator('[data-cart-total]')).toBeHidden();
  await expect(cart.getByText('Total', { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(cart.getByRole('button', { name: 'Checkout', exact: true })).toBeHidden();
  await visitor.getByRole('button', { name: 'Place order' }).click();
  await expect(visitor.getByText('Please enter your name')).toBeVisible();
  await expect(visitor.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await visitor.getByLabel('Name').fill('Ana Buyer');
  await visitor.getByLabel('Email').fill('ana@example.com');
  await expect(visitor.getByRole('radio', { name: 'Pickup' })).toBeChecked();
  await expect(visitor.getByText('Please enter your name')).toBeHidden();
  // At phone width nothing scrolls sideways.
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await visitor.getByRole('button', { name: 'Place order' }).click();

  await expect(visitor.getByText('Order placed successfully!')).toBeVisible();
  await expect(visitor.getByText('Order #1001')).toBeVisible();
  await expect(visitor.getByText('Rye Flour × 1')).toBeVisible();
  await expect(visitor.getByText('Cart (0)')).toBeVisible();
  // This server has no SMTP_URL: nothing is mailed, and the confirmation does not pretend otherwise.
  await expect(visitor.getByText('A confirmation was sent', { exact: false })).toHaveCount(0);
  // The way back to the order is on the page: the buyer's own order page.
  const orderLink = visitor.getByRole('link', { name: 'View your order' });
  await expect(orderLink).toBeVisible();
  const orderUrl = (await orderLink.getAttribute('href')) ?? '';
  expect(orderUrl).toMatch(/\/order\/[\w-]+\?token=[0-9a-f]{64}$/);
  const orderPage = await visitorContext.newPage();
  await orderPage.goto(orderUrl);
  await expect(orderPage.getByRole('heading', { name: 'Order #1001' })).toBeVisible();
  await expect(orderPage.getByText('1 × Rye Flour')).toBeVisible();
  await visitorContext.close();
});

test('a price raised while a visitor checks out is not charged unseen: the new total shows, then the order is placed at it', async ({
  page,
  request,
  browser,
}) => {
  const { email, headers, productIds } = await ownerWithStore(request, [['Spelt Flour', 4, 5]]);
  const url = await publishGrid(page, email, 'Mill', 'Spelt Shop');

  const { visitorContext, visitor } = await visitorWithOne(browser, url, 'Spelt Flour');
  await visitor.getByRole('button', { name: 'Checkout' }).click();
  await visitor.getByLabel('Name').fill('Ana Buyer');
  await visitor.getByLabel('Email').fill('ana@example.com');
  const totals = visitor.locator('[data-store-cart] [data-checkout-totals]');
  await expect(totals).toContainText('$4.00');

  // Meanwhile the owner raises the price.
  const raised = await request.put(`/api/ecommerce/products/${productIds[0]}`, {
    headers,
    data: { name: 'Spelt Flour', price: 5 },
  });
  expect(raised.status()).toBe(200);
  await visitor.getByRole('button', { name: 'Place order' }).click();
  await expect(
    visitor.getByText(
      'The total of your order is now $5.00: a price, shipping or tax has changed. Check your cart and place your order again.',
    ),
  ).toBeVisible();
  await expect(totals).toContainText('$5.00');
  await expect(visitor.getByLabel('Name')).toHaveValue('Ana Buyer');
  await visitor.getByRole('button', { name: 'Place order' }).click();
  await expect(visitor.getByText('Order placed successfully!')).toBeVisible();
  await expect(visitor.getByText('Order #1001')).toBeVisible();
  await expect(visitor.locator('[data-store-cart]')).toContainText('$5.00');
  await visitorContext.close();
});

test('a product sold out while it sits in a visitor’s cart says so on its line at the cart’s next answer, and Checkout waits for it to go', async ({
  page,
  request,
  browser,
}) => {
  const { email, headers, productIds } = await ownerWithStore(request, [
    ['Rye Flour', 3, 5],
    ['Malt', 2, 5],
  ]);
  const url = await publishGrid(page, email, 'Mill', 'Rye Shop');
  const { visitorContext, visitor } = await visitorWithOne(browser, url, 'Rye Flour');
  await visitor
    .locator('[data-product-card]', { hasText: 'Malt' })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await expect(visitor.getByText('Cart (2)')).toBeVisible();

  // Meanwhile the last Malt is sold elsewhere; the visitor adds another bag of rye.
  const soldOut = await request.put(`/api/ecommerce/products/${productIds[1]}`, {
    headers,
    data: { inventoryQuantity: 0 },
  });
  expect(soldOut.status()).toBe(200);
  await visitor
    .locator('[data-product-card]', { hasText: 'Rye Flour' })
    .getByRole('button', { name: 'Add to Cart' })
    .click();
  await expect(visitor.getByText('Cart (3)')).toBeVisible();
  const cart = visitor.locator('[data-store-cart]');
  const malt = cart.locator('[data-cart-item]', { hasText: 'Malt' });
  await expect(malt).toContainText('Malt is out of stock: remove it from your cart to place your order.');
  await expect(cart.getByRole('button', { name: 'Checkout' })).toBeDisabled();
  await malt.getByRole('button', { name: 'Remove' }).click();
  await expect(visitor.getByText('Cart (2)')).toBeVisible();
  await expect(cart.getByRole('button', { name: 'Checkout' })).toBeEnabled();
  await visitorContext.close();
});

test('a visitor who filters the products by category, or reloads the page, keeps what is in their cart', async ({
  page,
  request,
  browser,
}) => {
  const { email, headers, storeId } = await ownerWithStore(request, [['Oat Flour', 3, 5]]);
  const category = await request.post('/api/ecommerce/categories', {
    headers,
    data: { storeId, name: 'Flours' },
  });
  expect(category.status()).toBe(201);
  const url = await publishGrid(page, email, 'Mill', 'Oat Shop');

  const { visitorContext, visitor } = await visitorWithOne(browser, url, 'Oat Flour');
  const categories = visitor.getByRole('group', { name: 'Categories' });
  await categories.getByRole('button', { name: 'Flours' }).click();
  await expect(categories.getByRole('button', { name: 'Flours' })).toHaveAttribute('aria-pressed', 'true');
  await categories.getByRole('button', { name: 'All' }).click();
  await expect(categories.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  // The first visit's cart is the one the visitor filled: not a new empty one.
  await expect(visitor.getByText('Cart (1)')).toBeVisible();
  await expect(visitor.locator('[data-store-cart]')).toContainText('Oat Flour');
  // The page is sandboxed (no storage of its own): the cart stays through a reload all the same.
  await visitor.reload();
  await expect(visitor.getByText('Cart (1)')).toBeVisible();
  await expect(visitor.locator('[data-store-cart]')).toContainText('Oat Flour');
  await visitorContext.close();
});

test('a published grid of an owner without a store shows visitors no samples and no error', async ({
  page,
  request,
  browser,
}) => {
  const { email } = await ownerWithStore(request, [], false);
  const url = await publishGrid(page, email, null, 'Empty Shelf');
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const served = await visitor.goto(url);
  expect(served?.status()).toBe(200);
  // The grid is bound to no store of the owner's: publishing leaves it out of what visitors get.
  await expect(visitor.locator('[data-store-grid]')).toHaveCount(0);
  await expect(visitor.getByText('Our Products')).toHaveCount(0);
  await expect(visitor.getByText('Sample Product')).toHaveCount(0);
  await expect(visitor.getByText('99.99')).toHaveCount(0);
  await expect(visitor.getByText('Failed to load products')).toHaveCount(0);
  await visitorContext.close();
});
