import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../errors.ts';
import { schemas } from '../../validation.ts';
import type { RouteDeps } from '../routeDeps.ts';

type CallbackBody = { code: string; platform: string };

function callbackSchema(platform: 'GoogleAds' | 'FacebookAds') {
  return {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'platform'],
      properties: {
        code: { type: 'string', minLength: 1, maxLength: 4096 },
        platform: { type: 'string', const: platform },
      },
    },
    response: { 501: schemas.message },
  } as const;
}

// The ad platforms cannot be reached from this product yet: the body is still validated, so a
// client bug shows as a 400 rather than hiding behind the 501.
export const campaignRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.post<{ Body: CallbackBody }>(
    '/api/campaign/google-oauth/callback',
    { schema: callbackSchema('GoogleAds') },
    async () => {
      throw new HttpError(501, 'Google Ads is not configured on this server');
    },
  );

  app.post<{ Body: CallbackBody }>(
    '/api/campaign/facebook-oauth/callback',
    { schema: callbackSchema('FacebookAds') },
    async () => {
      throw new HttpError(501, 'Facebook Ads is not configured on this server');
    },
  );
};
