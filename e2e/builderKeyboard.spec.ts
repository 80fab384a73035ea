import { expect, type Page, test } from '@playwright/test';
import { signUpToBuilder, uniqueEmail } from './helpers.ts';

const KEYS_AND_CO = { name: 'Keys & Co', services: 'Locksmith', email: 'hello@keys.example' };

const tab = (page: Page, name: string) => page.getByRole('tab', { name });
const tree = (page: Page) => page.getByRole('tree', { name: 'Structure' });
/** The layer of an element type ("Header — its text"). */
const layer = (page: Page, type: string) =>
  tree(page).getByRole('treeitem', { name: new RegExp(`^${type}( —|$)`) });
/** The ids of the top-level elements on the canvas, in the order shown. */
const canvasOrder = (page: Page) =>
  page
    .getByTestId('site-canvas')
    .locator(':scope > [data-element-id]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-element-id')));
/** The ids of the layers, in the order shown. */
const layerIds = (page: Page) =>
  tree(page)
    .getByRole('treeitem')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-layer-id')));
/** The layer rows' types, in the order shown. */
const layerOrder = async (page: Page) =>
  (await tree(page).getByRole('treeitem').allTextContents()).map((text) => text.split(' — ')[0]);

/** From the sidebar's selected tab: to Components (arrow keys), into it, then Tab `steps` times. */
async function addByKeyboard(page: Page, component: string, steps: number) {
  await page.keyboard.press('Shift+Tab');
  await expect(tab(page, 'Layers')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(tab(page, 'Components')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tab(page, 'Components')).toHaveAttribute('aria-selected', 'true');
  for (let i = 0; i < steps; i += 1) await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: component, exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  // Added and selected; Layers opens with the keyboard focus on the new layer.
  await expect(tab(page, 'Layers')).toHaveAttribute('aria-selected', 'true');
  await expect(layer(page, component)).toBeFocused();
}

test('the builder’s add, select, move and delete work with the keyboard only', async ({ page }) => {
  await signUpToBuilder(page, uniqueEmail('keyboard'), KEYS_AND_CO);

  // The sidebar's tabs are reached with Tab; the first component is added from Components.
  await tab(page, 'Pages').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, 'Components')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Header', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(layer(page, 'Header')).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Header Properties' })).toBeVisible();

  // Text (second in Components) and Button (third).
  await addByKeyboard(page, 'Text', 2);
  await addByKeyboard(page, 'Button', 3);
  expect(await layerOrder(page)).toEqual(['Header', 'Text', 'Button']);
  // The canvas shows the page in the same order as the layers.
  const [header, text, button] = await layerIds(page);
  expect(await canvasOrder(page)).toEqual([header, text, button]);

  // Select: arrows go through the layers, Enter selects (its properties open).
  await page.keyboard.press('ArrowUp');
  await expect(layer(page, 'Text')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(layer(page, 'Text')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Text Properties' })).toBeVisible();

  // Move: Alt+↑ takes it above the header, Alt+↓ twice to the end; focus stays on it.
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => layerOrder(page)).toEqual(['Text', 'Header', 'Button']);
  expect(await canvasOrder(page)).toEqual([text, header, button]);
  await expect(layer(page, 'Text')).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => layerOrder(page)).toEqual(['Header', 'Text', 'Button']);
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => layerOrder(page)).toEqual(['Header', 'Button', 'Text']);
  expect(await canvasOrder(page)).toEqual([header, button, text]);
  await expect(layer(page, 'Text')).toBeFocused();

  // Delete removes it from the page; focus stays in the tree, on the layer before it.
  await page.keyboard.press('Delete');
  await expect.poll(() => layerOrder(page)).toEqual(['Header', 'Button']);
  expect(await canvasOrder(page)).toEqual([header, button]);
  await expect(layer(page, 'Button')).toBeFocused();
  await expect(page.getByText('Select an element to edit its properties')).toBeVisible();
});
