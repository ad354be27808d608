import { describe, expect, it, vi } from 'vitest';
import { createCatalogueCache } from './cache.js';

describe('the catalogue cache', () => {
  it('when a write of one kind happens, then that kind is cleared here and announced; the other kind stays', async () => {
    const publish = vi.fn(async () => undefined);
    const cache = createCatalogueCache({ publish });
    cache.set('products', 'list:6', '[1]');
    cache.set('reviews', 'list:6', '[2]');
    await cache.changed('products');
    expect(cache.get('products', 'list:6')?.json).toBeUndefined();
    expect(cache.get('reviews', 'list:6')?.json).toBe('[2]');
    expect(publish).toHaveBeenCalledWith('products');
  });

  it('when another instance reports a write, then that kind is cleared without announcing again', () => {
    const publish = vi.fn(async () => undefined);
    const cache = createCatalogueCache({ publish });
    cache.set('reviews', 'list:all', '[]');
    cache.clear('reviews');
    expect(cache.get('reviews', 'list:all')?.json).toBeUndefined();
    expect(publish).not.toHaveBeenCalled();
  });

  it('when the reports stop flowing, then nothing is cached until they are back', () => {
    const cache = createCatalogueCache();
    cache.set('products', 'id:1', '{}');
    cache.setEnabled(false);
    expect(cache.get('products', 'id:1')?.json).toBeUndefined();
    cache.set('products', 'id:1', '{}');
    expect(cache.get('products', 'id:1')?.json).toBeUndefined();
    cache.setEnabled(true);
    cache.set('products', 'id:1', '{}');
    expect(cache.get('products', 'id:1')?.json).toBe('{}');
  });

  it('when a write clears a kind while an answer of it loads, then that answer is sent but not kept', async () => {
    const cache = createCatalogueCache();
    const loadedFrom = cache.generation('products');
    await cache.changed('products'); // the write commits while the answer is read
    expect(cache.set('products', 'newest:6', '[old]', { loadedFrom }).json).toBe('[old]');
    expect(cache.get('products', 'newest:6')).toBeUndefined();
    cache.set('products', 'newest:6', '[new]', { loadedFrom: cache.generation('products') });
    expect(cache.get('products', 'newest:6')?.json).toBe('[new]');
  });

  it('when the reports are off, then nothing cached is trusted: heard() is false without asking', async () => {
    const hear = vi.fn(async () => true);
    const cache = createCatalogueCache({ hear });
    expect(await cache.heard()).toBe(true);
    cache.setEnabled(false);
    expect(await cache.heard()).toBe(false);
    expect(hear).toHaveBeenCalledTimes(1);
  });

  it('when an answer is older than the maximum age, then it is read again (changes made outside the store)', () => {
    let clock = 1_000;
    const cache = createCatalogueCache({ maxAgeMs: 5_000, now: () => clock });
    cache.set('products', 'list:6', '[]');
    clock += 4_999;
    expect(cache.get('products', 'list:6')?.json).toBe('[]');
    clock += 2;
    expect(cache.get('products', 'list:6')?.json).toBeUndefined();
  });

  it('when announcing a committed write fails, then the request does not fail; the error is reported', async () => {
    const errors: unknown[] = [];
    const cache = createCatalogueCache({
      publish: async () => {
        throw new Error('database away');
      },
      onPublishError: (error) => errors.push(error),
    });
    cache.set('products', 'list:6', '[]');
    await expect(cache.changed('products')).resolves.toBeUndefined();
    expect(cache.get('products', 'list:6')?.json).toBeUndefined();
    expect(errors).toHaveLength(1);
  });

  it('when the answers of a kind outgrow its memory budget, then the oldest go first and the rest stay', () => {
    const cache = createCatalogueCache({ maxChars: 150 });
    cache.set('products', 'list:1', 'a'.repeat(40));
    cache.set('products', 'list:2', 'b'.repeat(40));
    cache.set('reviews', 'list:1', 'r'.repeat(90));
    cache.set('products', 'list:3', 'c'.repeat(40)); // each counts 1.5 times its JSON: 180 > 150, so list:1 goes
    expect(cache.get('products', 'list:1')?.json).toBeUndefined();
    expect(cache.get('products', 'list:2')?.json).toBe('b'.repeat(40));
    expect(cache.get('products', 'list:3')?.json).toBe('c'.repeat(40));
    expect(cache.heldChars('products')).toBe(120);
    expect(cache.get('reviews', 'list:1')?.json).toBe('r'.repeat(90)); // each kind has its own budget

    cache.set('products', 'list:2', 'B'.repeat(10)); // replacing an answer counts its new size only
    expect(cache.heldChars('products')).toBe(75);
    const huge = cache.set('products', 'list:all', 'x'.repeat(101)); // over the whole budget: not kept
    expect(huge.json).toBe('x'.repeat(101)); // (but given back, to be sent)
    expect(cache.get('products', 'list:all')).toBeUndefined();
    expect(cache.heldChars('products')).toBe(75);
  });

  it('when a kind is cleared, then its memory count starts again from zero', async () => {
    const cache = createCatalogueCache({ maxChars: 150 });
    cache.set('products', 'list:1', 'a'.repeat(60));
    await cache.changed('products');
    expect(cache.heldChars('products')).toBe(0);
    cache.set('products', 'list:2', 'b'.repeat(60));
    cache.clear();
    expect(cache.heldChars('products')).toBe(0);
    cache.set('products', 'list:3', 'c'.repeat(100));
    expect(cache.get('products', 'list:3')?.json).toBe('c'.repeat(100));
  });
});
