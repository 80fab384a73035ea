import { useSyncExternalStore } from 'react';

/** Narrower than MUI's `md` breakpoint (900 px): phones and small tablets, where a wide sidebar crowds the page. */
const NARROW_WINDOW = '(max-width: 899.95px)';

let query: MediaQueryList | null | undefined;

/** The one query list of the page (React reads its snapshot at every render of a component that uses it). */
function narrowQuery(): MediaQueryList | null {
  query ??=
    typeof window !== 'undefined' && typeof window.matchMedia === 'function'
      ? window.matchMedia(NARROW_WINDOW)
      : null;
  return query;
}

function subscribe(onChange: () => void): () => void {
  const query = narrowQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the window is narrow (a phone or a small tablet), following it as it turns or is resized. */
export function useNarrowWindow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => narrowQuery()?.matches ?? false,
    () => false,
  );
}
