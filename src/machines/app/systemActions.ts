import type { EventObject, MachineContext, UnifiedArg } from 'xstate';
import type { ToastInput } from '../../services/http/toast.ts';
import type { SessionEvent } from '../session/sessionEvents.ts';

type SystemArg = { system: UnifiedArg<MachineContext, EventObject, EventObject>['system'] };

/**
 * Queues a toast on the `toasts` actor of the system. A no-op when the machine runs alone
 * (tests), so that machines stay usable without the app around them.
 */
export function showToast({ system }: SystemArg, toast: ToastInput): void {
  system.get('toasts')?.send({ type: 'toast.show', toast });
}

/** Sends an event to the `session` actor of the system, if there is one. */
export function tellSession({ system }: SystemArg, event: SessionEvent): void {
  system.get('session')?.send(event);
}
