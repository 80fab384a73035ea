import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type UploadField, uploadsApi } from '../../../src/contracts/uploads.ts';
import { requireAccountId } from '../../auth/authenticate.ts';
import { matchesEtag } from '../../conditionalGet.ts';
import { HttpError } from '../../errors.ts';
import { findUpload, findUploadType, recordUpload } from '../../repositories/websites.ts';
import type { RouteDeps } from '../routeDeps.ts';
import { createImageCache } from './imageCache.ts';
import { MAX_IMAGE_BYTES, sniffImage } from './imageFiles.ts';

const TOO_LARGE = 'Image must be at most 5 MB';
const NOT_IMAGE = 'Only image files (PNG, JPEG, GIF, WebP) can be uploaded';

// A key names one image for ever (random, never reused, never rewritten): browsers and proxies may keep it.
const CACHE_FOR_EVER = 'public, max-age=31536000, immutable';
// What a process keeps of the images it served last (a published site's few images, for every new visitor).
const IMAGE_CACHE_BYTES = 64 * 1024 * 1024;

/** Image uploads (field `image` or `file`), checked by content, max 5 MB, stored in the database. */
export const uploadRoutes: FastifyPluginAsync<RouteDeps> = async (app, { db }) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });
  const receive = async (request: FastifyRequest, field: UploadField) => {
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
    await recordUpload(db, { key, accountId, contentType: kind.contentType, bytes });
    return { url: `/api/uploads/${key}` };
  };

  // Images belong to the account's websites and business profile: a Viewer may not add any.
  const upload = { permission: 'websites.edit' } as const;
  app.post('/api/upload/image', { config: upload, schema: uploadsApi.uploadImage }, (request) =>
    receive(request, 'image'),
  );
  app.post(
    '/api/website/upload-image',
    { config: upload, schema: uploadsApi.uploadWebsiteImage },
    (request) => receive(request, 'file'),
  );
};

/** Serves uploaded images publicly (published sites show them) with their sniffed type and nosniff, cached for ever. */
export const uploadFilesRoutes: FastifyPluginAsync<RouteDeps> = async (fastify, { db }) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const images = createImageCache(IMAGE_CACHE_BYTES);
  app.get(
    '/api/uploads/:key',
    { config: { permission: 'public' }, schema: uploadsApi.file },
    async (request, reply) => {
      const { key } = request.params;
      const etag = `"${key}"`;
      // A revalidation (a proxy, a forced reload) is answered without reading the image.
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        if (!(await findUploadType(db, key))) throw new HttpError(404, 'Not found');
        return reply.code(304).header('etag', etag).header('cache-control', CACHE_FOR_EVER).send();
      }
      // A recent image from memory (the database only says it still exists): on PGlite a query holds the one
      // connection, and reading a 5 MB image takes ~0.25 s of it.
      const kept = images.get(key);
      const upload = kept
        ? await findUploadType(db, key).then((found) => found && { ...found, bytes: kept })
        : await findUpload(db, key);
      if (!upload) {
        images.delete(key);
        throw new HttpError(404, 'Not found');
      }
      if (!kept) images.set(key, upload.bytes);
      return reply
        .header('content-type', upload.contentType)
        .header('etag', etag)
        .header('cache-control', CACHE_FOR_EVER)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .send(upload.bytes);
    },
  );
};
