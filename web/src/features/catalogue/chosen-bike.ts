import { storedValue } from '../../lib/stored-value';

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

/** A stored bike as it was written; anything else reads as none. */
function parseBike(value: unknown): ChosenBike | null {
  if (typeof value !== 'object' || value === null) return null;
  const { _id, label, joinGarage } = value as Record<string, unknown>;
  return typeof _id === 'string' && typeof label === 'string' ? { _id, label, joinGarage: joinGarage === true } : null;
}

const chosen = storedValue<ChosenBike | null>('chosenBike', parseBike, null);

export const readChosenBike = chosen.read;
export const chooseBike = (bike: ChosenBike | null) => chosen.write(bike);
export const useChosenBike = chosen.use;
