import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type SitePageParams, sitesApi } from '../../../src/contracts/publish.ts';
import { matchesEtag } from '../../conditionalGet.ts';
import { acceptedEncoding, encodedBody, MIN_COMPRESSED_BYTES } from '../../publishing/pageEncodings.ts';
import type { PublishingDeps } from '../../publishing/publishingDeps.ts';
import { findPublishedHome, listPublishedPaths } from '../../repositories/publishing.ts';

// Published pages are user content: only our own script runs (no inline script at all), nothing is
// embedded as an object, no <base> can redirect relative URLs, and the `sandbox` directive gives the page
// an opaque origin, so even a sanitiser bypass could not read the app's storage on this host.
export const SITE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self' https: data:",
  "font-src 'self' https: data:",
  "connect-src 'self'",
  "form-action 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
  'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox',
].join('; ');

const PAGE_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': SITE_CSP,
  // Republishing must show at once: revalidate every time (the ETag makes that a 304).
  'cache-control': 'no-cache',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
};

const NOT_PUBLISHED = 'This site is not published';
const SUBDOMAIN = /^[a-z0-9-]{1,63}$/;
const PAGE_PATH = /^[a-z0-9-]{1,200}$/;

/**
 * A visitor's 404, readable on a phone. `home`: the site is published and only the page is missing (a stale
 * or mistyped link), so the visitor is offered its home page (the site's root path, which is right at any
 * depth, under /sites/{subdomain}/ and on the site's own host alike).
 */
function notFound(reply: FastifyReply, home: string | null = null): FastifyReply {
  const message = home
    ? `<p>This site has no page at this address.</p><p><a href="${escapeXml(home)}">Go to the home page</a></p>`
    : `<p>${NOT_PUBLISHED} or has no such page.</p>`;
  return reply
    .code(404)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', SITE_CSP)
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Not found</title></head>
<body style="font-family:system-ui,sans-serif;text-align:center;padding:60px 16px"><h1>Page not found</h1>${message}</body></html>`);
}

/** The path of the site's root: / when the request came to its own host, else /sites/{subdomain}/ here. */
function siteRootPath(request: FastifyRequest, subdomain: string): string {
  const viaOwnHost = request.originalUrl !== request.url;
  return viaOwnHost ? '/' : `/sites/${subdomain}/`;
}

/** The site's own root URL: its host when the request came to it, else /sites/{subdomain}/ here. */
function siteRoot(request: FastifyRequest, subdomain: string): string {
  return `${request.protocol}://${request.host}${siteRootPath(request, subdomain)}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Public: published pages, sitemap.xml, robots.txt and the site script. */
export const siteRoutes: FastifyPluginAsync<PublishingDeps> = async (
  fastify,
  { db, pageCache, siteScript },
) => {
  const app = fastify.withTypeProvider<JsonSchemaToTsProvider>();
  const publicPage = { config: { permission: 'public' }, schema: sitesApi.page } as const;
  const publicRest = { config: { permission: 'public' }, schema: sitesApi.rest } as const;
  async function sendPage(params: SitePageParams, request: FastifyRequest, reply: FastifyReply) {
    const { subdomain, page = '' } = params;
    if (!SUBDOMAIN.test(subdomain) || (page !== '' && !PAGE_PATH.test(page))) return notFound(reply);
    const cached = await pageCache.get(subdomain, page);
    if (!cached) {
      const site = page === '' ? null : await findPublishedHome(db, subdomain);
      // The home page is served at the root; its own path (the "/home" the Page Manager shows) leads there.
      // A page published at that path was served above: it wins.
      if (site?.homePath === page) {
        const query = request.originalUrl.indexOf('?');
        return reply
          .header('cache-control', 'no-cache')
          .redirect(
            siteRootPath(request, subdomain) + (query < 0 ? '' : request.originalUrl.slice(query)),
            301,
          );
      }
      return notFound(reply, site ? siteRootPath(request, subdomain) : null);
    }
    // Compressed for a browser that accepts it (a page of a few KiB goes as it is); each form has its own ETag.
    const encoding =
      cached.body.length >= MIN_COMPRESSED_BYTES
        ? acceptedEncoding(request.headers['accept-encoding'])
        : null;
    const etag = encoding ? `${cached.etag.slice(0, -1)}-${encoding}"` : cached.etag;
    reply.headers(PAGE_HEADERS).header('vary', 'accept-encoding').header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    if (!encoding) return reply.send(cached.body);
    return reply.header('content-encoding', encoding).send(encodedBody(cached, encoding));
  }

  app.get('/sites/:subdomain', publicPage, (request, reply) =>
    reply.redirect(`${request.originalUrl.split('?')[0]}/`, 301),
  );
  app.get('/sites/:subdomain/', publicPage, (request, reply) => sendPage(request.params, request, reply));
  app.get('/sites/:subdomain/:page', publicPage, (request, reply) =>
    sendPage(request.params, request, reply),
  );

  // Any other address under a site (a shared link with a trailing slash, a deeper path): the site answers it,
  // never the app's history fallback, whose sign-in page would show under the site (or on its own host).
  app.get('/sites/:subdomain/*', publicRest, async (request, reply) => {
    const { subdomain, '*': rest } = request.params;
    if (!SUBDOMAIN.test(subdomain)) return notFound(reply);
    const page = rest.replace(/\/+$/, '');
    if (page !== rest && PAGE_PATH.test(page)) {
      // 'about/' is 'about': the same address as the site's own links write it, with the link's query. The
      // address is made of the site's root and a checked page path, never of what the request's path held
      // (on the site's own host '//other.example/' must not lead to another host).
      const query = request.url.indexOf('?');
      return reply
        .header('cache-control', 'no-cache')
        .redirect(
          `${siteRootPath(request, subdomain)}${page}${query < 0 ? '' : request.url.slice(query)}`,
          301,
        );
    }
    const site = await findPublishedHome(db, subdomain);
    return notFound(reply, site ? siteRootPath(request, subdomain) : null);
  });

  app.get('/sites/:subdomain/sitemap.xml', publicPage, async (request, reply) => {
    const { subdomain } = request.params;
    const site = SUBDOMAIN.test(subdomain) ? await listPublishedPaths(db, subdomain) : null;
    if (!site) return notFound(reply);
    const root = siteRoot(request, subdomain);
    // A site hidden as a whole has every page noindex, so its sitemap lists none.
    const urls = site.paths.map((path) => `<url><loc>${escapeXml(root + path)}</loc></url>`).join('');
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
      );
  });

  app.get('/sites/:subdomain/robots.txt', publicPage, async (request, reply) => {
    const { subdomain } = request.params;
    const site = SUBDOMAIN.test(subdomain) ? await listPublishedPaths(db, subdomain) : null;
    if (!site) return reply.code(404).type('text/plain').send('Not found');
    // Site settings › noindex: no crawler is welcome, and there is no sitemap to point to.
    const body = site.noindex
      ? 'User-agent: *\nDisallow: /\n'
      : `User-agent: *\nAllow: /\nSitemap: ${siteRoot(request, subdomain)}sitemap.xml\n`;
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(body);
  });

  app.get('/sites/_assets/site.js', { config: { permission: 'public' } }, async (_request, reply) => {
    if (!siteScript) return reply.code(404).send({ message: 'Not found' });
    return (
      reply
        .type('text/javascript; charset=utf-8')
        // The pages name it with a content version (?v=…), so it may be kept.
        .header('cache-control', 'public, max-age=31536000, immutable')
        // Requested from a sandboxed (opaque-origin) page.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(siteScript.body)
    );
  });
};
