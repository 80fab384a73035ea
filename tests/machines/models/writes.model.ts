import { createMachine } from 'xstate';

type ModelStates = Record<string, { on?: Record<string, string> }>;

/**
 * A machine that takes one write at a time (team, admin): any operation starts from a resting state,
 * `reset` forgets the outcome, and while a write is in flight every other request is ignored (self-loops).
 * `anytime` events change data kept beside the writes (a draft) and leave every state as it is.
 */
export function oneWriteAtATimeModel(
  id: string,
  operations: readonly string[],
  anytime: readonly string[] = [],
) {
  const start = Object.fromEntries(operations.map((op) => [op, `working_${op}`]));
  const states: ModelStates = {};
  const stay = (state: string) => Object.fromEntries(anytime.map((event) => [event, state]));
  for (const rest of ['idle', 'succeeded', 'failed']) {
    states[rest] = { on: { ...start, reset: 'idle', ...stay(rest) } };
  }
  for (const op of operations) {
    const self = `working_${op}`;
    states[self] = {
      on: {
        ...stay(self),
        ...Object.fromEntries(operations.map((other) => [other, self])),
        reset: self,
        'call.succeed': 'succeeded',
        'call.fail': 'failed',
      },
    };
  }
  return createMachine({ id, initial: 'idle', states });
}

export const ADMIN_OPERATIONS = ['updateUser', 'updateCredit', 'retryJob'] as const;
export const TEAM_OPERATIONS = [
  'createAccount',
  'invite',
  'changeRole',
  'removeMember',
  'revokeInvitation',
] as const;

export const adminModel = oneWriteAtATimeModel('adminModel', ADMIN_OPERATIONS);
/** Create New Account as typed is kept in the team machine whatever it is doing. */
export const teamModel = oneWriteAtATimeModel('teamModel', TEAM_OPERATIONS, ['draftAccount']);

/**
 * A form that saves (profile, password): submit from any resting state; a second submit while saving is ignored.
 * `unsent`: a submit the machine refuses at once, with no call, resting in a state of its own (ignored while saving).
 */
export function formModel(id: string, unsent?: { event: string; state: string }) {
  const rest = { submit: 'saving', ...(unsent ? { [unsent.event]: unsent.state } : {}) };
  const states: ModelStates = {
    idle: { on: rest },
    saving: {
      on: {
        submit: 'saving',
        ...(unsent ? { [unsent.event]: 'saving' } : {}),
        'call.succeed': 'done',
        'call.fail': 'failed',
      },
    },
    done: { on: rest },
    failed: { on: rest },
    ...(unsent ? { [unsent.state]: { on: rest } } : {}),
  };
  return createMachine({ id, initial: 'idle', states });
}

/**
 * The profile form: like {@link formModel}, but a refusal the person can fix (400/403: a missing or wrong
 * current password) is its own outcome, with the server's words kept for the form to show; what is typed is
 * kept as a draft until a save succeeds.
 */
export const profileFormModel = createMachine({
  id: 'profileFormModel',
  initial: 'idle',
  states: {
    // What the person types is kept in the machine (a draft) until it is saved.
    idle: { on: { submit: 'saving', edit: 'drafted' } },
    drafted: { on: { submit: 'saving' } },
    saving: {
      on: { submit: 'saving', 'call.succeed': 'done', 'call.fail': 'failed', 'call.refuse': 'refused' },
    },
    done: { on: { submit: 'saving' } },
    failed: { on: { submit: 'saving' } },
    // A save the form's own checks stop forgets the refusal: it is then as after any other failure.
    refused: { on: { submit: 'saving', stopped: 'failed' } },
  },
});
/** The password form: a new password equal to the current one is refused before anything is sent. */
export const passwordFormModel = formModel('passwordFormModel', {
  event: 'submitSame',
  state: 'sameAsCurrent',
});

/**
 * Settings › Business details: like {@link formModel}, but a 400 is its own outcome — the server's reason is
 * kept for the form to show beside its field, with no toast — and the next save forgets it.
 */
export const businessDetailsModel = createMachine({
  id: 'businessDetailsModel',
  initial: 'idle',
  states: {
    idle: { on: { submit: 'saving', edit: 'edited' } },
    // Typed, not saved: the app is told (it asks before the page is left).
    edited: { on: { submit: 'saving' } },
    saving: {
      on: { submit: 'saving', 'call.succeed': 'done', 'call.fail': 'failed', 'call.refuse': 'refused' },
    },
    done: { on: { submit: 'saving' } },
    failed: { on: { submit: 'saving' } },
    refused: { on: { submit: 'saving' } },
  },
});

/**
 * The invitation landing page: the link is read (valid, unusable, unknown, or not loaded); a valid one is
 * taken up by creating the account, signing in, or joining (signed in); a refusal that means the link changed
 * reads it again, any other failure leaves the form up.
 */
export const invitationModel = createMachine({
  id: 'invitationModel',
  initial: 'loading',
  states: {
    loading: {
      on: {
        'call.succeed': 'ready',
        'call.succeedUnusable': 'unavailable',
        'call.notFound': 'unavailable',
        'call.fail': 'failed',
      },
    },
    failed: { on: { retry: 'loading' } },
    unavailable: {},
    ready: { on: { register: 'registering', signIn: 'signingIn', accept: 'accepting' } },
    registering: { on: { 'call.succeed': 'done', 'call.refused': 'loading', 'call.fail': 'ready' } },
    signingIn: { on: { 'call.succeed': 'done', 'call.refused': 'loading', 'call.fail': 'ready' } },
    accepting: { on: { 'call.succeed': 'done', 'call.fail': 'loading' } },
    done: {},
  },
});

/** The toast queue: shown toasts queue up, delivered ones leave it. */
export const toastsModel = createMachine({
  id: 'toastsModel',
  initial: 'queue',
  states: { queue: { on: { 'toast.show': 'queue', 'toast.delivered': 'queue' } } },
});

/** User Settings' recording switch: one save at a time, either answer back to idle (a failure is remembered). */
export const replaySettingsModel = createMachine({
  id: 'replaySettingsModel',
  initial: 'idle',
  states: {
    idle: { on: { 'switch.off': 'saving', 'switch.on': 'saving' } },
    saving: { on: { 'call.succeed': 'idle', 'call.fail': 'idle' } },
  },
});

/**
 * The Session Replay stepper over a three-step session: Previous/Next/seek clamp to the steps and pause;
 * Play runs one step per tick until the last, where it stops; with nothing loaded there is nothing to play.
 */
export const replayPlayerModel = createMachine({
  id: 'replayPlayerModel',
  initial: 'unloaded',
  states: {
    unloaded: { on: { load: 'first', next: 'unloaded' } },
    first: {
      on: { next: 'middle', previous: 'first', seekLast: 'last', play: 'playingFirst', load: 'first' },
    },
    middle: { on: { next: 'last', previous: 'first', play: 'playingMiddle' } },
    last: { on: { previous: 'middle', play: 'last', next: 'last' } },
    playingFirst: { on: { tick: 'playingMiddle', pause: 'first', seekLast: 'last' } },
    playingMiddle: { on: { tick: 'playingLast', next: 'last' } },
    playingLast: { on: { tick: 'last', pause: 'last' } },
  },
});
