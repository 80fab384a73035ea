import { assertEvent, assign, type SnapshotFrom, setup } from 'xstate';
import type { UserChanges } from '../../services/admin/adminApi.ts';
import type { CreditUpdate } from '../../services/admin/reviewApi.ts';
import type { ToastInput } from '../../services/http/toast.ts';
import { notProvided } from '../app/notProvided.ts';
import { showToast } from '../app/systemActions.ts';
import { selectWriteStatus, type WriteStatus } from '../app/writeStatus.ts';

export type AdminEvent =
  | { type: 'admin.updateUser'; userId: string; changes: UserChanges }
  | ({ type: 'admin.updateCredit' } & CreditUpdate)
  | { type: 'admin.retryJob'; queue: string; jobId: string }
  /** A dialog closed: forget the last outcome. */
  | { type: 'admin.reset' };

export type AdminOperation = 'updateUser' | 'updateCredit' | 'retryJob';

export type AdminContext = { operation: AdminOperation | null; error: string | null };

/** Spec §8: the credit edit's failure is an alert in its modal with these words. */
export const CREDIT_UPDATE_FAILED = 'Failed to update credit';
export const ADMIN_MESSAGES = {
  userUpdated: 'User updated',
  userFailed: 'Failed to update user',
  creditUpdated: 'Credit updated',
  jobRetried: 'Job queued again',
  retryFailed: 'Failed to retry job',
} as const;

/** Which cached admin data a write changed. */
export type AdminData = 'users' | 'credits' | 'jobs';

/**
 * The admin dashboard's writes (systemId `admin`; the job dashboard page runs one of its own), one at
 * a time, each ending in `succeeded` or `failed`.
 */
export const adminMachine = setup({
  types: { context: {} as AdminContext, events: {} as AdminEvent },
  actors: {
    updateUser: notProvided<void, { userId: string; changes: UserChanges }>('updateUser'),
    updateCredit: notProvided<void, CreditUpdate>('updateCredit'),
    retryJob: notProvided<void, { queue: string; jobId: string }>('retryJob'),
  },
  actions: {
    toast: (args, params: ToastInput) => showToast(args, params),
    /** Refetches the admin data a write changed (provided by the app). */
    refresh: (_, _params: { data: AdminData }) => {},
    begin: assign((_, params: { operation: AdminOperation }) => ({
      operation: params.operation,
      error: null,
    })),
  },
}).createMachine({
  id: 'admin',
  context: { operation: null, error: null },
  initial: 'idle',
  on: {
    'admin.updateUser': {
      target: '.working.updateUser',
      actions: { type: 'begin', params: { operation: 'updateUser' } },
    },
    'admin.updateCredit': {
      target: '.working.updateCredit',
      actions: { type: 'begin', params: { operation: 'updateCredit' } },
    },
    'admin.retryJob': {
      target: '.working.retryJob',
      actions: { type: 'begin', params: { operation: 'retryJob' } },
    },
    'admin.reset': { target: '.idle', actions: assign({ operation: null, error: null }) },
  },
  states: {
    idle: {},
    working: {
      tags: ['busy'],
      // One write at a time.
      on: { 'admin.updateUser': {}, 'admin.updateCredit': {}, 'admin.retryJob': {}, 'admin.reset': {} },
      initial: 'updateUser',
      states: {
        updateUser: {
          invoke: {
            src: 'updateUser',
            input: ({ event }) => {
              assertEvent(event, 'admin.updateUser');
              return { userId: event.userId, changes: event.changes };
            },
            onDone: {
              target: '#admin.succeeded',
              actions: [
                { type: 'refresh', params: { data: 'users' } },
                { type: 'toast', params: { type: 'success', title: ADMIN_MESSAGES.userUpdated } },
              ],
            },
            onError: {
              target: '#admin.failed',
              actions: [
                assign({ error: ADMIN_MESSAGES.userFailed }),
                { type: 'refresh', params: { data: 'users' } },
                { type: 'toast', params: { type: 'error', title: ADMIN_MESSAGES.userFailed } },
              ],
            },
          },
        },
        updateCredit: {
          invoke: {
            src: 'updateCredit',
            input: ({ event }) => {
              assertEvent(event, 'admin.updateCredit');
              return { id: event.id, credits: event.credits, description: event.description };
            },
            onDone: {
              target: '#admin.succeeded',
              actions: [
                { type: 'refresh', params: { data: 'credits' } },
                { type: 'toast', params: { type: 'success', title: ADMIN_MESSAGES.creditUpdated } },
              ],
            },
            onError: { target: '#admin.failed', actions: assign({ error: CREDIT_UPDATE_FAILED }) },
          },
        },
        retryJob: {
          invoke: {
            src: 'retryJob',
            input: ({ event }) => {
              assertEvent(event, 'admin.retryJob');
              return { queue: event.queue, jobId: event.jobId };
            },
            onDone: {
              target: '#admin.succeeded',
              actions: [
                { type: 'refresh', params: { data: 'jobs' } },
                { type: 'toast', params: { type: 'success', title: ADMIN_MESSAGES.jobRetried } },
              ],
            },
            onError: {
              target: '#admin.failed',
              actions: [
                assign({ error: ADMIN_MESSAGES.retryFailed }),
                { type: 'toast', params: { type: 'error', title: ADMIN_MESSAGES.retryFailed } },
              ],
            },
          },
        },
      },
    },
    succeeded: {},
    failed: {},
  },
});

type AdminSnapshot = SnapshotFrom<typeof adminMachine>;

export type AdminStatus = WriteStatus;

export const selectAdminStatus = (snapshot: AdminSnapshot | undefined): AdminStatus =>
  selectWriteStatus(snapshot);
export const selectAdminOperation = (snapshot: AdminSnapshot | undefined): AdminOperation | null =>
  snapshot?.context.operation ?? null;
export const selectAdminError = (snapshot: AdminSnapshot | undefined): string | null =>
  snapshot?.context.error ?? null;
