import { expect, type Page, test } from '@playwright/test';
import { ensureUser, signIn, uniqueEmail } from './helpers.ts';

const canvas = (page: Page) => page.getByTestId('site-canvas');
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Builder sidebar' });
const structure = (page: Page) => page.getByRole('tree', { name: 'Structure' });
const draft = () => `/builder/draft-clip${Math.floor(Math.random() * 1e8)}`;

/** Clicks the canvas below its content: nothing is selected afterwards. */
async function clickEmptyCanvas(page: Page) {
  await expect(canvas(page)).toBeVisible({ timeout: 30_000 });
  const box = await canvas(page).boundingBox();
  await canvas(page).click({ position: { x: 10, y: (box?.height ?? 200) - 10 } });
}

test('elements copied in one site paste into another site in another tab, with their children, by keyboard and by the toolbar', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const email = uniqueEmail('clipboard');
  await ensureUser(page.request, email);
  await signIn(page, email);

  // Site A: a header, and a section holding a button.
  await page.goto(draft());
  await expect(canvas(page).getByText('Drag components here to start building your page')).toBeVisible({
    timeout: 30_000,
  });
  await sidebar(page).getByRole('button', { name: 'Header', exact: true }).click();
  await page.getByLabel('Heading').fill('Rosa’s Bakery');
  await page.getByRole('tab', { name: 'Components' }).click();
  await sidebar(page).getByRole('button', { name: 'Section', exact: true }).click();
  await page.getByRole('button', { name: 'Add to Section' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Button', exact: true }).click();
  await page.getByLabel('Button Text').fill('Order now');
  await expect(canvas(page).locator('section a', { hasText: 'Order now' })).toBeVisible();

  // Site B in another tab.
  const other = await context.newPage();
  await other.goto(draft());
  await expect(canvas(other).getByText('Drag components here to start building your page')).toBeVisible({
    timeout: 30_000,
  });

  // Ctrl+C in A with the section selected, Ctrl+V in B: the section arrives with its button.
  await page.bringToFront();
  await structure(page)
    .getByRole('treeitem', { name: /^Section( —|$)/ })
    .click();
  await page.keyboard.press('ControlOrMeta+c');
  await other.bringToFront();
  await clickEmptyCanvas(other);
  await other.keyboard.press('ControlOrMeta+v');
  await expect(canvas(other).locator('section a', { hasText: 'Order now' })).toBeVisible();
  await expect(structure(other).getByRole('treeitem', { name: /^Section( —|$)/ })).toHaveCount(1);
  await expect(structure(other).getByRole('treeitem', { name: /^Button( —|$)/ })).toHaveCount(1);
  await expect(canvas(other).getByRole('heading', { name: 'Rosa’s Bakery' })).toHaveCount(0);

  // One Ctrl+Z removes the whole paste.
  await other.keyboard.press('ControlOrMeta+z');
  await expect(canvas(other).getByText('Drag components here to start building your page')).toBeVisible();
  await expect(canvas(other).locator('section')).toHaveCount(0);

  // Typing in a field keeps the browser's own paste: no element is inserted.
  await other.getByRole('tab', { name: 'Layers' }).click();
  await other.getByLabel('Page Title').click();
  await other.keyboard.press('ControlOrMeta+v');
  await expect(other.getByLabel('Page Title')).toHaveValue(/bizsite\/elements/);
  await expect(canvas(other).locator('section')).toHaveCount(0);

  // Ctrl+X in A removes the section there; the toolbar's Paste in B inserts it.
  await page.bringToFront();
  await structure(page)
    .getByRole('treeitem', { name: /^Section( —|$)/ })
    .click();
  await page.keyboard.press('ControlOrMeta+x');
  await expect(canvas(page).locator('section')).toHaveCount(0);
  await expect(canvas(page).getByRole('heading', { name: 'Rosa’s Bakery' })).toBeVisible();
  await other.bringToFront();
  await clickEmptyCanvas(other);
  await other.getByRole('button', { name: 'Paste', exact: true }).click();
  await expect(canvas(other).locator('section a', { hasText: 'Order now' })).toBeVisible();

  // The cut is one undo step in A too.
  await page.bringToFront();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(canvas(page).locator('section a', { hasText: 'Order now' })).toBeVisible();

  // Shift+click selects the header and the section; Ctrl+C, then the toolbar's Paste in B, brings both.
  await canvas(page).getByRole('heading', { name: 'Rosa’s Bakery' }).click();
  await canvas(page)
    .locator('section')
    .click({ modifiers: ['Shift'], position: { x: 5, y: 5 } });
  await page.keyboard.press('ControlOrMeta+c');
  await other.bringToFront();
  await clickEmptyCanvas(other);
  await other.getByRole('button', { name: 'Paste', exact: true }).click();
  await expect(canvas(other).getByRole('heading', { name: 'Rosa’s Bakery' })).toBeVisible();
  await expect(canvas(other).locator('section a', { hasText: 'Order now' })).toHaveCount(2);

  // The pasted pair stays selected: the toolbar's Copy copies both (with the button), and Paste adds them again.
  await other.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(other.getByText('Copied 3 elements')).toBeVisible();
  await clickEmptyCanvas(other);
  await other.getByRole('button', { name: 'Paste', exact: true }).click();
  await expect(canvas(other).getByRole('heading', { name: 'Rosa’s Bakery' })).toHaveCount(2);
  await expect(canvas(other).locator('section a', { hasText: 'Order now' })).toHaveCount(3);
});

test('without clipboard permissions, Ctrl+C and Ctrl+V still copy and paste elements between sites', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('clipboard-denied');
  await ensureUser(page.request, email);
  await signIn(page, email);
  await page.goto(draft());
  await expect(canvas(page)).toBeVisible({ timeout: 30_000 });
  await sidebar(page).getByRole('button', { name: 'Text', exact: true }).click();
  await page.getByLabel('Content').fill('Baked at dawn');
  await structure(page)
    .getByRole('treeitem', { name: /^Text( —|$)/ })
    .click();
  await page.keyboard.press('ControlOrMeta+c');

  const other = await context.newPage();
  await other.goto(draft());
  await expect(canvas(other).getByText('Drag components here to start building your page')).toBeVisible({
    timeout: 30_000,
  });
  await clickEmptyCanvas(other);
  await other.keyboard.press('ControlOrMeta+v');
  await expect(canvas(other).getByText('Baked at dawn')).toBeVisible();
  await expect(structure(other).getByRole('treeitem', { name: /^Text( —|$)/ })).toHaveCount(1);
});
