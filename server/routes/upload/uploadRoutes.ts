import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { schemas } from '../../../src/contracts/jsonSchema.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { HttpError } from '../../errors.ts';
import { findUpload, recordUpload } from '../../repositories/websites.ts';
import type { RouteDeps } from '../routeDeps.ts';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, sniffImage, UPLOAD_KEY_PATTERN } from './imageFiles.ts';

const TOO_LARGE = 'Image must be at most 5 MB';
const NOT_IMAGE = 'Only image files (PNG, JPEG, GIF, WebP) can be uploaded';
const urlResponse = {
  200: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
  400: schemas.message,
  413: schemas.message,
} as const;

function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** Image uploads (field `image` or `file`), checked by content, max 5 MB, stored under DATA_DIR/uploads. */
export const uploadRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config }) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });
  const receive = async (request: FastifyRequest, field: 'image' | 'file') => {
    const accountId = requireAccountId(request);
    if (!request.isMultipart()) throw new HttpError(400, `Send the image as multipart field "${field}"`);
    const part = await request.file();
    if (!part || part.fieldname !== field)
      throw new HttpError(400, `Send the image as multipart field "${field}"`);
    let bytes: Buffer;
    try {
      bytes = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, TOO_LARGE);
      throw error;
    }
    if (part.file.truncated) throw new HttpError(413, TOO_LARGE);
    const kind = sniffImage(bytes);
    if (!kind) throw new HttpError(400, NOT_IMAGE);
    const key = `${randomBytes(16).toString('hex')}.${kind.ext}`;
    await mkdir(uploadsDir(config.dataDir), { recursive: true });
    await writeFile(path.join(uploadsDir(config.dataDir), key), bytes);
    await recordUpload(db, { key, accountId, contentType: kind.contentType, size: bytes.length });
    return { url: `/api/uploads/${key}` };
  };

  // Images belong to the account's websites and business profile: a Viewer may not add any.
  const upload = (field: 'image' | 'file') =>
    ({
      config: { permission: 'websites.edit' },
      schema: {
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
        response: urlResponse,
      },
    }) as const;
  app.post('/api/upload/image', upload('image'), (request) => receive(request, 'image'));
  app.post('/api/website/upload-image', upload('file'), (request) => receive(request, 'file'));
};

/** Serves uploaded images publicly (published sites show them) with their sniffed type and nosniff. */
export const uploadFilesRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db, config }) => {
  app.get<{ Params: { key: string } }>(
    '/api/uploads/:key',
    {
      config: { permission: 'public' },
      schema: {
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
          404: schemas.message,
        },
      },
    },
    async (request, reply) => {
      const upload = await findUpload(db, request.params.key);
      if (!upload) throw new HttpError(404, 'Not found');
      const bytes = await readFile(path.join(uploadsDir(config.dataDir), request.params.key)).catch(
        () => null,
      );
      if (!bytes) throw new HttpError(404, 'Not found');
      return reply
        .header('content-type', upload.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .send(bytes);
    },
  );
};
