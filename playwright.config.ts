import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// One fresh embedded database per run (workers re-read this file, hence the environment hand-over).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'e2e-data-'));
const port = Number(process.env.E2E_PORT ?? 3100);
// The fake OAuth provider and webhook receiver (e2e/fakeProvider.ts) on loopback.
const fakeProviderPort = Number(process.env.E2E_FAKE_PROVIDER_PORT ?? port + 1000);
const fake = `http://127.0.0.1:${fakeProviderPort}`;

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
  webServer: [
    {
      command: 'node e2e/fakeProvider.ts',
      url: `${fake}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      env: { FAKE_PROVIDER_PORT: String(fakeProviderPort) },
    },
    {
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
        // The admin e2e signs up with this address; other specs' users stay plain users.
        ADMIN_EMAILS: 'admin-e2e@example.com',
        GOOGLE_ADS_CLIENT_ID: 'e2e-client',
        GOOGLE_ADS_CLIENT_SECRET: 'e2e-secret',
        GOOGLE_ADS_AUTHORIZE_URL: `${fake}/authorize`,
        GOOGLE_ADS_TOKEN_URL: `${fake}/token`,
        FACEBOOK_ADS_CLIENT_ID: 'e2e-client',
        FACEBOOK_ADS_CLIENT_SECRET: 'e2e-secret',
        FACEBOOK_ADS_AUTHORIZE_URL: `${fake}/authorize`,
        FACEBOOK_ADS_TOKEN_URL: `${fake}/token`,
        FACEBOOK_ADS_PUBLISH_URL: `${fake}/feed`,
        // The fake provider and webhook receiver listen on 127.0.0.1: outgoing calls may reach loopback here only.
        ALLOW_LOOPBACK_OUTBOUND: 'true',
      },
    },
  ],
});
