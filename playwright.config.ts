import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// One fresh embedded database per run (workers re-read this file, hence the environment hand-over).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-data-'));
const port = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The real server on the embedded database, serving the built app (npm run test:e2e builds it first).
    command: 'node server/main.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
    },
  },
});
