// The built client goes out compressed: the build writes a brotli and a gzip copy beside each text file
// (scripts/precompressPlugin.ts) and the server sends the one the browser accepts, with the headers of the file it
// stands for. Before, every visit downloaded the JavaScript as it is, about three times its gzip size.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompressPlugin.ts';
import { MIN_COMPRESSED_BYTES } from '../../server/publishing/pageEncodings.ts';
import { describeEachDatabase, INDEX_HTML } from './harness.ts';

// A build's output, made before the app starts (it serves a static directory only when there is one).
const staticDir = mkdtempSync(path.join(tmpdir(), 'precompressed-'));
mkdirSync(path.join(staticDir, 'assets'));
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
const worker = `self.addEventListener('fetch', () => {});\n${'// cache list\n'.repeat(200)}`;
writeFileSync(path.join(staticDir, 'index.html'), INDEX_HTML);
writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), script);
writeFileSync(path.join(staticDir, 'assets', 'tiny-abc123.js'), 'console.log(1);');
writeFileSync(path.join(staticDir, 'assets', 'logo-abc123.png'), Buffer.alloc(4096, 7));
writeFileSync(path.join(staticDir, 'sw.js'), worker);
writeFileSync(path.join(staticDir, 'tab-broker.js'), 'self.addEventListener("connect", () => {});');

beforeAll(() => precompress(staticDir));
afterAll(() => rm(staticDir, { recursive: true, force: true }));

describeEachDatabase(
  'the built client, compressed',
  (ctx) => {
    it('the build writes a brotli and a gzip copy of each text file worth it, and of nothing else', async () => {
      const files = await readdir(staticDir, { recursive: true });
      expect(files.filter((file) => /\.(br|gz)$/.test(file)).sort()).toEqual([
        'assets/app-abc123.js.br',
        'assets/app-abc123.js.gz',
        'sw.js.br',
        'sw.js.gz',
      ]);
      expect(Buffer.byteLength('console.log(1);')).toBeLessThan(MIN_COMPRESSED_BYTES);
    });

    it('a browser that accepts brotli gets brotli, one that accepts gzip gets gzip, others the file itself', async () => {
      const get = (encoding?: string) =>
        ctx.call('GET', '/assets/app-abc123.js', {
          headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
        });

      const br = await get('gzip, deflate, br, zstd');
      expect({
        encoding: br.headers['content-encoding'],
        type: br.headers['content-type'],
        cache: br.headers['cache-control'],
        vary: br.headers.vary,
      }).toEqual({
        encoding: 'br',
        type: expect.stringMatching(/^(text|application)\/javascript; charset=utf-8$/),
        cache: 'public, max-age=31536000, immutable',
        vary: 'accept-encoding',
      });
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 4);

      const gzipped = await get('gzip');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(script);

      const plain = await get();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    });

    it('the compressed service worker is still revalidated on every visit; small files go as they are', async () => {
      const sw = await ctx.call('GET', '/sw.js', { headers: { 'accept-encoding': 'br' } });
      expect({ encoding: sw.headers['content-encoding'], cache: sw.headers['cache-control'] }).toEqual({
        encoding: 'br',
        cache: 'no-cache',
      });
      expect(brotliDecompressSync(sw.rawPayload).toString()).toBe(worker);

      const tiny = await ctx.call('GET', '/assets/tiny-abc123.js', { headers: { 'accept-encoding': 'br' } });
      expect({ encoding: tiny.headers['content-encoding'], body: tiny.body }).toEqual({
        encoding: undefined,
        body: 'console.log(1);',
      });
    });
  },
  { config: { staticDir } },
);
