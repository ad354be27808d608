import type { MediaFile, MediaStore } from './store.js';

/**
 * What the hot photos may hold in memory by default: about a thousand files of a usual upload
 * (520 KB for its eight files), enough for every card and part page a busy shop shows at once.
 */
export const MEDIA_CACHE_BYTES = 64 * 1024 * 1024;

type MediaContent = Pick<MediaFile, 'contentType' | 'bytes'>;

export interface CachedMediaStore extends MediaStore {
  /** The bytes of the files held now (tests, diagnostics): never over the bound. */
  heldBytes(): number;
}

/**
 * The store with its most recently asked-for files in memory, at most `maxBytes` of them, the least
 * recently asked-for going first. A file's name never names other bytes (decision 0026), so what is
 * held is never stale; concurrent asks for a file that is not held wait for one read of the store.
 */
export function cachedMediaStore(store: MediaStore, { maxBytes = MEDIA_CACHE_BYTES } = {}): CachedMediaStore {
  // A Map iterates in insertion order: a file asked for again is moved to the end, so the first is the coldest.
  const held = new Map<string, MediaContent>();
  const reading = new Map<string, Promise<MediaContent | undefined>>();
  let heldBytes = 0;

  const forget = (name: string) => {
    const file = held.get(name);
    if (!file) return;
    held.delete(name);
    heldBytes -= file.bytes.length;
  };

  const keep = (name: string, file: MediaContent) => {
    if (file.bytes.length > maxBytes) return;
    forget(name);
    for (const coldest of held.keys()) {
      if (heldBytes + file.bytes.length <= maxBytes) break;
      forget(coldest);
    }
    // A copy of its own: a driver's buffer may be a view into a larger one, which would stay alive.
    held.set(name, { contentType: file.contentType, bytes: Buffer.from(file.bytes) });
    heldBytes += file.bytes.length;
  };

  return {
    put: (files) => store.put(files),

    async get(name) {
      const file = held.get(name);
      if (file) {
        held.delete(name);
        held.set(name, file);
        return file;
      }
      let pending = reading.get(name);
      if (!pending) {
        pending = store
          .get(name)
          .then((read) => {
            if (read) keep(name, read);
            return read;
          })
          .finally(() => reading.delete(name));
        reading.set(name, pending);
      }
      return pending;
    },

    async removeUnused(uploadedBefore) {
      const removed = await store.removeUnused(uploadedBefore);
      // This instance stops serving them at once; another one may, from its memory, until they cool.
      for (const name of removed) forget(name);
      return removed;
    },

    heldBytes: () => heldBytes,
  };
}
