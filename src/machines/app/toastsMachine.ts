import { assign, type SnapshotFrom, setup } from 'xstate';
import { type Toast, type ToastInput, toastDuration } from '../../services/http/toast.ts';

/** `toast.show` queues a toast; the notistack bridge shows it and answers `toast.delivered`. */
export type ToastsEvent = { type: 'toast.show'; toast: ToastInput } | { type: 'toast.delivered'; id: string };

export type ToastsContext = { queue: Toast[]; nextId: number };

/**
 * The single home of toasts (systemId `toasts`): machines and the http client queue toasts here,
 * the view layer only renders what is queued. Keeping the queue in an actor lets machine tests
 * read which toasts a flow raised without rendering anything.
 */
export const toastsMachine = setup({
  types: { context: {} as ToastsContext, events: {} as ToastsEvent },
}).createMachine({
  id: 'toasts',
  context: { queue: [], nextId: 1 },
  on: {
    'toast.show': {
      actions: assign(({ context, event }) => ({
        nextId: context.nextId + 1,
        queue: [
          ...context.queue,
          {
            ...event.toast,
            id: `toast-${context.nextId}`,
            duration: toastDuration(event.toast.type, event.toast.persistent),
          },
        ],
      })),
    },
    'toast.delivered': {
      actions: assign(({ context, event }) => ({ queue: context.queue.filter((t) => t.id !== event.id) })),
    },
  },
});

type ToastsSnapshot = SnapshotFrom<typeof toastsMachine>;

/** Toasts waiting to be shown. */
export const selectToastQueue = (snapshot: ToastsSnapshot): Toast[] => snapshot.context.queue;
