import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

// The SPA needs self scripts, emotion's inline styles and data:/blob: images; nothing else.
const HTML_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; '),
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

// The job dashboard page (/hangfire) is embedded by the app's own Admin dashboard, so it may be framed
// by this origin; every other page may not be framed at all.
const FRAMEABLE_PAGES = new Set(['/hangfire']);
const SAME_ORIGIN_FRAMING: Record<string, string> = {
  ...HTML_SECURITY_HEADERS,
  'content-security-policy': (HTML_SECURITY_HEADERS['content-security-policy'] ?? '').replace(
    "frame-ancestors 'none'",
    "frame-ancestors 'self'",
  ),
  'x-frame-options': 'SAMEORIGIN',
};

export function staticDirExists(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory();
}

/**
 * Serves the built client from `root`. Hashed files under /assets are cached for a year;
 * index.html and sw.js are revalidated on every visit so a deploy is picked up at once.
 * Paths that are not files fall through to the not-found handler (see `sendSpaIndex`).
 */
export async function registerStatic(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (reply, filePath) => {
      const relative = path.relative(root, filePath).split(path.sep).join('/');
      if (relative.startsWith('assets/')) reply.header('cache-control', IMMUTABLE);
      else if (relative === 'sw.js' || relative.endsWith('.html')) reply.header('cache-control', REVALIDATE);
    },
  });
}

/** History fallback: client-side routes (/login, /google-callback, …) all get index.html. */
export function sendSpaIndex(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', REVALIDATE).sendFile('index.html');
}

/** Adds the HTML security headers when the response is an HTML page; nosniff on everything. */
export function securityHeaders(reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  // Published sites set their own, stricter policy (server/routes/sites).
  if (reply.hasHeader('content-security-policy')) return;
  const type = reply.getHeader('content-type');
  if (typeof type === 'string' && type.startsWith('text/html')) {
    const pathname = reply.request.url.split('?')[0]?.replace(/\/+$/, '') ?? '';
    reply.headers(FRAMEABLE_PAGES.has(pathname) ? SAME_ORIGIN_FRAMING : HTML_SECURITY_HEADERS);
  }
}
