import { createMachine } from 'xstate';

type ModelStates = Record<string, { on?: Record<string, string> }>;

/**
 * A machine that takes one write at a time (team, admin): any operation starts from a resting state,
 * `reset` forgets the outcome, and while a write is in flight every other request is ignored (self-loops).
 */
export function oneWriteAtATimeModel(id: string, operations: readonly string[]) {
  const start = Object.fromEntries(operations.map((op) => [op, `working_${op}`]));
  const states: ModelStates = {};
  for (const rest of ['idle', 'succeeded', 'failed']) states[rest] = { on: { ...start, reset: 'idle' } };
  for (const op of operations) {
    const self = `working_${op}`;
    states[self] = {
      on: {
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
export const teamModel = oneWriteAtATimeModel('teamModel', TEAM_OPERATIONS);

/** A form that saves (profile, password): submit from any resting state; a second submit while saving is ignored. */
export function formModel(id: string) {
  const submit = { submit: 'saving' };
  return createMachine({
    id,
    initial: 'idle',
    states: {
      idle: { on: submit },
      saving: { on: { submit: 'saving', 'call.succeed': 'done', 'call.fail': 'failed' } },
      done: { on: submit },
      failed: { on: submit },
    },
  });
}

export const profileFormModel = formModel('profileFormModel');
export const passwordFormModel = formModel('passwordFormModel');

/** The invitation link: with a kept token it is accepted once (either answer ends it); without one, nothing. */
export const invitationModel = createMachine({
  id: 'invitationModel',
  initial: 'opening',
  states: {
    opening: { on: { 'open.withToken': 'accepting', 'open.withoutToken': 'done' } },
    accepting: { on: { 'call.succeed': 'done', 'call.fail': 'done' } },
    done: {},
  },
});

/** The toast queue: shown toasts queue up, delivered ones leave it. */
export const toastsModel = createMachine({
  id: 'toastsModel',
  initial: 'queue',
  states: { queue: { on: { 'toast.show': 'queue', 'toast.delivered': 'queue' } } },
});
