import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_BASE_URL, E2E_PORT } from './e2e/support/constants';

const PORT = E2E_PORT;
const OIDC_PORT = PORT + 1;
const baseURL = E2E_BASE_URL;

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      // A local OpenID Connect provider standing in for Google.
      command: 'node e2e/support/oidc-provider.mjs',
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'ignore',
      env: { OIDC_PORT: String(OIDC_PORT), APP_URL: baseURL },
    },
    {
      command: 'node scripts/e2e-server.mjs',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: path.resolve('test-results/e2e-data'),
        RATE_LIMIT_PER_MINUTE: '0',
        AUTH_RATE_LIMIT_PER_MINUTE: '0',
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        GOOGLE_CLIENT_ID: 'brakehouse-e2e',
        GOOGLE_CLIENT_SECRET: 'brakehouse-e2e-secret',
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
