import type { FastifyPluginAsync } from 'fastify';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { permissionMatrix } from '../../auth/access.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import { authorizeUrl, redirectUri } from '../../integrations/oauthExchange.ts';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../integrations/oauthSettings.ts';
import { signOAuthState } from '../../integrations/oauthState.ts';
import { logActivity } from '../../repositories/activityLogs.ts';
import { deleteConnection, listConnections } from '../../repositories/oauthConnections.ts';
import { listWebhooks } from '../../repositories/webhooks.ts';
import { PROVIDER_LABELS, requestOrigin } from '../campaign/campaignRoutes.ts';
import type { RouteDeps } from '../routeDeps.ts';

const integration = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'kind', 'configured', 'connected', 'connectedAt', 'authorizeUrl'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    kind: { type: 'string', enum: ['oauth', 'webhooks'] },
    configured: { type: 'boolean' },
    connected: { type: 'boolean' },
    connectedAt: { type: ['string', 'null'] },
    authorizeUrl: { type: ['string', 'null'] },
  },
} as const;

const permissionsResponse = {
  type: 'object',
  required: ['roles', 'permissions'],
  properties: {
    roles: { type: 'array', items: { type: 'string' } },
    permissions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'label', 'roles'],
        properties: {
          id: { type: 'string' },
          label: { type: 'string' },
          roles: { type: 'object', additionalProperties: { type: 'boolean' } },
        },
      },
    },
  },
} as const;

/** The integrations catalogue with this account's connection state, disconnecting, and the role matrix. */
export const integrationsRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config }) => {
  app.get(
    '/api/integrations',
    {
      config: { permission: 'account.view' },
      schema: { response: { 200: { type: 'array', items: integration } } },
    },
    async (request) => {
      const accountId = requireAccountId(request);
      const connections = await listConnections(db, accountId);
      const origin = requestOrigin(request, config.appUrl);
      const oauth = OAUTH_PROVIDERS.map((provider) => {
        const client = config.oauth?.[provider] ?? null;
        const connection = connections.find((entry) => entry.provider === provider);
        return {
          id: provider,
          name: PROVIDER_LABELS[provider],
          kind: 'oauth' as const,
          configured: client !== null,
          connected: connection !== undefined,
          connectedAt: connection?.connectedAt ?? null,
          // A fresh signed state per listing, bound to this account and user; the callback checks it.
          authorizeUrl: client
            ? authorizeUrl(
                client,
                redirectUri(provider, origin),
                signOAuthState(config.jwtSecret, { accountId, userId: request.user.id, provider }),
              )
            : null,
        };
      });
      const hooks = await listWebhooks(db, accountId);
      return [
        ...oauth,
        {
          id: 'webhooks',
          name: 'Webhooks',
          kind: 'webhooks' as const,
          configured: true,
          connected: hooks.length > 0,
          connectedAt: hooks[0]?.createdAt ?? null,
          authorizeUrl: null,
        },
      ];
    },
  );

  app.delete<{ Params: { provider: OAuthProvider } }>(
    '/api/integrations/:provider',
    {
      config: { permission: 'integrations.manage' },
      schema: {
        params: {
          type: 'object',
          required: ['provider'],
          properties: { provider: { type: 'string', enum: [...OAUTH_PROVIDERS] } },
        },
        response: { 204: schemas.noContent, 404: schemas.message },
      },
    },
    async (request, reply) => {
      const accountId = requireAccountId(request);
      const { provider } = request.params;
      if (!(await deleteConnection(db, accountId, provider))) {
        throw new HttpError(404, `${PROVIDER_LABELS[provider]} is not connected`);
      }
      await logActivity(db, {
        type: 'integration.disconnected',
        userId: request.user.id,
        userEmail: request.user.email,
        accountId,
        ip: request.ip,
        details: { provider },
      });
      return reply.code(204).send();
    },
  );

  // The role table itself: the same for every account.
  app.get(
    '/api/permissions',
    { config: { permission: 'signedIn' }, schema: { response: { 200: permissionsResponse } } },
    async () => permissionMatrix(),
  );
};
