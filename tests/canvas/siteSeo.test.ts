import { describe, expect, test } from 'vitest';
import type { SpecPage } from '../../src/canvas/pagesData.ts';
import {
  EMPTY_SITE_SEO,
  isCanonicalBaseOrEmpty,
  isSeoUrlOrEmpty,
  resolvePageSeo,
  siteSeoOf,
} from '../../src/canvas/siteSeo.ts';

const page = (props: Partial<SpecPage>): SpecPage =>
  ({ id: 'p', name: 'About', path: 'about', isHomePage: false, elements: [], ...props }) as SpecPage;
const site = { ...EMPTY_SITE_SEO, titleSuffix: " | Rosa's Bakery" };

describe('resolvePageSeo', () => {
  test('without site settings, the titles are what they always were', () => {
    expect(resolvePageSeo(page({}), 'Rosa').title).toBe('About | Rosa');
    expect(resolvePageSeo(page({ isHomePage: true, path: '' }), 'Rosa').title).toBe('Rosa');
    expect(resolvePageSeo(page({ title: ' Our story ' }), 'Rosa').title).toBe('Our story');
  });

  test("a title that only repeats the page's name (how pages are made) is the default: the tab says which site", () => {
    expect(resolvePageSeo(page({ isHomePage: true, name: 'Home', title: 'Home' }), 'Rosa').title).toBe(
      'Rosa',
    );
    expect(resolvePageSeo(page({ title: 'About' }), 'Rosa').title).toBe('About | Rosa');
    expect(resolvePageSeo(page({ title: ' About ' }), 'Rosa', site).title).toBe("About | Rosa's Bakery");
    expect(resolvePageSeo(page({ title: 'About us' }), 'Rosa').title).toBe('About us');
  });

  test('the suffix follows every title once, and only a suffix with text counts', () => {
    expect(resolvePageSeo(page({}), 'Rosa', site).title).toBe("About | Rosa's Bakery");
    expect(resolvePageSeo(page({ title: "Menu | Rosa's bakery" }), 'Rosa', site).title).toBe(
      "Menu | Rosa's bakery",
    );
    expect(resolvePageSeo(page({}), 'Rosa', { ...site, titleSuffix: '   ' }).title).toBe('About | Rosa');
  });

  test("the page's own values win; the site's fill the gaps; canonical = base + path", () => {
    const defaults = {
      ...site,
      description: 'Default',
      canonicalBase: 'https://rosa.example/',
      ogImage: '/api/uploads/og.png',
    };
    expect(resolvePageSeo(page({}), 'Rosa', defaults)).toMatchObject({
      description: 'Default',
      descriptionSource: 'site',
      canonicalUrl: 'https://rosa.example/about',
      ogImage: '/api/uploads/og.png',
      noindex: false,
    });
    expect(resolvePageSeo(page({ isHomePage: true, path: '' }), 'Rosa', defaults).canonicalUrl).toBe(
      'https://rosa.example/',
    );
    const own = page({
      description: 'Own',
      canonicalUrl: 'https://x.example/a',
      ogImage: 'https://x.example/i.png',
    });
    expect(resolvePageSeo(own, 'Rosa', defaults)).toMatchObject({
      description: 'Own',
      descriptionSource: 'page',
      canonicalUrl: 'https://x.example/a',
      ogImage: 'https://x.example/i.png',
    });
    // A page value that breaks the URL rule falls back to the site's.
    expect(resolvePageSeo(page({ ogImage: 'javascript:alert(1)' }), 'Rosa', defaults).ogImage).toBe(
      '/api/uploads/og.png',
    );
  });

  test('a site-wide noindex hides every page; stored junk never reaches a tag', () => {
    expect(resolvePageSeo(page({}), 'Rosa', { ...site, noindex: true }).noindex).toBe(true);
    const junk = siteSeoOf({ canonicalBase: 'javascript:alert(1)', ogImage: 42, noindex: 'yes', extra: 1 });
    expect(junk).toEqual({ ...EMPTY_SITE_SEO, canonicalBase: 'javascript:alert(1)' });
    expect(resolvePageSeo(page({}), 'Rosa', junk)).toMatchObject({ canonicalUrl: '', noindex: false });
    expect(siteSeoOf(null)).toEqual(EMPTY_SITE_SEO);
  });
});

describe('the SEO URL rule', () => {
  test.each([
    ['', true, true],
    ['https://rosa.example', true, true],
    ['http://rosa.example/shop/', true, true],
    ['/api/uploads/og.png', true, false],
    ['https://rosa.example/?a=1', true, false],
    ['javascript:alert(1)', false, false],
    ['data:image/png;base64,AAAA', false, false],
    ['//evil.example/x', false, false],
    ['https://rosa.example/"onload', false, false],
  ])('%s: image %s, canonical base %s', (value, image, base) => {
    expect(isSeoUrlOrEmpty(value)).toBe(image);
    expect(isCanonicalBaseOrEmpty(value)).toBe(base);
  });
});
