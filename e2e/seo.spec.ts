import { expect, test } from '@playwright/test';
import { password, sidebar, signIn, uniqueEmail } from './helpers.ts';

test('SEO Tools audits a site, opens the builder on the element to fix, and the next save clears the finding', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('seo-owner');
  const registered = await request.post('/api/auth/register', { data: { email, password } });
  const { token } = (await registered.json()) as { token: string };
  const pages = [
    {
      id: 'home',
      name: 'Home',
      path: '',
      isHomePage: true,
      title: 'Rosa Bakery — bread and cakes',
      description: 'Fresh bread every morning in the old town, baked by Rosa and her team since 1998.',
      elements: [
        { id: 'h1', type: 'header', parentId: null, children: [], content: 'Rosa Bakery', level: 'h1' },
        { id: 'loaf', type: 'image', parentId: null, children: [], imageUrl: '/favicon.svg', alt: '' },
      ],
    },
  ];
  const saved = await request.post('/api/website/save', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Rosa Bakery', pages },
  });
  expect(saved.status()).toBe(200);

  await signIn(page, email);
  await sidebar(page).getByRole('button', { name: 'SEO Tools' }).click();
  const findings = page.getByRole('list', { name: 'SEO findings' });
  const altFinding = findings.getByRole('listitem').filter({ hasText: 'An image has no alt text.' });
  await expect(altFinding).toBeVisible();
  await expect(page.getByRole('table', { name: 'Page SEO settings' })).toContainText(
    'Rosa Bakery — bread and cakes',
  );

  // The finding opens the builder with that image selected.
  await altFinding.getByRole('button', { name: 'Open in builder' }).click();
  await expect(page).toHaveURL(/\/builder\/\d+/);
  await expect(page.getByRole('heading', { name: 'Image Properties' })).toBeVisible();
  await page.getByLabel('Alt Text').fill('A fresh loaf');
  // The change saves itself; back on the websites list, the audit reads the stored pages.
  await expect(page.getByRole('status', { name: 'Sync status' })).toHaveText('All changes saved', {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Your Websites' })).toBeVisible();
  await sidebar(page).getByRole('button', { name: 'SEO Tools' }).click();
  await expect(findings).toBeVisible();
  await expect(findings.getByText('An image has no alt text.')).toHaveCount(0);
});

test('SEO Tools › Site settings: a title suffix shows in the audit and in the next published page', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('seo-site');
  const registered = await request.post('/api/auth/register', { data: { email, password } });
  const { token } = (await registered.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const pages = [
    {
      id: 'home',
      name: 'Home',
      path: '',
      isHomePage: true,
      title: 'Fresh bread daily',
      elements: [{ id: 'h1', type: 'header', parentId: null, children: [], content: 'Rosa', level: 'h1' }],
    },
  ];
  const saved = await request.post('/api/website/save', { headers, data: { name: 'Rosa Bakery', pages } });
  expect(saved.status()).toBe(200);
  const { id } = (await saved.json()) as { id: number };

  await signIn(page, email);
  await sidebar(page).getByRole('button', { name: 'SEO Tools' }).click();
  const form = page.getByRole('form', { name: 'Site settings' });
  await form.getByLabel('Title suffix').fill(" | Rosa's Bakery");
  await form
    .getByLabel('Default meta description')
    .fill('Sourdough, rye and sweet buns, baked every morning.');
  await form.getByRole('button', { name: 'Save site settings' }).click();
  await expect(form.getByRole('status')).toContainText('Site settings saved.');
  await expect(page.getByRole('table', { name: 'Page SEO settings' })).toContainText(
    "Fresh bread daily | Rosa's Bakery",
  );

  // Publishing renders the page with the site's settings.
  const subdomain = `seo-site-${Date.now()}`;
  const published = await request.post(`/api/website/${id}/publish`, { headers, data: { subdomain } });
  expect(published.status()).toBe(200);
  const html = await (await request.get(`/sites/${subdomain}/`)).text();
  expect(html).toContain('<title>Fresh bread daily | Rosa&#39;s Bakery</title>');
  expect(html).toContain(
    '<meta name="description" content="Sourdough, rye and sweet buns, baked every morning.">',
  );
});
