import { asc, count, gte } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { products } from '../db/schema.js';

/** What the sitemap says of a part: where it is (its id) and since when (no part records later edits). */
export interface PartEntry {
  id: string;
  seq: number;
  createdAt: Date;
}

/**
 * The parts in the order they were added (`seq`, indexed), read a page at a time by key: a sitemap
 * of 50,000 parts never holds more than one page in memory, and a file further down the list costs
 * one skip over the index, not a read of every row before it.
 */
export function createSitemapRepository(db: Database) {
  return {
    async countParts(): Promise<number> {
      const [row] = await db.select({ parts: count() }).from(products);
      return row?.parts ?? 0;
    },

    /** The `seq` of the part at `position` (from 0) in the order parts were added; undefined past the end. */
    async seqAt(position: number): Promise<number | undefined> {
      const [row] = await db
        .select({ seq: products.seq })
        .from(products)
        .orderBy(asc(products.seq))
        .limit(1)
        .offset(position);
      return row?.seq;
    },

    /** Up to `limit` parts, from the one of `fromSeq` on (from the first without it). */
    async partsFrom(fromSeq: number | undefined, limit: number): Promise<PartEntry[]> {
      return db
        .select({ id: products.id, seq: products.seq, createdAt: products.createdAt })
        .from(products)
        .where(fromSeq === undefined ? undefined : gte(products.seq, fromSeq))
        .orderBy(asc(products.seq))
        .limit(limit);
    },
  };
}

export type SitemapRepository = ReturnType<typeof createSitemapRepository>;
