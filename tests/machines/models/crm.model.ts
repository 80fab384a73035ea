import { createMachine } from 'xstate';

// Effect-free model of the CRM module (spec §2, §7, §8, §9): the initial load fetches the five lists
// together with contacts page size 20 and tolerates partial failure; refreshes use size 10; one write at a
// time, after which only the rows it touched are updated in the cache (nothing is reloaded); a failed write
// or refresh leaves its message in state.
export const crmModel = createMachine({
  id: 'crmModel',
  initial: 'idle',
  states: {
    idle: { on: { start: 'loading' } },
    loading: {
      on: { 'load.ok': 'ready', 'load.partial': 'ready', 'load.fail': 'ready', 'crm.write': 'writing' },
    },
    ready: {
      on: {
        'crm.write': 'writing',
        'crm.refresh': 'refreshing',
        'crm.contacts.refresh': 'refreshingContacts',
        'crm.error.dismiss': 'ready',
        // The Import dialog: the CRM starts its import flow, and stops it when the dialog closes.
        'crm.import.open': 'importOpen',
      },
    },
    // A finished import marks the contacts stale.
    importOpen: {
      on: { 'crm.import.open': 'importOpen', 'crm.imported': 'importOpen', 'crm.import.close': 'ready' },
    },
    writing: { on: { 'call.succeed': 'ready', 'call.fail': 'ready', 'crm.write': 'writing' } },
    refreshing: {
      on: {
        'load.ok': 'ready',
        'load.partial': 'ready',
        'load.fail': 'ready',
        'crm.refresh': 'refreshing',
        'crm.write': 'writing',
      },
    },
    refreshingContacts: { on: { 'call.succeed': 'ready', 'call.fail': 'ready', 'crm.write': 'writing' } },
  },
});
