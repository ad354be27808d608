import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes, authErrorMessages } from '../../contract/index.js';
import { AppError } from '../http/errors.js';
import type { AttemptLimiter } from './attempt-limiter.js';
import type { Identity } from './identity.js';

/** Sign-in and sign-up attempts, limited per client IP and per e-mail. */
const ATTEMPT_PATHS = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/sign-in/social']);
/** Headers the reply computes itself. */
const SKIPPED_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'set-cookie']);

interface AuthRoutesOptions {
  identity: Identity;
  attempts: AttemptLimiter;
  publicUrl: string;
}

/** The e-mail a sign-in or sign-up names, for counting attempts per account. */
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
      const path = request.url.split('?')[0] ?? '';
      if (request.method === 'POST' && ATTEMPT_PATHS.has(path)) {
        const email = emailIn(request.body);
        const keys = [`ip:${request.ip}`];
        if (typeof email === 'string') keys.push(`email:${email.trim().toLowerCase()}`);
        if (!(await attempts.allow(keys))) throw new AppError(429, authErrorMessages.tooManyAttempts);
      }
      const response = await identity.handler(
        new Request(new URL(request.url, publicUrl), {
          method: request.method,
          headers: fromNodeHeaders(request.headers),
          body: request.method === 'POST' && typeof request.body === 'string' ? request.body : undefined,
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (!SKIPPED_HEADERS.has(key)) reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(response.body ? await response.text() : null);
    },
  });
};
