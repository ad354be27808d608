import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenKey } from '../auth/access-token.js';
import { resolveAuthSecret } from '../auth/secret.js';
import { users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, requestToken, signUp, signUpWithToken, TEST_ORIGIN } from '../test/auth.js';

const ADMIN = 'boss@brakehouse.example';

describe('PUT /api/user/{email}: the access token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN, PUBLIC_URL: TEST_ORIGIN } });
  });
  afterAll(() => t.close());

  it('when the session is for that e-mail, then it answers a signed, expiring HS256 token naming the user and role', async () => {
    const account = await signUp(t.app);
    const response = await requestToken(t.app, account.cookie, account.email);
    expect(response.statusCode).toBe(200);
    const { token, role, expiresAt } = response.json();
    expect(role).toBe('customer');
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ email: account.email, role: 'customer', iss: TEST_ORIGIN, aud: 'brakehouse-api' });
    expect(typeof claims.sub).toBe('string');
    expect(claims.exp).toBe(Math.floor(new Date(expiresAt).getTime() / 1000));
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(60 * 60);
  });

  it('when there is no session, then 401 and no token', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/someone@example.com',
      payload: { eamil: 'someone@example.com' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Sign in first, then ask for a token' });
  });

  it("when a session for one e-mail asks for another's token, then 403", async () => {
    const mallory = await signUp(t.app);
    const victim = await signUp(t.app);
    const response = await requestToken(t.app, mallory.cookie, victim.email);
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('token"');
  });

  it('when the body names another e-mail than the path, then 400', async () => {
    const account = await signUp(t.app);
    const response = await requestToken(t.app, account.cookie, account.email, 'other@example.com');
    expect(response.statusCode).toBe(400);
  });

  it('when the session cookie is made up, then 401', async () => {
    const response = await requestToken(t.app, 'brakehouse.session_token=forged.value', 'x@example.com');
    expect(response.statusCode).toBe(401);
  });

  it('when the e-mail is in ADMIN_EMAILS, then its owner signs in to the account the store made and is admin', async () => {
    const admin = await adminWithToken(t.app, ADMIN);
    expect(decodeJwt(admin.token).role).toBe('admin');
    const status = await t.app.inject({ method: 'GET', url: `/api/admin/${ADMIN}`, headers: bearer(admin.token) });
    expect(status.json()).toEqual({ admin: true });
  });
});

describe('bearer tokens', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof signUpWithToken>>;
  let secret: string;
  beforeAll(async () => {
    t = await createTestApp();
    customer = await signUpWithToken(t.app);
    secret = await resolveAuthSecret(t.db, undefined);
  });
  afterAll(() => t.close());

  const adminStatus = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/admin/${customer.email}`, headers });

  it('when the token is valid, then the request passes', async () => {
    expect((await adminStatus(bearer(customer.token))).statusCode).toBe(200);
  });

  it('when there is no token or the header is malformed, then 401 JSON', async () => {
    for (const headers of [{}, { authorization: customer.token }, { authorization: 'Basic abc' }, bearer('')]) {
      const response = await adminStatus(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
  });

  it('when the signature is forged, then 401', async () => {
    const [header, payload] = customer.token.split('.');
    const forged = await new SignJWT(decodeJwt(customer.token))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('not-the-secret-not-the-secret-32b'));
    expect((await adminStatus(bearer(forged))).statusCode).toBe(401);
    expect((await adminStatus(bearer(`${header}.${payload}.AAAA`))).statusCode).toBe(401);
  });

  it('when the token says alg none (and claims admin), then 401', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = { ...decodeJwt(customer.token), role: 'admin' };
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
    expect((await adminStatus(bearer(unsigned))).statusCode).toBe(401);
    const list = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(unsigned) });
    expect(list.statusCode).toBe(401);
  });

  it('when the token has expired, then 401 with a plain message', async () => {
    const expired = await new SignJWT({ ...decodeJwt(customer.token), exp: Math.floor(Date.now() / 1000) - 5 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(accessTokenKey(secret));
    const response = await adminStatus(bearer(expired));
    expect(response.statusCode).toBe(401);
    // Control: the same token with a future expiry passes, so it was the expiry that was refused.
    const fresh = await new SignJWT({ ...decodeJwt(customer.token), exp: Math.floor(Date.now() / 1000) + 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(accessTokenKey(secret));
    expect((await adminStatus(bearer(fresh))).statusCode).toBe(200);
    expect(response.json().message).toBe('Your sign-in has expired. Please sign in again.');
  });

  it('when the user behind a valid token was deleted, then 401', async () => {
    const gone = await signUpWithToken(t.app);
    await t.db.delete(users).where(eq(users.email, gone.email));
    const response = await t.app.inject({ method: 'GET', url: `/api/user/${gone.email}`, headers: bearer(gone.token) });
    expect(response.statusCode).toBe(401);
  });
});

describe('roles', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUpWithToken>>;
  let customer: Awaited<ReturnType<typeof signUpWithToken>>;
  let other: Awaited<ReturnType<typeof signUpWithToken>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    admin = await adminWithToken(t.app, ADMIN);
    customer = await signUpWithToken(t.app);
    other = await signUpWithToken(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const promote = (email: string, token: string) =>
    t.app.inject({ method: 'PUT', url: `/api/user/admin/${encodeURIComponent(email)}`, headers: bearer(token) });

  it('when a customer asks about themselves, then admin is false and users is true', async () => {
    expect((await get(`/api/admin/${customer.email}`, customer.token)).json()).toEqual({ admin: false });
    expect((await get(`/api/user/${customer.email}`, customer.token)).json()).toEqual({ users: true });
  });

  it("when a customer asks about another's e-mail, then 403", async () => {
    expect((await get(`/api/admin/${other.email}`, customer.token)).statusCode).toBe(403);
    expect((await get(`/api/user/${other.email}`, customer.token)).statusCode).toBe(403);
  });

  it('when an admin asks about anyone, then the answer is theirs; an unknown e-mail is 404', async () => {
    expect((await get(`/api/user/${customer.email}`, admin.token)).json()).toEqual({ users: true });
    expect((await get(`/api/user/${admin.email}`, admin.token)).json()).toEqual({ users: false });
    expect((await get('/api/admin/nobody@example.com', admin.token)).statusCode).toBe(404);
  });

  it('when the e-mail in the path is not an e-mail, then 400', async () => {
    expect((await get('/api/admin/not-an-email', customer.token)).statusCode).toBe(400);
  });

  it('when a customer lists users, then 403; an admin gets every user without secrets', async () => {
    expect((await get('/api/user', customer.token)).statusCode).toBe(403);
    const response = await get('/api/user', admin.token);
    expect(response.statusCode).toBe(200);
    const list = response.json<Array<Record<string, unknown>>>();
    expect(list.map((user) => user.email)).toEqual(expect.arrayContaining([admin.email, customer.email, other.email]));
    for (const user of list) expect(Object.keys(user).sort()).toEqual(['_id', 'email', 'name', 'photoURL', 'role']);
    expect(response.body).not.toMatch(/password|scrypt|session/i);
  });

  it('when a customer tries to promote, then 403 and nothing changes', async () => {
    const response = await promote(customer.email, customer.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Only an admin can do that');
    expect((await get(`/api/admin/${customer.email}`, customer.token)).json()).toEqual({ admin: false });
  });

  it('when an admin promotes, then the promotion counts at once, even with the old token', async () => {
    const response = await promote(other.email, admin.token);
    expect(response.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await get(`/api/admin/${other.email}`, other.token)).json()).toEqual({ admin: true });
    expect((await get('/api/user', other.token)).statusCode).toBe(200);
    expect((await promote(other.email, admin.token)).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    expect((await promote('nobody@example.com', admin.token)).statusCode).toBe(404);
  });

  it('when an admin is demoted in the database, then their old token loses admin rights at once', async () => {
    const demoted = await signUpWithToken(t.app);
    await promote(demoted.email, admin.token);
    expect((await get('/api/user', demoted.token)).statusCode).toBe(200);
    await t.db.update(users).set({ role: 'customer' }).where(eq(users.email, demoted.email));
    expect((await get('/api/user', demoted.token)).statusCode).toBe(403);
  });

  it('when two admins promote the same customers at once, then each becomes admin once and nobody else does', async () => {
    const second = await signUpWithToken(t.app);
    await promote(second.email, admin.token);
    const targets = await Promise.all(Array.from({ length: 4 }, () => signUpWithToken(t.app)));
    const bystander = await signUpWithToken(t.app);
    const answers = await Promise.all(
      targets.flatMap((target) => [admin, second, admin, second].map((by) => promote(target.email, by.token))),
    );
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const changes = answers.reduce((sum, answer) => sum + answer.json<{ modifiedCount: number }>().modifiedCount, 0);
    expect(changes).toBe(targets.length); // one real change per customer, the rest found them admin already
    const roles = await t.db.select({ email: users.email, role: users.role }).from(users);
    for (const target of targets) expect(roles).toContainEqual({ email: target.email, role: 'admin' });
    expect(roles).toContainEqual({ email: bystander.email, role: 'customer' });
  });
});
