import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { signIn, signUp, TEST_ORIGIN } from '../test/auth.js';

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

  it('when the password is wrong, then 401 INVALID_EMAIL_OR_PASSWORD; the right one signs in', async () => {
    const account = await signUp(t.app);
    const wrong = await signIn(t.app, account.email, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
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
    const account = await signUp(t.app);
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await signIn(t.app, 'nobody@example.com', 'x-wrong-1', '198.51.100.1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await signIn(t.app, 'nobody@example.com', 'x-wrong-1', '198.51.100.1');
    expect(limited.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Too many sign-in attempts. Please wait a minute and try again.',
    });
    expect((await signIn(t.app, account.email, account.password, '198.51.100.2')).statusCode).toBe(200);
  });

  it('when one account is tried from many IPs, then it is limited too', async () => {
    const account = await signUp(t.app); // the sign-up is the account's first attempt this minute
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await signIn(t.app, account.email, 'wrong-pass', `203.0.113.${i + 1}`)).statusCode);
    expect(statuses).toEqual([401, 401, 429]);
    // Even the right password waits: the account's window is full.
    expect((await signIn(t.app, account.email, account.password, '203.0.113.99')).statusCode).toBe(429);
  });
});
