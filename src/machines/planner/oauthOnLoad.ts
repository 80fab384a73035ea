/** The ads platform whose OAuth redirect brought the user back. */
export type OAuthProvider = 'google' | 'facebook';

/** `state`: what the provider handed back with the code ('' when none); the server checks it. */
export type OAuthCallback = { provider: OAuthProvider; code: string; state: string };

/** Where the page was loaded: `location.pathname` and `location.search`. */
export type PageLocation = { pathname: string; search: string };

/**
 * Spec §2, "On load": a `code` query parameter not yet processed in this browser session is an
 * OAuth callback — Google ads when a `state` parameter is present and the path contains
 * "google", Facebook ads otherwise. Returns `null` when there is nothing to process.
 */
export function detectOAuthCallback(location: PageLocation, alreadyProcessed: boolean): OAuthCallback | null {
  if (alreadyProcessed) return null;
  const params = new URLSearchParams(location.search);
  const code = params.get('code');
  if (!code) return null;
  const google = params.has('state') && location.pathname.toLowerCase().includes('google');
  return { provider: google ? 'google' : 'facebook', code, state: params.get('state') ?? '' };
}
