/** Fired after the app writes the address: history.pushState/replaceState raise no event of their own. */
export const URL_CHANGED_EVENT = 'bizsite:urlquery';

export type HistoryMode = 'push' | 'replace';

/** The address bar's current path, query and hash. */
export function currentUrl(): { pathname: string; search: string; hash: string } {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

/**
 * Shows `url` (a path with its query) in the address bar: 'push' makes a Back step, 'replace' does not.
 * Nothing happens when the bar already shows it.
 */
export function writeUrl(url: string, mode: HistoryMode): void {
  if (typeof window === 'undefined') return;
  const { pathname, search } = window.location;
  if (url === `${pathname}${search}`) return;
  if (mode === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
  window.dispatchEvent(new Event(URL_CHANGED_EVENT));
}

/** Calls `listener` with the new address on Back/Forward (and on a hash typed into the bar). */
export function watchUrl(listener: (location: ReturnType<typeof currentUrl>) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const handle = () => listener(currentUrl());
  window.addEventListener('popstate', handle);
  return () => window.removeEventListener('popstate', handle);
}
