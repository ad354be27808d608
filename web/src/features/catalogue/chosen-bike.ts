import { useSyncExternalStore } from 'react';

/**
 * The bike a shopper chose, kept in the browser (localStorage) for visitors and customers alike, so
 * that it survives reloads and shows in every tab. `joinGarage`: chosen while signed out, so it joins
 * the garage at the next sign-in (useBikeJoinsGarage).
 */
export interface ChosenBike {
  /** The vehicle's id. */
  _id: string;
  /** `2019 Honda CBR600RR` */
  label: string;
  joinGarage?: boolean;
}

const KEY = 'chosenBike';
const listeners = new Set<() => void>();
let lastRaw: string | null = null;
let lastBike: ChosenBike | null = null;
/** Where the choice lives while the browser refuses storage: until the page closes. */
let unstored: string | null = null;

function storedRaw(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return unstored;
  }
}

function parse(raw: string | null): ChosenBike | null {
  try {
    const value: unknown = raw === null ? null : JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { _id, label, joinGarage } = value as Record<string, unknown>;
    return typeof _id === 'string' && typeof label === 'string'
      ? { _id, label, joinGarage: joinGarage === true }
      : null;
  } catch {
    return null;
  }
}

/** The same object while the stored text is the same, as useSyncExternalStore needs. */
export function readChosenBike(): ChosenBike | null {
  const raw = storedRaw();
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastBike = parse(raw);
  }
  return lastBike;
}

export function chooseBike(bike: ChosenBike | null) {
  unstored = bike && JSON.stringify(bike);
  try {
    if (unstored === null) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, unstored);
  } catch {
    // storage turned off: `unstored` keeps it
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab chose a bike.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export const useChosenBike = () => useSyncExternalStore(subscribe, readChosenBike);
