import { expect, test } from '@playwright/test';
import { password, sidebar, signIn, uniqueEmail } from './helpers.ts';

test('an owner with the Orders tab open sees a new order within 5 s, a badge of 1, and fulfils it from the drawer', async ({
  page,
  request,
}) => {
  // The owner, a store and a product, through the API.
  const email = uniqueEmail('shop-orders');
  const registered = await request.post('/api/auth/register', { data: { email, password } });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const owner = { authorization: `Bearer ${token}` };
  const storeId = `corner-${Date.now()}`;
  const store = await request.post('/api/ecommerce/stores', {
    headers: owner,
    data: { storeId, storeName: 'Corner Shop', currency: 'USD' },
  });
  expect(store.status()).toBe(201);
  const product = await request.post('/api/ecommerce/products', {
    headers: owner,
    data: { storeId, name: 'Rye Loaf', price: 4.5, inventoryQuantity: 10 },
  });
  expect(product.ok()).toBe(true);
  const { id: productId } = (await product.json()) as { id: number };

  // The owner opens Online Store › Orders: its own URL, and nothing yet.
  await signIn(page, email);
  await sidebar(page).getByRole('button', { name: 'Online Store' }).click();
  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/store\/orders/);
  const orders = page.getByRole('grid', { name: 'Orders' });
  await expect(orders.getByText(/No orders yet/)).toBeVisible();

  // A buyer orders through the public API while the tab stays open.
  const cart = await request.post('/api/ecommerce/cart', { data: { storeId } });
  expect(cart.status()).toBe(201);
  const { id: cartId } = (await cart.json()) as { id: string };
  const item = await request.post(`/api/ecommerce/cart/${cartId}/items`, {
    data: { productId, quantity: 2 },
  });
  expect(item.ok()).toBe(true);
  const placed = await request.post('/api/ecommerce/orders', {
    headers: { 'idempotency-key': `e2e-${cartId}` },
    data: {
      cartId,
      customer: { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+1 555 0100' },
      deliveryMethod: 'pickup',
      note: 'After five, please',
    },
  });
  expect(placed.status()).toBe(201);

  // No reload: the account's live event stream refreshes the list, and the sidebar badge follows.
  const row = orders.getByRole('row', { name: /#1001/ });
  await expect(row).toBeVisible({ timeout: 5000 });
  await expect(row).toContainText('Ada Lovelace');
  await expect(row).toContainText('2 × Rye Loaf');
  await expect(row).toContainText('$9.00');
  await expect(row).toContainText('Unpaid');
  await expect(row).toContainText('Placed');
  // Its date shows whole in its column, not cut off with an ellipsis.
  const date = row.locator('[role="gridcell"][data-field="createdDate"]');
  await expect(date).toContainText(String(new Date().getFullYear()));
  expect(
    await date.evaluate(
      (cell) => [cell, ...cell.querySelectorAll('*')].filter((el) => el.scrollWidth > el.clientWidth).length,
    ),
  ).toBe(0);
  await expect(sidebar(page).getByRole('status', { name: '1 order needs action' })).toHaveText('1');

  // The drawer, at its own URL: ready for pickup, then completed.
  await row.getByText('Ada Lovelace').click();
  await expect(page).toHaveURL(/[?&]order=/);
  const drawer = page.getByRole('region', { name: 'Order details' });
  await expect(drawer.getByRole('heading', { name: 'Order #1001' })).toBeVisible();
  await expect(drawer.getByText('After five, please')).toBeVisible();
  await drawer.getByRole('button', { name: 'Ready for pickup' }).click();
  await drawer.getByRole('button', { name: 'Mark as completed' }).click();
  await expect(drawer.getByText('Completed', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Payment: Paid', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('button')).toHaveText(['Close']);

  // Reloading the drawer's URL opens the same order; closing it shows the list, updated.
  await page.reload();
  await expect(drawer.getByRole('heading', { name: 'Order #1001' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/[?&]order=/);
  await expect(row).toContainText('Completed');
  await expect(sidebar(page).getByRole('status')).toHaveCount(0);
});
