import { sql } from 'drizzle-orm';
import { vehicleLabel, type BikeFromQuery } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { vehicles } from '../db/schema.js';
import { bikeNames, readBike, type BikeNames, type KnownBike, type ReadBike } from './bike-words.js';
import type { CatalogueCache } from './cache.js';
import type { CatalogueSearch } from './search.js';

/** Where the bikes come from: the database, or a test's list. */
export interface BikeSource {
  /** A value that changes whenever a bike is added or taken out (their count and a sum of their ids' hashes). */
  fingerprint(): Promise<string>;
  /** Every model year the catalogue knows (a few thousand at a distributor's size). */
  bikes(): Promise<Iterable<KnownBike>>;
}

export const bikesIn = (db: Database): BikeSource => ({
  async fingerprint() {
    const { rows } = (await db.execute(
      sql`select count(*)::text || ':' || coalesce(sum(hashtext(id::text)), 0)::text as fingerprint from vehicles`,
    )) as unknown as { rows: [{ fingerprint: string }] };
    return rows[0].fingerprint;
  },
  bikes: () =>
    db.select({ id: vehicles.id, make: vehicles.make, model: vehicles.model, year: vehicles.year }).from(vehicles),
});

/** The answer's account of the bike read. */
export function bikeFromQuery({ model, year, text }: ReadBike): BikeFromQuery {
  const chosen = year === undefined ? undefined : model.years.find((known) => known.year === year);
  return {
    make: model.make,
    model: model.model,
    ...(chosen && { year: chosen.year, vehicleId: chosen.vehicleId }),
    label: chosen ? vehicleLabel({ ...model, year: chosen.year }) : `${model.make} ${model.model}`,
    years: model.years.map(({ year: each, vehicleId }) => ({ year: each, vehicleId })),
    text,
  };
}

/**
 * A search whose words may name a bike (docs/decisions/0041): `cbr600rr front pads` is asked of
 * `inner` as `front pads` for the parts that fit a CBR600RR of any year (`vehicles`), or of the
 * year named (`vehicle`), and the answer says which bike it read (`bikeFromQuery`). A query with
 * its own `vehicle` (the rider's bike) or `readBike=false` is passed on as it is.
 *
 * The bikes' names are kept in memory. The first search after any write to the catalogue (the
 * cache's `onClear`: here or on another instance; a CSV import adds bikes) asks whether the bikes
 * changed (their fingerprint), and reads them again only if they did.
 */
export const withBikeFromQuery = (inner: CatalogueSearch, cache: Pick<CatalogueCache, 'onClear'>, db: Database) =>
  readingBikes(inner, cache, bikesIn(db));

/** withBikeFromQuery, with the bikes from `source`. */
export function readingBikes(
  inner: CatalogueSearch,
  cache: Pick<CatalogueCache, 'onClear'>,
  source: BikeSource,
): CatalogueSearch {
  let known: { fingerprint: string; names: BikeNames } | undefined;
  /** The names as they are since the last write; undefined: to be checked. */
  let current: Promise<BikeNames> | undefined;
  cache.onClear((kind) => {
    if (kind !== 'reviews') current = undefined;
  });
  const currentNames = () => {
    if (current) return current;
    const checking = (async () => {
      // Taken before the bikes are read: a bike added meanwhile is read at the next check.
      const fingerprint = await source.fingerprint();
      if (known?.fingerprint === fingerprint) return known.names;
      const names = bikeNames(await source.bikes());
      known = { fingerprint, names };
      return names;
    })();
    current = checking;
    // A failed read is tried again by the next search.
    checking.catch(() => {
      if (current === checking) current = undefined;
    });
    return checking;
  };

  const layer: CatalogueSearch = {
    partJson: async (id) => inner.partJson?.(id),
    async search(query) {
      if (query.vehicle !== undefined || !query.readBike || query.q === undefined) return inner.search(query);
      const read = readBike(query.q, await currentNames());
      if (!read) return inner.search(query);
      const bike = bikeFromQuery(read);
      const answer = await inner.search({
        ...query,
        q: read.text || undefined,
        ...(bike.vehicleId ? { vehicle: bike.vehicleId } : { vehicles: bike.years.map(({ vehicleId }) => vehicleId) }),
      });
      // A bike taken out of the catalogue since its names were read: the words as plain text.
      return answer ? Object.assign(answer, { bikeFromQuery: bike }) : inner.search(query);
    },
  };
  // Whatever else the inner search tells its callers (whether it answers from memory, routes.ts)
  // is its own, read when asked.
  Object.defineProperty(layer, 'answersFromMemory', {
    get: () => (inner as { answersFromMemory?: boolean }).answersFromMemory,
    enumerable: true,
  });
  return layer;
}
