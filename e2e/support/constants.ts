/** The store under test; E2E_PORT moves it (its OpenID provider takes the next port). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** Registered in the tests that need an admin; the e2e server's ADMIN_EMAILS makes them one at sign-up. */
export const E2E_ADMIN_EMAIL = 'admin@brakehouse.test';
