import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext } from 'react';
import { createQueryClient } from '../services/http/queryClient.ts';
import { QueriesContext } from './queriesContext.ts';

/**
 * Provides the app's query cache to `children`. Its code is here with this module, so the cache is made now if
 * no one needed it before (outside the app, the QueryClientProvider above is used).
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const source = useContext(QueriesContext);
  if (!source) return children;
  return <QueryClientProvider client={source.get(createQueryClient)}>{children}</QueryClientProvider>;
}
