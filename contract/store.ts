import { z } from 'zod';

/** Store settings the server hands to the web app (in a meta tag of index.html). */
export const storeConfigSchema = z.object({
  name: z.string(),
  contactEmail: z.string(),
  currency: z.string(),
});
export type StoreConfig = z.infer<typeof storeConfigSchema>;

export const STORE_CONFIG_META = 'brakehouse-config';
