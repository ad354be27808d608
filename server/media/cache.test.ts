import { describe, expect, it } from 'vitest';
import { cachedMediaStore } from './cache.js';
import type { MediaFile, MediaStore } from './store.js';

/** A store in memory that counts its reads, each answered after `delayMs` (a database's round trip). */
function countingStore(files: Record<string, number>, { delayMs = 5, fail = new Set<string>() } = {}) {
  const reads: string[] = [];
  const store: MediaStore = {
    put: () => Promise.resolve(),
    removeUnused: () => Promise.resolve([]),
    async get(name) {
      reads.push(name);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (fail.has(name)) throw new Error('connection lost');
      const size = files[name];
      return size === undefined ? undefined : { contentType: 'image/webp', bytes: Buffer.alloc(size, name.length) };
    },
  };
  return { store, reads };
}

const put = (store: MediaStore, file: Partial<MediaFile> & { name: string }) =>
  store.put([{ uploadId: '', contentType: 'image/webp', width: 1, height: 1, bytes: Buffer.alloc(1), ...file }]);

describe('cachedMediaStore', () => {
  it('when 20 requests ask for one photo at once, then the store is read once, and not again afterwards', async () => {
    const { store, reads } = countingStore({ 'a.webp': 1000 });
    const cached = cachedMediaStore(store, { maxBytes: 10_000 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => cached.get('a.webp')));
    expect(answers.every((answer) => answer?.bytes.length === 1000 && answer.contentType === 'image/webp')).toBe(true);
    expect(await cached.get('a.webp')).toEqual(answers[0]);
    expect(reads).toEqual(['a.webp']);
  });

  it('when more bytes are read than the bound, then it never holds more, and the coldest files go first', async () => {
    const sizes = Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`${index}.webp`, 300]));
    const { store, reads } = countingStore(sizes, { delayMs: 0 });
    const cached = cachedMediaStore(store, { maxBytes: 1000 });
    for (const name of Object.keys(sizes)) {
      await cached.get(name);
      // The first stays hot: asked for again after each other file.
      await cached.get('0.webp');
      expect(cached.heldBytes()).toBeLessThanOrEqual(1000);
    }
    expect(cached.heldBytes()).toBe(900);
    expect(reads, 'the hot file was read once').toEqual(Object.keys(sizes));
    reads.length = 0;
    for (const name of ['0.webp', '9.webp', '8.webp']) await cached.get(name);
    expect(reads, 'the hot file and the newest two are held').toEqual([]);
    await cached.get('1.webp');
    expect(reads, 'the cold one was let go').toEqual(['1.webp']);
  });

  it('when a file is larger than the bound, then it is served but not held', async () => {
    const { store, reads } = countingStore({ 'big.webp': 2000, 'small.webp': 100 });
    const cached = cachedMediaStore(store, { maxBytes: 1000 });
    await cached.get('small.webp');
    expect((await cached.get('big.webp'))?.bytes.length).toBe(2000);
    expect(cached.heldBytes()).toBe(100);
    await cached.get('big.webp');
    await cached.get('small.webp');
    expect(reads).toEqual(['small.webp', 'big.webp', 'big.webp']);
  });

  it('when a name has no file or its read fails, then nothing is held and the next ask reads again', async () => {
    const { store, reads } = countingStore({ 'flaky.webp': 10 }, { fail: new Set(['flaky.webp']) });
    const cached = cachedMediaStore(store, { maxBytes: 1000 });
    expect(await cached.get('missing.webp')).toBeUndefined();
    await expect(cached.get('flaky.webp')).rejects.toThrow('connection lost');
    expect(await cached.get('missing.webp')).toBeUndefined();
    await expect(cached.get('flaky.webp')).rejects.toThrow('connection lost');
    expect(reads).toEqual(['missing.webp', 'flaky.webp', 'missing.webp', 'flaky.webp']);
    expect(cached.heldBytes()).toBe(0);
  });

  it('when files are put, then they go to the store', async () => {
    const written: string[] = [];
    const cached = cachedMediaStore({
      put: async (files) => void written.push(...files.map(({ name }) => name)),
      get: () => Promise.resolve(undefined),
      removeUnused: () => Promise.resolve([]),
    });
    await put(cached, { name: 'new.webp' });
    expect(written).toEqual(['new.webp']);
  });
});
