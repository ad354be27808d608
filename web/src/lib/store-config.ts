import { STORE_CONFIG_META, type StoreConfig } from '@contract/store';

const defaults: StoreConfig = {
  name: 'Brakehouse',
  contactEmail: 'sales@brakehouse.example',
  currency: 'USD',
  taxRate: 0,
  googleSignIn: false,
};

/** The server writes the store's settings into index.html; the Vite dev server leaves the defaults. */
function readStoreConfig(): StoreConfig {
  const content = document.querySelector(`meta[name="${STORE_CONFIG_META}"]`)?.getAttribute('content');
  if (!content) return defaults;
  try {
    return { ...defaults, ...(JSON.parse(content) as Partial<StoreConfig>) };
  } catch {
    return defaults;
  }
}

export const storeConfig = readStoreConfig();

function priceFormatFor(currency: string) {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency });
  } catch {
    // A currency the browser does not know must not blank the whole store.
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: defaults.currency });
  }
}

/**
 * Made at its first use, not when this module loads: the page's first Intl object loads the
 * browser's number data, about 20 ms of a phone's time even here (80 at Lighthouse's slowdown), which
 * made the start-up task that evaluates the first download one of the page's longest.
 */
let priceFormat: Intl.NumberFormat | undefined;
export const formatPrice = (price: number) => (priceFormat ??= priceFormatFor(storeConfig.currency)).format(price);

/**
 * That cost paid in a task of its own, right after start-up, while the page waits for its data:
 * otherwise the render that draws the first prices (and counts: `toLocaleString`) pays it.
 */
if (typeof window !== 'undefined') setTimeout(() => formatPrice(0), 0);
