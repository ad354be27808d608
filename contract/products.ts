import { z } from 'zod';
import { idSchema } from './common.js';

/** A catalogue part, with the spec's field spellings. `price` is the unit price in the store currency. */
export const productSchema = z.object({
  _id: idSchema,
  name: z.string(),
  picture: z.string(),
  price: z.number(),
  availableQantity: z.number().int(),
  minimumOderQantity: z.number().int(),
  description: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);
