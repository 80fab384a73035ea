import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ensureUser, signIn, uniqueEmail } from './helpers.ts';

// While the tour shows, it is a modal dialog: the page behind it is hidden from the accessibility tree (as behind
// any dialog), so its controls are found with `includeHidden`.
const hidden = { includeHidden: true } as const;
const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections', ...hidden });
const entry = (page: Page, name: string) =>
  sections(page).getByRole('button', { name, exact: true, ...hidden });

/** The six steps of the spec, each with the control it must point at. */
const STEPS: Array<{ title: string; control: (page: Page) => Locator }> = [
  {
    title: 'Welcome to BizSite',
    control: (page) =>
      page
        .getByRole('banner', hidden)
        .getByText('BizSite', { exact: true })
        .locator('..') /* logo and name */,
  },
  { title: 'Website Builder', control: (page) => entry(page, 'Website Builder') },
  { title: 'CRM', control: (page) => entry(page, 'CRM') },
  { title: 'Social Media', control: (page) => entry(page, 'Social Media') },
  { title: 'Integrations', control: (page) => entry(page, 'Integrations') },
  { title: 'Your profile', control: (page) => page.getByRole('button', { name: 'Account menu', ...hidden }) },
];

const tour = (page: Page) => page.getByRole('dialog');

type Box = { x: number; y: number; width: number; height: number };

/** How much of `a` lies inside `b` (0 to 1). */
function shareInside(a: Box, b: Box): number {
  const w = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  return (w * h) / (a.width * a.height);
}

/**
 * The step's box is anchored to its control: the control carries the tour's mark (the only one on the page), is
 * in the viewport and shows through the dimmed page in the spotlight's ring, and the box never covers it — right
 * beside it, or (`docked`, a phone) across the screen's top or bottom edge.
 */
async function expectAnchored(page: Page, index: number, { docked = false } = {}): Promise<void> {
  const { title, control } = STEPS[index];
  await expect(tour(page).getByRole('heading', { name: title })).toBeVisible();
  await expect(tour(page).getByText(`${index + 1} of 6`)).toBeVisible();
  const anchor = control(page);
  await expect(anchor).toHaveAttribute('data-tour-active', 'true');
  await expect(page.locator('[data-tour-active]')).toHaveCount(1);
  await expect(anchor).toBeInViewport();
  await expect(tour(page)).toBeInViewport();
  const a = await anchor.boundingBox();
  const p = await tour(page).boundingBox();
  if (!a || !p) throw new Error('anchor or popover has no box');
  expect(shareInside(a, p), `${title}: the box leaves its control uncovered`).toBe(0);
  if (docked) {
    const { height } = page.viewportSize()!;
    const fromEdge = Math.min(p.y, height - (p.y + p.height));
    expect(fromEdge, `${title}: the box is docked at the screen's edge`).toBeLessThanOrEqual(9);
  } else {
    // The gap between the two boxes (0 when they touch), horizontally and vertically.
    const gapX = Math.max(0, p.x - (a.x + a.width), a.x - (p.x + p.width));
    const gapY = Math.max(0, p.y - (a.y + a.height), a.y - (p.y + p.height));
    expect(Math.max(gapX, gapY), `${title}: the popover is beside its control`).toBeLessThanOrEqual(24);
  }
  // The spotlight (the hole in the dimmed page, ringed) frames the control; it glides there from the last one.
  await expect
    .poll(
      async () => {
        const hole = await page.locator('[data-tour-spotlight]').boundingBox();
        return hole ? shareInside(a, hole) : 0;
      },
      { message: `${title}: the control shows in the spotlight` },
    )
    .toBeGreaterThan(0.9);
}

test('the tour points at each step’s real control, Skip closes it and Resume tour picks it up again', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('tour');
  await ensureUser(request, email);
  // A small window: the sidebar's lower entries need scrolling into view.
  await page.setViewportSize({ width: 1100, height: 420 });
  await signIn(page, email, { withTour: true });

  for (let index = 0; index < STEPS.length; index += 1) {
    await expectAnchored(page, index);
    if (index === 0) {
      // The popover itself passes axe (serious and critical).
      const { violations } = await new AxeBuilder({ page }).analyze();
      const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual(
        [],
      );
    }
    if (index < STEPS.length - 1) await tour(page).getByRole('button', { name: 'Next' }).click();
  }
  // Previous goes back to the step before, pointing at its control again.
  await tour(page).getByRole('button', { name: 'Previous' }).click();
  await expectAnchored(page, 4);
  await tour(page).getByRole('button', { name: 'Previous' }).click();
  await expectAnchored(page, 3);

  // Skip Tour closes it and leaves no control marked.
  await tour(page).getByRole('button', { name: 'Skip Tour' }).click();
  await expect(tour(page)).toHaveCount(0);
  await expect(page.locator('[data-tour-active]')).toHaveCount(0);

  // Resume tour (beside the ? button) reopens it at the step it was skipped at.
  await page.getByRole('button', { name: 'Resume tour' }).click();
  await expectAnchored(page, 3);
  await tour(page).getByRole('button', { name: 'Next' }).click();
  await tour(page).getByRole('button', { name: 'Next' }).click();
  await expectAnchored(page, 5);
  await tour(page).getByRole('button', { name: 'Finish' }).click();
  await expect(tour(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Resume tour' })).toHaveCount(0);

  // Seen: a reload does not show it; the ? button starts it from the first step.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  await expect(tour(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Start tour' }).click();
  await expectAnchored(page, 0);
  // Escape skips it too.
  await page.keyboard.press('Escape');
  await expect(tour(page)).toHaveCount(0);
});

// A reload in the middle of the tour started it again at the welcome step; it now continues where it was.
test('a reload in the middle of the tour continues it at the same step', async ({ page, request }) => {
  const email = uniqueEmail('tour-reload');
  await ensureUser(request, email);
  await signIn(page, email, { withTour: true });
  await expectAnchored(page, 0);
  await tour(page).getByRole('button', { name: 'Next' }).click();
  await tour(page).getByRole('button', { name: 'Next' }).click();
  await expectAnchored(page, 2);

  await page.reload();
  await expectAnchored(page, 2);
  await tour(page).getByRole('button', { name: 'Next' }).click();
  await expectAnchored(page, 3);
});

test('with the sidebar collapsed the steps point at its icons', async ({ page, request }) => {
  const email = uniqueEmail('tour-narrow');
  await ensureUser(request, email);
  await signIn(page, email);
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await page.getByRole('button', { name: 'Start tour' }).click();
  for (let index = 0; index < STEPS.length; index += 1) {
    await expectAnchored(page, index);
    if (index < STEPS.length - 1) await tour(page).getByRole('button', { name: 'Next' }).click();
  }
});

// On a phone the steps about the sidebar opened beside it and ran past the screen's right edge: Next was cut
// in half ("Nex"), and the box covered the sidebar's entries. Every step is now wholly on the screen, docked at its
// bottom or top edge clear of the control it is about, which is ringed in the sidebar's rail of icons.
test('on a phone every step of the tour is wholly on the screen, its buttons included', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('tour-phone');
  await ensureUser(request, email);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, email, { withTour: true });
  for (let index = 0; index < STEPS.length; index += 1) {
    await expectAnchored(page, index, { docked: true });
    await expect(tour(page)).toBeInViewport({ ratio: 1 });
    const next = tour(page).getByRole('button', { name: index < STEPS.length - 1 ? 'Next' : 'Finish' });
    await expect(next).toBeInViewport({ ratio: 1 });
    await next.click();
  }
  await expect(tour(page)).toHaveCount(0);
});
