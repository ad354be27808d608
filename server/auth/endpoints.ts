import { API_PREFIX, apiPaths } from '../../contract/index.js';

/**
 * How an identity endpoint is limited, beyond the API's requests per IP:
 * - `password`: it checks a password, so attempts count per IP, per account from that IP, and per
 *   account from everywhere (see attempt-limiter.ts); a success gives its attempt back.
 * - `address`: it e-mails the address it names (a reset link), or tells whether it has an account
 *   (sign-up's "That e-mail is already registered"), so attempts count per IP and per address
 *   (from one IP, and from everywhere), and none is given back: nobody can flood someone's inbox
 *   or probe one address from many places. Each endpoint counts the address under its own
 *   `counter`, apart from its sign-ins, so none of these ever refuses its owner's password.
 * - `ip`: it creates or changes something (a Google sign-in, a reset password, a verified
 *   address), so attempts count per IP.
 * - `none`: reading or ending one's own session.
 */
export type AttemptKind = 'password' | 'address' | 'ip' | 'none';

/** Whose password or address an endpoint counts: the e-mail it names, or the signed-in user's. */
export type PasswordSubject = 'email-in-body' | 'session-user';

export interface IdentityEndpoint {
  methods: readonly ('GET' | 'POST')[];
  attempts: AttemptKind;
  subject?: PasswordSubject;
  /** An `address` endpoint's name for its count of one address (`reset-link`, `sign-up`). */
  counter?: string;
  /**
   * The answer leaves no sooner than this after the request came: an endpoint that does more work
   * for an address with an account (a token, an e-mail) must not tell by its timing whether it has one.
   */
  answerAfterMs?: number;
}

/** Far above the few writes asking for a reset link takes, so that both answers take the same time. */
export const RESET_REQUEST_ANSWER_MS = 400;

/**
 * The identity library's endpoints the store uses, by their one canonical path under /api/auth.
 * Every other path, and every other spelling of these (`/./`, `%2e`, `\`, `x/../`, upper case, a
 * trailing slash), is answered 404 before the library sees it: limits are decided on the very path
 * the library will route, and an endpoint the store never offered (a new one in an upgrade, say)
 * cannot be reached without its limits. Add a row to offer one.
 */
const ENDPOINTS: Record<string, IdentityEndpoint> = {
  '/sign-in/email': { methods: ['POST'], attempts: 'password', subject: 'email-in-body' },
  '/change-password': { methods: ['POST'], attempts: 'password', subject: 'session-user' },
  '/request-password-reset': {
    methods: ['POST'],
    attempts: 'address',
    subject: 'email-in-body',
    counter: 'reset-link',
    answerAfterMs: RESET_REQUEST_ANSWER_MS,
  },
  '/reset-password': { methods: ['POST'], attempts: 'ip' },
  '/sign-up/email': { methods: ['POST'], attempts: 'address', subject: 'email-in-body', counter: 'sign-up' },
  // Resend on My Profile: only for the signed-in user's own address (without a session the library
  // would e-mail any unverified address named).
  '/send-verification-email': {
    methods: ['POST'],
    attempts: 'address',
    subject: 'session-user',
    counter: 'verify-link',
  },
  '/verify-email': { methods: ['GET'], attempts: 'ip' },
  '/sign-in/social': { methods: ['POST'], attempts: 'ip' },
  '/get-session': { methods: ['GET'], attempts: 'none' },
  '/sign-out': { methods: ['POST'], attempts: 'none' },
  '/update-user': { methods: ['POST'], attempts: 'none' },
  '/list-sessions': { methods: ['GET'], attempts: 'none' },
  '/revoke-session': { methods: ['POST'], attempts: 'none' },
  '/revoke-sessions': { methods: ['POST'], attempts: 'none' },
  '/revoke-other-sessions': { methods: ['POST'], attempts: 'none' },
  '/error': { methods: ['GET'], attempts: 'none' },
};
/** Where Google (or any OpenID provider) sends the browser back: `/callback/{provider}`. */
const CALLBACK: IdentityEndpoint = { methods: ['GET', 'POST'], attempts: 'none' };
const CALLBACK_PATH = /^\/(?:oauth2\/)?callback\/[a-z0-9-]+$/;

const AUTH_PREFIX = `${API_PREFIX}${apiPaths.auth}`;
/** The only spelling accepted: lower-case letters, digits and dashes between single slashes. */
const CANONICAL = /^(?:\/[a-z0-9-]+)+$/;

/** The endpoint a request reaches, or undefined when the store does not offer it as written. */
export function identityEndpoint(method: string, url: string): IdentityEndpoint | undefined {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (!path.startsWith(`${AUTH_PREFIX}/`)) return undefined;
  const rest = path.slice(AUTH_PREFIX.length);
  if (!CANONICAL.test(rest)) return undefined;
  const endpoint = Object.hasOwn(ENDPOINTS, rest) ? ENDPOINTS[rest] : CALLBACK_PATH.test(rest) ? CALLBACK : undefined;
  return endpoint?.methods.includes(method as 'GET' | 'POST') ? endpoint : undefined;
}

/** Every path of the table, for tests that try each one. */
export const identityEndpointPaths = () => Object.keys(ENDPOINTS).map((path) => `${AUTH_PREFIX}${path}`);

/** An endpoint as the API documentation lists it: its path (the callback's with `{provider}`) and how it is limited. */
export interface OfferedIdentityEndpoint extends IdentityEndpoint {
  path: string;
}

/** Every endpoint of the table, and the providers' callback, for the API documentation. */
export const offeredIdentityEndpoints = (): OfferedIdentityEndpoint[] => [
  ...Object.entries(ENDPOINTS).map(([path, endpoint]) => ({ ...endpoint, path: `${AUTH_PREFIX}${path}` })),
  { ...CALLBACK, path: `${AUTH_PREFIX}/callback/{provider}` },
];
