import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityEndpointPaths } from '../auth/endpoints.js';
import { accounts, sessions, users, verifications } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signUp, TEST_ORIGIN, type TestAccount } from '../test/auth.js';
import { pathVariants } from '../test/path-variants.js';
import { rawRequest } from '../test/raw-request.js';

const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);

/**
 * Every identity endpoint, spelt every other way a parser or router might take for it (and those
 * spellings spelt again), sent over a real socket exactly as written, with a body that would
 * succeed on the real path (the right password, a new account, a password change). None may reach
 * the identity library: each is refused with 400 or 404, and nothing about accounts or sessions
 * changes. Limits are decided on one spelling, so no other spelling may exist.
 */
describe('generated spellings of the identity endpoints', () => {
  let t: TestApp;
  let baseUrl: string;
  let account: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: TEST_ORIGIN } });
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    account = await signUp(t.app);
  });
  afterAll(() => t.close());

  async function identityDigest(): Promise<string> {
    const rows = await Promise.all(
      [users, sessions, accounts, verifications].map((table) => t.db.select().from(table)),
    );
    const canonical = rows.map((list) => list.map((row) => JSON.stringify(row)).sort());
    return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
  }

  const spelling = fc
    .constantFrom(...identityEndpointPaths())
    .chain((path) => fc.constantFrom(...pathVariants(path)))
    .chain((variant) => fc.oneof(fc.constant(variant), fc.constantFrom(...pathVariants(variant))));

  it('when any spelling of any identity endpoint is called with a body that would work, then 400 or 404 and nothing changes', async () => {
    const body = JSON.stringify({
      email: account.email,
      password: account.password,
      name: 'Variant',
      currentPassword: account.password,
      newPassword: 'a-changed-password',
      revokeOtherSessions: true,
    });
    await fc.assert(
      fc.asyncProperty(spelling, fc.constantFrom('GET', 'POST'), async (path, method) => {
        const before = await identityDigest();
        const answer = await rawRequest(baseUrl, method, path, method === 'POST' ? body : undefined, {
          origin: TEST_ORIGIN,
          cookie: account.cookie,
        });
        expect([400, 404], `${method} ${path} answered ${answer.status}`).toContain(answer.status);
        expect(answer.headers['set-cookie'], `${method} ${path} set a cookie`).toBeUndefined();
        expect(await identityDigest(), `${method} ${path} changed accounts or sessions`).toBe(before);
      }),
      { numRuns: RUNS * 4 },
    );
  });

  it('when the real path is called with the same body, then it works (so the spellings were refused for their spelling)', async () => {
    const answer = await rawRequest(
      baseUrl,
      'POST',
      '/api/auth/sign-in/email',
      JSON.stringify({ email: account.email, password: account.password }),
      { origin: TEST_ORIGIN },
    );
    expect(answer.status).toBe(200);
  });
});
