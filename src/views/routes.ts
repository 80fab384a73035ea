import type { OAuthPopupKind } from '../services/planner/oauthMessages.ts';

/**
 * The URL routes: two popup callback pages (spec §2), the job dashboard the Admin dashboard embeds
 * (/hangfire), and the app on every other path.
 */
export type Route = { page: 'oauthCallback'; kind: OAuthPopupKind } | { page: 'jobs' } | { page: 'app' };

export function routeFor(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/google-callback') return { page: 'oauthCallback', kind: 'google' };
  if (path === '/apollo-callback') return { page: 'oauthCallback', kind: 'apollo' };
  if (path === '/hangfire') return { page: 'jobs' };
  return { page: 'app' };
}
