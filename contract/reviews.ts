import { z } from 'zod';
import { idSchema } from './common.js';

export const MIN_RATING = 1;
export const MAX_RATING = 5;

/** A customer testimonial, with the spec's field spellings (`ratting`, `fidback`). */
export const reviewSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  photoUrl: z.string(),
  ratting: z.number().int().min(MIN_RATING).max(MAX_RATING),
  fidback: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewListSchema = z.array(reviewSchema);
