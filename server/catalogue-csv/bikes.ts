import type { Database } from '../db/client.js';
import type { Bike, CataloguePart } from './format.js';
import type { CatalogueCsvRepository } from './repository.js';
import { turns } from './turns.js';

const bikeKey = ({ make, model, year }: Bike) => `${make}\u0000${model}\u0000${year}`;
const modelKey = (make: string, model: string) => `${make.toLowerCase()}\u0000${model.toLowerCase()}`;

/**
 * The catalogue's bikes as the file names them. A bike the catalogue has under these exact names is
 * that one; otherwise its make and model take the catalogue's spelling when they differ only in case
 * (`HONDA` is the catalogue's `Honda`), so that the bike picker never shows a make twice. Bikes the
 * catalogue lacks are added in the import's transaction (`addMissing`).
 */
export async function bikesOf(db: Database, repository: CatalogueCsvRepository, parts: readonly CataloguePart[]) {
  const ids = new Map<string, string>();
  const makes = new Map<string, string>();
  const models = new Map<string, string>();
  const learn = (vehicle: Bike & { id: string }) => {
    ids.set(bikeKey(vehicle), vehicle.id);
    if (!makes.has(vehicle.make.toLowerCase())) makes.set(vehicle.make.toLowerCase(), vehicle.make);
    const key = modelKey(vehicle.make, vehicle.model);
    if (!models.has(key)) models.set(key, vehicle.model);
  };
  (await repository.vehicles(db)).forEach(learn);

  const spelt = new Map<string, Bike>();
  const pause = turns();
  const spelling = (bike: Bike): Bike => {
    if (ids.has(bikeKey(bike))) return bike;
    const make = makes.get(bike.make.toLowerCase()) ?? bike.make;
    makes.set(bike.make.toLowerCase(), make);
    const model = models.get(modelKey(bike.make, bike.model)) ?? bike.model;
    models.set(modelKey(bike.make, bike.model), model);
    return { make, model, year: bike.year };
  };
  for (const part of parts) {
    for (const bike of part.bikes) {
      const key = bikeKey(bike);
      if (!spelt.has(key)) spelt.set(key, spelling(bike));
    }
    await pause();
  }
  const idOf = (bike: Bike) => ids.get(bikeKey(spelt.get(bikeKey(bike)) ?? bike));
  return {
    /** The vehicles a part fits, or undefined while one of its bikes is not stored yet. */
    fitOf(part: CataloguePart): Set<string> | undefined {
      const fit = new Set<string>();
      for (const bike of part.bikes) {
        const id = idOf(bike);
        if (id === undefined) return undefined;
        fit.add(id);
      }
      return fit;
    },
    /** Adds the bikes no vehicle stands for yet, in the caller's transaction; answers their ids. */
    async addMissing(tx: Database): Promise<string[]> {
      const missing = new Map(
        [...spelt.values()].filter((bike) => !ids.has(bikeKey(bike))).map((b) => [bikeKey(b), b]),
      );
      const added = await repository.addVehicles(tx, [...missing.values()]);
      added.forEach(learn);
      return added.map((vehicle) => vehicle.id);
    },
  };
}
