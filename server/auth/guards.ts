import type { FastifyRequest } from 'fastify';
import { type User } from '../../contract/index.js';
import { AppError } from '../http/errors.js';
import type { AccessTokens } from './access-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `requireUser`, with the role as the database has it now. */
    user: User | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/**
 * Route guards. The token proves who is calling and for which session; the role always comes from
 * the database, so a promotion or a demotion counts on the very next request.
 */
/** The user of a live session, with the role the database has now (the users' repository). */
export interface SessionUsers {
  findBySession(userId: string, sessionId: string): Promise<User | undefined>;
}

export function createGuards({ tokens, users }: { tokens: AccessTokens; users: SessionUsers }) {
  async function requireUser(request: FastifyRequest) {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new AppError('signInRequired');
    const check = await tokens.verify(match[1]);
    if (!check.ok) throw new AppError('tokenInvalid');
    // One query: the user, only while the session the token was issued for lives. Signing out,
    // changing the password or revoking sessions deletes it, so the token dies at once, everywhere.
    const user = await users.findBySession(check.claims.userId, check.claims.sessionId);
    if (!user) throw new AppError('tokenInvalid');
    request.user = user;
  }

  async function requireAdmin(request: FastifyRequest) {
    await requireUser(request);
    if (request.user?.role !== 'admin') throw new AppError('adminOnly');
  }

  /** The spec's customer guard: My Order and Add Review are for customers, not admins. */
  async function requireCustomer(request: FastifyRequest) {
    await requireUser(request);
    if (request.user?.role !== 'customer') throw new AppError('customerOnly');
  }

  return { requireUser, requireAdmin, requireCustomer };
}

export type Guards = ReturnType<typeof createGuards>;

/** The user `requireUser` found; a route that calls this without the guard is a programming error. */
export function signedInUser(request: FastifyRequest): User {
  if (!request.user) throw new Error('signedInUser called on a route without requireUser');
  return request.user;
}
