import { setTimeout as sleep } from 'node:timers/promises';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { apiRoutes, authErrorMessages, identityErrorCodes } from '../../contract/index.js';
import { errorBody, statusName } from '../http/error-handler.js';
import { AppError } from '../http/errors.js';
import type { Attempt, AttemptLimiter } from './attempt-limiter.js';
import { identityEndpoint, type IdentityEndpoint } from './endpoints.js';
import type { Identity } from './identity.js';

/** Headers the reply computes itself. */
const SKIPPED_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'set-cookie']);

interface AuthRoutesOptions {
  identity: Identity;
  attempts: AttemptLimiter;
  publicUrl: string;
}

/** The e-mail a sign-in or a reset request names, for counting attempts per account or per address. */
function emailIn(body: unknown): string | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    const email = typeof parsed === 'object' && parsed !== null ? (parsed as { email?: unknown }).email : undefined;
    return typeof email === 'string' ? email : undefined;
  } catch {
    return undefined; // better-auth answers malformed JSON itself
  }
}

/** The field each of the store's identity checks is about, so that a form shows it there. */
const FIELD_OF_CODE: Readonly<Record<string, string>> = {
  [identityErrorCodes.invalidName]: 'name',
  [identityErrorCodes.invalidEmail]: 'email',
  [identityErrorCodes.invalidPhotoUrl]: 'image',
};

/** better-auth's refusals (`{ message, code }`) in the API's one error shape, its code kept. */
function inOurShape(status: number, text: string) {
  let refusal: { message?: unknown; code?: unknown } = {};
  try {
    refusal = JSON.parse(text) as typeof refusal;
  } catch {
    // not JSON after all: the generic message below
  }
  const message = typeof refusal.message === 'string' && refusal.message ? refusal.message : authErrorMessages.generic;
  const code = typeof refusal.code === 'string' ? refusal.code : statusName(status);
  const field = FIELD_OF_CODE[code];
  return errorBody(status, code, message, field ? [{ field: `body.${field}`, message }] : undefined);
}

/**
 * Counts the attempt the request makes (attempt-limiter.ts); undefined when it is refused. A
 * password is checked for the e-mail a sign-in names, or for the signed-in user of a password change;
 * an address (a reset link's, a sign-up's) is counted under the endpoint's counter, apart from that
 * address's sign-ins.
 */
async function countAttempt(
  endpoint: IdentityEndpoint,
  request: FastifyRequest,
  attempts: AttemptLimiter,
  identity: Identity,
): Promise<Attempt | undefined> {
  if (endpoint.attempts === 'ip') return attempts.attempt(request.ip);
  const sessionUser = async () => (await identity.api.getSession({ headers: fromNodeHeaders(request.headers) }))?.user;
  if (endpoint.attempts === 'address') {
    let email = emailIn(request.body);
    if (endpoint.subject === 'session-user') {
      email = (await sessionUser())?.email;
      if (email === undefined) throw new AppError('signInRequired');
    }
    return attempts.attempt(request.ip, email === undefined ? undefined : `${endpoint.counter}:${email}`);
  }
  if (endpoint.subject === 'email-in-body') return attempts.attempt(request.ip, emailIn(request.body));
  const user = await sessionUser();
  return attempts.attempt(request.ip, user ? `user:${user.id}` : undefined);
}

/** Hands /api/auth/* to better-auth, translating between Fastify and the Fetch API. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { identity, attempts, publicUrl }) => {
  // better-auth reads the body itself: it gets the text as sent. Parsing it here only to encode it
  // again would fail on deeply nested JSON (a 500) and could change what the client sent.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: apiRoutes.auth,
    exposeHeadRoute: false, // better-auth answers GET and POST only
    async handler(request, reply) {
      const arrived = performance.now();
      const endpoint = identityEndpoint(request.method, request.url);
      if (!endpoint) throw new AppError('routeNotFound');
      let attempt: Attempt | undefined;
      if (endpoint.attempts !== 'none') {
        attempt = await countAttempt(endpoint, request, attempts, identity);
        if (!attempt) throw new AppError('tooManyAttempts');
      }
      const response = await identity.handler(
        new Request(new URL(request.url, publicUrl), {
          method: request.method,
          headers: fromNodeHeaders(request.headers),
          body: request.method === 'POST' && typeof request.body === 'string' ? request.body : undefined,
        }),
      );
      // A right password gives its attempt back; an address named stays counted (an e-mail went, or
      // the answer told about the address).
      if (response.status < 400 && endpoint.attempts === 'password') await attempt?.succeeded();
      const tooEarlyMs = arrived + (endpoint.answerAfterMs ?? 0) - performance.now();
      if (tooEarlyMs > 0) await sleep(tooEarlyMs);
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (!SKIPPED_HEADERS.has(key)) reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = response.body ? await response.text() : null;
      if (response.status >= 400 && text && response.headers.get('content-type')?.includes('json')) {
        return reply.send(inOurShape(response.status, text));
      }
      return reply.send(text);
    },
  });
};
