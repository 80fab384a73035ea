import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { TAB_BROKER_PATH } from '../src/canvas/tabBroker.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
// The tab broker's worker script (not hashed: every deploy's tabs share it), revalidated like sw.js.
const TAB_BROKER_FILE = TAB_BROKER_PATH.slice(1);

// Written by hand rather than with @fastify/helmet (not a dependency): helmet's defaults add
// Cross-Origin-Opener-Policy: same-origin, which cuts the Google OAuth popup off from its opener (the
// /google-callback page posts the code to window.opener), and Cross-Origin-Resource-Policy: same-origin,
// which would stop sandboxed (opaque-origin) published pages from loading /assets. One table here is
// also easier to read against what the app really needs.

// Browser features the app never uses (no camera, microphone, location, payments, sensors, USB…):
// denied to the app and to anything it frames, so injected script or an embed cannot ask for them.
// clipboard-write stays allowed (Copy of the invitation link); only features Chromium knows are named,
// since an unknown one is a console error on every page.
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

// The SPA needs self scripts (the build has no inline script: index.html only links its entry), emotion's
// inline styles and data:/blob: images; nothing else. The builder's preview is a sandboxed srcdoc iframe
// without script, so it needs nothing beyond this either. Images may also come from any https address, as on
// the published pages (siteRoutes.ts): an owner's image by URL showed broken in the builder and its preview
// while visitors saw it. Requests for them carry no referrer (same-origin policy below).
const HTML_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data: blob:",
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
  'permissions-policy': PERMISSIONS_POLICY,
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
 * index.html, sw.js and tab-broker.js are revalidated on every visit so a deploy is picked up at once.
 * A browser that accepts brotli or gzip gets the copy the build compressed (scripts/precompressPlugin.ts).
 * Paths that are not files fall through to the not-found handler (see `sendSpaIndex`).
 */
export async function registerStatic(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      // The file sent may be the compressed copy (`sw.js.br`): its headers are those of the file it stands for.
      const relative = path
        .relative(root, filePath)
        .split(path.sep)
        .join('/')
        .replace(/\.(br|gz)$/, '');
      if (relative.startsWith('assets/')) reply.header('cache-control', IMMUTABLE);
      else if (relative === 'sw.js' || relative === TAB_BROKER_FILE || relative.endsWith('.html'))
        reply.header('cache-control', REVALIDATE);
    },
  });
}

/** History fallback: client-side routes (/login, /google-callback, …) all get index.html. */
export function sendSpaIndex(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', REVALIDATE).sendFile('index.html');
}

/**
 * Adds the HTML security headers when the response is an HTML page; nosniff on everything (API JSON,
 * errors, assets), so no answer is ever sniffed into HTML or script.
 */
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
