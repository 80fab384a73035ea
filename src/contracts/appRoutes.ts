import { ORDER_STATUSES } from './orderStatuses.ts';

/**
 * The app's URL table: every place a person can be (a dashboard section, a tab, an opened record, the
 * builder, the website flow) has one canonical URL here. The root app machine reads it on load and on
 * Back/Forward and writes it on navigation; the server builds the links it mails from it.
 *
 * Adding a place is one line in `ROUTES`: `name: route('/path/:required/:optional?', { required: param },
 * { optional: param, queryKey: param })`. A `:name?` segment may only end the path; optional params that are
 * not path segments are query parameters.
 */

/** How one URL parameter reads (null: not valid, so the URL does not match) and writes its value. */
export type Param<T> = { parse(raw: string): T | null; format(value: T): string };

/** A parameter whose text is its value, valid when `valid` says so. */
const textParam = <T extends string = string>(valid: (raw: string) => boolean): Param<T> => ({
  parse: (raw) => (valid(raw) ? (raw as T) : null),
  format: (value) => value,
});
const digits = textParam((raw) => /^\d{1,18}$/.test(raw));
/** A calendar day, YYYY-MM-DD. */
const day = textParam((raw) => /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(raw));
/** The content planner's views (month is the default, left out of the address). */
export const PLANNER_VIEWS = ['month', 'week', 'list'] as const;
export type PlannerView = (typeof PLANNER_VIEWS)[number];
/** The builder preview's devices (spec §2), in the address as `/builder/7?preview=mobile`. */
export const PREVIEW_DEVICES = ['desktop', 'laptop', 'tablet', 'mobile'] as const;
/** A store's or an order's id (letters, digits, '-' and '_'). */
const recordId = textParam((raw) => /^[A-Za-z0-9_-]{1,64}$/.test(raw));
const text = textParam((raw) => raw.length > 0 && raw.length <= 200);
/** A saved site's id, or the local room of a site not saved yet (`draft-…`). */
const siteId = textParam((raw) => /^\d{1,18}$/.test(raw) || /^draft-[A-Za-z0-9-]{1,58}$/.test(raw));
const oneOf = <const T extends string>(values: readonly T[]) =>
  textParam<T>((raw) => (values as readonly string[]).includes(raw));

/** The store admin's tabs. */
export const STORE_TABS = ['products', 'orders', 'settings', 'stores'] as const;
export type StoreTab = (typeof STORE_TABS)[number];
/** The CRM's section keys (spec §2, with `integrations`). */
export const CRM_SECTION_KEYS = [
  'dashboard',
  'contacts',
  'leads',
  'deals',
  'campaigns',
  'activities',
  'workflow',
  'pipelines',
  'communications',
  'inbox',
  'analytics',
  'reports',
  'teams',
  'permissions',
  'custom-reports',
  'ai',
  'tracking',
  'data-cleaning',
  'integrations',
] as const;
export type CrmSectionKey = (typeof CRM_SECTION_KEYS)[number];
/** A CRM address's section (spec §2): the alias customreports is custom-reports, an unknown key the dashboard. */
const crmSection: Param<CrmSectionKey> = {
  parse: (raw) =>
    raw === 'customreports'
      ? 'custom-reports'
      : (CRM_SECTION_KEYS as readonly string[]).includes(raw)
        ? (raw as CrmSectionKey)
        : 'dashboard',
  format: (value) => value,
};
/** Settings pages: the user's profile and password, the account's team, accounts and role matrix. */
export const SETTINGS_TABS = ['profile', 'password', 'team', 'accounts', 'permissions', 'business'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
/** The Admin dashboard's tabs. */
export const ADMIN_TABS = ['users', 'activity', 'reviews', 'jobs', 'outbox', 'replay'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

type Params = Record<string, Param<unknown>>;
type RouteDef<R extends Params, O extends Params> = {
  path: string;
  required: R;
  optional: O;
  aliases: readonly string[];
};

function route<R extends Params = Record<never, never>, O extends Params = Record<never, never>>(
  path: string,
  required?: R,
  optional?: O,
  aliases: readonly string[] = [],
): RouteDef<R, O> {
  return { path, required: (required ?? {}) as R, optional: (optional ?? {}) as O, aliases };
}

// biome-ignore format: one line per place
export const ROUTES = {
  login: route('/login'),
  invite: route('/invite'),
  websites: route('/websites'),
  forms: route('/forms', {}, { site: digits, submission: digits, q: text, page: digits }),
  templates: route('/templates'),
  flowChoice: route('/websites/new'),
  generator: route('/websites/new/generator'),
  generateSetup: route('/websites/new/business'),
  businessSetup: route('/setup'),
  builder: route('/builder/:siteId', { siteId }, { history: oneOf(['1']), version: digits, preview: oneOf(PREVIEW_DEVICES) }, ['/websites/:siteId/edit']),
  store: route('/store/:tab?', {}, { tab: oneOf(STORE_TABS), store: recordId, order: recordId, product: recordId, status: oneOf(ORDER_STATUSES), q: text, page: digits, size: digits }),
  crmContact: route('/crm/contacts/:contactId', { contactId: digits }, { list: digits, q: text, page: digits, size: digits }),
  crm: route('/crm/:section?', {}, { section: crmSection, pipeline: digits, campaign: digits, show: oneOf(['form', 'message']), item: recordId, list: digits, q: text, page: digits, size: digits, report: text }),
  seo: route('/seo', {}, { site: digits }),
  social: route('/social', {}, { view: oneOf(PLANNER_VIEWS), date: day, item: recordId }),
  integrations: route('/integrations'),
  assistant: route('/assistant'),
  settings: route('/settings/:tab', { tab: oneOf(SETTINGS_TABS) }, { account: recordId }),
  admin: route('/admin/:tab?', {}, { tab: oneOf(ADMIN_TABS), view: oneOf(['credits']) }),
};

export type RouteName = keyof typeof ROUTES;
type ValueOf<P> = P extends Param<infer T> ? T : never;
type DefOf<N extends RouteName> = (typeof ROUTES)[N];
export type RouteParams<N extends RouteName> = {
  [K in keyof DefOf<N>['required']]: ValueOf<DefOf<N>['required'][K]>;
} & {
  [K in keyof DefOf<N>['optional']]?: ValueOf<DefOf<N>['optional'][K]>;
};
/** One place: its route's name and its typed params. */
export type AppRoute = { [N in RouteName]: { name: N; params: RouteParams<N> } }[RouteName];
export type RouteOf<N extends RouteName> = Extract<AppRoute, { name: N }>;

/** Where the app falls back to: unknown paths and `/`. */
export const HOME_ROUTE: AppRoute = { name: 'websites', params: {} };

/** A place, typed: `appRoute('crm', { section: 'contacts' })`. */
export function appRoute<N extends RouteName>(
  name: N,
  ...params: Partial<RouteParams<N>> extends RouteParams<N> ? [RouteParams<N>?] : [RouteParams<N>]
): RouteOf<N> {
  return { name, params: params[0] ?? {} } as RouteOf<N>;
}

type AnyParam = Param<string>;
const paramsOf = (def: { required: Params; optional: Params }) =>
  ({ ...def.required, ...def.optional }) as Record<string, AnyParam>;

/** The path and query of a place, e.g. `/store/orders?store=…&order=…`. */
export function buildPath(target: AppRoute): string {
  const def = ROUTES[target.name] as RouteDef<Params, Params>;
  const params = paramsOf(def);
  const values = target.params as Record<string, string | undefined>;
  const used = new Set<string>();
  const segments: string[] = [];
  for (const segment of def.path.split('/').slice(1)) {
    if (!segment.startsWith(':')) {
      segments.push(segment);
      continue;
    }
    const key = segment.replace(/^:|\?$/g, '');
    used.add(key);
    const value = values[key];
    if (value !== undefined) segments.push(encodeURIComponent(params[key]!.format(value)));
  }
  const query = new URLSearchParams();
  for (const key of Object.keys(def.optional)) {
    const value = values[key];
    if (!used.has(key) && value !== undefined) query.set(key, params[key]!.format(value));
  }
  const search = query.toString();
  return `/${segments.join('/')}${search ? `?${search}` : ''}`;
}

function matchPattern(
  pattern: string,
  def: RouteDef<Params, Params>,
  parts: string[],
  query: URLSearchParams,
) {
  const segments = pattern.split('/').slice(1);
  const params = paramsOf(def);
  const values: Record<string, string> = {};
  const used = new Set<string>();
  if (parts.length > segments.length) return null;
  for (const [index, segment] of segments.entries()) {
    const part = parts[index];
    if (!segment.startsWith(':')) {
      if (part !== segment) return null;
      continue;
    }
    const optional = segment.endsWith('?');
    const key = segment.replace(/^:|\?$/g, '');
    used.add(key);
    if (part === undefined) {
      if (optional) continue;
      return null;
    }
    let raw: string;
    try {
      raw = decodeURIComponent(part);
    } catch {
      return null;
    }
    const value = params[key]!.parse(raw);
    if (value === null) return null;
    values[key] = value;
  }
  // Query parameters are optional: one that is not valid is dropped, it does not lose the place.
  for (const key of Object.keys(def.optional)) {
    const raw = query.get(key);
    if (used.has(key) || raw === null) continue;
    const value = params[key]!.parse(raw);
    if (value !== null) values[key] = value;
  }
  return values;
}

/** What an address says, as the browser gives it (`location`). */
export type UrlLocation = { pathname: string; search: string; hash?: string };

/** Addresses from before this table that links (order e-mails, bookmarks) still carry. */
function legacyRoute({ pathname, search, hash }: UrlLocation): AppRoute | null {
  if (hash === '#forms') return { name: 'forms', params: {} };
  const query = new URLSearchParams(search);
  if (pathname === '/' && (query.has('storeTab') || query.has('store'))) {
    // `/?storeTab=orders&store=…&order=…`: the tab moved into the path, the rest stays in the query.
    const tab = query.get('storeTab') ?? '';
    query.delete('storeTab');
    const rest = `?${query.toString()}`;
    return (
      parseRoute({ pathname: `/store/${encodeURIComponent(tab)}`, search: rest }) ??
      parseRoute({ pathname: '/store', search: rest })
    );
  }
  return null;
}

/** The place an address names, or null when it names none (see `resolveRoute` for the fallback). */
export function parseRoute(location: UrlLocation): AppRoute | null {
  const legacy = legacyRoute(location);
  if (legacy) return legacy;
  const parts = location.pathname.replace(/\/+$/, '').split('/').slice(1);
  const query = new URLSearchParams(location.search);
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const def = ROUTES[name] as RouteDef<Params, Params>;
    for (const pattern of [def.path, ...def.aliases]) {
      const values = matchPattern(pattern, def, parts, query);
      if (values) return { name, params: values } as AppRoute;
    }
  }
  return null;
}

/** The place an address names; `/` and unknown addresses are the websites list. */
export function resolveRoute(location: UrlLocation): AppRoute {
  return parseRoute(location) ?? HOME_ROUTE;
}

/** Whether two places are the same (name and every param). */
export function sameRoute(a: AppRoute, b: AppRoute): boolean {
  return buildPath(a) === buildPath(b);
}
