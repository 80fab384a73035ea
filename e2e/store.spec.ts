import { expect, test } from '@playwright/test';
import { ensureUser, sidebar, signIn, uniqueEmail } from './helpers.ts';

test('an owner creates a store and two products, shops in the storefront, and sees them in a builder product grid', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('store-owner');
  await ensureUser(request, email);
  await signIn(page, email);
  const storeId = `rosa-${Date.now()}`;

  // Admin → Stores: the first store.
  await sidebar(page).getByRole('button', { name: 'Online Store' }).click();
  await expect(page.getByRole('heading', { name: 'Online Store', level: 2 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Stores' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Store ID').fill(storeId);
  await page.getByLabel('Store Name').fill('Rosa’s Bakery');
  await page.getByRole('button', { name: 'Create Store' }).click();
  // The new store is selected and its (empty) Products tab opens.
  await expect(page.getByRole('combobox', { name: 'Store' })).toHaveText('Rosa’s Bakery');
  await expect(page.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('No products found')).toBeVisible();

  // Admin → Products: two products through the dialog.
  for (const [name, price, stock] of [
    ['Sourdough Loaf', '6.5', '3'],
    ['Cinnamon Bun', '2.25', '0'],
  ] as const) {
    await page.getByRole('button', { name: 'Add Product' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel(/^Price/).fill(price);
    await dialog.getByLabel('Stock').fill(stock);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }
  const grid = page.getByRole('grid', { name: 'Products' });
  await expect(grid.getByText('Sourdough Loaf')).toBeVisible();
  await expect(grid.getByText('Cinnamon Bun')).toBeVisible();

  // A category, given to the loaf in its dialog; the grid shows it, and editing the loaf again keeps it.
  const categories = page.getByRole('region', { name: 'Categories' });
  await categories.getByLabel('New category').fill('Bread');
  await categories.getByRole('button', { name: 'Add Category' }).click();
  await expect(categories.getByRole('button', { name: 'Bread' })).toBeVisible();
  await grid
    .getByRole('row', { name: /Sourdough Loaf/ })
    .getByRole('button', { name: 'Edit Sourdough Loaf' })
    .click();
  await page.getByRole('dialog').getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Bread' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(grid.getByRole('row', { name: /Sourdough Loaf/ })).toContainText('Bread');
  await grid
    .getByRole('row', { name: /Sourdough Loaf/ })
    .getByRole('button', { name: 'Edit Sourdough Loaf' })
    .click();
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Category' })).toHaveText('Bread');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();

  // Storefront: cards, 'Out of stock', Cart (n), checkout.
  const view = page.getByRole('group', { name: 'Store view' });
  await view.getByRole('button', { name: 'Storefront' }).click();
  const loaf = page
    .getByRole('article', { name: 'Sourdough Loaf' })
    .or(page.locator('[aria-label="Sourdough Loaf"]'));
  await expect(loaf).toBeVisible();
  const bun = page.locator('[aria-label="Cinnamon Bun"]');
  await expect(bun.getByText('Out of stock')).toBeVisible();
  // Shoppers filter by category: Bread shows only the loaf, All brings the bun back.
  const filters = page.getByRole('group', { name: 'Categories' });
  await filters.getByRole('button', { name: 'Bread' }).click();
  await expect(bun).toBeHidden();
  await expect(loaf).toBeVisible();
  await filters.getByRole('button', { name: 'All' }).click();
  await expect(bun).toBeVisible();
  await expect(bun.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await loaf.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('button', { name: 'Cart (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Cart (1)' }).click();
  await expect(page.getByLabel('Cart total')).toHaveText('$6.50');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.getByLabel('Name').fill('Rosa Owner');
  await page.getByLabel('Email').fill('rosa@example.com');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  await expect(page.getByText('Order #1001')).toBeVisible();
  await page.getByRole('button', { name: 'Continue shopping' }).click();
  await expect(page.getByRole('button', { name: 'Cart (0)' })).toBeVisible();

  // Admin → Orders: the order, and stock went down.
  await view.getByRole('button', { name: 'Admin' }).click();
  await page.getByRole('tab', { name: 'Orders' }).click();
  const orders = page.getByRole('grid', { name: 'Orders' });
  await expect(orders.getByText('1 × Sourdough Loaf')).toBeVisible();
  await orders.getByText('1 × Sourdough Loaf').click();
  const drawer = page.getByRole('region', { name: 'Order details' });
  await drawer.getByRole('button', { name: 'Mark as paid' }).click();
  await expect(drawer.getByText('Payment: Paid', { exact: true })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  // The builder: a product grid bound to the store shows its products on the canvas.
  await sidebar(page).getByRole('button', { name: 'All Websites' }).click();
  await page.getByRole('button', { name: 'Create From Scratch' }).click();
  await page.getByText('Build from Scratch').click();
  await expect(page).toHaveURL(/\/builder\//);
  await page
    .getByRole('complementary', { name: 'Builder sidebar' })
    .getByRole('button', { name: 'Product Grid', exact: true })
    .click();
  // A new product grid binds to the account's first store: no store id to type.
  await expect(page.getByRole('combobox', { name: 'Store' })).toHaveText('Rosa’s Bakery');
  const canvas = page.getByTestId('site-canvas');
  await expect(canvas.getByText('Sourdough Loaf')).toBeVisible();
  await expect(canvas.getByText('Cinnamon Bun')).toBeVisible();
  await expect(canvas.locator(`[data-product-card][data-store-id="${storeId}"]`)).toHaveCount(2);
  await expect(canvas.getByText('$6.50')).toBeVisible();
});
