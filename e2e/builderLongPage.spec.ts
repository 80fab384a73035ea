import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { homePage, password, signIn, topLevelElement, uniqueEmail } from './helpers.ts';

const HEADINGS = 120;

/** Signs up `prefix`'s owner through the API and saves the long page: a sticky navbar and the headings. */
async function longPage(request: APIRequestContext, prefix: string): Promise<{ email: string; id: number }> {
  const email = uniqueEmail(prefix);
  const registered = await request.post('/api/auth/register', { data: { email, password } });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  const el = topLevelElement;
  const elements = [
    el('nav', 'navbar', { logoText: 'Rosa Bakery', position: 'sticky' }),
    ...Array.from({ length: HEADINGS }, (_, i) => el(`h${i}`, 'header', { content: `Heading number ${i}` })),
  ];
  const saved = await request.post('/api/website/save', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Long page', pages: [homePage(elements)] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const { id } = (await saved.json()) as { id: number };
  return { email, id };
}

/** The long page of a new owner (`prefix`), open in the builder: its canvas. */
async function openLongPage(page: Page, request: APIRequestContext, prefix: string) {
  const { email, id } = await longPage(request, prefix);
  await signIn(page, email);
  await page.goto(`/builder/${id}`);
  return page.getByRole('main', { name: 'Canvas' });
}

// A long page is drawn in blocks that Chromium skips while they are off screen (Canvas.tsx): the owner must not
// notice them. A sticky navbar sticks over the whole page, and an element far down is selected and edited as any.
test('on a long page the sticky navbar stays on top while the owner scrolls to the end and edits a heading there', async ({
  page,
  request,
}) => {
  const canvas = await openLongPage(page, request, 'long-page');
  const navbar = canvas.locator('nav.bz-nav');
  await expect(navbar).toContainText('Rosa Bakery');
  await expect(navbar).toBeInViewport();

  const last = canvas.getByText(`Heading number ${HEADINGS - 1}`, { exact: true });
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport();
  // The canvas scrolled past three screens of headings, and the navbar is still at its top. The blocks above the
  // heading take their laid-out size in the frames after the scroll (Chromium keeps the heading in place meanwhile),
  // so the position is read until it has settled.
  await expect.poll(() => canvas.evaluate((node) => node.scrollTop)).toBeGreaterThan(2000);
  await expect(navbar).toBeInViewport();
  const [navBox, canvasBox] = await Promise.all([navbar.boundingBox(), canvas.boundingBox()]);
  expect(Math.abs((navBox?.y ?? -1000) - (canvasBox?.y ?? 0))).toBeLessThan(30);

  await last.click();
  const field = page.getByLabel('Heading', { exact: true });
  await expect(field).toHaveValue(`Heading number ${HEADINGS - 1}`);
  await field.press('End');
  await field.pressSequentially(' and the last');
  await expect(
    canvas.getByText(`Heading number ${HEADINGS - 1} and the last`, { exact: true }),
  ).toBeInViewport();
  // A heading in the middle of the page, in a block that was skipped while off screen, shows as it should.
  const middle = canvas.getByText('Heading number 40', { exact: true });
  await middle.scrollIntoViewIfNeeded();
  await expect(middle).toBeInViewport();
});

// A click in Components adds at the end of the page and a layer may be far down: the canvas shows what is selected,
// and Layers shows the row of what was clicked on the canvas.
test('on a long page an element added from Components, or chosen in Layers, is scrolled into the canvas, and one clicked on the canvas into Layers', async ({
  page,
  request,
}) => {
  const canvas = await openLongPage(page, request, 'long-page-reveal');
  await expect(canvas.getByText('Heading number 0', { exact: true })).toBeInViewport();

  await page.getByRole('tab', { name: 'Components' }).click();
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await expect(canvas.getByText('Add your text here. Click to edit.', { exact: true })).toBeInViewport();
  await expect(canvas.getByText('Heading number 0', { exact: true })).not.toBeInViewport();

  // Back at the top, the heading above it (the last one) chosen in Layers with the keyboard comes into view.
  await canvas.evaluate((node) => {
    node.scrollTop = 0;
  });
  const lastHeading = canvas.getByText(`Heading number ${HEADINGS - 1}`, { exact: true });
  await expect(canvas.getByText('Heading number 0', { exact: true })).toBeInViewport();
  await expect(lastHeading).not.toBeInViewport();
  const added = page
    .getByRole('tree', { name: 'Structure' })
    .locator('[role="treeitem"][aria-selected="true"]');
  await added.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Heading', { exact: true })).toHaveValue(`Heading number ${HEADINGS - 1}`);
  await expect(lastHeading).toBeInViewport();

  // And the other way: the first heading clicked on the canvas is scrolled into Layers (which shows the end now).
  const firstRow = page.getByRole('treeitem', { name: 'Header — Heading number 0', exact: true });
  await expect(firstRow).not.toBeInViewport();
  await canvas.evaluate((node) => {
    node.scrollTop = 0;
  });
  await canvas.getByText('Heading number 0', { exact: true }).click();
  await expect(firstRow).toBeInViewport();
  await expect(firstRow).toHaveAttribute('aria-selected', 'true');
});
