import type { OAuthPopupKind } from './oauth/oauthMessages.ts';

/** The only URL routes (spec §2): two popup callback pages; every other path is the app. */
export type Route = { page: 'oauthCallback'; kind: OAuthPopupKind } | { page: 'app' };

export function routeFor(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/google-callback') return { page: 'oauthCallback', kind: 'google' };
  if (path === '/apollo-callback') return { page: 'oauthCallback', kind: 'apollo' };
  return { page: 'app' };
}
