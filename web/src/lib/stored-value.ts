import { useSyncExternalStore } from 'react';

/**
 * A value kept in the browser (localStorage, as JSON) under `key`, the same in every tab: `read` it,
 * `write` it (null forgets it), or `use` it in a component, which draws again when it changes here
 * or in another tab. What `parse` does not recognise (edited by hand, an older shape) reads as
 * `empty`. While the browser refuses storage, the value lives until the page closes.
 *
 * Plain TypeScript: the navbar reads such values on every page.
 */
export function storedValue<T>(key: string, parse: (value: unknown) => T, empty: T) {
  const listeners = new Set<() => void>();
  let lastRaw: string | null = null;
  let last = empty;
  let unstored: string | null = null;

  const storedRaw = () => {
    try {
      return localStorage.getItem(key);
    } catch {
      return unstored;
    }
  };

  /** The same value while the stored text is the same, as useSyncExternalStore needs. */
  function read(): T {
    const raw = storedRaw();
    if (raw !== lastRaw) {
      lastRaw = raw;
      try {
        last = raw === null ? empty : parse(JSON.parse(raw));
      } catch {
        last = empty;
      }
    }
    return last;
  }

  function write(value: T | null) {
    unstored = value === null ? null : JSON.stringify(value);
    try {
      if (unstored === null) localStorage.removeItem(key);
      else localStorage.setItem(key, unstored);
    } catch {
      // storage turned off: `unstored` keeps it
    }
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    // Another tab changed it.
    window.addEventListener('storage', listener);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', listener);
    };
  }

  return { read, write, use: () => useSyncExternalStore(subscribe, read) };
}
