import { z } from 'zod';
import { emailField } from './auth.js';
import { limitParam, pageParam } from './common.js';

export const roles = ['customer', 'admin'] as const;
export type Role = (typeof roles)[number];

export const emailParamsSchema = z.object({ email: emailField });

/** The body of `PUT /api/user/{email}`, spelt as the spec's (`eamil`). */
export const tokenRequestSchema = z.object({ eamil: emailField });
export const tokenResponseSchema = z.object({ token: z.string(), role: z.enum(roles), expiresAt: z.string() });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const adminStatusSchema = z.object({ admin: z.boolean() });
export const customerStatusSchema = z.object({ users: z.boolean() });

/** The server's record of a user (spec section 3), with the display name and photo. */
export const userSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(roles),
  name: z.string(),
  photoURL: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);

/** `GET /api/user`: at most 100 accounts a read, oldest first, `page` for the next ones. */
export const MAX_USER_LIST = 100;
export const userListQuerySchema = z.object({ limit: limitParam(MAX_USER_LIST), page: pageParam });
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const promoteResponseSchema = z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int() });
