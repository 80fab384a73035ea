import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A view loaded on demand that may read server data: it loads with the query cache's code (TanStack Query, no
 * part of the first screen) and renders under the app's cache. Used with Suspense like `lazy`.
 */
export function lazyWithQueries<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [View, { QueryScope }] = await Promise.all([load(), import('./QueryScope.tsx')]);
    return {
      default: (props: P) => (
        <QueryScope>
          <View {...props} />
        </QueryScope>
      ),
    };
  });
}
