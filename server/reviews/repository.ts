import { desc } from 'drizzle-orm';
import type { Review } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { reviews } from '../db/schema.js';

type ReviewRow = typeof reviews.$inferSelect;

export const toReview = (row: ReviewRow): Review => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  photoUrl: row.photoUrl,
  ratting: row.rating,
  fidback: row.feedback,
});

export function createReviewRepository(db: Database) {
  return {
    /** Newest first. */
    async list(limit?: number): Promise<Review[]> {
      const query = db.select().from(reviews).orderBy(desc(reviews.seq)).$dynamic();
      const rows = await (limit === undefined ? query : query.limit(limit));
      return rows.map(toReview);
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
