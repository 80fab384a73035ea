import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { dashboardInput, dashboardRoutes, renderApp } from './renderApp.tsx';

// jsdom lays nothing out: the window's size, the phone media query (useNarrowWindow) and the places of the
// controls the tour points at are set here as a browser would report them.
let phone = false;
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (media: string) => ({
    media,
    get matches() {
      return phone && media.includes('max-width: 899.95px');
    },
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }),
});

function setWindow(width: number, height: number, asPhone: boolean) {
  phone = asPhone;
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, writable: true, value: height });
}

// The sidebar's top-level entries from its top: wide (264 px) beside a desktop page, a 64 px rail of icons on a
// phone, each 48 px high under the 64 px (phone: 56 px) toolbar.
const ENTRIES = ['websiteBuilder', 'store', 'crm', 'seo', 'social', 'integrations'];
const entryRect = (key: string) =>
  new DOMRect(0, (phone ? 56 : 64) + 8 + 48 * ENTRIES.indexOf(key), phone ? 64 : 264, 48);

beforeEach(() => {
  const measure = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const key = this.getAttribute('data-tour');
    if (key && ENTRIES.includes(key)) return entryRect(key);
    if (key === 'welcome') return new DOMRect(phone ? 16 : 24, 16, phone ? 28 : 110, 28);
    if (key === 'profile') return new DOMRect(window.innerWidth - 56, 12, 40, 40);
    // The tour's box, as tall as its words make it.
    if (this.getAttribute('role') === 'dialog') return new DOMRect(0, 0, 360, 230);
    return measure.call(this);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  setWindow(1024, 768, false);
});

/** A first visit (the tour opens by itself), walked on to the step `n of 6`. */
async function tourAt(n: number) {
  const input = dashboardInput();
  localStorage.removeItem('hasSeenWalkthrough');
  renderApp(input, dashboardRoutes());
  const box = await screen.findByRole('dialog', {}, { timeout: 5000 });
  for (let step = 1; step < n; step++) fireEvent.click(within(box).getByRole('button', { name: 'Next' }));
  expect(within(box).getByText(/^\d+ of \d+$/).textContent).toBe(`${n} of 6`);
  return box;
}

/** The sidebar entry the tour marks as the one it is about (the page under the tour is hidden from readers). */
const highlighted = () => document.querySelector<HTMLElement>('[data-tour-active]');
const spotlight = () => document.querySelector<HTMLElement>('[data-tour-spotlight]');
const px = (value: string) => Number.parseFloat(value);

describe('the tour points at the control each step is about', () => {
  test('on a desktop the CRM step rings the sidebar’s CRM entry over a dimmed page, its box beside it', async () => {
    setWindow(1280, 800, false);
    const box = await tourAt(3);
    within(box).getByRole('heading', { name: 'CRM' });

    const crm = within(screen.getByRole('navigation', { name: 'Sections', hidden: true })).getByRole(
      'button',
      {
        name: 'CRM',
        hidden: true,
      },
    );
    await waitFor(() => expect(highlighted()).toBe(crm));
    // The hole in the dimmed page frames the entry (4 px around it, kept inside the screen's left edge).
    const hole = spotlight();
    if (!hole) throw new Error('no spotlight: the page is not dimmed around the entry');
    expect([hole.style.top, hole.style.left, hole.style.width, hole.style.height]).toEqual([
      '164px',
      '3px',
      '265px',
      '56px',
    ]);
    // The box sits to the entry's right, clear of it.
    expect(box.getAttribute('data-placement')).toBe('right');
    expect(px(box.style.left)).toBeGreaterThan(264);
  });

  test('on a phone the box docks at the bottom of the screen, below the rail icon it rings', async () => {
    setWindow(390, 844, true);
    const box = await tourAt(3);

    // The narrow sidebar stays on the screen as a rail of icons: the CRM icon is the one ringed.
    const crm = within(screen.getByRole('navigation', { name: 'Sections', hidden: true })).getByRole(
      'button',
      {
        name: 'CRM',
        hidden: true,
      },
    );
    await waitFor(() => expect(highlighted()).toBe(crm));
    expect(px(spotlight()!.style.top)).toBe(156);
    expect(box.getAttribute('data-placement')).toBe('screen-bottom');
    expect(box.style.bottom).toBe('8px');
    // However tall its words make it, it stops short of the icon (which ends 208 px down).
    expect(844 - 8 - px(box.style.maxHeight)).toBeGreaterThan(208);
  });

  test('on a phone held sideways a step about an entry low in the rail docks its box at the top', async () => {
    setWindow(844, 390, true);
    const box = await tourAt(5);
    within(box).getByRole('heading', { name: 'Integrations' });

    await waitFor(() => expect(highlighted()?.getAttribute('aria-label')).toBe('Integrations'));
    expect(box.getAttribute('data-placement')).toBe('screen-top');
    expect(box.style.top).toBe('8px');
    // Integrations starts 304 px down: the box ends above it.
    expect(8 + px(box.style.maxHeight)).toBeLessThan(304);
  });

  test('the tour keeps the keyboard: the focus cannot leave its box, and Escape skips it', async () => {
    setWindow(1280, 800, false);
    const box = await tourAt(2);
    expect(document.activeElement).toBe(within(box).getByRole('button', { name: 'Next' }));
    // The page under it is out of reach while it shows.
    expect(screen.queryByRole('navigation', { name: 'Sections' })).toBeNull();

    // Focus sent out of the box (a Tab past its last button, a click on the page) comes back into it.
    screen.getByRole('button', { name: 'Start tour', hidden: true }).focus();
    await waitFor(() => expect(box.contains(document.activeElement)).toBe(true));

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(highlighted()).toBeNull();
    expect(spotlight()).toBeNull();
    screen.getByRole('button', { name: 'Resume tour' });
    screen.getByRole('navigation', { name: 'Sections' });
  });
});
