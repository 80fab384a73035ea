import { createContext } from 'react';
import type { QueryClientSource } from '../services/http/queryClientSource.ts';

/**
 * The app's query cache, as it is loaded on demand: the views that read server data load with it
 * (lazyWithQueries.tsx). Null outside the app: such views then use the QueryClientProvider above them.
 */
export const QueriesContext = createContext<QueryClientSource | null>(null);
