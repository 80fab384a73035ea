import { describe, expect, test } from 'vitest';
import {
  ADMIN_TABS,
  type AppRoute,
  appRoute,
  buildPath,
  CRM_SECTION_KEYS,
  HOME_ROUTE,
  parseRoute,
  ROUTES,
  type RouteName,
  resolveRoute,
  SETTINGS_TABS,
  STORE_TABS,
} from '../../src/contracts/appRoutes.ts';

const url = (path: string) => {
  const [pathname = '', search = ''] = path.split('?');
  return { pathname, search: search ? `?${search}` : '' };
};

// Every place with every value of its params: the table must read back each address it writes.
const examples: Record<RouteName, AppRoute[]> = {
  login: [appRoute('login')],
  invite: [appRoute('invite')],
  websites: [appRoute('websites')],
  forms: [appRoute('forms'), appRoute('forms', { site: '2', submission: '31' })],
  templates: [appRoute('templates')],
  flowChoice: [appRoute('flowChoice')],
  generator: [appRoute('generator')],
  generateSetup: [appRoute('generateSetup')],
  businessSetup: [appRoute('businessSetup')],
  builder: [
    appRoute('builder', { siteId: '42' }),
    appRoute('builder', { siteId: 'draft-1a2b3c4d' }),
    appRoute('builder', { siteId: '42', history: '1' }),
    appRoute('builder', { siteId: '42', history: '1', version: '7' }),
    appRoute('builder', { siteId: '42', preview: 'mobile' }),
    appRoute('builder', { siteId: 'draft-1a2b3c4d', preview: 'desktop' }),
  ],
  store: [
    appRoute('store'),
    ...STORE_TABS.map((tab) => appRoute('store', { tab })),
    appRoute('store', { tab: 'orders', store: 'c0ffee00-1234', order: 'o-9', status: 'paid', q: 'Ada & co' }),
    appRoute('store', { store: 's1' }),
  ],
  crmContact: [
    appRoute('crmContact', { contactId: '7' }),
    appRoute('crmContact', { contactId: '7', list: '3', q: 'Ada & co' }),
  ],
  crm: [
    appRoute('crm'),
    ...CRM_SECTION_KEYS.map((section) => appRoute('crm', { section })),
    appRoute('crm', { section: 'deals', pipeline: '3' }),
    appRoute('crm', { section: 'campaigns', campaign: '5' }),
    appRoute('crm', { section: 'inbox', show: 'form', page: '2', size: '50' }),
    appRoute('crm', { section: 'contacts', list: '3' }),
    appRoute('crm', { section: 'contacts', list: '3', q: 'grace hopper' }),
  ],
  seo: [appRoute('seo'), appRoute('seo', { site: '12' })],
  social: [
    appRoute('social'),
    appRoute('social', { view: 'week', date: '2026-03-09' }),
    appRoute('social', { view: 'list' }),
  ],
  integrations: [appRoute('integrations')],
  assistant: [appRoute('assistant')],
  settings: SETTINGS_TABS.map((tab) => appRoute('settings', { tab })),
  admin: [appRoute('admin'), ...ADMIN_TABS.map((tab) => appRoute('admin', { tab }))],
};

describe('the route table', () => {
  test('every route has examples here (a new route needs its round trip too)', () => {
    expect(Object.keys(examples).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const route of Object.values(examples).flat()) {
    test(`${buildPath(route)} reads back as ${route.name}`, () => {
      expect(parseRoute(url(buildPath(route)))).toEqual(route);
    });
  }

  test('the paths the issue names', () => {
    expect(buildPath(appRoute('websites'))).toBe('/websites');
    expect(buildPath(appRoute('store', { tab: 'products' }))).toBe('/store/products');
    expect(buildPath(appRoute('crmContact', { contactId: '12' }))).toBe('/crm/contacts/12');
    expect(buildPath(appRoute('crm', { section: 'contacts', list: '3', q: 'ada' }))).toBe(
      '/crm/contacts?list=3&q=ada',
    );
    expect(buildPath(appRoute('settings', { tab: 'team' }))).toBe('/settings/team');
    expect(buildPath(appRoute('admin', { tab: 'jobs' }))).toBe('/admin/jobs');
    expect(buildPath(appRoute('builder', { siteId: '5' }))).toBe('/builder/5');
  });

  test('no two places share an address', () => {
    const paths = Object.values(examples)
      .flat()
      .map((route) => buildPath(route));
    expect(new Set(paths).size).toBe(paths.length);
  });

  test('/ and unknown addresses fall back to the websites list', () => {
    expect(parseRoute(url('/'))).toBeNull();
    expect(resolveRoute(url('/'))).toEqual(HOME_ROUTE);
    expect(resolveRoute(url('/nowhere/at/all'))).toEqual(HOME_ROUTE);
    expect(resolveRoute(url('/store/products/extra'))).toEqual(HOME_ROUTE);
    expect(HOME_ROUTE).toEqual(appRoute('websites'));
  });

  test("a CRM address's section: the alias customreports and an unknown key fall back as spec §2 says", () => {
    expect(parseRoute(url('/crm/customreports'))).toEqual(appRoute('crm', { section: 'custom-reports' }));
    expect(buildPath(resolveRoute(url('/crm/customreports')))).toBe('/crm/custom-reports');
    expect(parseRoute(url('/crm/nonsense'))).toEqual(appRoute('crm', { section: 'dashboard' }));
    expect(parseRoute(url('/crm/nonsense?q=ada'))).toEqual(
      appRoute('crm', { section: 'dashboard', q: 'ada' }),
    );
  });

  test('params are validated: a value the route does not know does not match', () => {
    expect(parseRoute(url('/crm/contacts/abc'))).toBeNull();
    expect(parseRoute(url('/crm/contacts/1e3'))).toBeNull();
    expect(parseRoute(url('/admin/root'))).toBeNull();
    expect(parseRoute(url('/settings/billing'))).toBeNull();
    expect(parseRoute(url('/settings'))).toBeNull();
    expect(parseRoute(url('/store/cart'))).toBeNull();
    expect(parseRoute(url('/builder/not-a-site'))).toBeNull();
    expect(parseRoute(url('/builder/%E0%A4%A'))).toBeNull();
    expect(parseRoute(url('/builder/draft-<script>'))).toBeNull();
  });

  test('a query value that is not valid is dropped, the place stays', () => {
    expect(parseRoute(url('/store/orders?status=lost&order=o1&extra=1'))).toEqual(
      appRoute('store', { tab: 'orders', order: 'o1' }),
    );
    expect(parseRoute(url('/crm/contacts?list=vip&q=ada'))).toEqual(
      appRoute('crm', { section: 'contacts', q: 'ada' }),
    );
  });

  test('params are typed: a route takes only its own params, with their own values', () => {
    // @ts-expect-error: 'billing' is not a settings page
    const unknownTab = appRoute('settings', { tab: 'billing' });
    // @ts-expect-error: a builder place needs its site
    const noSite = appRoute('builder');
    expect([unknownTab.name, noSite.name]).toEqual(['settings', 'builder']);
  });

  test('a trailing slash names the same place', () => {
    expect(parseRoute(url('/crm/deals/'))).toEqual(appRoute('crm', { section: 'deals' }));
  });

  test('older addresses still lead to their place', () => {
    // The owner's link in new-order e-mails sent before the table.
    expect(parseRoute(url('/?storeTab=orders&store=s1&order=o1'))).toEqual(
      appRoute('store', { tab: 'orders', store: 's1', order: 'o1' }),
    );
    expect(parseRoute(url('/?store=s1'))).toEqual(appRoute('store', { store: 's1' }));
    expect(parseRoute(url('/?storeTab=bogus&store=s1'))).toEqual(appRoute('store', { store: 's1' }));
    // The website cards' Forms button used to set the hash.
    expect(parseRoute({ pathname: '/', search: '', hash: '#forms' })).toEqual(appRoute('forms'));
    // The builder also answers at the address the issue names.
    expect(parseRoute(url('/websites/42/edit'))).toEqual(appRoute('builder', { siteId: '42' }));
  });
});
