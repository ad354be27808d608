import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ConfigError } from '../config.js';
import { accounts, users } from '../db/schema.js';
import { createTestApp, TEST_ADMIN_PASSWORD, testConfig, type TestApp } from '../test/app.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { adminWithToken, bearer, requestToken, signIn, signUp, TEST_ORIGIN } from '../test/auth.js';
import { configuredAdmins } from './configured-admins.js';

const OWNER = 'owner@brakehouse.example';

describe('admins by configuration (ADMIN_EMAILS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: OWNER, PUBLIC_URL: TEST_ORIGIN } });
  });
  afterAll(() => t.close());

  it('when the store starts with an address that has no account, then it creates a verified admin account with ADMIN_PASSWORD', async () => {
    const [row] = await t.db.select().from(users).where(eq(users.email, OWNER));
    expect(row).toMatchObject({ email: OWNER, role: 'admin', emailVerified: true });
    const [password] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, row?.id ?? ''));
    expect(password?.providerId).toBe('credential');
    expect(password?.password).not.toContain(TEST_ADMIN_PASSWORD);

    const owner = await adminWithToken(t.app, OWNER);
    expect(decodeJwt(owner.token).role).toBe('admin');
    const list = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(owner.token) });
    expect(list.statusCode).toBe(200);
  });

  it("when someone else registers the owner's address first, in any case, then it is taken and nobody else is admin", async () => {
    for (const email of [OWNER, OWNER.toUpperCase(), ` ${OWNER} `]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email, password: 'attacker-pass-1', name: 'Mallory' },
      });
      expect(response.statusCode, email).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, email).toBeLessThan(500);
    }
    expect((await signIn(t.app, OWNER, 'attacker-pass-1')).statusCode).toBe(401);
    const admins = await t.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.map((admin) => admin.email)).toEqual([OWNER]);
  });
});

describe('an account of a configured address made before it was configured', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });
  afterAll(() => database.dispose());

  it('when its address is not verified, then it stays a customer at start and at every token; once verified, its next token is admin', async () => {
    const email = 'early-bird@brakehouse.example';
    // Registered while the store did not list the address yet.
    app = await buildApp({ config: testConfig({ PUBLIC_URL: TEST_ORIGIN }), database, logger: false });
    const account = await signUp(app, { email });
    await app.close();

    app = await buildApp({
      config: testConfig({ PUBLIC_URL: TEST_ORIGIN, ADMIN_EMAILS: email }),
      database,
      logger: false,
    });
    const unverified = await requestToken(app, account.cookie, email);
    expect(unverified.json<{ role: string }>().role).toBe('customer');
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    expect(row?.role).toBe('customer');

    // The address is verified (as a verification e-mail would do it; set here directly).
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const verified = await requestToken(app, account.cookie, email);
    expect(verified.json<{ role: string }>().role).toBe('admin');
  });

  it('when ADMIN_PASSWORD is unset while a listed address has no account, then the store does not start and says why', async () => {
    const start = buildApp({
      config: testConfig({ ADMIN_EMAILS: 'new-owner@brakehouse.example', ADMIN_PASSWORD: '' }),
      database,
      logger: false,
    });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(/ADMIN_PASSWORD: required .*new-owner@brakehouse\.example/);
    const rows = await database.db.select().from(users).where(eq(users.email, 'new-owner@brakehouse.example'));
    expect(rows).toEqual([]);
  });

  it('when two instances start at once on one database, then the admin account is created once', async () => {
    const email = 'twin-start@brakehouse.example';
    const config = testConfig({ ADMIN_EMAILS: email });
    const apps = await Promise.all([
      buildApp({ config, database, logger: false }),
      buildApp({ config, database, logger: false }),
    ]);
    await Promise.all(apps.map((started) => started.close()));
    const rows = await database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    const passwords = await database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, rows[0]?.id ?? ''));
    expect(passwords).toHaveLength(1);
  });
});

describe('configuredAdmins', () => {
  const admins = configuredAdmins(['boss@shop.example']);
  it.each([
    [{ email: 'boss@shop.example', emailVerified: true }, true],
    [{ email: 'Boss@Shop.Example', emailVerified: true }, true],
    [{ email: 'boss@shop.example', emailVerified: false }, false],
    [{ email: 'other@shop.example', emailVerified: true }, false],
  ])('when the user is %o, then admin is %s', (user, expected) => {
    expect(admins.isAdmin(user)).toBe(expected);
  });
});
