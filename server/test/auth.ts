import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { CONFIGURED_ADMIN_NAME } from '../users/configured-admins.js';
import { TEST_ADMIN_PASSWORD } from './app.js';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestAccount {
  email: string;
  password: string;
  name: string;
  cookie: string;
}

const cookieHeader = (setCookie: string | string[] | undefined) =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).map((c) => c.split(';')[0]).join('; ');

/** Registers through better-auth's endpoint, as the web app does; answers the session cookie. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<Omit<TestAccount, 'cookie'>> = {},
  remoteAddress = '127.0.0.1',
) {
  const account = {
    email: `rider-${randomUUID().slice(0, 8)}@example.com`,
    password: 'correct horse battery',
    name: 'Test Rider',
    ...overrides,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    remoteAddress,
    payload: { ...account, image: '/images/reviewers/default-user.svg' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  return { ...account, cookie: cookieHeader(response.headers['set-cookie']) } satisfies TestAccount;
}

export async function signIn(app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    remoteAddress,
    payload: { email, password },
  });
}

/** `PUT /api/user/{email}` with the session cookie: the access token. */
export async function requestToken(app: FastifyInstance, cookie: string, email: string, eamil = email) {
  return app.inject({
    method: 'PUT',
    url: `/api/user/${encodeURIComponent(email)}`,
    headers: { cookie, origin: TEST_ORIGIN },
    payload: { eamil },
  });
}

export async function signUpWithToken(app: FastifyInstance, overrides: Partial<Omit<TestAccount, 'cookie'>> = {}) {
  const account = await signUp(app, overrides);
  const response = await requestToken(app, account.cookie, account.email);
  if (response.statusCode !== 200) throw new Error(`token failed: ${response.statusCode} ${response.body}`);
  return { ...account, token: response.json<{ token: string }>().token };
}

/** Signs in with a password; answers the session cookie and the access token. */
export async function signInWithToken(app: FastifyInstance, email: string, password: string) {
  const response = await signIn(app, email, password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = cookieHeader(response.headers['set-cookie']);
  const token = await requestToken(app, cookie, email);
  if (token.statusCode !== 200) throw new Error(`token failed: ${token.statusCode} ${token.body}`);
  return { email, password, cookie, token: token.json<{ token: string }>().token };
}

/**
 * The admin account the test app created at start for an address of its ADMIN_EMAILS (with
 * TEST_ADMIN_PASSWORD), signed in.
 */
export async function adminWithToken(app: FastifyInstance, email: string) {
  return { ...(await signInWithToken(app, email, TEST_ADMIN_PASSWORD)), name: CONFIGURED_ADMIN_NAME };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The token of the newest `Verify your e-mail` message queued for `email` (sent or not). */
export async function verifyLinkToken(db: Database, email: string): Promise<string> {
  const [mail] = await db
    .select({ data: mailOutbox.data })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'verify-email'), eq(mailOutbox.recipient, email)))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = (mail?.data as { token?: unknown } | undefined)?.token;
  if (typeof token !== 'string') throw new Error(`no verify e-mail queued for ${email}`);
  return token;
}

/** `GET /api/auth/verify-email?token=`, as the /verify-email page calls it. */
export const openVerifyLink = (app: FastifyInstance, token: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    headers: { origin: TEST_ORIGIN },
    remoteAddress,
  });

/** Verifies the address with the newest link the store queued for it, as its owner would. */
export async function verifyByLink(app: FastifyInstance, db: Database, email: string): Promise<void> {
  const response = await openVerifyLink(app, await verifyLinkToken(db, email));
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
}
