/**
 * The ad platforms' OAuth callbacks (POST /api/campaign/{google,facebook}-oauth/callback): the JSON Schemas of
 * the API and the types derived from them.
 */
import { type Infer, schemas } from './jsonSchema.ts';

export const AD_PLATFORMS = ['GoogleAds', 'FacebookAds'] as const;
export type AdPlatform = (typeof AD_PLATFORMS)[number];

/** The schema of one platform's callback: its body names that platform only. */
function callbackSchema<const P extends AdPlatform>(platform: P) {
  return {
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['code', 'platform'],
      properties: {
        code: { type: 'string', minLength: 1, maxLength: 4096 },
        platform: { type: 'string', const: platform },
        // The provider hands back the state of the consent page; the server checks it was its own.
        state: { type: 'string', maxLength: 1000 },
      },
    },
    response: {
      200: {
        type: 'object',
        additionalProperties: false,
        required: ['provider', 'connected'],
        properties: { provider: { type: 'string' }, connected: { type: 'boolean' } },
      },
      501: schemas.message,
    },
  } as const;
}

/** The routes' schemas: body and every answer. */
export const campaignApi = {
  googleCallback: callbackSchema('GoogleAds'),
  facebookCallback: callbackSchema('FacebookAds'),
} as const;

/** What the consent page's return sends: the code (and state) the provider handed back. */
export type OAuthCallbackBody =
  | Infer<typeof campaignApi.googleCallback.body>
  | Infer<typeof campaignApi.facebookCallback.body>;
export type OAuthCallbackAnswer = Infer<(typeof campaignApi.googleCallback.response)[200]>;
