import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tools/lib/chromium';
import {
  E2E_ADMIN_EMAIL,
  E2E_ADMIN_PASSWORD,
  E2E_BASE_URL,
  E2E_OIDC_PORT,
  E2E_PORT,
  E2E_RESULTS_DIR,
  E2E_STRIPE_STAND_IN_URL,
  E2E_STRIPE_STORE_PORT,
  E2E_STRIPE_STORE_URL,
} from './e2e/support/constants';

const PORT = E2E_PORT;
const OIDC_PORT = E2E_OIDC_PORT;
const baseURL = E2E_BASE_URL;
const STRIPE_WEBHOOK_SECRET = 'whsec_brakehouse_e2e';
/** The specs that add or change parts (and so the newest parts the home page shows first). */
const CHANGES_THE_CATALOGUE = /\/(catalogue|catalogue-import|edit-product|media)\.spec\.ts$/;

/** Settings both e2e stores share: a fresh database, no limits in the way of parallel tests. */
const storeEnv = (port: number, dataDir: string) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: path.resolve(E2E_RESULTS_DIR, dataDir),
  RATE_LIMIT_PER_MINUTE: '0',
  AUTH_RATE_LIMIT_PER_MINUTE: '0',
  LOG_LEVEL: 'warn',
});

export default defineConfig({
  testDir: 'e2e',
  outputDir: path.join(E2E_RESULTS_DIR, 'artifacts'),
  // A whole test: flows that sign in or register two or three people (a password hash each, on the
  // store's one thread) took 23-31 s with two workers on a slow 2-core machine. Each wait for the
  // page stays at 10 s (expect), so a hung step still fails fast.
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // The screenshot tests (e2e/screenshots.spec.ts): up to 1% of a screen's pixels may differ (text
    // drawn a shade apart), CSS animations and transitions finished, no text caret.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  projects: [
    { name: 'store', testIgnore: CHANGES_THE_CATALOGUE },
    // Tests that change what the home page shows first run after the others, which read it.
    { name: 'catalogue', testMatch: CHANGES_THE_CATALOGUE, dependencies: ['store'], workers: 1 },
  ],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
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
        ...storeEnv(PORT, 'e2e-data'),
        ADMIN_EMAILS: E2E_ADMIN_EMAIL,
        ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
        GOOGLE_CLIENT_ID: 'brakehouse-e2e',
        GOOGLE_CLIENT_SECRET: 'brakehouse-e2e-secret',
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      },
    },
    {
      // A local stand-in for Stripe's API; it signs and delivers webhooks to the Stripe-mode store.
      command: 'node_modules/.bin/tsx e2e/support/stripe-stand-in-server.ts',
      url: `${E2E_STRIPE_STAND_IN_URL}/health`,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        STAND_IN_PORT: new URL(E2E_STRIPE_STAND_IN_URL).port,
        WEBHOOK_URL: `${E2E_STRIPE_STORE_URL}/api/stripe/webhook`,
        WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET,
      },
    },
    {
      // The same build taking payments through Stripe (the SDK pointed at the stand-in).
      command: 'node scripts/e2e-server.mjs',
      url: `${E2E_STRIPE_STORE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...storeEnv(E2E_STRIPE_STORE_PORT, 'e2e-stripe-data'),
        STRIPE_SECRET_KEY: 'sk_test_brakehouse_e2e',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_brakehouse_e2e',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_URL: E2E_STRIPE_STAND_IN_URL,
      },
    },
  ],
});
