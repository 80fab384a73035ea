import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_UNAVAILABLE, HttpError, isDatabaseUnavailable } from './errors.ts';

// Fastify's own 4xx errors whose wording we replace with something a person can read.
const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_BAD_URL: 'The address is not valid: a percent-encoded part of it is not UTF-8 text',
};

// The multipart reader's (busboy's) errors carry no status or code: a body that ends before its last boundary (a
// client gone mid-upload, a cut connection) or names none is the sender's fault, not the server's.
const BROKEN_MULTIPART = /unexpected end of multipart data|^Multipart: Boundary not found$/i;
export const BROKEN_UPLOAD = 'The upload is incomplete or not valid multipart form data: send the file again';

/**
 * The one error handler: validation and malformed bodies → 400, our HttpErrors → their status,
 * Fastify's other client errors → their status, the database out of reach → 503 with Retry-After (a restart
 * or a network cut: the request may be tried again), anything else → a logged 500 that says nothing about its
 * cause. Every answer is `{ message }`.
 */
export function errorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).send({ message: error.message });
  }
  if (error.validation) {
    return reply.code(400).send({ message: error.message });
  }
  if (error.statusCode === undefined && BROKEN_MULTIPART.test(error.message)) {
    return reply.code(400).send({ message: BROKEN_UPLOAD });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's and http-errors' (`expose`) 4xx messages are written for clients; others are not.
    const exposable = error.code?.startsWith('FST_') || (error as { expose?: boolean }).expose === true;
    const message = CLIENT_MESSAGES[error.code] ?? (exposable ? error.message : 'Bad request');
    return reply.code(status).send({ message });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unreachable');
    return reply.code(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ message: 'Internal server error' });
}
