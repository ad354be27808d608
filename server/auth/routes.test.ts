import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signIn, signUp, TEST_ORIGIN, type TestAccount } from '../test/auth.js';
import { pathVariants } from '../test/path-variants.js';
import { rawRequest } from '../test/raw-request.js';
import { identityEndpoint, identityEndpointPaths } from './endpoints.js';

/** Sign-ups from an address each, so that they count against no limit a test is about. */
let lastIp = 0;
const nextIp = () => `10.9.${Math.floor(lastIp / 250)}.${(lastIp++ % 250) + 1}`;

describe('sign-up and sign-in through /api/auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: TEST_ORIGIN } });
  });
  afterAll(() => t.close());

  it('when a user registers, then name and photo are stored and the password is hashed', async () => {
    const account = await signUp(t.app, { name: 'Ana Ruiz', password: 'brake-fluid-42' });
    const [row] = await t.db.select().from(users);
    expect(row).toMatchObject({ name: 'Ana Ruiz', email: account.email, role: 'customer' });
    expect(row?.image).toBe('/images/reviewers/default-user.svg');
    const stored = await t.db.query.accounts.findFirst();
    expect(stored?.password).toBeTruthy();
    expect(stored?.password).not.toContain('brake-fluid-42');
  });

  it('when a session cookie is set, then it is HttpOnly and SameSite=Lax (not Secure on http)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'cookie@example.com', password: 'secret-123', name: 'C' },
    });
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    const session = cookies.find((cookie) => cookie.startsWith('brakehouse.session_token='));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/);
  });

  it('when the e-mail is already registered, then sign-up is refused with a code the web app words plainly', async () => {
    const account = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: account.email.toUpperCase(), password: 'another-pass', name: 'Twin' },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().code).toMatch(/^USER_ALREADY_EXISTS/);
  });

  it("when the password is wrong, then 401 INVALID_EMAIL_OR_PASSWORD in the API's error shape; the right one signs in", async () => {
    const account = await signUp(t.app);
    const wrong = await signIn(t.app, account.email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    // The identity library's refusal, in the API's one error shape with its code kept.
    expect(wrong.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Invalid email or password',
      code: 'INVALID_EMAIL_OR_PASSWORD',
    });
    const right = await signIn(t.app, account.email, account.password);
    expect(right.statusCode).toBe(200);
  });

  it('when several sign-ups race for one e-mail, then exactly one account exists', async () => {
    const email = 'race@example.com';
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin: TEST_ORIGIN },
          payload: { email, password: `password-${i}`, name: `Racer ${i}` },
        }),
      ),
    );
    expect(results.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(results.every((response) => response.statusCode < 500)).toBe(true);
    const rows = await t.db.query.users.findMany({ where: (table, { eq }) => eq(table.email, email) });
    expect(rows).toHaveLength(1);
  });

  it('when a request comes from another origin, then better-auth refuses it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: 'https://evil.example', cookie: 'brakehouse.session_token=x' },
      payload: { email: 'evil@example.com', password: 'password-1', name: 'Evil' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('attempt limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: TEST_ORIGIN, AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(() => t.close());

  it('when one IP passes the limit, then 429 with a clear message, while another IP still gets in', async () => {
    const account = await signUp(t.app, {}, nextIp());
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await signIn(t.app, 'nobody@example.com', 'x-wrong-1', '198.51.100.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await signIn(t.app, 'nobody@example.com', 'x-wrong-1', '198.51.100.1');
    expect(limited.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many sign-in attempts. Please wait a minute and try again.',
    });
    expect((await signIn(t.app, account.email, account.password, '198.51.100.2')).statusCode).toBe(200);
  });

  it('when one IP hammers an account, then that IP is refused, and the owner signing in from elsewhere gets in', async () => {
    const victim = await signUp(t.app, {}, nextIp());
    const statuses = [];
    for (let i = 0; i < 30; i += 1)
      statuses.push((await signIn(t.app, victim.email, 'guess-password', '203.0.113.66')).statusCode);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(new Set(statuses.slice(3))).toEqual(new Set([429]));
    // Even the right password waits on the attacker's IP: a 200 there would confirm a guess.
    expect((await signIn(t.app, victim.email, victim.password, '203.0.113.66')).statusCode).toBe(429);
    expect((await signIn(t.app, victim.email, victim.password, '192.0.2.10')).statusCode).toBe(200);
  });

  it('when one IP names many accounts, then it charges none of them once it is refused', async () => {
    const victims = await Promise.all(Array.from({ length: 5 }, () => signUp(t.app, {}, nextIp())));
    for (let round = 0; round < 11; round += 1)
      for (const victim of victims) await signIn(t.app, victim.email, 'guess-password', '203.0.113.77');
    for (const [index, victim] of victims.entries())
      expect((await signIn(t.app, victim.email, victim.password, `192.0.2.${20 + index}`)).statusCode).toBe(200);
  });

  it('when the right password signs in, then the attempt is given back: a customer signing in often is never refused', async () => {
    const account = await signUp(t.app, {}, nextIp());
    for (let i = 0; i < 8; i += 1)
      expect((await signIn(t.app, account.email, account.password, '192.0.2.50')).statusCode).toBe(200);
  });

  it('when a signed-in user guesses the current password on change-password, then guesses are limited too', async () => {
    const account = await signUp(t.app, {}, nextIp());
    const change = (currentPassword: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: { origin: TEST_ORIGIN, cookie: account.cookie },
        remoteAddress,
        payload: { currentPassword, newPassword: 'a-new-password-1' },
      });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await change(`guess-${i}`, '203.0.113.88')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });

  it('when sign-ups come fast from one IP, then they are limited per IP', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        remoteAddress: '203.0.113.99',
        payload: { email: `flood-${i}-${Date.now()}@example.com`, password: 'flood-password', name: 'Flood' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });

  it('when many IPs ask sign-up about one taken address, then past ten times the limit they are refused, and its owner still signs in', async () => {
    const owner = await signUp(t.app, {}, nextIp());
    const answers = await Promise.all(
      Array.from({ length: 3 * 10 + 5 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin: TEST_ORIGIN },
          remoteAddress: `198.18.7.${i + 1}`,
          payload: { email: owner.email, password: 'probing-password', name: 'Probe' },
        }),
      ),
    );
    const codes = answers.map((answer) => answer.json<{ code: string }>().code);
    // "That e-mail is already registered" stays on the form: the answer is limited like a sign-in.
    // The sign-up that made the account was the address's first attempt of the window.
    expect(codes.filter((code) => code.startsWith('USER_ALREADY_EXISTS'))).toHaveLength(3 * 10 - 1);
    expect(codes.filter((code) => code === 'TOO_MANY_ATTEMPTS')).toHaveLength(6);
    // Counted apart from the address's sign-ins: probing it never refuses its owner.
    expect((await signIn(t.app, owner.email, owner.password, '192.0.2.60')).statusCode).toBe(200);
    // Another address, from a fresh IP, is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: '192.0.2.61',
      payload: { email: `fresh-${Date.now()}@example.com`, password: 'fresh-password', name: 'Fresh' },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('the identity endpoints the store offers, and only as written', () => {
  let t: TestApp;
  let baseUrl: string;
  let account: TestAccount;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: TEST_ORIGIN, AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    account = await signUp(t.app, {}, nextIp());
  });
  afterAll(() => t.close());

  const passwordPaths = ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/change-password'];

  it.each(passwordPaths)(
    'when %s is spelt another way (dot segments plain or encoded, backslash, case, slashes) over a real socket, then it never reaches the identity library',
    async (path) => {
      const body = JSON.stringify({ email: account.email, password: 'wrong-password', name: 'Variant' });
      const answers = [];
      for (const variant of pathVariants(path)) {
        const { status } = await rawRequest(baseUrl, 'POST', variant, body, {
          cookie: account.cookie,
          origin: TEST_ORIGIN,
        });
        answers.push(`${variant} -> ${[400, 404].includes(status) ? 'refused' : status}`);
      }
      expect(answers).toEqual(pathVariants(path).map((variant) => `${variant} -> refused`));
    },
  );

  it('when a wrong password is tried past the limit through spellings and the real path mixed, then 429 all the same', async () => {
    const statuses = [];
    for (const variant of [...pathVariants('/api/auth/sign-in/email').slice(0, 10), '/api/auth/sign-in/email']) {
      for (let i = 0; i < 2; i += 1) {
        const body = JSON.stringify({ email: account.email, password: 'wrong-password' });
        statuses.push((await rawRequest(baseUrl, 'POST', variant, body, { origin: TEST_ORIGIN })).status);
      }
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(2);
    const wrong = JSON.stringify({ email: account.email, password: 'wrong-password' });
    const signInPath = '/api/auth/sign-in/email';
    expect((await rawRequest(baseUrl, 'POST', signInPath, wrong, { origin: TEST_ORIGIN })).status).toBe(401);
    expect((await rawRequest(baseUrl, 'POST', signInPath, wrong, { origin: TEST_ORIGIN })).status).toBe(429);
  });

  it.each([
    ['POST', '/api/auth/verify-password'],
    ['POST', '/api/auth/delete-user'],
    ['POST', '/api/auth/change-email'],
    ['POST', '/api/auth/forget-password'],
    ['GET', '/api/auth/reset-password/some-token'],
    ['POST', '/api/auth/link-social'],
    ['GET', '/api/auth/list-accounts'],
    ['POST', '/api/auth/get-access-token'],
    ['GET', '/api/auth/sign-in/email'],
  ])(
    "when %s %s, an endpoint the store does not offer, is called, then 404 in the API's shape",
    async (method, url) => {
      const response = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: { origin: TEST_ORIGIN, cookie: account.cookie },
        ...(method === 'POST' && { payload: { password: account.password } }),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        code: 'ROUTE_NOT_FOUND',
        message: 'No API route matches this request',
      });
    },
  );

  it.each(identityEndpointPaths())(
    'when %s, an endpoint the store offers, is called as written, then it is not a 404',
    async (url) => {
      const endpoint = identityEndpoint('GET', url) ? 'GET' : 'POST';
      const response = await t.app.inject({
        method: endpoint,
        url,
        headers: { origin: TEST_ORIGIN },
        remoteAddress: '192.0.2.200',
        ...(endpoint === 'POST' && { payload: {} }),
      });
      expect(response.statusCode).not.toBe(404);
      expect(response.statusCode).toBeLessThan(500);
    },
  );
});
