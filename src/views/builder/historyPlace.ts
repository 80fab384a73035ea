import { setUrlQuery } from '../common/useUrlQuery.ts';

/** Opens the History dialog (`?history=1`, a Back step). */
export function openHistory(): void {
  setUrlQuery({ history: '1' }, 'push');
}

/** Closes the History dialog, and the version it previewed. */
export const closeHistory = (): void => setUrlQuery({ history: null, version: null });
