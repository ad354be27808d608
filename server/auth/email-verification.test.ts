import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VERIFY_LINK_SECONDS } from '../../contract/index.js';
import { mailOutbox, users } from '../db/schema.js';
import { smtpTransport } from '../mail/transport.js';
import { checkout } from '../test/admin-orders.js';
import { createTestApp, type TestApp } from '../test/app.js';
import {
  openVerifyLink,
  requestToken,
  signUp,
  signUpWithToken,
  TEST_ORIGIN,
  verifyByLink,
  verifyLinkToken,
} from '../test/auth.js';
import { buildProduct } from '../test/factories.js';
import { signInWithGoogle, startLocalGoogle, type LocalGoogle } from '../test/google-provider.js';
import { payInSandbox } from '../test/requests.js';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp-server.js';

// Verified addresses, the whole way: sign-up queues the library's link, the real outbox sends it over
// real SMTP, and nothing else reaches the address until the link is opened.

const STORE = 'owner@brakehouse.example';
/** What someone registering a victim's address types as the name, hoping the store will mail it. */
const LURE = 'Your account is locked. Unlock: https://evil.example/unlock';

/** Each request from an address of its own, so that it counts against no limit a test is not about. */
let lastIp = 0;
const nextIp = () => `10.8.${Math.floor(lastIp / 250)}.${(lastIp++ % 250) + 1}`;

describe('verified addresses', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({
      env: { PUBLIC_URL: TEST_ORIGIN, STORE_CONTACT_EMAIL: STORE },
      mailTransport: smtpTransport(smtp.url),
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  afterEach(() => vi.useRealTimers());

  /** Sends what is due, and answers what the mail server got in that pass. */
  async function sendNow() {
    const before = smtp.received.length;
    const count = await t.app.outbox.sendDue();
    await smtp.waitFor(before + count);
    return smtp.received.slice(before);
  }
  const isVerified = async (email: string) =>
    (await t.db.select({ verified: users.emailVerified }).from(users).where(eq(users.email, email)))[0]?.verified;
  const askForResetLink = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: nextIp(),
      payload: { email },
    });
  const resend = (cookie: string | undefined, email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: { origin: TEST_ORIGIN, ...(cookie && { cookie }) },
      remoteAddress: nextIp(),
      payload: { email },
    });

  it("when someone signs up with a lure for a name, orders and pays, then the address gets only 'Verify your e-mail' and a reset link, neither with the name; once verified, the order's e-mails go, once", async () => {
    const rider = await signUpWithToken(t.app, { name: LURE });
    const [verify, ...others] = await sendNow();
    expect(others).toEqual([]);
    expect(verify?.to).toEqual([rider.email]);
    expect(verify?.subject).toContain('Verify your e-mail');
    const token = await verifyLinkToken(t.db, rider.email);
    expect(verify?.text).toContain(`${TEST_ORIGIN}/verify-email?token=${token}`);

    // Ordering and paying do not wait; the store's copy goes at once, the customer's e-mails wait.
    const part = await buildProduct(t.db, { name: 'Sintered Front Brake Pads HH', minimumOrderQuantity: 1 });
    const order = await checkout(t.app, rider.token, [{ productId: part._id, quantity: 2 }]);
    await payInSandbox(t.app, rider.token, order._id);
    expect((await sendNow()).map(({ to, subject }) => [to, subject])).toEqual([
      [[STORE], expect.stringContaining('Order received')],
    ]);
    // A reset link is sent (its link proves the address too), greeting no one by name.
    expect((await askForResetLink(rider.email)).statusCode).toBe(200);
    const [reset] = await sendNow();
    expect(reset?.subject).toContain('Reset your password');
    expect(reset?.text).toContain('Hello,');

    const beforeVerification = smtp.received.filter(({ to }) => to.includes(rider.email));
    expect(beforeVerification).toHaveLength(2);
    for (const mail of beforeVerification) {
      expect(mail.text).not.toContain('Your account is locked');
      expect(mail.html).not.toContain('Your account is locked');
      expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
    }

    const opened = await openVerifyLink(t.app, token);
    expect(opened.statusCode).toBe(200);
    expect(await isVerified(rider.email)).toBe(true);
    const released = await sendNow();
    expect(released.map(({ to, subject }) => [to, subject])).toEqual([
      [[rider.email], expect.stringContaining('Order received')],
      [[rider.email], expect.stringContaining('Payment received')],
    ]);
    expect(released[0]?.text).toContain('Sintered Front Brake Pads HH');
    // Once each: opening the link again changes nothing and sends nothing.
    expect((await openVerifyLink(t.app, token)).statusCode).toBe(200);
    expect(await t.app.outbox.sendDue()).toBe(0);
  });

  it('when the session is read, then it says whether the address is verified', async () => {
    const rider = await signUp(t.app, {}, nextIp());
    const session = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: { origin: TEST_ORIGIN, cookie: rider.cookie },
      });
    expect((await session()).json().user.emailVerified).toBe(false);
    await verifyByLink(t.app, t.db, rider.email);
    expect((await session()).json().user.emailVerified).toBe(true);
  });

  it('when the link is a day old, then it is refused and the address stays unverified; a minute younger, it works', async () => {
    const rider = await signUp(t.app, {}, nextIp());
    const token = await verifyLinkToken(t.db, rider.email);
    const issued = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });

    vi.setSystemTime(issued + VERIFY_LINK_SECONDS * 1000 + 60_000);
    const late = await openVerifyLink(t.app, token, nextIp());
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('TOKEN_EXPIRED');
    expect(await isVerified(rider.email)).toBe(false);

    vi.setSystemTime(issued + VERIFY_LINK_SECONDS * 1000 - 60_000);
    expect((await openVerifyLink(t.app, token, nextIp())).statusCode).toBe(200);
    expect(await isVerified(rider.email)).toBe(true);
  });

  it('when a link was never given, then it is refused', async () => {
    const response = await openVerifyLink(t.app, 'not-a-token-the-store-gave', nextIp());
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_TOKEN');
  });

  it('when Resend is pressed, then a new link is sent to the signed-in address only; a verified address or no session is refused', async () => {
    const rider = await signUp(t.app, {}, nextIp());
    await sendNow();

    expect((await resend(rider.cookie, rider.email)).statusCode).toBe(200);
    const [again, ...more] = await sendNow();
    expect(more).toEqual([]);
    expect(again?.to).toEqual([rider.email]);
    expect(again?.subject).toContain('Verify your e-mail');
    const second = await verifyLinkToken(t.db, rider.email);

    // Someone else's address, or no session at all: the library is never asked to e-mail it.
    const other = await signUp(t.app, {}, nextIp());
    await sendNow();
    expect((await resend(rider.cookie, other.email)).statusCode).toBe(400);
    const anonymous = await resend(undefined, other.email);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('SIGN_IN_REQUIRED');
    expect(await t.app.outbox.sendDue()).toBe(0);

    expect((await openVerifyLink(t.app, second, nextIp())).statusCode).toBe(200);
    const done = await resend(rider.cookie, rider.email);
    expect(done.statusCode).toBe(400);
    expect(done.json().code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('when an unverified address resets its password, then the reset verifies it and its held e-mails go', async () => {
    const rider = await signUpWithToken(t.app);
    const part = await buildProduct(t.db, { minimumOrderQuantity: 1 });
    await checkout(t.app, rider.token, [{ productId: part._id, quantity: 1 }]);
    await sendNow(); // the verify e-mail and the store's copy
    expect((await askForResetLink(rider.email)).statusCode).toBe(200);
    const [reset] = await sendNow();
    const token = /reset-password\?token=([^\s"]+)/.exec(reset?.text ?? '')?.[1] ?? '';
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: nextIp(),
      payload: { token: decodeURIComponent(token), newPassword: 'proved-by-the-mailbox' },
    });
    expect(done.statusCode).toBe(200);
    expect(await isVerified(rider.email)).toBe(true);
    expect((await sendNow()).map(({ to, subject }) => [to, subject])).toEqual([
      [[rider.email], expect.stringContaining('Order received')],
    ]);
  });
});

describe('how often a verification link can be asked for', () => {
  const LIMIT = 3;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: TEST_ORIGIN, AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) } });
  });
  afterAll(() => t.close());

  it('when Resend is pressed from many places past ten times the limit, then 429 and no more links are queued', async () => {
    const rider = await signUp(t.app, {}, nextIp());
    const answers = await Promise.all(
      Array.from({ length: LIMIT * 10 + 5 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/send-verification-email',
          headers: { origin: TEST_ORIGIN, cookie: rider.cookie },
          remoteAddress: `198.18.9.${i + 1}`,
          payload: { email: rider.email },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT * 10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const links = await t.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, rider.email));
    expect(links).toHaveLength(1 + LIMIT * 10); // sign-up's, then one per accepted Resend
  });
});

describe('Google accounts', () => {
  let google: LocalGoogle;
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    [google, smtp] = await Promise.all([startLocalGoogle(), startTestSmtpServer()]);
    t = await createTestApp({
      env: { PUBLIC_URL: TEST_ORIGIN, STORE_CONTACT_EMAIL: STORE, ...google.env },
      mailTransport: smtpTransport(smtp.url),
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    google.close();
  });

  it('when someone signs up with Google, then the address arrives verified: no link is sent, and their order e-mails go at once', async () => {
    const email = `gina-${Date.now()}@example.com`;
    const callback = await signInWithGoogle(t.app, email);
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/auth/popup-done');
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ name: 'Gina Google', emailVerified: true });

    const cookie = [callback.headers['set-cookie'] ?? []]
      .flat()
      .map((c) => c.split(';')[0])
      .join('; ');
    const token = await requestToken(t.app, cookie, email);
    const part = await buildProduct(t.db, { minimumOrderQuantity: 1 });
    await checkout(t.app, token.json<{ token: string }>().token, [{ productId: part._id, quantity: 1 }]);
    expect(await t.app.outbox.sendDue()).toBe(2);
    const received = await smtp.waitFor(2);
    expect(received.map(({ to, subject }) => [to, subject])).toEqual([
      [[email], expect.stringContaining('Order received')],
      [[STORE], expect.stringContaining('Order received')],
    ]);
  });
});
