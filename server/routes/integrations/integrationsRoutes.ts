import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync } from 'fastify';
import { integrationsApi, OAUTH_PROVIDERS } from '../../../src/contracts/integrations.ts';
import { permissionMatrix } from '../../auth/access.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import { authorizeUrl, redirectUri } from '../../integrations/oauthExchange.ts';
import { signOAuthState } from '../../integrations/oauthState.ts';
import { logActivity } from '../../repositories/activityLogs.ts';
import { deleteConnection, listConnections } from '../../repositories/oauthConnections.ts';
import { listWebhooks } from '../../repositories/webhooks.ts';
import { PROVIDER_LABELS, requestOrigin } from '../campaign/campaignRoutes.ts';
import type { RouteDeps } from '../routeDeps.ts';

/** The integrations catalogue with this account's connection state, disconnecting, and the role matrix. */
export const integrationsRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db, config }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  app.get(
    '/api/integrations',
    {
      config: { permission: 'account.view' },
      schema: integrationsApi.list,
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
          id: 'webhooks' as const,
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

  app.delete(
    '/api/integrations/:provider',
    { config: { permission: 'integrations.manage' }, schema: integrationsApi.disconnect },
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
      return reply.code(204).send(null);
    },
  );

  // The role table itself: the same for every account.
  app.get(
    '/api/permissions',
    { config: { permission: 'signedIn' }, schema: integrationsApi.permissions },
    async () => permissionMatrix(),
  );
};
