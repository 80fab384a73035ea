import { expect, test } from '@playwright/test';
import { password, signIn, uniqueEmail } from './helpers.ts';

test('the owner claims a custom domain in the Publish dialog: the TXT record to add and Pending verification', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('domain-owner');
  const registered = await request.post('/api/auth/register', { data: { email, password } });
  const { token } = (await registered.json()) as { token: string };
  const pages = [
    {
      id: 'home',
      name: 'Home',
      path: '',
      isHomePage: true,
      elements: [
        { id: 'h1', type: 'header', parentId: null, children: [], content: 'Corner Shop', level: 'h1' },
      ],
    },
  ];
  const saved = await request.post('/api/website/save', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Corner Shop', pages },
  });
  expect(saved.status()).toBe(200);

  await signIn(page, email);
  await page.getByRole('article', { name: 'Corner Shop' }).getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/builder\/\d+$/);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish Website' });
  const subdomain = `corner-${Date.now()}`;
  const domain = `shop-${Date.now()}.example`;
  await dialog.getByLabel('Subdomain').fill(subdomain);
  await dialog.getByLabel('Custom domain (optional)').fill(domain);
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();

  // Published on its platform address: the custom domain serves nothing until its record is verified.
  const address = `127.0.0.1:${new URL(page.url()).port}/sites/${subdomain}`;
  await expect(dialog.getByText(`Website published successfully at: ${address}`)).toBeVisible();
  const panel = dialog.getByRole('region', { name: 'Custom domain' });
  await expect(panel.getByRole('heading', { name: domain })).toBeVisible();
  await expect(panel.getByText('Pending verification')).toBeVisible();
  await expect(panel.getByLabel('Type', { exact: true })).toHaveValue('TXT');
  await expect(panel.getByLabel('Name', { exact: true })).toHaveValue(`_bizsite-verify.${domain}`);
  await expect(panel.getByLabel('Value', { exact: true })).toHaveValue(/^[0-9a-f]{32}$/);
  for (const part of ['type', 'name', 'value'])
    await expect(panel.getByRole('button', { name: `Copy ${part}` })).toBeVisible();

  // Verify asks real DNS, which has no such record under .example: still pending, with what to do next.
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(panel.getByRole('status')).toContainText(
    new RegExp(`(No TXT record|The DNS lookup of) _bizsite-verify\\.${domain.replaceAll('.', '\\.')}`),
    { timeout: 30_000 },
  );
  await expect(panel.getByText('Pending verification')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Verify' })).toBeEnabled();

  // The claim stays with the website: the dialog shows it again when reopened.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(
    dialog.getByRole('region', { name: 'Custom domain' }).getByText('Pending verification'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(`_bizsite-verify.${domain}`);
});
