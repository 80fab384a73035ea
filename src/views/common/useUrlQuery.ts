import { useMemo, useSyncExternalStore } from 'react';
import { URL_CHANGED_EVENT as CHANGED } from '../../services/http/browserHistory.ts';

function subscribe(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  window.addEventListener(CHANGED, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(CHANGED, listener);
  };
}

const readSearch = () => window.location.search;

/** The page's query string, re-read on Back/Forward and after every `setUrlQuery`. */
export function useUrlQuery(): URLSearchParams {
  const search = useSyncExternalStore(subscribe, readSearch, () => '');
  return useMemo(() => new URLSearchParams(search), [search]);
}

/**
 * Sets (a string) or removes (null or '') query parameters, keeping the path, the others and the hash.
 * 'push' makes a Back step (a tab, a drawer); 'replace' does not (a filter being typed).
 */
export function setUrlQuery(
  patch: Record<string, string | null>,
  mode: 'push' | 'replace' = 'replace',
): void {
  const params = new URLSearchParams(window.location.search);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === '') params.delete(key);
    else params.set(key, value);
  }
  const search = params.toString();
  const next = `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`;
  if (next === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
  if (mode === 'push') window.history.pushState(window.history.state, '', next);
  else window.history.replaceState(window.history.state, '', next);
  window.dispatchEvent(new Event(CHANGED));
}
