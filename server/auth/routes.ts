import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsync } from 'fastify';
import { apiRoutes, authErrorMessages } from '../../contract/index.js';
import { AppError } from '../http/errors.js';
import type { createAttemptLimiter } from './attempt-limiter.js';
import type { Identity } from './identity.js';

/** Sign-in and sign-up attempts, limited per client IP and per e-mail. */
const ATTEMPT_PATHS = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/sign-in/social']);
/** Headers the reply computes itself. */
const SKIPPED_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'set-cookie']);

interface AuthRoutesOptions {
  identity: Identity;
  attempts: ReturnType<typeof createAttemptLimiter>;
  publicUrl: string;
}

/** Hands /api/auth/* to better-auth, translating between Fastify and the Fetch API. */
export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { identity, attempts, publicUrl }) => {
  app.route({
    method: ['GET', 'POST'],
    url: apiRoutes.auth,
    async handler(request, reply) {
      const path = request.url.split('?')[0] ?? '';
      if (request.method === 'POST' && ATTEMPT_PATHS.has(path)) {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        const keys = [`ip:${request.ip}`];
        if (typeof email === 'string') keys.push(`email:${email.trim().toLowerCase()}`);
        if (!attempts.allow(keys)) throw new AppError(429, authErrorMessages.tooManyAttempts);
      }
      const response = await identity.handler(
        new Request(new URL(request.url, publicUrl), {
          method: request.method,
          headers: fromNodeHeaders(request.headers),
          body: request.method === 'POST' && request.body !== undefined ? JSON.stringify(request.body) : undefined,
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
