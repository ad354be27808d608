import { z } from 'zod';
import { idSchema } from './common.js';
import { validationMessages as m } from './messages.js';

import { MAX_RATING, MIN_RATING } from './ratings.js';

export { MAX_RATING, MIN_RATING };
export const MAX_FEEDBACK_LENGTH = 1000;

/** A customer testimonial, with the spec's field spellings (`ratting`, `fidback`). */
export const reviewSchema = z.object({
  _id: idSchema,
  name: z.string(),
  /**
   * Masked (`t***@example.com`, `maskEmail` in privacy.ts): a review is public, the reviewer's
   * address is not. The field keeps the spec's name; the database keeps the whole address.
   */
  email: z.string(),
  photoUrl: z.string(),
  ratting: z.number().int().min(MIN_RATING).max(MAX_RATING),
  fidback: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.array(reviewSchema);

/**
 * Add Review's form and `POST /api/reviews`. The spec's body also carries `name`, `email` and
 * `photoUrl`; the server accepts and ignores them and takes them from the signed-in user.
 */
export const reviewFormSchema = z.object({
  fidback: z
    .string({ error: m.feedbackRequired })
    .trim()
    .min(1, { error: m.feedbackRequired })
    .max(MAX_FEEDBACK_LENGTH, { error: `Feedback can be at most ${MAX_FEEDBACK_LENGTH} characters` }),
  ratting: z
    .number({ error: m.ratingRequired })
    .int({ error: 'Rating must be a whole number of stars' })
    .min(MIN_RATING, { error: m.ratingTooLow })
    .max(MAX_RATING, { error: m.ratingTooHigh }),
});
export type ReviewForm = z.infer<typeof reviewFormSchema>;

export const createReviewSchema = reviewFormSchema.extend({
  name: z.unknown().optional(),
  email: z.unknown().optional(),
  photoUrl: z.unknown().optional(),
});
export type CreateReview = z.input<typeof createReviewSchema>;
