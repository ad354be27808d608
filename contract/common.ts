import { z } from 'zod';
import type { ErrorResponse } from './errors.js';

/** Records leave the API with `_id`, a string; ours are UUIDs. */
export const idSchema = z.uuid({ error: 'That id is not valid' });

export const idParamsSchema = z.object({ id: idSchema });

/** A whole-number query parameter from `min` to `max` (`?limit=6`, `?page=2`). */
const wholeParam = (name: string, min: number, max: number, below = `${name} must be at least ${min}`) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: below })
    .max(max, { error: `${name} can be at most ${max.toLocaleString('en-US')}` });

/**
 * `limit` of a list read that answers the newest: 1 to `max`, and `max` when not given, so that no
 * read serializes a list that grows with the store.
 */
export const limitParam = (max: number) => wholeParam('limit', 1, max).optional().default(max);

export const MAX_LIST_LIMIT = 1000;

/** `GET /api/reviews`: the newest reviews, at most 1000. */
export const listQuerySchema = z.object({ limit: limitParam(MAX_LIST_LIMIT) });
export type ListQuery = z.input<typeof listQuerySchema>;

/** The highest page an admin list goes to: it bounds the database's work (OFFSET). */
export const MAX_LIST_PAGE = 100_000;

/** `page` of a paged list, from 1 (1 when not given). */
export const pageParam = wholeParam('page', 1, MAX_LIST_PAGE, 'page starts at 1').optional().default(1);

/** `page` (from 1) and `pageSize` (1 to `maxSize`, `size` when not given) of a paged admin list. */
export const pageParams = (size: number, maxSize: number) => ({
  page: pageParam,
  pageSize: wholeParam('pageSize', 1, maxSize).optional().default(size),
});

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
  /**
   * Where searches are answered: `index`, the catalogue index this process keeps (decision 0039), or
   * `sql`, the database, while the index builds after a start or when it is turned off.
   */
  search: z.enum(['index', 'sql']),
});
export type Health = z.infer<typeof healthSchema>;
