import { createMachine } from 'xstate';

// Effect-free model of the planner editor: a new draft is invalid until it has text within its
// channel's limit (and a future time when scheduled); saving, deleting and a drag-reschedule call
// the server; a failed save or delete keeps the dialog open with the reason. Escape or a click beside the
// editor (`planner.dismiss`) closes it while nothing was typed; once something was, it stays open and says how
// to save or discard the post (`kept`).
export const plannerModel = createMachine({
  id: 'plannerModel',
  initial: 'closed',
  states: {
    closed: {
      on: { 'planner.new': 'newBlank', 'planner.edit': 'savedValid', 'planner.reschedule': 'rescheduling' },
    },
    newBlank: {
      on: {
        'change.valid': 'newValid',
        'planner.save': 'newBlank',
        'planner.cancel': 'closed',
        'planner.dismiss': 'closed',
      },
    },
    newInvalid: {
      on: {
        'change.valid': 'newValid',
        'planner.save': 'newInvalid',
        'planner.delete': 'newInvalid',
        'planner.cancel': 'closed',
      },
    },
    newValid: {
      on: {
        'change.tooLong': 'newInvalid',
        'planner.save': 'saving',
        'planner.cancel': 'closed',
        'planner.dismiss': 'kept',
      },
    },
    kept: { on: { 'change.valid': 'newValid', 'planner.save': 'saving', 'planner.cancel': 'closed' } },
    savedValid: {
      on: {
        'planner.save': 'saving',
        'planner.delete': 'deleting',
        'planner.cancel': 'closed',
        'planner.dismiss': 'closed',
      },
    },
    saving: { on: { 'call.succeed': 'closed', 'call.fail': 'failed', 'planner.save': 'saving' } },
    deleting: { on: { 'call.succeed': 'closed', 'call.fail': 'failed' } },
    failed: { on: { 'planner.save': 'saving', 'planner.cancel': 'closed' } },
    rescheduling: { on: { 'call.succeed': 'closed', 'call.fail': 'closed', 'planner.new': 'rescheduling' } },
  },
});
