/** The four toast kinds of the spec (§9). */
export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** What a machine or the http client asks to show. */
export type ToastInput = {
  type: ToastType;
  title: string;
  message?: string;
  /** Errors only: stays until dismissed. */
  persistent?: boolean;
};

/** A queued toast: the input plus an id and its display time (`null` = until dismissed). */
export type Toast = ToastInput & { id: string; duration: number | null };

/** Callback the http client and the composition root use to raise a toast. */
export type Notify = (toast: ToastInput) => void;

/** Display times of spec §9, in milliseconds. */
export const TOAST_DURATION = { default: 5000, error: 8000, warning: 6000 } as const;

/** How long a toast of this kind stays on screen; `null` when it is a persistent error. */
export function toastDuration(type: ToastType, persistent = false): number | null {
  if (type === 'error') return persistent ? null : TOAST_DURATION.error;
  if (type === 'warning') return TOAST_DURATION.warning;
  return TOAST_DURATION.default;
}
