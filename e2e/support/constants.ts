/**
 * The store under test; E2E_PORT moves it and the next three ports: its OpenID provider, the same
 * store taking payments through Stripe, and the local Stripe stand-in.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_OIDC_PORT = E2E_PORT + 1;
export const E2E_STRIPE_STORE_PORT = E2E_PORT + 2;
export const E2E_STRIPE_STORE_URL = `http://127.0.0.1:${E2E_STRIPE_STORE_PORT}`;
export const E2E_STRIPE_STAND_IN_URL = `http://127.0.0.1:${E2E_PORT + 3}`;

/**
 * Where a run keeps its results and its stores' data. A run on another E2E_PORT keeps its own
 * folder, so two runs at once (two people, or a spec tried beside the whole suite) never wipe each
 * other's stores.
 */
export const E2E_RESULTS_DIR = process.env.E2E_PORT ? `test-results/port-${E2E_PORT}` : 'test-results';

/** The e2e server's ADMIN_EMAILS and ADMIN_PASSWORD: the store makes this admin account at start. */
export const E2E_ADMIN_EMAIL = 'admin@brakehouse.test';
export const E2E_ADMIN_PASSWORD = 'admin-pass-for-e2e';
