import type { OAuthProvider } from '../../src/contracts/integrations.ts';
import type { Env } from '../env.ts';

/** One provider's OAuth client: where the user authorises, where the code is exchanged, and our credentials. */
export type OAuthClientSettings = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  scope: string;
  /** Facebook only: where a due post is published with the connection's token (Graph API feed). */
  publishUrl?: string;
};

/** Per provider: its client, or null when the environment does not configure it. */
export type OAuthSettings = Record<OAuthProvider, OAuthClientSettings | null>;

const DEFAULTS = {
  google: {
    prefix: 'GOOGLE_ADS',
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    scope: 'https://www.googleapis.com/auth/adwords',
  },
  facebook: {
    prefix: 'FACEBOOK_ADS',
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    scope: 'ads_management,pages_manage_posts',
  },
} as const;

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http:// or https:// URL (it is not a valid URL)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http:// or https:// URL (got protocol "${url.protocol}")`);
  }
  return value;
}

/**
 * Reads GOOGLE_ADS_* and FACEBOOK_ADS_* (CLIENT_ID, CLIENT_SECRET, AUTHORIZE_URL, TOKEN_URL, and
 * FACEBOOK_ADS_PUBLISH_URL). A provider is configured only when both its id and secret are set.
 */
export function loadOAuthSettings(env: Env): OAuthSettings {
  const read = (provider: OAuthProvider): OAuthClientSettings | null => {
    const d = DEFAULTS[provider];
    const get = (key: string) => env[`${d.prefix}_${key}`]?.trim() || undefined;
    const clientId = get('CLIENT_ID');
    const clientSecret = get('CLIENT_SECRET');
    if (!clientId || !clientSecret) return null;
    const url = (key: string, fallback: string) => httpUrl(`${d.prefix}_${key}`, get(key) ?? fallback);
    return {
      clientId,
      clientSecret,
      authorizeUrl: url('AUTHORIZE_URL', d.authorizeUrl),
      tokenUrl: url('TOKEN_URL', d.tokenUrl),
      scope: d.scope,
      ...(provider === 'facebook'
        ? { publishUrl: url('PUBLISH_URL', 'https://graph.facebook.com/v19.0/me/feed') }
        : {}),
    };
  };
  return { google: read('google'), facebook: read('facebook') };
}
