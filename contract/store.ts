/** Store settings the server hands to the web app (in a meta tag of index.html). */
export interface StoreConfig {
  name: string;
  contactEmail: string;
  currency: string;
  /** Whether the Google button can sign people in (GOOGLE_CLIENT_ID and _SECRET are set). */
  googleSignIn: boolean;
  /** Stripe's publishable key when the store takes payments through Stripe (public by design). */
  stripePublishableKey?: string;
}

// Plain TypeScript on purpose: the web app's first chunk reads this, and zod would weigh it down.
export const STORE_CONFIG_META = 'brakehouse-config';
