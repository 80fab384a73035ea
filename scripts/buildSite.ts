// Builds what the server needs to publish sites (after `vite build` of the app, which empties dist/):
//  - dist/server/publishRenderer.js: the page-document renderer (TSX) as an SSR module Node can import;
//  - dist/site/site.js: the one small script of published pages (forms, navbar), served under /sites/_assets/.
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const root = new URL('..', import.meta.url).pathname;

/** Runs both builds; the app's own `vite build` must have run first. */
export async function buildSite(): Promise<void> {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      ssr: 'src/canvas/published/publishRenderer.tsx',
      outDir: 'dist/server',
      emptyOutDir: true,
      rollupOptions: { output: { entryFileNames: 'publishRenderer.js' } },
    },
  });
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    // Library builds keep `process.env.NODE_ENV` as written; a browser has no `process`.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: 'dist/site',
      emptyOutDir: true,
      lib: {
        entry: 'src/canvas/published/siteScript.ts',
        formats: ['iife'],
        name: 'bizSite',
        fileName: () => 'site.js',
      },
      minify: true,
    },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildSite();
