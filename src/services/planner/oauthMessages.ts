/** Which popup callback page this is: Google ads or Apollo. */
export type OAuthPopupKind = 'google' | 'apollo';

/** What a callback popup posts to the window that opened it. */
export type OAuthPopupMessage =
  | { type: 'OAUTH_SUCCESS' | 'APOLLO_OAUTH_SUCCESS'; code: string; state: string }
  | { type: 'OAUTH_ERROR' | 'APOLLO_OAUTH_ERROR'; error: string };

/** Builds the message for the query string the provider redirected to the popup with. */
export function oauthPopupMessage(kind: OAuthPopupKind, search: string): OAuthPopupMessage {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const error = params.get('error');
  const prefix = kind === 'apollo' ? 'APOLLO_' : '';
  if (code && !error) {
    const type = kind === 'apollo' ? 'APOLLO_OAUTH_SUCCESS' : 'OAUTH_SUCCESS';
    return { type, code, state: params.get('state') ?? '' };
  }
  return {
    type: `${prefix}OAUTH_ERROR` as 'OAUTH_ERROR' | 'APOLLO_OAUTH_ERROR',
    error: error ?? 'No authorization code was returned',
  };
}

/**
 * For the window that opened a callback popup: the popup's message, or `null` when the event did
 * not come from this app's own origin (any other page may post messages to us) or is not one.
 */
export function readOAuthPopupMessage(event: MessageEvent): OAuthPopupMessage | null {
  if (event.origin !== window.location.origin) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null || !('type' in data)) return null;
  const { type } = data as { type: unknown };
  if (type === 'OAUTH_SUCCESS' || type === 'APOLLO_OAUTH_SUCCESS') {
    if (!('code' in data) || typeof data.code !== 'string') return null;
    const state = 'state' in data && typeof data.state === 'string' ? data.state : '';
    return { type, code: data.code, state };
  }
  if (type === 'OAUTH_ERROR' || type === 'APOLLO_OAUTH_ERROR') {
    return { type, error: 'error' in data && typeof data.error === 'string' ? data.error : 'Unknown error' };
  }
  return null;
}
