import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Contact, Deal, Lead } from '../../contracts/crm.ts';
import { crmKeys } from '../../services/crm/crmKeys.ts';
import type { CrmWrite } from './crmMachine.ts';

// What one CRM write changes in the query cache: the rows the server sent back are written in place, and only
// the lists that can hold a touched row are marked stale (so only those refetch, and only if on screen).

type Row = { id: number };
/** A list query whose key starts with `prefix` (all its pages, searches and filters). */
type Prefix = readonly unknown[];

const CONTACTS: Prefix = ['crm', 'contacts'];
const LEADS: Prefix = ['crm', 'leads'];
const ACTIVITIES: Prefix = ['crm', 'activities'];

/** The rows of a cached list, whatever its shape (a plain list, a contacts page, a searched page). */
function mapRows<T extends Row>(data: unknown, map: (rows: T[]) => T[]): unknown {
  if (Array.isArray(data)) return map(data as T[]);
  if (data && typeof data === 'object') {
    const page = data as { rows?: T[]; contacts?: T[] };
    if (Array.isArray(page.rows)) return { ...page, rows: map(page.rows) };
    if (Array.isArray(page.contacts)) return { ...page, contacts: map(page.contacts) };
  }
  return data;
}

const startsWith = (key: QueryKey, prefix: Prefix) => prefix.every((part, i) => key[i] === part);
/** Contacts' list queries (pages, every contact, audience samples, duplicates), not single records. */
const isContactList = (key: QueryKey) => startsWith(key, CONTACTS) && key[2] !== 'one';

type Effects = {
  /** Rows the server returned, written into every cached list under the prefix that holds them. */
  rows?: { prefix: Prefix; row: Row }[];
  /** A new row, added at the end of the (unfiltered) list it belongs to, so it can be chosen at once. */
  added?: { key: Prefix; row: Row };
  /** Rows gone from the lists under the prefix. */
  gone?: { prefix: Prefix; id: number }[];
  /** A single record's own query: its new value, or null when it no longer exists. */
  contact?: { id: number; value: Contact | null };
  /** Lists marked stale: exact keys or prefixes. */
  stale: Prefix[];
  /** Contacts' list queries are stale too (record queries of other contacts are not). */
  contactLists?: boolean;
};

const asRow = (output: unknown): Row | null =>
  output && typeof output === 'object' && typeof (output as Row).id === 'number' ? (output as Row) : null;
const rowsOf = (prefix: Prefix, output: unknown) => {
  const row = asRow(output);
  return row ? [{ prefix, row }] : [];
};

/** The cache effects of a write that succeeded with `output` (the server's answer). */
export function crmWriteEffects(write: CrmWrite, output: unknown): Effects {
  switch (write.kind) {
    case 'addContact': {
      const row = asRow(output);
      return {
        ...(row ? { contact: { id: row.id, value: row as Contact } } : {}),
        contactLists: true,
        stale: [crmKeys.contactLists, crmKeys.stats],
      };
    }
    case 'updateContact':
      // Activities name their contact; the lists' counts follow its list memberships.
      return {
        contact: { id: write.id, value: (asRow(output) as Contact | null) ?? null },
        rows: rowsOf(CONTACTS, output),
        contactLists: true,
        stale: [crmKeys.contactLists, ACTIVITIES],
      };
    case 'deleteContact':
      return {
        contact: { id: write.id, value: null },
        gone: [{ prefix: CONTACTS, id: write.id }],
        contactLists: true,
        stale: [crmKeys.contactLists, crmKeys.stats, ACTIVITIES],
      };
    case 'mergeContacts':
      // The merged contact's leads, deals and activities now belong to the kept one.
      return {
        contact: { id: write.mergeId, value: null },
        rows: rowsOf(CONTACTS, output),
        contactLists: true,
        stale: [crmKeys.contactLists, crmKeys.stats, ACTIVITIES, LEADS, crmKeys.deals],
      };
    case 'addLead':
    case 'deleteLead':
      return { stale: [LEADS, crmKeys.stats, crmKeys.inbox] };
    case 'updateLead':
      return { rows: rowsOf(LEADS, output), stale: [LEADS, crmKeys.stats] };
    case 'convertLead': {
      const result = output as { lead?: Lead; contact?: Contact; deal?: Deal } | undefined;
      return {
        rows: rowsOf(LEADS, result?.lead),
        contactLists: true,
        stale: [LEADS, crmKeys.deals, crmKeys.contactLists, crmKeys.stats],
      };
    }
    case 'addDeal':
      return { stale: [crmKeys.deals, crmKeys.stats] };
    case 'updateDeal':
      // Activities show their deal's title.
      return { rows: rowsOf(crmKeys.deals, output), stale: [crmKeys.stats, ACTIVITIES] };
    case 'deleteDeal':
      return { gone: [{ prefix: crmKeys.deals, id: write.id }], stale: [crmKeys.stats, ACTIVITIES] };
    case 'addActivity':
    case 'deleteActivity':
      return { stale: [ACTIVITIES] };
    case 'updateActivity':
      return { rows: rowsOf(ACTIVITIES, output), stale: [ACTIVITIES] };
    case 'addWorkflow':
    case 'deleteWorkflow':
      return { stale: [crmKeys.workflows] };
    case 'updateWorkflow':
      return { rows: rowsOf(crmKeys.workflows, output), stale: [] };
    case 'saveCampaign':
      return write.id === null
        ? { stale: [crmKeys.campaigns] }
        : { rows: rowsOf(crmKeys.campaigns, output), stale: [] };
    case 'sendCampaign':
    case 'retryCampaign':
      // Its messages show in Communications and the unified inbox.
      return {
        rows: rowsOf(crmKeys.campaigns, output),
        stale: [crmKeys.campaigns, crmKeys.communications, crmKeys.inbox],
      };
    case 'savePipeline':
      return write.id === null
        ? { stale: [crmKeys.pipelines] }
        : { rows: rowsOf(crmKeys.pipelines, output), stale: [] };
    case 'createContactList': {
      const row = asRow(output);
      return { ...(row ? { added: { key: crmKeys.contactLists, row } } : {}), stale: [crmKeys.contactLists] };
    }
  }
}

/** Applies a write's effects: rows written in place, then the stale lists invalidated (active ones refetch). */
export async function applyCrmWrite(queryClient: QueryClient, effects: Effects): Promise<void> {
  for (const { prefix, row } of effects.rows ?? []) {
    queryClient.setQueriesData({ queryKey: prefix }, (data: unknown) =>
      mapRows<Row>(data, (rows) => rows.map((r) => (r.id === row.id ? { ...r, ...row } : r))),
    );
  }
  if (effects.added) {
    const { key, row } = effects.added;
    queryClient.setQueryData<Row[]>(key, (rows) =>
      rows && !rows.some((r) => r.id === row.id) ? [...rows, row] : rows,
    );
  }
  for (const { prefix, id } of effects.gone ?? []) {
    queryClient.setQueriesData({ queryKey: prefix }, (data: unknown) =>
      mapRows<Row>(data, (rows) => rows.filter((r) => r.id !== id)),
    );
  }
  if (effects.contact) {
    const key = crmKeys.contact(effects.contact.id);
    if (effects.contact.value) queryClient.setQueryData(key, effects.contact.value);
    else queryClient.removeQueries({ queryKey: key, exact: true });
  }
  await Promise.all([
    ...effects.stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    effects.contactLists
      ? queryClient.invalidateQueries({ predicate: (query) => isContactList(query.queryKey) })
      : null,
  ]);
}

/** A deal dropped on another stage shows there at once (the server's answer then replaces it). */
export function moveDealInCache(queryClient: QueryClient, id: number, stage: string): void {
  queryClient.setQueryData<Deal[]>(crmKeys.deals, (deals) =>
    deals?.map((deal) => (deal.id === id ? { ...deal, stage } : deal)),
  );
}

/** What an import (or its rollback) touched: any contact, the lists' counts, the totals. */
export async function applyImport(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [CONTACTS, crmKeys.contactLists, crmKeys.stats].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
