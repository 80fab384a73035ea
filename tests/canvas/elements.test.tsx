import { render } from '@testing-library/react';
import { expect, test } from 'vitest';
import { normalizeProduct } from '../../src/canvas/elements/product-card/productCardElement.tsx';
import { ELEMENTS, normalizeProps } from '../../src/canvas/elements/registry.ts';
import { ELEMENT_TYPES } from '../../src/canvas/elements/types.ts';
import { insertElement } from '../../src/canvas/ops/elementOps.ts';
import { toNodes, toSpecPages } from '../../src/canvas/pagesData.ts';
import { parseHtmlToElements } from '../../src/canvas/parseHtml.ts';
import { safeImageUrl, safeUrl, sanitizeHtml } from '../../src/canvas/sanitize.ts';
import { edit } from '../../src/canvas/siteDoc.ts';
import { renderSiteHtml, StaticElements } from '../../src/canvas/staticRender.tsx';
import { siteWithHome } from './canvasFixtures.ts';

const top = { pageId: 'home', parentId: null };

test('all 15 types render their defaults with data-element-id', () => {
  expect(ELEMENT_TYPES).toHaveLength(15);
  const site = siteWithHome();
  edit(site, () => {
    for (const type of ELEMENT_TYPES)
      insertElement(site, { id: `e-${type}`, type, props: ELEMENTS[type].defaults() }, top);
  });
  const pages = toSpecPages(site);
  const { container } = render(<StaticElements elements={pages[0]?.elements ?? []} />);
  for (const type of ELEMENT_TYPES)
    expect(container.querySelector(`[data-element-id="e-${type}"]`)).not.toBeNull();
  expect(container.textContent).toContain('Your cart is empty');
});

test('limits of spec §5/§9 are applied', () => {
  expect(normalizeProps('button', { width: 5, height: 999, borderRadius: -3 })).toMatchObject({
    width: 50,
    height: 200,
    borderRadius: 0,
  });
  expect(normalizeProps('text', { fontSize: 100 })).toEqual({ fontSize: 48 });
  expect(normalizeProps('text', { fontSize: 2 })).toEqual({ fontSize: 12 });
  expect(normalizeProduct({ rating: 9, inventoryQuantity: -4 })).toMatchObject({
    rating: 5,
    inventoryQuantity: 0,
    price: 99.99,
    originalPrice: 129.99,
  });
  expect(normalizeProps('grid', { gridColumns: 7 })).toEqual({ gridColumns: 2 });
  const { getByText, getByRole } = render(
    <StaticElements
      elements={[{ id: 'p', type: 'product-card', parentId: null, children: [], inventoryQuantity: 0 }]}
    />,
  );
  expect(getByText(/stock/i).textContent).toBe('Out of stock');
  expect(getByRole('button', { name: 'Add to Cart' })).toHaveProperty('disabled', true);
});

test('URLs are allow-listed', () => {
  expect(safeUrl('https://a.example/x')).toBe('https://a.example/x');
  expect(safeUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
  expect(safeUrl('tel:+1555')).toBe('tel:+1555');
  expect(safeUrl('/about')).toBe('/about');
  expect(safeUrl('#top')).toBe('#top');
  for (const bad of [
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    '//evil.example',
  ]) {
    expect(safeUrl(bad)).toBe('#');
  }
  expect(safeImageUrl('data:image/png;base64,iVBORw0KGgo=')).toContain('data:image/png');
  expect(safeImageUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBe('');
  expect(safeImageUrl('javascript:alert(1)')).toBe('');
});

const hostile = [
  {
    id: 't',
    type: 'text',
    parentId: null,
    children: [],
    content:
      '<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a><b>bold</b>',
  },
  {
    id: 'b',
    type: 'button',
    parentId: null,
    children: [],
    buttonText: '<script>alert(4)</script>',
    buttonUrl: 'javascript:alert(5)',
  },
  { id: 'h', type: 'header', parentId: null, children: [], content: '<script>alert(6)</script>' },
  { id: 'i', type: 'image', parentId: null, children: [], imageUrl: 'javascript:alert(7)' },
  {
    id: 'n',
    type: 'navbar',
    parentId: null,
    children: [],
    navItems: [{ id: 'x', label: 'Evil', url: 'javascript:alert(8)' }],
  },
  {
    id: 'c',
    type: 'card',
    parentId: null,
    children: [],
    buttonUrl: ' javascript:alert(9)',
    backgroundType: 'image',
    backgroundImage: 'javascript:alert(10)',
  },
];

test('script payloads and javascript: URLs never reach the canvas DOM', () => {
  const { container } = render(<StaticElements elements={hostile} />);
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('[onerror]')).toBeNull();
  for (const el of container.querySelectorAll('[href],[src]')) {
    expect(`${el.getAttribute('href') ?? ''}${el.getAttribute('src') ?? ''}`).not.toMatch(/javascript:/i);
  }
  expect(container.innerHTML).not.toMatch(/javascript:/i);
  expect(container.querySelector('b')?.textContent).toBe('bold');
});

test('exported HTML carries no script and no javascript: URL', () => {
  const html = renderSiteHtml(
    [{ id: 'home', name: 'Home', path: 'home', isHomePage: true, elements: hostile }],
    '<script>x</script>',
  );
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/onerror=/i);
  expect(sanitizeHtml('<p onclick="x()">hi</p>')).toBe('<p>hi</p>');
});

test('a saved site without pages is parsed from its HTML back into elements', () => {
  const site = siteWithHome();
  edit(site, () => {
    insertElement(site, { type: 'header', props: { content: 'Hello' } }, top);
    insertElement(
      site,
      {
        type: 'section',
        props: {},
        children: [{ type: 'button', props: { buttonText: 'Go', buttonUrl: '/x' } }],
      },
      top,
    );
  });
  const html = renderSiteHtml(toSpecPages(site), 'Site');
  const nodes = parseHtmlToElements(`${html}<script>alert(1)</script>`);
  expect(nodes.map((n) => n.type)).toEqual(['header', 'section']);
  expect(nodes[0]?.props.content).toBe('Hello');
  expect(nodes[1]?.children?.[0]).toMatchObject({
    type: 'button',
    props: { buttonText: 'Go', buttonUrl: '/x' },
  });
  expect(toNodes(toSpecPages(site)[0]?.elements)[1]?.children).toHaveLength(1);
});
