import { z } from 'zod';
import type { ErrorResponse } from './errors.js';

/** Records leave the API with `_id`, a string; ours are UUIDs. */
export const idSchema = z.uuid({ error: 'That id is not valid' });

export const idParamsSchema = z.object({ id: idSchema });

export const MAX_LIST_LIMIT = 1000;

export const listQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(MAX_LIST_LIMIT, { error: `limit must be at most ${MAX_LIST_LIMIT}` })
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

const fieldErrorSchema = z.object({ field: z.string(), message: z.string(), line: z.number().int().optional() });

/** The one shape every API error takes (contract/errors.ts says what each part means). */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  code: z.string(),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
}) satisfies z.ZodType<ErrorResponse>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof healthSchema>;
