import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  campaignApi,
  type OAuthCallbackAnswer,
  type OAuthCallbackBody,
} from '../../../src/contracts/campaign.ts';
import type { OAuthProvider } from '../../../src/contracts/integrations.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import { exchangeCode, redirectUri } from '../../integrations/oauthExchange.ts';
import { verifyOAuthState } from '../../integrations/oauthState.ts';
import { outboundPolicy } from '../../net/safeFetch.ts';
import { logActivity } from '../../repositories/activityLogs.ts';
import { saveConnection } from '../../repositories/oauthConnections.ts';
import type { RouteDeps } from '../routeDeps.ts';

export const STATE_MISMATCH = 'This authorization was not started from this account. Please connect again.';

export const PROVIDER_LABELS: Record<OAuthProvider, string> = {
  google: 'Google Ads',
  facebook: 'Facebook Ads',
};

/** The public origin the provider redirected to (APP_URL, else the origin this request came to). */
export function requestOrigin(request: FastifyRequest, appUrl: string | null | undefined): string {
  return appUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * The ad platforms' OAuth callbacks: the code is exchanged at the provider's token endpoint with
 * the client credentials of the environment and the tokens kept per account (never sent back); only the
 * account's Admins connect (integrations.manage).
 * Without credentials the answer is a 501; the body is still validated first, so a client bug is a 400.
 */
export const campaignRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db, config }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const connect = async (
    provider: OAuthProvider,
    request: FastifyRequest & { body: OAuthCallbackBody },
  ): Promise<OAuthCallbackAnswer> => {
    const label = PROVIDER_LABELS[provider];
    const client = config.oauth?.[provider] ?? null;
    if (!client) throw new HttpError(501, `${label} is not configured on this server`);
    const accountId = requireAccountId(request);
    const claims = { accountId, userId: request.user.id, provider };
    if (!verifyOAuthState(config.jwtSecret, request.body.state ?? '', claims)) {
      throw new HttpError(400, STATE_MISMATCH);
    }
    const redirect = redirectUri(provider, requestOrigin(request, config.appUrl));
    const tokens = await exchangeCode(client, label, request.body.code, redirect, outboundPolicy(config));
    await saveConnection(db, accountId, provider, request.user.id, tokens);
    await logActivity(db, {
      type: 'integration.connected',
      userId: request.user.id,
      userEmail: request.user.email,
      accountId,
      ip: request.ip,
      details: { provider },
    });
    return { provider, connected: true };
  };

  app.post(
    '/api/campaign/google-oauth/callback',
    { config: { permission: 'integrations.manage' }, schema: campaignApi.googleCallback },
    (request) => connect('google', request),
  );

  app.post(
    '/api/campaign/facebook-oauth/callback',
    { config: { permission: 'integrations.manage' }, schema: campaignApi.facebookCallback },
    (request) => connect('facebook', request),
  );
};
