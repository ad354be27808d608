import {
  CATALOGUE_CSV_COLUMNS,
  toCents,
  type CatalogueImportResult,
  type FieldError,
  type Product,
} from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { AppError } from '../http/errors.js';
import { MAX_LISTED_PROBLEMS, type CsvFile } from './csv-body.js';
import { readRow, type Bike, type CataloguePart, type ReadLine } from './format.js';
import type { CatalogueCsvRepository, StoredPart, StoredVehicle } from './repository.js';

const columnIndex = (field: string) => (CATALOGUE_CSV_COLUMNS as readonly string[]).indexOf(field);

/** The refusal of a file with problems: they are listed by line and column (the first MAX_LISTED_PROBLEMS). */
function invalidFile(problems: FieldError[], count: number) {
  const listed = problems
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || columnIndex(a.field) - columnIndex(b.field))
    .slice(0, MAX_LISTED_PROBLEMS);
  const message =
    count > listed.length
      ? `The file has ${count.toLocaleString('en-US')} errors (the first ${listed.length.toLocaleString('en-US')} are listed); nothing was imported`
      : undefined;
  return new AppError('catalogueCsvInvalid', { ...(message && { message }), errors: listed });
}

/** A file's problems as they are found, counted, the first MAX_LISTED_PROBLEMS kept. */
class Problems {
  readonly listed: FieldError[] = [];
  count = 0;

  constructor(file: CsvFile) {
    this.listed.push(...file.problems);
    this.count = file.problemCount;
  }

  report(problem: FieldError) {
    this.count += 1;
    if (this.listed.length < MAX_LISTED_PROBLEMS) this.listed.push(problem);
  }
}

/** A line's stock below its minimum order, to be forgiven if the store already has these numbers. */
interface StockBelowMinimum {
  line: number;
  sku: string;
  stockRule: NonNullable<ReadLine['stockRule']>;
}

/**
 * Every line's part, checked by Add Product's rules, and every problem (all are listed, not just the
 * first). A sku may appear once in a file, ignoring case as the catalogue compares skus.
 */
export function readLines(file: CsvFile) {
  const problems = new Problems(file);
  const parts: CataloguePart[] = [];
  const belowMinimum: StockBelowMinimum[] = [];
  const lineOfSku = new Map<string, number>();
  for (const { line, row } of file.lines) {
    const read = readRow(row);
    for (const error of read.errors) problems.report({ line, ...error });
    if (read.stockRule) belowMinimum.push({ line, sku: row.sku.trim(), stockRule: read.stockRule });
    if (!read.part) continue;
    const { sku } = read.part;
    const first = lineOfSku.get(sku.toLowerCase());
    if (first !== undefined)
      problems.report({ line, field: 'sku', message: `The sku ${sku} is on line ${first} already` });
    else lineOfSku.set(sku.toLowerCase(), line);
    parts.push(read.part);
  }
  return { parts, problems, belowMinimum };
}

/**
 * Add Product's stock rule is forgiven where the line says again what the store has: a part sold
 * out, or sold down below its minimum, exports so and must import again.
 */
function checkStock(belowMinimum: readonly StockBelowMinimum[], stored: Map<string, StoredPart>, problems: Problems) {
  for (const { line, sku, stockRule } of belowMinimum) {
    const part = stored.get(sku.toLowerCase())?.product;
    const asStored =
      part?.availableQantity === stockRule.availableQantity && part.minimumOderQantity === stockRule.minimumOderQantity;
    if (!asStored) for (const error of stockRule.errors) problems.report({ line, ...error });
  }
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** Whether the stored part already has every field of the line (specs in any order). */
function sameFields(stored: Product, part: CataloguePart): boolean {
  const storedSpecs = Object.entries(stored.specs);
  return (
    stored.sku === part.sku &&
    stored.name === part.name &&
    stored.brand === part.brand &&
    stored.category === part.category &&
    toCents(stored.price) === toCents(part.price) &&
    stored.availableQantity === part.availableQantity &&
    stored.minimumOderQantity === part.minimumOderQantity &&
    stored.description === part.description &&
    stored.picture === part.picture &&
    stored.universal === part.universal &&
    sameList(stored.oemNumbers, part.oemNumbers) &&
    storedSpecs.length === Object.keys(part.specs).length &&
    storedSpecs.every(([name, value]) => Object.hasOwn(part.specs, name) && part.specs[name] === value)
  );
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((id) => b.has(id));

const bikeKey = ({ make, model, year }: Bike) => JSON.stringify([make, model, year]);

/**
 * The vehicles of the file's bikes, added when missing. A bike the catalogue has under these exact
 * names is that one; otherwise its make and model take the catalogue's spelling when they differ
 * only in case (`HONDA` is the catalogue's `Honda`), so that the bike picker never shows a make twice.
 */
async function resolveBikes(tx: Database, repository: CatalogueCsvRepository, parts: readonly CataloguePart[]) {
  const ids = new Map<string, string>();
  const makes = new Map<string, string>();
  const models = new Map<string, string>();
  const modelKey = (make: string, model: string) => JSON.stringify([make.toLowerCase(), model.toLowerCase()]);
  const learn = (vehicle: StoredVehicle) => {
    ids.set(bikeKey(vehicle), vehicle.id);
    if (!makes.has(vehicle.make.toLowerCase())) makes.set(vehicle.make.toLowerCase(), vehicle.make);
    if (!models.has(modelKey(vehicle.make, vehicle.model)))
      models.set(modelKey(vehicle.make, vehicle.model), vehicle.model);
  };
  (await repository.vehicles(tx)).forEach(learn);

  const spelt = new Map<string, Bike>();
  const spelling = (bike: Bike): Bike => {
    if (ids.has(bikeKey(bike))) return bike;
    const make = makes.get(bike.make.toLowerCase()) ?? bike.make;
    makes.set(bike.make.toLowerCase(), make);
    const model = models.get(modelKey(bike.make, bike.model)) ?? bike.model;
    models.set(modelKey(bike.make, bike.model), model);
    return { make, model, year: bike.year };
  };
  for (const bike of parts.flatMap((part) => part.bikes)) spelt.set(bikeKey(bike), spelling(bike));
  const missing = new Map(
    [...spelt.values()].filter((bike) => !ids.has(bikeKey(bike))).map((bike) => [bikeKey(bike), bike]),
  );
  (await repository.addVehicles(tx, [...missing.values()])).forEach(learn);

  return (part: CataloguePart) =>
    new Set(
      part.bikes.map((bike) => {
        const id = ids.get(bikeKey(spelt.get(bikeKey(bike)) ?? bike));
        if (!id) throw new Error(`no vehicle was stored for ${bike.year} ${bike.make} ${bike.model}`);
        return id;
      }),
    );
}

/**
 * Imports a catalogue file, all or nothing: every line is checked first; then, in one transaction
 * (one import at a time), a line whose sku is new adds a part, a line whose part differs from the
 * stored one (its fields or the bikes it fits) replaces them, and a line that changes nothing writes
 * nothing, so that an export imported again answers `{ created: 0, updated: 0 }` and leaves every
 * row as it was.
 */
export function createCatalogueImport({ db, repository }: { db: Database; repository: CatalogueCsvRepository }) {
  return async function importCatalogue(file: CsvFile): Promise<CatalogueImportResult> {
    const { parts, problems, belowMinimum } = readLines(file);
    // Lines below their minimum are looked up before the problems are told: they may be forgiven.
    if (problems.count > 0 && belowMinimum.length === 0) throw invalidFile(problems.listed, problems.count);
    if (parts.length === 0 && problems.count === 0) return { created: 0, updated: 0 };
    return db.transaction(async (tx) => {
      await repository.lockImports(tx);
      const skus = [...parts.map((part) => part.sku), ...belowMinimum.map((line) => line.sku)];
      const stored = await repository.partsBySku(tx, skus);
      checkStock(belowMinimum, stored, problems);
      if (problems.count > 0) throw invalidFile(problems.listed, problems.count);
      const fitOf = await resolveBikes(tx, repository, parts);

      const added: CataloguePart[] = [];
      const changed: Array<{ id: string; part: CataloguePart }> = [];
      const refitted: Array<{ productId: string; vehicleIds: Set<string> }> = [];
      let updated = 0;
      for (const part of parts) {
        const existing = stored.get(part.sku.toLowerCase());
        if (!existing) {
          added.push(part);
          continue;
        }
        const vehicleIds = fitOf(part);
        const fieldsChanged = !sameFields(existing.product, part);
        const fitChanged = !sameSet(existing.vehicleIds, vehicleIds);
        if (fieldsChanged) changed.push({ id: existing.id, part });
        if (fitChanged) refitted.push({ productId: existing.id, vehicleIds });
        if (fieldsChanged || fitChanged) updated += 1;
      }

      const addedIds = await repository.insertParts(tx, added);
      await repository.updateParts(tx, changed);
      await repository.removeFitment(
        tx,
        refitted.map((part) => part.productId),
      );
      const fitment = [
        ...refitted,
        ...added.map((part) => ({ productId: addedIds.get(part.sku.toLowerCase()) ?? '', vehicleIds: fitOf(part) })),
      ].flatMap(({ productId, vehicleIds }) => [...vehicleIds].map((vehicleId) => ({ productId, vehicleId })));
      await repository.addFitment(tx, fitment);
      return { created: added.length, updated };
    });
  };
}

export type ImportCatalogue = ReturnType<typeof createCatalogueImport>;
