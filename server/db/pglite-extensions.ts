import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The PostgreSQL extensions the migrations create (catalogue search: trigrams and edit distance).
 * PGlite builds them as modules it loads when a database opens; PostgreSQL has them in contrib.
 */
export const pgliteExtensions = { pg_trgm, fuzzystrmatch };
