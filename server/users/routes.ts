import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminStatusSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  apiPaths,
  apiRoutes,
  customerStatusSchema,
  emailParamsSchema,
  normalizeEmail,
  errorResponseSchema,
  promoteResponseSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  userListQuerySchema,
  userListSchema,
  type User,
} from '../../contract/index.js';
import type { AccessTokens } from '../auth/access-token.js';
import { signedInUser, type Guards } from '../auth/guards.js';
import type { Identity } from '../auth/identity.js';
import { AppError } from '../http/errors.js';
import type { ConfiguredAdmins } from './configured-admins.js';
import type { UserRepository } from './repository.js';

interface UserRoutesOptions {
  identity: Identity;
  tokens: AccessTokens;
  guards: Guards;
  users: UserRepository;
  admins: ConfiguredAdmins;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const sameEmail = (a: string, b: string) => normalizeEmail(a) === normalizeEmail(b);

export const userRoutes: FastifyPluginAsyncZod<UserRoutesOptions> = async (
  app,
  { identity, tokens, guards, users, admins },
) => {
  /** The caller's own record, or (for an admin) anyone's; 403 for a customer asking about someone else. */
  async function subjectOf(caller: User, email: string): Promise<User> {
    if (sameEmail(caller.email, email)) return caller;
    if (caller.role !== 'admin') throw new AppError('forbidden');
    const user = await users.findByEmail(email);
    if (!user) throw new AppError('userNotFound');
    return user;
  }

  // The access token: only for the e-mail of a live sign-in session.
  app.put(
    apiRoutes.userByEmail,
    {
      schema: {
        params: emailParamsSchema,
        body: tokenRequestSchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { email } = request.params;
      const session = await identity.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (!session) throw new AppError('sessionRequired');
      if (!sameEmail(session.user.email, email)) throw new AppError('sessionEmailMismatch');
      if (!sameEmail(request.body.eamil, email)) throw new AppError('bodyEmailMismatch');
      // An older account of a configured address becomes admin once its address is verified.
      if (admins.isAdmin(session.user)) await users.setRole(email, 'admin');
      const user = await users.findById(session.user.id);
      if (!user) throw new AppError('sessionRequired');
      const { token, expiresAt } = await tokens.issue({
        userId: user._id,
        sessionId: session.session.id,
        email: user.email,
        role: user.role,
      });
      return { token, role: user.role, expiresAt: expiresAt.toISOString() };
    },
  );

  app.get(
    apiRoutes.adminStatus,
    {
      onRequest: guards.requireUser,
      schema: { params: emailParamsSchema, response: { 200: adminStatusSchema, ...errors } },
    },
    async (request) => ({ admin: (await subjectOf(signedInUser(request), request.params.email)).role === 'admin' }),
  );

  app.get(
    apiRoutes.userByEmail,
    {
      onRequest: guards.requireUser,
      schema: { params: emailParamsSchema, response: { 200: customerStatusSchema, ...errors } },
    },
    async (request) => ({ users: (await subjectOf(signedInUser(request), request.params.email)).role === 'customer' }),
  );

  app.get(
    apiPaths.users,
    {
      onRequest: guards.requireAdmin,
      schema: { querystring: userListQuerySchema, response: { 200: userListSchema, ...errors } },
    },
    async (request) => users.list(request.query),
  );

  // Make Admin reads the accounts a page at a time: anyone can sign up, so no answer holds them all.
  app.get(
    apiPaths.adminUsers,
    {
      onRequest: guards.requireAdmin,
      schema: { querystring: adminUsersQuerySchema, response: { 200: adminUsersResponseSchema, ...errors } },
    },
    async (request) => users.page(request.query),
  );

  app.put(
    apiRoutes.promote,
    {
      onRequest: guards.requireAdmin,
      schema: { params: emailParamsSchema, response: { 200: promoteResponseSchema, ...errors } },
    },
    async (request) => {
      if (!(await users.findByEmail(request.params.email))) throw new AppError('userNotFound');
      return { acknowledged: true as const, modifiedCount: await users.setRole(request.params.email, 'admin') };
    },
  );
};
