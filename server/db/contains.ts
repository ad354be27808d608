import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** `text` contains `q`, ignoring case (a plain substring: `%` and `_` mean themselves): the admin lists' search. */
export const contains = (text: SQL | AnyPgColumn, q: string) => sql`strpos(lower(${text}), lower(${q})) > 0`;
