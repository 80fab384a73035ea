import { type APIRequestContext, expect, test } from '@playwright/test';
import { password, publishGeneratedSite, topLevelElement, uniqueEmail } from './helpers.ts';

const PAYLOAD_TEXT = '<script>window.__pwned = 1; alert("script")</script>';
const ONERROR = '<img src=x onerror="window.__pwned = 2; alert(2)">';

async function owner(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/register', {
    data: { email: uniqueEmail('xss'), password },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).token as string;
}

test('a site whose text holds script, event-handler and javascript: payloads runs none of them', async ({
  page,
  request,
}) => {
  const token = await owner(request);
  const headers = { authorization: `Bearer ${token}` };
  const el = topLevelElement;
  const pages = [
    {
      id: 'home',
      name: 'Home',
      path: 'home',
      isHomePage: true,
      title: `</title>${PAYLOAD_TEXT}`,
      description: `"><script>window.__pwned = 3</script>`,
      elements: [
        el('nav', 'navbar', {
          logoText: PAYLOAD_TEXT,
          navItems: [{ id: 'n1', label: 'Evil', url: 'javascript:window.__pwned=4;alert(4)' }],
        }),
        el('h', 'header', { content: PAYLOAD_TEXT }),
        el('t', 'text', { content: `${ONERROR}<b>Bold</b> <a href="javascript:alert(5)">click</a>` }),
        el('b', 'button', { buttonText: 'Go', buttonUrl: 'javascript:window.__pwned=6;alert(6)' }),
        el('i', 'image', { imageUrl: 'javascript:alert(7)', alt: ONERROR }),
        el('f', 'form', {
          content: PAYLOAD_TEXT,
          formFields: [{ id: 'x', type: 'text', label: `"><svg onload=alert(8)>`, required: false }],
        }),
      ],
    },
  ];
  const saved = await request.post('/api/website/save', { headers, data: { name: 'XSS', pages } });
  expect(saved.status()).toBe(200);
  const { id } = await saved.json();
  const subdomain = `xss-${Date.now()}`;
  const published = await request.post(`/api/website/${id}/publish`, { headers, data: { subdomain } });
  expect(published.status()).toBe(200);

  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/sites/${subdomain}/`);
  await expect(page.getByText(PAYLOAD_TEXT).first()).toBeVisible();
  // Our own script did run (it adds the mobile menu button), so "nothing ran" is not just "no script at all".
  await expect(page.locator('.bz-nav-toggle')).toHaveCount(1);
  // Allowed formatting survives publishing, as it shows on the canvas.
  await expect(page.locator('[data-element-id="t"] b')).toHaveText('Bold');
  for (const name of ['Evil', 'Go', 'click']) {
    const link = page.getByRole('link', { name, exact: true });
    expect(await link.getAttribute('href')).toBe('#');
    await link.click();
  }
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
});

test('a visitor submits the contact form of a published site and it is stored', async ({ page, request }) => {
  const token = await owner(request);
  const headers = { authorization: `Bearer ${token}` };
  const subdomain = `visit-${Date.now()}`;
  await publishGeneratedSite(request, token, 'Form Bakery', subdomain);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/sites/${subdomain}/`);
  // The small-screen menu opens with its button; Escape closes it, focus back on the button.
  const menu = page.getByRole('button', { name: 'Menu' });
  const menuLink = page.getByRole('navigation').getByRole('link', { name: 'Contact', exact: true });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(menuLink).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await expect(menuLink).toBeHidden();
  await expect(menu).toBeFocused();
  // Opened again, its links lead to the other pages.
  await menu.click();
  await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/sites/${subdomain}/contact$`));
  await page.getByLabel('Name').fill('Ada');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('Hello from the site');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('status')).toHaveText('Form submitted successfully!');
  await expect(page.getByLabel('Name')).toHaveValue('');

  const inbox = await request.get('/api/forms/submissions', { headers });
  expect(await inbox.json()).toEqual([
    expect.objectContaining({
      formTitle: 'Contact Us',
      data: { Name: 'Ada', Email: 'ada@example.com', Message: 'Hello from the site' },
      status: 'new',
    }),
  ]);
});
