// The published pages' one script (forms, navbar, storefront and its checkout), built as `npm run build`
// builds it (minified IIFE), in memory: its size raw and gzipped.
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

const root = new URL('..', import.meta.url).pathname;

export type SiteScriptFigures = { bytes: number; gzipBytes: number };

export async function siteScriptBench(): Promise<SiteScriptFigures> {
  let code = '';
  const probe: Plugin = {
    name: 'site-script-probe',
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) if (item.type === 'chunk') code += item.code;
    },
  };
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [probe],
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      lib: {
        entry: 'src/canvas/published/siteScript.ts',
        formats: ['iife'],
        name: 'bizSite',
        fileName: () => 'site.js',
      },
      minify: true,
    },
  });
  if (!code) throw new Error('the site script build produced no chunk');
  return { bytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).length };
}
