import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signInWithToken, signUpWithToken, TEST_ORIGIN } from '../test/auth.js';
import { accessTokenKey } from './access-token.js';
import { resolveAuthSecret } from './secret.js';

describe('access tokens live only as long as their sign-in session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: TEST_ORIGIN } });
  });
  afterAll(() => t.close());

  /** A request only a live token passes: the caller's own profile info. */
  const ownInfo = (token: string) => t.app.inject({ method: 'GET', url: '/api/userinfo', headers: bearer(token) });
  const identityCall = (path: string, cookie: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/auth${path}`, headers: { origin: TEST_ORIGIN, cookie }, payload });

  it("when the user signs out, then that session's token is refused at once, and another session's token still works", async () => {
    const laptop = await signUpWithToken(t.app);
    const phone = await signInWithToken(t.app, laptop.email, laptop.password);
    expect((await ownInfo(laptop.token)).statusCode).toBe(200);

    expect((await identityCall('/sign-out', laptop.cookie)).statusCode).toBe(200);

    const refused = await ownInfo(laptop.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Your sign-in has expired. Please sign in again.');
    expect((await ownInfo(phone.token)).statusCode).toBe(200);
  });

  it('when the user changes the password, then every token of theirs is refused, and the new session gets one that works', async () => {
    const laptop = await signUpWithToken(t.app);
    const stolen = await signInWithToken(t.app, laptop.email, laptop.password);

    const changed = await identityCall('/change-password', laptop.cookie, {
      currentPassword: laptop.password,
      newPassword: 'a-brand-new-password',
    });
    expect(changed.statusCode).toBe(200);

    expect((await ownInfo(stolen.token)).statusCode).toBe(401);
    expect((await ownInfo(laptop.token)).statusCode).toBe(401);
    const again = await signInWithToken(t.app, laptop.email, 'a-brand-new-password');
    expect((await ownInfo(again.token)).statusCode).toBe(200);
  });

  it('when the user revokes every session, then every token of theirs is refused', async () => {
    const laptop = await signUpWithToken(t.app);
    const phone = await signInWithToken(t.app, laptop.email, laptop.password);
    expect((await identityCall('/revoke-sessions', laptop.cookie)).statusCode).toBe(200);
    expect((await ownInfo(laptop.token)).statusCode).toBe(401);
    expect((await ownInfo(phone.token)).statusCode).toBe(401);
  });

  it('when the session has expired, then its token is refused before its own expiry', async () => {
    const account = await signUpWithToken(t.app);
    const { sid } = decodeJwt(account.token);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, String(sid)));
    expect((await ownInfo(account.token)).statusCode).toBe(401);
  });

  it("when a token names no session, or another user's session, then it is refused even with a valid signature", async () => {
    const mallory = await signUpWithToken(t.app);
    const victim = await signUpWithToken(t.app);
    const key = accessTokenKey(await resolveAuthSecret(t.db, undefined));
    const sign = (claims: object) => new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(key);

    const withoutSession = { ...decodeJwt(mallory.token), sid: undefined };
    expect((await ownInfo(await sign(withoutSession))).statusCode).toBe(401);
    const borrowed = { ...decodeJwt(mallory.token), sid: decodeJwt(victim.token).sid };
    expect((await ownInfo(await sign(borrowed))).statusCode).toBe(401);
    // Control: the same signing with the token's own claims passes.
    expect((await ownInfo(await sign(decodeJwt(mallory.token)))).statusCode).toBe(200);
  });
});
