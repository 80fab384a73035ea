import { expect, test } from '@playwright/test';
import { password, sidebar, signIn, uniqueEmail } from './helpers.ts';

test('a visitor shops on the published site of an owner’s store, and the owner sees the order and the stock', async ({
  page,
  request,
  browser,
}) => {
  // The owner's store and two products (the dashboard screens for these have their own spec).
  const email = uniqueEmail('shop-owner');
  const registered = await request.post('/api/auth/register', { data: { email, password } });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const storeId = `corner-${Date.now()}`;
  expect(
    (
      await request.post('/api/ecommerce/stores', {
        headers: auth,
        data: { storeId, storeName: 'Corner Shop' },
      })
    ).status(),
  ).toBe(201);
  for (const [name, price, stock] of [
    ['Honey Jar', 8, 2],
    ['Jam Jar', 5, 4],
  ] as const) {
    const created = await request.post('/api/ecommerce/products', {
      headers: auth,
      data: { storeId, name, price, inventoryQuantity: stock },
    });
    expect(created.status()).toBe(201);
  }

  // The owner builds a page with a product grid bound to the store, saves and publishes it.
  await signIn(page, email);
  await sidebar(page).getByRole('button', { name: 'All Websites' }).click();
  await page.getByRole('button', { name: 'Create From Scratch' }).click();
  await page.getByText('Build from Scratch').click();
  await expect(page).toHaveURL(/\/builder\//);
  await page
    .getByRole('complementary', { name: 'Builder sidebar' })
    .getByRole('button', { name: 'Product Grid', exact: true })
    .click();
  // A new product grid binds to the account's first (here only) store.
  await expect(page.getByRole('combobox', { name: 'Store' })).toHaveText('Corner Shop');
  const canvas = page.getByTestId('site-canvas');
  await expect(canvas.getByText('Honey Jar')).toBeVisible();
  // The first edit put the site on the server; it is renamed there.
  await expect(page).toHaveURL(/\/builder\/\d+/, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  const saveDialog = page.getByRole('dialog', { name: 'Rename Website' });
  await saveDialog.getByLabel('Website Name').fill('Corner Shop');
  await saveDialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(saveDialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Corner Shop' })).toBeVisible();

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publishDialog = page.getByRole('dialog', { name: 'Publish Website' });
  const subdomain = `corner-${Date.now()}`;
  await publishDialog.getByLabel('Subdomain').fill(subdomain);
  await publishDialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(publishDialog.getByText(/Website published successfully at:/)).toBeVisible();
  const url = await publishDialog.getByRole('link').getAttribute('href');
  expect(url).toContain(`/sites/${subdomain}/`);

  // A visitor in a browser of their own, on a phone: browse, add to cart, check out.
  const visitorContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const visitor = await visitorContext.newPage();
  await visitor.goto(url ?? '');
  // The shop fits the phone: nothing to scroll sideways to.
  expect(await visitor.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([
    390, 390,
  ]);
  const honey = visitor.locator('[data-product-card]', { hasText: 'Honey Jar' });
  await expect(honey.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();
  // One 280 px card a row, in the middle of the phone: as much room on its left as on its right.
  for (const name of ['Honey Jar', 'Jam Jar']) {
    const box = await visitor.locator('[data-product-card]', { hasText: name }).boundingBox();
    expect(box?.width).toBe(280);
    const left = box?.x ?? 0;
    const right = 390 - left - (box?.width ?? 0);
    expect(Math.abs(left - right)).toBeLessThanOrEqual(1);
  }
  await honey.getByRole('button', { name: 'Add to Cart' }).click();
  await honey.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(visitor.getByText('Cart (2)').first()).toBeVisible();
  await visitor.getByRole('button', { name: 'Checkout' }).first().click();
  await visitor.getByLabel('Name').fill('Vera Visitor');
  await visitor.getByLabel('Email').fill('vera@example.com');
  await visitor.getByRole('button', { name: 'Place order' }).click();
  await expect(visitor.getByText('Order placed successfully!').first()).toBeVisible();
  await expect(visitor.getByText('Order #1001')).toBeVisible();
  await expect(visitor.getByText('Cart (0)').first()).toBeVisible();
  await visitorContext.close();

  // The owner sees the order, and the stock went from 2 to 0.
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await sidebar(page).getByRole('button', { name: 'Online Store' }).click();
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('grid', { name: 'Orders' }).getByText('2 × Honey Jar')).toBeVisible();
  await page.getByRole('tab', { name: 'Products' }).click();
  const honeyRow = page.getByRole('grid', { name: 'Products' }).getByRole('row', { name: /Honey Jar/ });
  await expect(honeyRow.getByRole('gridcell', { name: '0', exact: true })).toBeVisible();
});
