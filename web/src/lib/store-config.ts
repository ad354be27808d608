import { STORE_CONFIG_META, type StoreConfig } from '@contract/store';

const defaults: StoreConfig = { name: 'Brakehouse', contactEmail: 'sales@brakehouse.example', currency: 'USD' };

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

const priceFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: storeConfig.currency });
export const formatPrice = (price: number) => priceFormat.format(price);
