import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { firstScreenChunk } from './scripts/firstScreenChunk.ts';
import { precompressPlugin } from './scripts/precompressPlugin.ts';
import { serviceWorkerPlugin } from './scripts/serviceWorkerPlugin.ts';
import { tabBrokerPlugin } from './scripts/tabBrokerPlugin.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

const firstScreen = firstScreenChunk();

export default defineConfig({
  plugins: [react(), tabBrokerPlugin(), serviceWorkerPlugin(), firstScreen.plugin, precompressPlugin()],
  resolve: {
    // @xstate/react imports the shim of useSyncExternalStore for React 17; React 19 has it. The same package's
    // React 18+ entries use React's own (the shim's fallback was dead code in the first screen).
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // Every browser the app supports (it needs ES2022 modules) preloads modules itself: Vite's polyfill for
    // `<link rel="modulepreload">` only cost the first screen its bytes. Without it an older browser still runs the app.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The first screen downloads one chunk, compressed as a whole, rather than dozens of small ones.
        codeSplitting: { groups: [{ name: 'shell', test: firstScreen.test }] },
        // Lazy chunks are named by their hash alone: the first screen carries the file name of every chunk a
        // dynamic import preloads (~80 of them), and the names cost 0.6 KiB of its gzip (bench/README.md, bundle).
        chunkFileNames: 'assets/[hash].js',
      },
    },
  },
  // `npm run dev`: Vite serves the client and forwards /api (the co-editing WebSocket too) to the API process.
  server: { port: 5173, proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true } } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          sequence: { groupOrder: 1 },
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          // Group 1, before the coverage gate (group 2). Not 0: with one worker vitest runs group-0 files last.
          sequence: { groupOrder: 1 },
          // Rendering the whole app in jsdom takes seconds on a loaded machine; 5 s flaked, never a real failure.
          testTimeout: 15_000,
          include: ['tests/{machines,views,services,canvas,contracts}/**/*.test.{ts,tsx}'],
          exclude: ['tests/machines/coverageGate.test.ts'],
          setupFiles: ['tests/setupClient.ts'],
        },
      },
      {
        extends: true,
        test: {
          // After the model tests (group 1), whose records of the transitions their paths took it counts.
          name: 'coverage-gate',
          environment: 'jsdom',
          testTimeout: 15_000,
          include: ['tests/machines/coverageGate.test.ts'],
          setupFiles: ['tests/setupClient.ts'],
          sequence: { groupOrder: 2 },
        },
      },
      {
        extends: true,
        test: {
          name: 'architecture',
          environment: 'node',
          include: ['tests/architecture/**/*.test.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
