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

const priceFormat = priceFormatFor(storeConfig.currency);
export const formatPrice = (price: number) => priceFormat.format(price);
