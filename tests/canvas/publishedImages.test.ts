import { expect, test } from 'vitest';
import { renderPublishedSite } from '../../src/canvas/published/publishRenderer.tsx';
import { siteImageUrl } from '../../src/canvas/published/storefrontDom.ts';

// Uploaded images are served at /api/uploads/… on the app: a published page (under /sites/{sub}/, or at the
// root of its own host, where /api/ passes through) must ask for that root-absolute path.
test('uploaded images of a published page are root-absolute, whatever form they were written in', () => {
  const image = (id: string, imageUrl: string) => ({
    id,
    type: 'image',
    parentId: null,
    children: [],
    imageUrl,
  });
  const { pages } = renderPublishedSite({
    siteName: 'Mill',
    subdomain: 'mill',
    scriptSrc: '/sites/_assets/site.js?v=1',
    pages: [
      {
        id: 'home',
        name: 'Home',
        path: 'home',
        isHomePage: true,
        elements: [
          image('a', './api/uploads/a1.png'),
          image('b', '/api/uploads/b2.png'),
          image('c', 'api/uploads/c3.png'),
        ],
      },
    ],
  });
  const html = pages[0]!.html;
  expect(html).toContain('src="/api/uploads/a1.png"');
  expect(html).toContain('src="/api/uploads/b2.png"');
  expect(html).toContain('src="/api/uploads/c3.png"');
  expect(html).not.toContain('./api/uploads');
});

test('the storefront script’s product images take the same form; other addresses are left alone', () => {
  expect(siteImageUrl('./api/uploads/x.png')).toBe('/api/uploads/x.png');
  expect(siteImageUrl('../api/uploads/x.png')).toBe('/api/uploads/x.png');
  expect(siteImageUrl('/api/uploads/x.png')).toBe('/api/uploads/x.png');
  expect(siteImageUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
  expect(siteImageUrl('javascript:alert(1)')).toBe('');
});
