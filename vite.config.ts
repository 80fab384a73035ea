import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { serviceWorkerPlugin } from './scripts/serviceWorkerPlugin.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react(), serviceWorkerPlugin()],
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 900 },
  // `npm run dev`: Vite serves the client and forwards /api (the co-editing WebSocket too) to the API process.
  server: { port: 5173, proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, ws: true } } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
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
          include: ['tests/{machines,views,services,canvas}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setupClient.ts'],
        },
      },
    ],
  },
});
