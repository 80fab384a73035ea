import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveEvent, LiveEventKind } from '../../contracts/liveEvents.ts';
import { crmKeys } from '../crm/crmKeys.ts';
import { submissionsKey } from '../forms/formQueries.ts';
import { queryKeys } from '../http/queryKeys.ts';
import { storeKeys } from '../store/storeKeys.ts';

// Prefixes: each names every query that shows that kind of record (all pages, filters and searches).
const ORDERS: QueryKey = ['ecommerce', 'orders'];
const ONE_ORDER: QueryKey = ['ecommerce', 'order'];
// Every store's products as the owner lists them, as the storefront shows them, and each one's page.
const PRODUCTS: readonly QueryKey[] = [
  ['ecommerce', 'ownerProducts'],
  ['ecommerce', 'catalogue'],
  ['ecommerce', 'product'],
];
const CONTACTS: QueryKey = ['crm', 'contacts'];
const LEADS: QueryKey = ['crm', 'leads'];
const ACTIVITIES: QueryKey = ['crm', 'activities'];
const ADMIN_ACTIVITY: QueryKey = ['admin', 'activity'];

/** The queries each kind of change makes stale: exactly those, so nothing else is fetched again. */
const KEYS: Record<Exclude<LiveEventKind, 'resync'>, readonly QueryKey[]> = {
  // The form inbox, and the CRM's unified inbox that lists submissions too.
  forms: [submissionsKey, crmKeys.inbox],
  // Every page of every store's orders, and the sidebar badge counting those that need the owner; an order
  // placed or cancelled moves stock, so the products' stock (the admin's list, the storefront's quantity limits).
  orders: [ORDERS, ONE_ORDER, storeKeys.ordersSummary, ...PRODUCTS],
  // Contacts feed the lists' counts, the dashboard's totals and the campaign audience samples.
  'crm.contact': [CONTACTS, crmKeys.contactLists, crmKeys.stats],
  'crm.lead': [LEADS, crmKeys.stats, crmKeys.inbox],
  // Deals feed the board and the totals.
  'crm.deal': [crmKeys.deals, crmKeys.stats],
  'crm.activity': [ACTIVITIES],
  'crm.pipeline': [crmKeys.pipelines],
  'crm.list': [crmKeys.contactLists, CONTACTS],
  activity: [ADMIN_ACTIVITY],
  presence: [queryKeys.presence],
};

/** The query keys (prefixes) an event makes stale; `resync` (events may have been missed): all of them. */
export function liveEventQueryKeys(event: LiveEvent): QueryKey[] {
  if (event.kind === 'resync') return uniqueKeys(Object.values(KEYS).flat());
  return [...KEYS[event.kind]];
}

function uniqueKeys(keys: readonly QueryKey[]): QueryKey[] {
  const seen = new Map<string, QueryKey>();
  for (const key of keys) seen.set(JSON.stringify(key), key);
  return [...seen.values()];
}

/** Invalidates, once each, the queries a batch of events makes stale (active ones refetch at once). */
export async function applyLiveEvents(queryClient: QueryClient, events: readonly LiveEvent[]): Promise<void> {
  const keys = uniqueKeys(events.flatMap(liveEventQueryKeys));
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
