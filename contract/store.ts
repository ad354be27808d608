import { z } from 'zod';

/** Store settings the server hands to the web app (in a meta tag of index.html). */
export const storeConfigSchema = z.object({
  name: z.string(),
  contactEmail: z.string(),
  currency: z.string(),
  /** Whether the Google button can sign people in (GOOGLE_CLIENT_ID and _SECRET are set). */
  googleSignIn: z.boolean(),
  /** Stripe's publishable key when the store takes payments through Stripe (public by design). */
  stripePublishableKey: z.string().optional(),
});
export type StoreConfig = z.infer<typeof storeConfigSchema>;

export const STORE_CONFIG_META = 'brakehouse-config';
