import { desc, eq } from 'drizzle-orm';
import { maskEmail, type Review } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { reviews, users } from '../db/schema.js';

type ReviewRow = typeof reviews.$inferSelect;

/** A review as the public sees it: the row keeps the whole address, the answer only its mask. */
export const toReview = (row: ReviewRow): Review => ({
  _id: row.id,
  name: row.name,
  email: maskEmail(row.email),
  photoUrl: row.photoUrl,
  ratting: row.rating,
  fidback: row.feedback,
});

export interface NewReview {
  userId: string;
  name: string;
  email: string;
  photoUrl: string;
  rating: number;
  feedback: string;
}

export function createReviewRepository(db: Database) {
  return {
    /** Newest first. */
    async list(limit?: number): Promise<Review[]> {
      const query = db.select().from(reviews).orderBy(desc(reviews.seq)).$dynamic();
      const rows = await (limit === undefined ? query : query.limit(limit));
      return rows.map(toReview);
    },

    /**
     * A customer's testimonial: one each, so a new one replaces theirs and comes first. The
     * customer's row is locked meanwhile, so posts at once replace one another in turn.
     */
    async replace(review: NewReview): Promise<Review> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, review.userId)).for('no key update');
        await tx.delete(reviews).where(eq(reviews.userId, review.userId));
        const [row] = await tx.insert(reviews).values(review).returning();
        if (!row) throw new Error('review insert returned no row');
        return toReview(row);
      });
    },
  };
}

export type ReviewRepository = ReturnType<typeof createReviewRepository>;
