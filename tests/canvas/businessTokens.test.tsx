import { expect, test } from 'vitest';
import { resolveBusinessTokens, withBusinessProps } from '../../src/canvas/businessTokens.ts';
import { generateSite } from '../../src/canvas/generator/generateSite.ts';
import { renderPublishedSite } from '../../src/canvas/published/publishRenderer.tsx';

const business = {
  name: 'Summit Plumbing & Heating',
  email: 'hello@summit.example',
  phone: '+1 (555) 010-2030',
  address: '1 Main Street',
  socialLinks: ['https://www.facebook.com/summit', 'https://instagram.com/summit'],
};

test('tokens resolve from the business details, and to nothing without them', () => {
  expect(resolveBusinessTokens('© {{business.name}}', business)).toBe('© Summit Plumbing & Heating');
  expect(resolveBusinessTokens('{{ business.social }}', business)).toBe(
    'https://www.facebook.com/summit|https://instagram.com/summit',
  );
  expect(resolveBusinessTokens('Mail {{business.email}}', null)).toBe('Mail ');
  const props = { content: 'x {{business.phone}}', width: 3 };
  expect(withBusinessProps(props, business)).toEqual({ content: 'x +1 (555) 010-2030', width: 3 });
  expect(withBusinessProps({ content: 'plain' }, business)).toEqual({ content: 'plain' });
});

test('a generated, published site links the business email and phone in its footer and anchors #contact', () => {
  const site = generateSite({
    businessName: 'Summit Plumbing & Heating',
    industry: 'other',
    services: 'Boilers',
    email: 'old@summit.example',
    phone: '+1 555 0100',
  });
  const { pages } = renderPublishedSite({
    siteName: site.name,
    subdomain: 'summit-plumbing-heating',
    pages: site.pages,
    scriptSrc: '/site.js',
    business,
  });
  const home = pages.find((page) => page.path === '')?.html ?? '';
  expect(home).toContain(
    '<a href="mailto:hello@summit.example" style="color:inherit">hello@summit.example</a>',
  );
  expect(home).toContain('<a href="tel:+15550102030" style="color:inherit">+1 (555) 010-2030</a>');
  expect(home).toContain('href="https://www.facebook.com/summit"');
  expect(home).toContain('>Facebook</a>');
  expect(home).toContain('© Summit Plumbing &amp; Heating. All rights reserved.');
  expect(home).toContain('<section id="contact"');
  expect(home).toContain('href="#contact"');
  expect(home).not.toContain('old@summit.example');
  expect(home).not.toContain('{{business');
});
