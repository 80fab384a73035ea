/**
 * The integrations catalogue (GET /api/integrations, DELETE /api/integrations/{provider}) and the role matrix
 * (GET /api/permissions): the JSON Schemas of the API, the types derived from them and the OAuth providers.
 */
import { type Infer, schemas } from './jsonSchema.ts';

/** The OAuth providers an account can connect. */
export const OAUTH_PROVIDERS = ['google', 'facebook'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** One entry of the integrations catalogue, with this account's connection state. */
export const integrationSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'kind', 'configured', 'connected', 'connectedAt', 'authorizeUrl'],
  properties: {
    id: { type: 'string', enum: [...OAUTH_PROVIDERS, 'webhooks'] },
    name: { type: 'string' },
    kind: { type: 'string', enum: ['oauth', 'webhooks'] },
    /** The server has credentials for it (OAuth); webhooks always are. */
    configured: { type: 'boolean' },
    connected: { type: 'boolean' },
    connectedAt: { type: ['string', 'null'] },
    authorizeUrl: { type: ['string', 'null'] },
  },
} as const;
export type Integration = Infer<typeof integrationSchema>;

/** The role table the server enforces: one row per permission, one column per account role. */
export const permissionMatrixSchema = {
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
export type PermissionMatrix = Infer<typeof permissionMatrixSchema>;

/** The routes' schemas: params and every answer. */
export const integrationsApi = {
  list: { response: { 200: { type: 'array', items: integrationSchema } } },
  disconnect: {
    params: {
      type: 'object',
      required: ['provider'],
      properties: { provider: { type: 'string', enum: [...OAUTH_PROVIDERS] } },
    },
    response: { 204: schemas.noContent, 404: schemas.message },
  },
  permissions: { response: { 200: permissionMatrixSchema } },
} as const;
