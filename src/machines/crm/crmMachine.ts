import { assign, type SnapshotFrom, sendParent, setup, spawnChild, stopChild } from 'xstate';
import type {
  ActivityInput,
  CampaignInput,
  ContactInput,
  DealInput,
  LeadInput,
  MergeFields,
  WorkflowInput,
} from '../../contracts/crmApi.ts';
import { ApiError } from '../../services/http/ApiError.ts';
import { notProvided } from '../app/notProvided.ts';
import { contactImportMachine } from './contactImportMachine.ts';

/** Contacts page sizes of spec §9: 20 on the initial load, 10 on a refresh. */
export const INITIAL_PAGE_SIZE = 20;
export const REFRESH_PAGE_SIZE = 10;

/** One write of the CRM module. */
export type CrmWrite =
  | { kind: 'addContact'; input: ContactInput }
  | { kind: 'updateContact'; id: number; input: ContactInput }
  | { kind: 'deleteContact'; id: number }
  | { kind: 'mergeContacts'; keepId: number; mergeId: number; fields: MergeFields }
  | { kind: 'addLead'; input: LeadInput }
  | { kind: 'updateLead'; id: number; input: LeadInput }
  | { kind: 'deleteLead'; id: number }
  | { kind: 'convertLead'; id: number; value: number }
  | { kind: 'addDeal'; input: DealInput }
  | { kind: 'updateDeal'; id: number; input: DealInput }
  | { kind: 'deleteDeal'; id: number }
  | { kind: 'addActivity'; input: ActivityInput }
  | { kind: 'updateActivity'; id: number; input: ActivityInput }
  | { kind: 'deleteActivity'; id: number }
  | { kind: 'addWorkflow'; input: WorkflowInput }
  | { kind: 'updateWorkflow'; id: number; input: WorkflowInput }
  | { kind: 'deleteWorkflow'; id: number }
  | { kind: 'saveCampaign'; id: number | null; input: CampaignInput }
  | { kind: 'sendCampaign'; id: number }
  | { kind: 'retryCampaign'; id: number }
  | { kind: 'savePipeline'; id: number | null; input: { name?: string; stages?: string[] } }
  | { kind: 'createContactList'; input: { name: string; description?: string } };

/** The messages the CRM keeps in its state (spec §8 word for word; our words for writes it does not name). */
export const CRM_MESSAGES: Record<CrmWrite['kind'] | 'refreshContacts' | 'refreshData', string> = {
  addContact: 'Failed to add contact',
  updateContact: 'Failed to update contact',
  deleteContact: 'Failed to delete contact',
  mergeContacts: 'Failed to merge contacts',
  addLead: 'Failed to add lead',
  updateLead: 'Failed to update lead',
  deleteLead: 'Failed to delete lead',
  convertLead: 'Failed to convert lead',
  addDeal: 'Failed to add deal',
  updateDeal: 'Failed to update deal',
  deleteDeal: 'Failed to delete deal',
  addActivity: 'Failed to add activity',
  updateActivity: 'Failed to update activity',
  deleteActivity: 'Failed to delete activity',
  addWorkflow: 'Failed to add workflow',
  updateWorkflow: 'Failed to update workflow',
  deleteWorkflow: 'Failed to delete workflow',
  saveCampaign: 'Failed to save campaign',
  sendCampaign: 'Failed to send campaign',
  retryCampaign: 'Failed to retry campaign',
  savePipeline: 'Failed to save pipeline',
  createContactList: 'Failed to create list',
  refreshContacts: 'Failed to refresh contacts',
  refreshData: 'Failed to refresh data',
};

/** The lists the CRM loads when it opens (spec §7): page 1 of the contacts, leads, deals, activities, workflows. */
export const CRM_LISTS = ['contacts', 'leads', 'deals', 'activities', 'workflows'] as const;
export type CrmListName = (typeof CRM_LISTS)[number];

/** What a load reports: the lists whose call failed (their data lives in the query cache, not here). */
export type CrmLoad = { failed: readonly CrmListName[] };

/**
 * The outcome of the last write sent from a create/edit form (`seq` tells one submission from the next):
 * a refused form stays open with `message` (the server's words on a 400/409, else our fallback); a saved one
 * carries the id of the row it created or changed (null when the answer names none).
 */
export type CrmFormState =
  | { seq: number; status: 'idle' | 'saving' }
  | { seq: number; status: 'saved'; id: number | null }
  | { seq: number; status: 'refused'; message: string };

/** UI state only: the server's lists live in the query cache. */
export type CrmContext = {
  error: string | null;
  /** The write in flight (its kind names the failure message). */
  pending: CrmWrite | null;
  form: CrmFormState;
};

export type CrmEvent =
  /** Reload every list the CRM opened with (page size 10). */
  | { type: 'crm.refresh' }
  | { type: 'crm.contacts.refresh' }
  /** `fromForm`: the write of an open dialog, whose outcome goes to `form` instead of the error card. */
  | { type: 'crm.write'; write: CrmWrite; fromForm?: boolean }
  | { type: 'crm.error.dismiss' }
  /** The Import dialog opened: a fresh import flow starts (systemId `contactImport`), owned by the CRM. */
  | { type: 'crm.import.open' }
  /** The Import dialog closed: its flow stops. */
  | { type: 'crm.import.close' }
  /** The import flow finished (or undid) an import: the contacts it touched are stale. */
  | { type: 'crm.imported' };

const EMPTY: CrmContext = { error: null, pending: null, form: { seq: 0, status: 'idle' } };

// A 400 or 409 says what to change, in the server's words; anything else gets the fallback.
const fallbackRefusal = (write: CrmWrite) =>
  `${CRM_MESSAGES[write.kind]}. Nothing you typed was lost: try Save again in a moment.`;
const formRefusal = (error: unknown, write: CrmWrite): string =>
  error instanceof ApiError && (error.status === 400 || error.status === 409)
    ? error.message
    : fallbackRefusal(write);

const idOf = (output: unknown): number | null =>
  output && typeof output === 'object' && typeof (output as { id?: unknown }).id === 'number'
    ? (output as { id: number }).id
    : null;

/**
 * The CRM module: the initial load of its five lists together into the query cache (partial failure
 * tolerated), refreshes, and one write at a time, each ending in precise cache updates (`written`) or in the
 * message of spec §8 kept in state.
 */
// A write is taken whenever none is in flight: a load under way is dropped (the cache keeps what it fetched).
export const crmMachine = setup({
  types: {
    context: {} as CrmContext,
    events: {} as CrmEvent,
    children: {} as { contactImport: 'contactImport' },
  },
  actors: {
    loadLists: notProvided<CrmLoad, { pageSize: number }>('loadLists'),
    loadContacts: notProvided<void, { pageSize: number }>('loadContacts'),
    write: notProvided<unknown, CrmWrite>('write'),
    /** A finished (or undone) import tells the CRM, which marks the contacts stale. */
    contactImport: contactImportMachine.provide({
      actions: { imported: sendParent({ type: 'crm.imported' }) },
    }),
  },
  actions: {
    /** What a write shows before the server answers (a deal dropped on another stage moves at once). */
    optimistic: (_, _params: { write: CrmWrite }) => {},
    /** The server took the write: its rows are written and the lists that can hold them go stale. */
    written: (_, _params: { write: CrmWrite; output: unknown }) => {},
    /** The server refused the write: what it may have shown ahead of time is read again. */
    writeFailed: (_, _params: { write: CrmWrite }) => {},
    /** An import touched any number of contacts. */
    imported: () => {},
    takeWrite: assign(({ context, event }) => {
      if (event.type !== 'crm.write') return {};
      const form: CrmFormState = event.fromForm
        ? { seq: context.form.seq + 1, status: 'saving' }
        : context.form;
      return { error: null, pending: event.write, form };
    }),
  },
}).createMachine({
  id: 'crm',
  context: EMPTY,
  initial: 'loading',
  on: {
    'crm.error.dismiss': { actions: assign({ error: null }) },
    'crm.import.open': {
      actions: [
        stopChild('contactImport'),
        spawnChild('contactImport', { id: 'contactImport', systemId: 'contactImport' }),
      ],
    },
    'crm.import.close': { actions: stopChild('contactImport') },
    'crm.imported': { actions: 'imported' },
  },
  states: {
    loading: {
      tags: ['busy'],
      on: { 'crm.write': { target: 'writing', actions: 'takeWrite' } },
      invoke: {
        src: 'loadLists',
        input: { pageSize: INITIAL_PAGE_SIZE },
        // Lists that failed show empty (spec §7); the first load says nothing about them.
        onDone: 'ready',
        onError: { target: 'ready', actions: assign({ error: CRM_MESSAGES.refreshData }) },
      },
    },
    ready: {
      entry: assign({ pending: null }),
      on: {
        'crm.refresh': 'refreshing',
        'crm.contacts.refresh': 'refreshingContacts',
        'crm.write': { target: 'writing', actions: 'takeWrite' },
      },
    },
    refreshing: {
      tags: ['busy'],
      on: { 'crm.write': { target: 'writing', actions: 'takeWrite' } },
      invoke: {
        src: 'loadLists',
        input: { pageSize: REFRESH_PAGE_SIZE },
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            error: context.error ?? (event.output.failed.length > 0 ? CRM_MESSAGES.refreshData : null),
          })),
        },
        onError: { target: 'ready', actions: assign({ error: CRM_MESSAGES.refreshData }) },
      },
    },
    refreshingContacts: {
      tags: ['busy'],
      on: { 'crm.write': { target: 'writing', actions: 'takeWrite' } },
      invoke: {
        src: 'loadContacts',
        input: { pageSize: REFRESH_PAGE_SIZE },
        onDone: 'ready',
        onError: { target: 'ready', actions: assign({ error: CRM_MESSAGES.refreshContacts }) },
      },
    },
    writing: {
      tags: ['busy'],
      entry: { type: 'optimistic', params: ({ context }) => ({ write: context.pending as CrmWrite }) },
      invoke: {
        src: 'write',
        input: ({ event }) => {
          if (event.type !== 'crm.write') throw new Error('writing entered without a write');
          return event.write;
        },
        onDone: {
          target: 'ready',
          actions: [
            {
              type: 'written',
              params: ({ context, event }) => ({
                write: context.pending as CrmWrite,
                output: event.output,
              }),
            },
            assign(({ context, event }) => ({
              form:
                context.form.status === 'saving'
                  ? { seq: context.form.seq, status: 'saved' as const, id: idOf(event.output) }
                  : context.form,
            })),
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'writeFailed', params: ({ context }) => ({ write: context.pending as CrmWrite }) },
            assign(({ context, event }) => {
              const { pending, form } = context;
              if (!pending) return {};
              // A form's failure is shown in its dialog, which stays open with what was typed; one the
              // server did not explain (5xx, offline) also leaves the spec's message on the error card.
              if (form.status === 'saving') {
                const message = formRefusal(event.error, pending);
                const explained = message !== fallbackRefusal(pending);
                return {
                  form: { seq: form.seq, status: 'refused' as const, message },
                  error: explained ? null : CRM_MESSAGES[pending.kind],
                };
              }
              return { error: CRM_MESSAGES[pending.kind] };
            }),
          ],
        },
      },
    },
  },
});

export type CrmSnapshot = SnapshotFrom<typeof crmMachine>;
export const selectCrmError = (s: CrmSnapshot) => s.context.error;
export const selectCrmBusy = (s: CrmSnapshot) => s.hasTag('busy');
export const selectCrmForm = (s: CrmSnapshot) => s.context.form;
/** A write is in flight: a new one would be dropped, so forms hold their Save. */
export const selectCrmWriting = (s: CrmSnapshot) => s.matches('writing');
/** The import flow of the open Import dialog (undefined when it is closed). */
export const selectImportRef = (snapshot: CrmSnapshot) => snapshot.children.contactImport;
