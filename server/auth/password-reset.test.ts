import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, verifications } from '../db/schema.js';
import type { OutgoingMail } from '../mail/transport.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { bearer, signIn, signInWithToken, signUp, signUpWithToken, TEST_ORIGIN } from '../test/auth.js';
import { RESET_REQUEST_ANSWER_MS } from './endpoints.js';

/** Each request from an address of its own, so that it counts against no limit a test is not about. */
let lastIp = 0;
const nextIp = () => `10.7.${Math.floor(lastIp / 250)}.${(lastIp++ % 250) + 1}`;

const askForLink = (t: TestApp, email: string, remoteAddress = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: TEST_ORIGIN },
    remoteAddress,
    payload: { email },
  });

const resetPassword = (t: TestApp, token: string, newPassword: string, remoteAddress = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    headers: { origin: TEST_ORIGIN },
    remoteAddress,
    payload: { token, newPassword },
  });

/** The reset e-mails queued for an address, newest first. */
const resetMails = (t: TestApp, email: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'password-reset'), eq(mailOutbox.recipient, email)))
    .orderBy(desc(mailOutbox.id));

/** Asks for a link and reads its token from the e-mail queued for it. */
async function tokenFor(t: TestApp, email: string): Promise<string> {
  expect((await askForLink(t, email)).statusCode).toBe(200);
  const [mail] = await resetMails(t, email);
  const { token } = mail?.data as { token?: unknown };
  if (typeof token !== 'string') throw new Error(`no reset e-mail queued for ${email}`);
  return token;
}

describe('password reset through the identity library', () => {
  let t: TestApp;
  const sent: OutgoingMail[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: TEST_ORIGIN },
      mailTransport: { describe: 'a list', send: async (mail) => void sent.push(mail), close: () => undefined },
    });
  });
  afterAll(() => t.close());

  it('when a link is asked for an e-mail with an account and one without, then both get the same answer, in the same time, and only the account gets an e-mail', async () => {
    const account = await signUp(t.app, { name: 'Ana Ruiz' }, nextIp());
    const unknown = `nobody-${Date.now()}@example.com`;

    const timed = async (email: string) => {
      const started = performance.now();
      const response = await askForLink(t, email);
      return { response, took: performance.now() - started };
    };
    const [{ response: known, took: knownTook }, { response: none, took: noneTook }] = await Promise.all([
      timed(account.email),
      timed(unknown),
    ]);

    expect(known.statusCode).toBe(200);
    expect(none.statusCode).toBe(known.statusCode);
    expect(none.body).toBe(known.body);
    expect(none.headers['content-type']).toBe(known.headers['content-type']);
    // Both wait for the same floor, far above the work an account adds (a token and an e-mail).
    expect(knownTook).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS);
    expect(noneTook).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS);
    const [mail, ...others] = await resetMails(t, account.email);
    expect(others).toEqual([]);
    // Not verified yet: the name typed at sign-up is not sent (email-verification.test.ts).
    expect(mail?.data).toEqual({ name: '', token: expect.any(String) });
    expect(await resetMails(t, unknown)).toEqual([]);
  });

  it("when the e-mail goes out, then it links to the store's reset page with the token, not to the library's redirect", async () => {
    const account = await signUp(t.app, {}, nextIp());
    const token = await tokenFor(t, account.email);
    await t.app.outbox.sendDue();
    const mail = sent.find((message) => message.to === account.email && message.subject.includes('Reset'));
    expect(mail?.subject).toContain('Reset your password');
    expect(mail?.text).toContain(`${TEST_ORIGIN}/reset-password?token=${token}`);
    expect(mail?.text).not.toContain('/api/auth/');
  });

  it('when the token is used, then the new password signs in and the old one does not; a second use is refused', async () => {
    const account = await signUp(t.app, {}, nextIp());
    const token = await tokenFor(t, account.email);

    const reset = await resetPassword(t, token, 'a-fresh-password-1');
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t.app, account.email, 'a-fresh-password-1', nextIp())).statusCode).toBe(200);
    expect((await signIn(t.app, account.email, account.password, nextIp())).statusCode).toBe(401);

    const again = await resetPassword(t, token, 'a-second-password-2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ statusCode: 400, code: 'INVALID_TOKEN' });
    expect((await signIn(t.app, account.email, 'a-second-password-2', nextIp())).statusCode).toBe(401);
  });

  it('when the token is over an hour old, then it is refused and the password stays', async () => {
    const account = await signUp(t.app, {}, nextIp());
    const token = await tokenFor(t, account.email);
    await t.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));

    const late = await resetPassword(t, token, 'too-late-password');
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('INVALID_TOKEN');
    expect((await signIn(t.app, account.email, account.password, nextIp())).statusCode).toBe(200);
  });

  it('when a token was never given, then it is refused', async () => {
    const response = await resetPassword(t, 'not-a-token-the-store-gave', 'any-password-1');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_TOKEN');
  });

  it('when the password is reset, then every session and access token from before is refused, and a new sign-in works', async () => {
    const laptop = await signUpWithToken(t.app);
    const phone = await signInWithToken(t.app, laptop.email, laptop.password);
    const ownInfo = (token: string) => t.app.inject({ method: 'GET', url: '/api/userinfo', headers: bearer(token) });
    const session = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { origin: TEST_ORIGIN, cookie } });
    expect((await ownInfo(phone.token)).statusCode).toBe(200);

    const token = await tokenFor(t, laptop.email);
    expect((await resetPassword(t, token, 'after-the-reset-1')).statusCode).toBe(200);

    for (const before of [laptop, phone]) {
      expect((await ownInfo(before.token)).statusCode).toBe(401);
      expect((await session(before.cookie)).json()).toBeNull();
    }
    const after = await signInWithToken(t.app, laptop.email, 'after-the-reset-1');
    expect((await ownInfo(after.token)).statusCode).toBe(200);
  });

  it("when the password is reset with one link, then the account's other links no longer work, and another account's still does", async () => {
    const [account, other] = await Promise.all([signUp(t.app, {}, nextIp()), signUp(t.app, {}, nextIp())]);
    const first = await tokenFor(t, account.email);
    const second = await tokenFor(t, account.email);
    const others = await tokenFor(t, other.email);

    expect((await resetPassword(t, second, 'set-by-the-second-link')).statusCode).toBe(200);
    const late = await resetPassword(t, first, 'set-by-the-first-link');
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('INVALID_TOKEN');
    expect((await signIn(t.app, account.email, 'set-by-the-second-link', nextIp())).statusCode).toBe(200);
    expect((await resetPassword(t, others, 'the-other-account-1')).statusCode).toBe(200);
  });

  it('when the password is changed on My Profile, then every link asked for before no longer works', async () => {
    const account = await signUp(t.app, {}, nextIp());
    const link = await tokenFor(t, account.email);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: TEST_ORIGIN, cookie: account.cookie },
      remoteAddress: nextIp(),
      payload: { currentPassword: account.password, newPassword: 'changed-on-my-profile' },
    });
    expect(changed.statusCode).toBe(200);

    const late = await resetPassword(t, link, 'set-by-an-old-link');
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('INVALID_TOKEN');
    expect((await signIn(t.app, account.email, 'changed-on-my-profile', nextIp())).statusCode).toBe(200);
  });

  it('when the new password breaks the sign-up rules, then it is refused and the token still works', async () => {
    const account = await signUp(t.app, {}, nextIp());
    const token = await tokenFor(t, account.email);
    const short = await resetPassword(t, token, 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
    expect((await resetPassword(t, token, 'long-enough-now')).statusCode).toBe(200);
  });
});

describe('how often a reset link can be asked for', () => {
  const LIMIT = 3;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: TEST_ORIGIN, AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
  });
  afterAll(() => t.close());

  it('when one IP asks past the limit, whatever the e-mails, then 429, while another IP still gets its answer', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT + 2; i += 1)
      statuses.push((await askForLink(t, `someone-${i}@example.com`, '198.51.100.7')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect((await askForLink(t, 'someone-0@example.com', '198.51.100.8')).statusCode).toBe(200);
  });

  it("when many IPs ask for one person's link, then they are refused past ten times the limit: the inbox is not flooded, and the owner still signs in", async () => {
    const victim = await signUp(t.app, {}, nextIp());
    const answers = await Promise.all(
      Array.from({ length: LIMIT * 10 + 5 }, (_, i) => askForLink(t, victim.email, `203.0.113.${i + 1}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT * 10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(answers.find((answer) => answer.statusCode === 429)?.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(await resetMails(t, victim.email)).toHaveLength(LIMIT * 10);
    // Links are counted apart from sign-ins: asking for someone's links never locks them out.
    expect((await signIn(t.app, victim.email, victim.password, '192.0.2.77')).statusCode).toBe(200);
    // Another address, asked from a fresh IP, is not affected.
    expect((await askForLink(t, 'someone-else@example.com', '192.0.2.78')).statusCode).toBe(200);
  });

  it('when one IP tries tokens past the limit, then 429', async () => {
    const statuses = [];
    for (let i = 0; i < LIMIT + 1; i += 1)
      statuses.push((await resetPassword(t, `guessed-token-${i}`, 'any-password-1', '198.51.100.9')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
