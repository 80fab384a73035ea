import { createContext, useContext } from 'react';
import type { Http } from './http.ts';

/** Carries the app's http client to the query hooks. */
export const HttpContext = createContext<Http | null>(null);

/** The http client of the nearest `HttpContext` provider. */
export function useHttp(): Http {
  const http = useContext(HttpContext);
  if (!http) throw new Error('useHttp needs an HttpContext provider');
  return http;
}
