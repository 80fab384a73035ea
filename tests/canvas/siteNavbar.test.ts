import { afterEach, expect, test } from 'vitest';
import { mountNavbars } from '../../src/canvas/published/siteNavbar.ts';
import { renderPageMarkup } from '../../src/canvas/staticRender.tsx';

// The published page's navbar script on the markup of the real renderer: the ☰ button opens the links on a
// phone; Escape closes them again and gives focus back to the button.
function publishedNavbar() {
  document.body.innerHTML = renderPageMarkup({
    id: 'home',
    name: 'Home',
    path: 'home',
    isHomePage: true,
    elements: [
      {
        id: 'nav',
        type: 'navbar',
        parentId: null,
        children: [],
        logoText: 'Mill',
        navItems: [
          { id: 'a', label: 'About', url: '#about' },
          {
            id: 's',
            label: 'Shop',
            url: '#shop',
            children: [{ id: 'f', label: 'Flour', url: '#flour' }],
          },
        ],
      },
    ],
  });
  mountNavbars(document);
  const nav = document.querySelector<HTMLElement>('nav.bz-nav');
  const toggle = nav?.querySelector<HTMLButtonElement>('.bz-nav-toggle');
  if (!nav || !toggle) throw new Error('the navbar was not rendered');
  return { nav, toggle };
}

const press = (target: Element, key: string) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));

afterEach(() => {
  document.body.innerHTML = '';
});

test('Escape closes the opened phone menu and returns focus to its ☰ button', () => {
  const { nav, toggle } = publishedNavbar();
  toggle.focus();
  toggle.click();
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(nav.classList.contains('bz-open')).toBe(true);

  // Focus went on into the menu's links; Escape there closes it too.
  const about = [...nav.querySelectorAll('a')].find((link) => link.textContent === 'About');
  about?.focus();
  expect(document.activeElement?.textContent).toBe('About');
  press(document.activeElement ?? document.body, 'Escape');

  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(nav.classList.contains('bz-open')).toBe(false);
  expect(document.activeElement).toBe(toggle);

  // Opened again and closed from the button itself; other keys leave it open.
  toggle.click();
  press(toggle, 'Enter');
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  press(toggle, 'Escape');
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(toggle);
});

test('Escape closes an opened sub menu', () => {
  const { nav } = publishedNavbar();
  const shop = [...nav.querySelectorAll('a')].find((link) => link.textContent === 'Shop');
  shop?.click();
  expect(shop?.parentElement?.classList.contains('bz-sub-open')).toBe(true);
  press(shop ?? document.body, 'Escape');
  expect(shop?.parentElement?.classList.contains('bz-sub-open')).toBe(false);
});

// Templates start with a navbar of no links: on a phone its ☰ button opened an empty menu.
test('a navbar with no links has no ☰ button and no empty list, before and after the script', () => {
  document.body.innerHTML = renderPageMarkup({
    id: 'home',
    name: 'Home',
    path: 'home',
    isHomePage: true,
    elements: [{ id: 'nav', type: 'navbar', parentId: null, children: [], logoText: 'Mill', navItems: [] }],
  });
  const nav = document.querySelector<HTMLElement>('nav.bz-nav');
  expect(nav?.textContent).toBe('Mill');
  mountNavbars(document);
  expect(nav?.querySelector('button')).toBeNull();
  expect(nav?.querySelector('ul')).toBeNull();
});
