import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORE_CONFIG_META } from '@contract/store';

/** store-config reads the meta tag once, at import: each test sets the head up, then imports a fresh copy. */
async function importWithMeta(content: string | null) {
  document.head.querySelectorAll(`meta[name="${STORE_CONFIG_META}"]`).forEach((meta) => meta.remove());
  if (content !== null) {
    const meta = document.createElement('meta');
    meta.setAttribute('name', STORE_CONFIG_META);
    meta.setAttribute('content', content);
    document.head.append(meta);
  }
  vi.resetModules();
  return import('./store-config');
}

afterEach(() => {
  document.head.querySelectorAll(`meta[name="${STORE_CONFIG_META}"]`).forEach((meta) => meta.remove());
});

describe('storeConfig', () => {
  it('when the page carries the config meta tag, then its name, e-mail and currency are used', async () => {
    const { storeConfig, formatPrice } = await importWithMeta('{"name":"X","contactEmail":"a@b.co","currency":"EUR"}');

    expect(storeConfig).toEqual({
      name: 'X',
      contactEmail: 'a@b.co',
      currency: 'EUR',
      taxRate: 0,
      googleSignIn: false,
    });
    expect(formatPrice(12.5)).toBe('€12.50');
    expect(formatPrice(1234)).toBe('€1,234.00');
  });

  it('when the currency is not one the browser knows, then prices fall back to USD instead of crashing', async () => {
    const { formatPrice } = await importWithMeta('{"currency":"euro"}');

    expect(formatPrice(12.5)).toBe('$12.50');
  });

  it('when the meta tag is missing, then the defaults are used and prices are in USD', async () => {
    const { storeConfig, formatPrice } = await importWithMeta(null);

    expect(storeConfig.name).toBe('Brakehouse');
    expect(storeConfig.currency).toBe('USD');
    expect(formatPrice(12.5)).toBe('$12.50');
  });

  it('when the meta content is not valid JSON, then the defaults are used', async () => {
    const { storeConfig, formatPrice } = await importWithMeta('{"name": "X", oops');

    expect(storeConfig.name).toBe('Brakehouse');
    expect(storeConfig.currency).toBe('USD');
    expect(formatPrice(3)).toBe('$3.00');
  });

  it('when the meta content is empty, then the defaults are used', async () => {
    const { storeConfig } = await importWithMeta('');

    expect(storeConfig).toEqual({
      name: 'Brakehouse',
      contactEmail: 'sales@brakehouse.example',
      currency: 'USD',
      taxRate: 0,
      googleSignIn: false,
    });
  });

  it('when the meta tag gives the tax rate, then the checkout adds it up with that rate', async () => {
    const { storeConfig } = await importWithMeta('{"taxRate":8.875}');

    expect(storeConfig.taxRate).toBe(8.875);
  });

  it('when the meta tag gives only some settings, then the rest keep their defaults', async () => {
    const { storeConfig, formatPrice } = await importWithMeta('{"name":"Only Name"}');

    expect(storeConfig).toEqual({
      name: 'Only Name',
      contactEmail: 'sales@brakehouse.example',
      currency: 'USD',
      taxRate: 0,
      googleSignIn: false,
    });
    expect(formatPrice(5)).toBe('$5.00');
  });
});
