import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { KEPT_SITE_SEO_NOTE } from '../../src/views/dashboard/sections/SiteSeoSettingsCard.tsx';
import { clickSection, descriptionOf, rowsOf, unloadAsks } from './queries.ts';
import { keptEntries, reloadApp } from './reloadApp.ts';
import { dashboardInput, dashboardRoutes, type Routes, renderApp } from './renderApp.tsx';

const site = {
  id: 7,
  name: 'Rosa Bakery',
  createdAt: '2026-01-01T00:00:00.000Z',
  isPublished: true,
  domain: null,
  subdomain: 'rosa',
  publishedAt: '2026-01-02T00:00:00.000Z',
  isActive: true,
};

const stored = {
  websiteId: 7,
  isPublished: true,
  titleSuffix: '',
  description: '',
  canonicalBase: '',
  ogImage: '',
  noindex: false,
};

function audit(suffix: string) {
  return {
    websiteId: 7,
    name: 'Rosa Bakery',
    publishedUrl: '',
    auditedAt: '2026-01-03T00:00:00.000Z',
    updatedAt: '2026-01-02T00:00:00.000Z',
    pages: [
      {
        id: 'about',
        name: 'About',
        path: 'about',
        isHomePage: false,
        title: '',
        effectiveTitle: `About${suffix || ' | Rosa Bakery'}`,
        description: '',
        effectiveDescription: '',
        canonicalUrl: '',
        effectiveCanonicalUrl: '',
        ogImage: '',
        effectiveOgImage: '',
        noindex: false,
        effectiveNoindex: false,
      },
    ],
    findings: [],
  };
}

function routes(overrides: Routes = {}): Routes {
  let suffix = '';
  return {
    ...dashboardRoutes(),
    'GET /api/website': { body: [site] },
    'GET /api/seo/websites/7/audit': () => ({ body: audit(suffix) }),
    'GET /api/seo/websites/7/settings': { body: stored },
    'PUT /api/seo/websites/7/settings': async (request) => {
      const body = (await request.json()) as typeof stored;
      suffix = body.titleSuffix;
      return { body: { ...stored, ...body } };
    },
    ...overrides,
  };
}

async function openSettings() {
  fireEvent.click(
    within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('button', { name: 'SEO Tools' }),
  );
  // The sections' table and the section load on demand: allow for a loaded machine.
  return within(await screen.findByRole('form', { name: 'Site settings' }, { timeout: 5000 }));
}

describe('SEO Tools › Site settings', () => {
  test('every field has a label; a save sends the settings, confirms, and the audit shows the suffix', async () => {
    const { requests } = renderApp(dashboardInput(), routes());
    const form = await openSettings();

    // Each field found by its label, with its kind and the value loaded from the server.
    expect(
      [
        'Title suffix',
        'Default meta description',
        'Canonical base URL',
        'Default Open Graph image',
        'Hide the whole site from search engines (noindex)',
      ].map((label) => {
        const field = form.getByLabelText(label) as HTMLInputElement;
        return [label, field.tagName, field.type, field.type === 'checkbox' ? field.checked : field.value];
      }),
    ).toEqual([
      ['Title suffix', 'INPUT', 'text', ''],
      ['Default meta description', 'TEXTAREA', 'textarea', ''],
      ['Canonical base URL', 'INPUT', 'text', ''],
      ['Default Open Graph image', 'INPUT', 'text', ''],
      ['Hide the whole site from search engines (noindex)', 'INPUT', 'checkbox', false],
    ]);
    fireEvent.change(form.getByLabelText('Title suffix'), { target: { value: " | Rosa's Bakery" } });
    fireEvent.change(form.getByLabelText('Canonical base URL'), {
      target: { value: 'https://www.rosa.example' },
    });
    fireEvent.click(form.getByLabelText('Hide the whole site from search engines (noindex)'));
    fireEvent.click(form.getByRole('button', { name: 'Save site settings' }));

    expect((await form.findByRole('status')).textContent).toContain(
      'Site settings saved. Publish the site again to apply them to its published pages.',
    );
    const put = requests.find((r) => r.method === 'PUT');
    expect(await put?.json()).toEqual({
      titleSuffix: " | Rosa's Bakery",
      description: '',
      canonicalBase: 'https://www.rosa.example',
      ogImage: '',
      noindex: true,
    });
    const table = screen.getByRole('table', { name: 'Page SEO settings' });
    // The refetched audit (this fake server's audit follows the suffix only).
    await waitFor(() =>
      expect(rowsOf(table)).toEqual([
        ['Page', 'Title', 'Description', 'Canonical URL', 'Open Graph image', 'Search engines'],
        ['About /about', "About | Rosa's Bakery", '—', '—', '—', 'Indexed'],
      ]),
    );
  });

  test('a script address is refused on its field before anything is sent', async () => {
    const { requests } = renderApp(dashboardInput(), routes());
    const form = await openSettings();

    fireEvent.change(form.getByLabelText('Default Open Graph image'), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.change(form.getByLabelText('Canonical base URL'), { target: { value: '/relative' } });
    fireEvent.click(form.getByRole('button', { name: 'Save site settings' }));

    await waitFor(() =>
      expect(descriptionOf(form.getByLabelText('Default Open Graph image'))).toBe(
        'Default Open Graph image must be an http:// or https:// address, or a path starting with /',
      ),
    );
    expect(descriptionOf(form.getByLabelText('Canonical base URL'))).toBe(
      'Canonical base URL must be an absolute http:// or https:// address, such as https://www.example.com',
    );
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });

  test("the server's refusal of a field shows on that field, without the generic toast", async () => {
    const { system } = renderApp(
      dashboardInput(),
      routes({
        'PUT /api/seo/websites/7/settings': {
          status: 400,
          body: { message: 'titleSuffix must be at most 100 characters' },
        },
      }),
    );
    const form = await openSettings();

    fireEvent.change(form.getByLabelText('Title suffix'), { target: { value: ' | Rosa' } });
    fireEvent.click(form.getByRole('button', { name: 'Save site settings' }));

    await waitFor(() =>
      expect(descriptionOf(form.getByLabelText('Title suffix'))).toBe(
        'Title suffix must be at most 100 characters',
      ),
    );
    // The http client raised no toast (the queue's counter never moved): the card reported it.
    expect(system.actor.system.get('toasts')?.getSnapshot().context.nextId).toBe(1);
    expect(form.queryByRole('status')).toBeNull();
  });
});

describe('SEO Tools › Site settings: leaving with typed changes asks first', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));
  const ask = () => screen.findByRole('dialog', { name: 'Leave without saving?' });
  const goToStore = () => clickSection('Online Store');
  const unload = unloadAsks;

  test('a sidebar click with a typed suffix asks; Stay keeps it, Leave goes', async () => {
    renderApp(dashboardInput(), routes());
    const form = await openSettings();
    fireEvent.change(form.getByLabelText('Title suffix'), { target: { value: ' | Rosa' } });
    expect(unload()).toBe(true);

    goToStore();
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/seo');
    expect(form.getByLabelText<HTMLInputElement>('Title suffix').value).toBe(' | Rosa');

    goToStore();
    fireEvent.click(within(await ask()).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(window.location.pathname).toBe('/store'));
    expect(screen.queryByRole('form', { name: 'Site settings' })).toBeNull();
    expect(unload()).toBe(false);
  });

  test('once saved, or typed back as it was, a sidebar click goes at once', async () => {
    renderApp(dashboardInput(), routes());
    const form = await openSettings();
    fireEvent.change(form.getByLabelText('Title suffix'), { target: { value: ' | Rosa' } });
    fireEvent.change(form.getByLabelText('Title suffix'), { target: { value: '' } });
    expect(unload()).toBe(false);
    fireEvent.change(form.getByLabelText('Default meta description'), { target: { value: 'Fresh bread' } });
    fireEvent.click(form.getByRole('button', { name: 'Save site settings' }));
    expect((await form.findByRole('status')).textContent).toContain('Site settings saved.');
    expect(unload()).toBe(false);

    goToStore();
    await waitFor(() => expect(window.location.pathname).toBe('/store'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });
});

describe('SEO Tools › Site settings: what was typed stays through a reload', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));
  const input = () => ({ ...dashboardInput(), location: { pathname: '/seo', search: '' } });
  const valuesOf = (form: ReturnType<typeof within>) =>
    ['Title suffix', 'Default meta description', 'Canonical base URL'].map(
      (label) => (form.getByLabelText(label) as HTMLInputElement).value,
    );
  /** Bob types a suffix and a description, and the page is reloaded (the browser's question accepted). */
  async function typeThenReload(server: Routes) {
    window.history.replaceState(null, '', '/seo');
    const first = renderApp(input(), server);
    const typing = await openSettings();
    fireEvent.change(typing.getByLabelText('Title suffix'), { target: { value: ' | Rosa' } });
    fireEvent.change(typing.getByLabelText('Default meta description'), { target: { value: 'Fresh bread' } });
    const { requests } = reloadApp(first, input(), server);
    const form = within(await screen.findByRole('form', { name: 'Site settings' }, { timeout: 5000 }));
    await waitFor(() => expect(valuesOf(form)).toEqual([' | Rosa', 'Fresh bread', '']));
    return { form, requests };
  }

  test('the suffix and the description are back with a note; Discard changes goes back to the saved ones', async () => {
    const { form } = await typeThenReload(routes());
    expect((await form.findByText(KEPT_SITE_SEO_NOTE)).textContent).toBe(
      'Your changes to the site settings are back as you left them: they are not saved yet. Save site settings to keep them, or Discard changes to throw them away.',
    );
    expect(keptEntries()).toHaveLength(1);

    fireEvent.click(form.getByRole('button', { name: 'Discard changes' }));
    expect(valuesOf(form)).toEqual(['', '', '']);
    expect(form.queryByText(KEPT_SITE_SEO_NOTE)).toBeNull();
    expect(form.queryByRole('button', { name: 'Discard changes' })).toBeNull();
    expect(keptEntries()).toEqual([]);
  });

  test('saved, the note and the kept draft are gone', async () => {
    const { form, requests } = await typeThenReload(routes());
    await form.findByText(KEPT_SITE_SEO_NOTE);
    fireEvent.click(form.getByRole('button', { name: 'Save site settings' }));
    expect((await form.findByRole('status')).textContent).toContain('Site settings saved.');
    expect(await requests.find((r) => r.method === 'PUT')?.json()).toMatchObject({
      titleSuffix: ' | Rosa',
      description: 'Fresh bread',
    });
    await waitFor(() => expect(keptEntries()).toEqual([]));
    expect(form.queryByText(KEPT_SITE_SEO_NOTE)).toBeNull();
    expect(valuesOf(form)).toEqual([' | Rosa', 'Fresh bread', '']);
  });
});

describe('SEO Tools: the chosen website is in the address', () => {
  const second = { ...site, id: 8, name: 'Rosa Catering', subdomain: 'rosa-catering' };
  const siteRoutes = (): Routes => ({
    ...routes(),
    'GET /api/website': { body: [site, second] },
    'GET /api/seo/websites/8/audit': { body: { ...audit(''), websiteId: 8, name: 'Rosa Catering' } },
    'GET /api/seo/websites/8/settings': { body: { ...stored, websiteId: 8, titleSuffix: ' | Catering' } },
  });

  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  test('choosing a website puts it in the address, and that address opens on it again', async () => {
    renderApp(dashboardInput(), siteRoutes());
    await openSettings();
    const picker = screen.getByRole('combobox', { name: 'Website' });
    expect(picker.textContent).toBe('Rosa Bakery');

    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'Rosa Catering' }));
    await waitFor(() => expect(window.location.search).toBe('?site=8'));
    expect(window.location.pathname).toBe('/seo');
    const form = within(await screen.findByRole('form', { name: 'Site settings' }));
    await waitFor(() =>
      expect(form.getByLabelText<HTMLInputElement>('Title suffix').value).toBe(' | Catering'),
    );
  });

  test('a reload of /seo?site=8 shows that website, not the first', async () => {
    window.history.replaceState(null, '', '/seo?site=8');
    renderApp({ ...dashboardInput(), location: { pathname: '/seo', search: '?site=8' } }, siteRoutes());
    const form = within(await screen.findByRole('form', { name: 'Site settings' }, { timeout: 5000 }));
    expect(screen.getByRole('combobox', { name: 'Website' }).textContent).toBe('Rosa Catering');
    await waitFor(() =>
      expect(form.getByLabelText<HTMLInputElement>('Title suffix').value).toBe(' | Catering'),
    );
  });
});
