/** Store settings the server hands to the web app (in a meta tag of index.html). */
export interface StoreConfig {
  name: string;
  contactEmail: string;
  currency: string;
  /** STORE_TAX_RATE: percent on goods and shipping (prices exclude it); 0 by default. */
  taxRate: number;
  /** Whether the Google button can sign people in (GOOGLE_CLIENT_ID and _SECRET are set). */
  googleSignIn: boolean;
  /** Stripe's publishable key when the store takes payments through Stripe (public by design). */
  stripePublishableKey?: string;
}

// Plain TypeScript on purpose: the web app's first chunk reads this, and zod would weigh it down.
export const STORE_CONFIG_META = 'brakehouse-config';
