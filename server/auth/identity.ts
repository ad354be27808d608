import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { accounts, sessions, users, verifications } from '../db/schema.js';
import { queueMail } from '../mail/messages.js';
import {
  API_PREFIX,
  apiPaths,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  RESET_LINK_SECONDS,
  VERIFY_LINK_SECONDS,
} from '../../contract/index.js';
import { checkIdentityFields } from './identity-fields.js';
import { endResetLinks } from './reset-links.js';
import { markAddressVerified } from './verified-address.js';

const DAY_SECONDS = 24 * 60 * 60;
export const GOOGLE_PROVIDER_ID = 'google';

/** Origins whose browsers may call the identity endpoints: the public URL (and its loopback twin locally). */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const origins = [url.origin];
  if (url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1')) {
    const twin = new URL(url.origin);
    twin.hostname = url.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    origins.push(twin.origin);
  }
  return origins;
}

/**
 * better-auth, in this process: e-mail and password (scrypt-hashed), sessions in our database, and
 * Google through OpenID Connect discovery when it is configured. Its own rate limiter is off: the
 * route that mounts it limits attempts per IP and per account. A forgotten password is reset with
 * the library's own token (docs/decisions/0031-password-reset.md). A new address is verified by the
 * library's link before the store sends it anything else (docs/decisions/0035-verified-addresses.md).
 */
export function createIdentity({
  config,
  db,
  secret,
  admins,
  onAddressVerified,
}: {
  config: Config;
  db: Database;
  secret: string;
  /** Who is an admin by configuration (server/users/configured-admins.ts). */
  admins: { isAdmin(user: { email: string; emailVerified: boolean }): boolean };
  /** An account's address has just been verified (committed): its held e-mails may go. */
  onAddressVerified: (email: string) => Promise<void>;
}) {
  return betterAuth({
    appName: config.store.name,
    baseURL: config.publicUrl,
    basePath: `${API_PREFIX}${apiPaths.auth}`,
    secret,
    trustedOrigins: trustedOrigins(config.publicUrl),
    database: drizzleAdapter(db, {
      provider: 'pg',
      usePlural: true,
      schema: { users, sessions, accounts, verifications },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // The library's link (`url`) goes through its own redirect endpoint, which the store does not
      // offer: the e-mail links to our /reset-password page with the token (server/mail/templates.ts).
      // Queued in the outbox, so a mail server that is away delays the e-mail and loses nothing. An
      // address not verified yet is greeted without the name someone typed at sign-up.
      sendResetPassword: ({ user, token }) =>
        queueMail(db, [
          {
            kind: 'password-reset',
            recipient: user.email,
            data: { name: user.emailVerified ? user.name : '', token },
          },
        ]),
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      // Whoever knew the old password is out at once, with every access token (bound to sessions).
      revokeSessionsOnPasswordReset: true,
      // The library deletes the link used; the account's other links go too. The link came through
      // the mailbox, so the address is proved as a verification link would.
      onPasswordReset: async ({ user }) => {
        await endResetLinks(db, user.id);
        if (await markAddressVerified(db, user.id)) await onAddressVerified(user.email);
      },
    },
    emailVerification: {
      // As for a reset, the e-mail links to our page (/verify-email) with the library's token, and
      // says nothing anyone typed: the address is not proved yet.
      sendVerificationEmail: ({ user, token }) =>
        queueMail(db, [{ kind: 'verify-email', recipient: user.email, data: { token } }]),
      sendOnSignUp: true,
      expiresIn: VERIFY_LINK_SECONDS,
      // The link proves the mailbox, not who holds the password: it verifies, it never signs in.
      autoSignInAfterVerification: false,
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
      },
    },
    session: { expiresIn: 7 * DAY_SECONDS, updateAge: DAY_SECONDS },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'brakehouse',
      // better-auth skips its origin (CSRF) check when it detects a test run; keep it on everywhere,
      // so tests prove what production does.
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith('https:'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    hooks: {
      // A new password ends every session, and with them every access token (they are bound to
      // their session): whoever knew the old password is out at once, on every instance.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password') return;
        return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
      }),
      // A changed password ends the account's reset links too, as a reset does.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password') return;
        const changed = ctx.context.returned as { user?: { id?: unknown } } | undefined;
        if (typeof changed?.user?.id === 'string') await endResetLinks(db, changed.user.id);
      }),
    },
    databaseHooks: {
      // Every path that writes a user (sign-up, update-user, Google) passes the contract's rules.
      user: {
        create: {
          before: async (user, ctx) => {
            const checked = { ...user, ...checkIdentityFields(user, ctx?.path) };
            return { data: { ...checked, role: admins.isAdmin(checked) ? 'admin' : 'customer' } };
          },
        },
        update: {
          before: async (data, ctx) => ({ data: { ...data, ...checkIdentityFields(data, ctx?.path) } }),
          // After the commit: the verification link, or Google vouching for the address on sign-in.
          after: async (user) => {
            if (user.emailVerified) await onAddressVerified(user.email);
          },
        },
      },
    },
    plugins: config.google
      ? [
          genericOAuth({
            config: [
              {
                providerId: GOOGLE_PROVIDER_ID,
                clientId: config.google.clientId,
                clientSecret: config.google.clientSecret,
                discoveryUrl: config.google.discoveryUrl,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    logger: { disabled: config.env === 'test' },
  });
}

export type Identity = ReturnType<typeof createIdentity>;
