import { assertEvent, assign, type SnapshotFrom, sendParent, setup } from 'xstate';
import type { BusinessDetailsInput, BusinessProfile } from '../../contracts/business.ts';
import { ApiError } from '../../services/http/ApiError.ts';
import { notProvided } from '../app/notProvided.ts';
import { showToast } from '../app/systemActions.ts';

export type BusinessDetailsEvent =
  | { type: 'business.save'; input: BusinessDetailsInput }
  /** The form now differs from the saved details (typed, not saved yet), or no longer does. */
  | { type: 'business.edit'; unsaved: boolean };

export type BusinessDetailsContext = {
  /** The server's reason for refusing the last save (a 400), shown beside the field it names. */
  refusal: string | null;
  /** The form holds changes not saved yet: the app asks before leaving the page (appMachine `form.unsaved`). */
  unsaved: boolean;
};

export const BUSINESS_DETAILS_SAVED = 'Business details saved';
export const BUSINESS_DETAILS_FAILED = 'Failed to save business details';
/** What to do next after a failed save: the form keeps what was typed. */
export const BUSINESS_DETAILS_FAILED_HINT =
  'Your changes are still in the form: check your connection and save again.';

/** Saves Settings › Business details (PUT /api/business/profile); a refusal stays for the form to show. */
export const businessDetailsMachine = setup({
  types: { context: {} as BusinessDetailsContext, events: {} as BusinessDetailsEvent },
  actors: {
    saveDetails: notProvided<BusinessProfile, BusinessDetailsInput>('saveDetails'),
  },
  actions: {
    /** Tells the app whether leaving the page would lose typed changes. */
    reportUnsaved: sendParent(({ context }) => ({ type: 'form.unsaved', unsaved: context.unsaved })),
    toastSaved: (args) => showToast(args, { type: 'success', title: BUSINESS_DETAILS_SAVED }),
    toastFailed: (args) =>
      showToast(args, {
        type: 'error',
        title: BUSINESS_DETAILS_FAILED,
        message: BUSINESS_DETAILS_FAILED_HINT,
      }),
  },
  guards: {
    refused: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return error instanceof ApiError && error.status === 400;
    },
  },
}).createMachine({
  id: 'businessDetails',
  context: { refusal: null, unsaved: false },
  initial: 'idle',
  on: {
    'business.save': { target: '.saving' },
    'business.edit': {
      actions: [assign({ unsaved: ({ event }) => event.unsaved }), 'reportUnsaved'],
    },
  },
  states: {
    idle: {},
    saving: {
      tags: ['busy'],
      entry: assign({ refusal: null }),
      on: { 'business.save': {} },
      invoke: {
        src: 'saveDetails',
        input: ({ event }) => {
          assertEvent(event, 'business.save');
          return event.input;
        },
        onDone: { target: 'saved', actions: 'toastSaved' },
        onError: [
          {
            guard: 'refused',
            target: 'failed',
            actions: assign({ refusal: ({ event }) => (event.error as ApiError).message }),
          },
          { target: 'failed', actions: 'toastFailed' },
        ],
      },
    },
    saved: {},
    failed: {},
  },
});

type Snapshot = SnapshotFrom<typeof businessDetailsMachine>;
export const selectDetailsSaving = (snapshot: Snapshot): boolean => snapshot.hasTag('busy');
export const selectDetailsSaved = (snapshot: Snapshot): boolean => snapshot.matches('saved');
export const selectDetailsRefusal = (snapshot: Snapshot): string | null => snapshot.context.refusal;
export const selectDetailsUnsaved = (snapshot: Snapshot): boolean => snapshot.context.unsaved;
