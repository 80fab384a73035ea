// The built client compressed once, at build time: beside each text file of dist/ a `.br` (brotli, best) and a
// `.gz` (gzip, best), which the server sends to browsers that accept them (server/static.ts, `preCompressed`).
// Without them every visit downloaded the JavaScript as it is, about three times its gzip size.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { MIN_COMPRESSED_BYTES } from '../server/publishing/pageEncodings.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing: text. Images and fonts are compressed formats already. */
const TEXT_FILE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` beside every text file under `dir` they make smaller; returns how many. */
export async function precompress(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => TEXT_FILE.test(file));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      if (bytes.length < MIN_COMPRESSED_BYTES) return;
      const [br, gzipped] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      for (const [suffix, compressed] of [
        ['.br', br],
        ['.gz', gzipped],
      ] as const) {
        if (compressed.length >= bytes.length) continue;
        await writeFile(file + suffix, compressed);
        written += 1;
      }
    }),
  );
  return written;
}

/** Compresses the build's output once everything is written (the service worker and the tab broker included). */
export function precompressPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompress(outDir);
    },
  };
}
