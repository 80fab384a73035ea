/**
 * Image uploads (POST /api/upload/image, POST /api/website/upload-image) and serving them (GET
 * /api/uploads/{key}): the JSON Schemas of the API and the rules both ends keep.
 */
import { schemas } from './jsonSchema.ts';

/** The content types an uploaded image may have (what GET /api/uploads/{key} may serve). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Upload keys as stored and served: random hex and the sniffed extension. */
export const UPLOAD_KEY_PATTERN = '^[a-f0-9]{32}\\.(png|jpg|gif|webp)$';

/** The multipart field each upload route reads its image from. */
export type UploadField = 'image' | 'file';

/** An upload route's schema: the one multipart field, and the stored image's URL. */
const upload = <F extends UploadField>(field: F) =>
  ({
    ...schemas.multipart(
      {
        [field]: {
          type: 'string',
          format: 'binary',
          description: 'A PNG, JPEG, GIF or WebP image, 5 MB at most',
        },
      },
      [field],
    ),
    response: {
      200: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
      400: schemas.message,
      413: schemas.message,
    },
  }) as const;

/** The routes' schemas: params, the multipart parts and every answer. */
export const uploadsApi = {
  uploadImage: upload('image'),
  uploadWebsiteImage: upload('file'),
  file: {
    params: {
      type: 'object',
      required: ['key'],
      properties: { key: { type: 'string', pattern: UPLOAD_KEY_PATTERN } },
    },
    response: {
      200: {
        description: 'The image, with the type sniffed from its content at upload',
        content: Object.fromEntries(
          IMAGE_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
        ),
      },
      304: {
        description: 'Not modified: the image If-None-Match names (an image never changes)',
        type: 'null',
      },
      404: schemas.message,
    },
  },
} as const;
