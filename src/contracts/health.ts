/** The health check (GET /api/health): its JSON Schema. */
import { schemas } from './jsonSchema.ts';

/** The routes' schemas: every answer. */
export const healthApi = {
  check: {
    response: {
      200: { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'] },
      503: schemas.message,
    },
  },
} as const;
