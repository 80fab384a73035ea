import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { CachedPage } from './sitePageCache.ts';

/** The compressions a published page is sent in, besides as it is. */
export type PageEncoding = 'br' | 'gzip';

/**
 * Below this a response is sent as it is, compressing would save less than the headers around it: a published
 * page, and a file of the built client (the build writes no compressed copy of it, scripts/precompressPlugin.ts).
 */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * The encoding to send in for an Accept-Encoding header: brotli when accepted, else gzip, else null (as it is).
 * A coding with q=0 is refused; `*` stands for any coding not named.
 */
export function acceptedEncoding(header: string | undefined): PageEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: PageEncoding) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  return accepts('gzip') ? 'gzip' : null;
}

// Pages are compressed on their first request in that encoding, not at publish: brotli at a quality that
// takes about as long as gzip's default (quality 11 is ten times slower for a few percent).
const BROTLI_QUALITY = 5;

/** The page's bytes in `encoding`, compressed once for as long as the cache keeps the page. */
export function encodedBody(page: CachedPage, encoding: PageEncoding): Buffer {
  const done = page.encoded[encoding];
  if (done) return done;
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(page.body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: page.body.length,
          },
        })
      : gzipSync(page.body);
  page.encoded[encoding] = bytes;
  return bytes;
}
