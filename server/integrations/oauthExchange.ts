import { HttpError } from '../errors.ts';
import { type OutboundPolicy, type OutboundResponse, safeFetch } from '../net/safeFetch.ts';
import type { ConnectionTokens } from '../repositories/oauthConnections.ts';
import type { OAuthClientSettings } from './oauthSettings.ts';

/** Where the provider sends the user back: Google to the popup page, Facebook to the app itself (spec §2). */
export function redirectUri(provider: 'google' | 'facebook', origin: string): string {
  return provider === 'google' ? `${origin}/google-callback` : `${origin}/`;
}

/** The provider's consent page for this client, carrying `state` (signed here, checked by the callback routes). */
export function authorizeUrl(client: OAuthClientSettings, redirect: string, state: string): string {
  const url = new URL(client.authorizeUrl);
  url.searchParams.set('client_id', client.clientId);
  url.searchParams.set('redirect_uri', redirect);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', client.scope);
  url.searchParams.set('state', state);
  url.searchParams.set('access_type', 'offline');
  return url.toString();
}

/**
 * Exchanges an authorization code at the provider's token endpoint (RFC 6749 §4.1.3, client
 * credentials in the form body, which both Google and Facebook accept). A refusal is a 400 that
 * names the provider; an unreachable or broken provider a 502. Provider bodies are never echoed. The token URL
 * comes from the environment, yet it goes through the guarded client like every outgoing call.
 */
export async function exchangeCode(
  client: OAuthClientSettings,
  label: string,
  code: string,
  redirect: string,
  outbound: OutboundPolicy,
): Promise<ConnectionTokens> {
  let response: OutboundResponse;
  try {
    response = await safeFetch(
      client.tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uri: redirect,
        }),
      },
      outbound,
    );
  } catch {
    throw new HttpError(502, `${label} could not be reached`);
  }
  const body = parseJson(response.body);
  if (response.status >= 400 && response.status < 500) {
    throw new HttpError(400, `${label} did not accept the authorization code`);
  }
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  if (!response.ok || typeof record.access_token !== 'string' || record.access_token === '') {
    throw new HttpError(502, `${label} answered without an access token`);
  }
  const expiresIn = Number(record.expires_in);
  return {
    accessToken: record.access_token,
    refreshToken: typeof record.refresh_token === 'string' ? record.refresh_token : null,
    expiresAt: Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null,
  };
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}
