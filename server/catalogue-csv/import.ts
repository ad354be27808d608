import type { Readable } from 'node:stream';
import {
  CATALOGUE_CSV_EXPORT_COLUMNS,
  toCents,
  type CatalogueImportResult,
  type Product,
} from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { AppError } from '../http/errors.js';
import { MAX_LISTED_PROBLEMS, readCsvFile, type CsvFile, type LineReader } from './csv-body.js';
import { readRow, type Bike, type CataloguePart, type CellError, type CsvRow, type ReadLine } from './format.js';
import type { ImportLimits } from './limits.js';
import type { CatalogueCsvRepository, LockedStock } from './repository.js';
import { turns } from './turns.js';

/** A line of parts as read: its number, its cells (kept to read it again with another stock), what it says. */
interface FileLine {
  line: number;
  row: CsvRow;
  read: ReadLine;
}

/** A catalogue file as read from the request: its lines of parts and the problems found meanwhile. */
export interface CatalogueFile extends CsvFile {
  lines: readonly FileLine[];
}

const SKU_INDEX = 'products_sku_unique';

const columnIndex = (field: string) => (CATALOGUE_CSV_EXPORT_COLUMNS as readonly string[]).indexOf(field);
const count = (n: number) => n.toLocaleString('en-US');

/** The refusal of a file with problems: they are listed by line and column (the first MAX_LISTED_PROBLEMS). */
function invalidFile({ problems, stoppedAt }: CsvFile) {
  const listed = [...problems.listed]
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || columnIndex(a.field) - columnIndex(b.field))
    .slice(0, MAX_LISTED_PROBLEMS);
  const message =
    stoppedAt !== undefined
      ? `The file has more than ${count(MAX_LISTED_PROBLEMS)} errors: it was read up to line ${count(stoppedAt)} and the first ${count(listed.length)} are listed; nothing was imported`
      : problems.count > listed.length
        ? `The file has ${count(problems.count)} errors (the first ${count(listed.length)} are listed); nothing was imported`
        : undefined;
  return new AppError('catalogueCsvInvalid', { ...(message && { message }), errors: listed });
}

/**
 * Reads each line as it arrives: Add Product's rules (every problem is listed, not just the first),
 * and a sku once a file, ignoring case as the catalogue compares skus. Answers the fitment rows a
 * line names, which the reader counts against the file's limit.
 */
function lineReader(lines: FileLine[]): LineReader {
  const lineOfSku = new Map<string, number>();
  return (line, row, problems) => {
    const read = readRow(row);
    for (const error of read.errors) problems.report({ line, ...error });
    if (read.part) {
      const { sku } = read.part;
      const first = lineOfSku.get(sku.toLowerCase());
      if (first !== undefined)
        problems.report({ line, field: 'sku', message: `The sku ${sku} is on line ${first} already` });
      else lineOfSku.set(sku.toLowerCase(), line);
    }
    if (read.part || read.stockRule) lines.push({ line, row, read });
    return read.part?.bikes.length ?? 0;
  };
}

/** Reads a catalogue file from the request's body, within `limits` (docs/decisions/0034). */
export async function readCatalogueFile(
  payload: Readable,
  options: { limits: ImportLimits; contentLength?: number },
): Promise<CatalogueFile> {
  const lines: FileLine[] = [];
  const file = await readCsvFile(payload, { ...options, onLine: lineReader(lines) });
  return { ...file, lines };
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** Whether the stored part already has every field of the line but its stock (specs in any order). */
function sameFields(stored: Product, part: CataloguePart): boolean {
  const storedSpecs = Object.entries(stored.specs);
  return (
    stored.sku === part.sku &&
    stored.name === part.name &&
    stored.brand === part.brand &&
    stored.category === part.category &&
    toCents(stored.price) === toCents(part.price) &&
    stored.minimumOderQantity === part.minimumOderQantity &&
    stored.description === part.description &&
    stored.picture === part.picture &&
    stored.universal === part.universal &&
    sameList(stored.oemNumbers, part.oemNumbers) &&
    storedSpecs.length === Object.keys(part.specs).length &&
    storedSpecs.every(([name, value]) => Object.hasOwn(part.specs, name) && part.specs[name] === value)
  );
}

/**
 * The stock change a line makes to a stored part (docs/decisions/0034): with `exportedStock`, its
 * stock column minus the stock as exported, so that orders since the export stand; without it, the
 * stock column is the stock (undefined: set it).
 */
const stockChange = ({ read }: FileLine): number | undefined =>
  read.part && read.exportedStock !== undefined ? read.part.availableQantity - read.exportedStock : undefined;

/** Whether a line's stock rule is forgiven: it says again what the store has (a part sold out or down). */
const asStored = (rule: NonNullable<ReadLine['stockRule']>, stock: LockedStock | undefined) =>
  stock?.availableQantity === rule.availableQantity && stock.minimumOderQantity === rule.minimumOderQantity;

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * The stock a line leaves its stored part with, from the part's stock now (locked), and the line's
 * stock problems. A change is checked on the part as it will be: the line is read again with that
 * stock, so that Add Product's rules and messages stay the only ones; the stock rule is forgiven
 * where the part keeps the stock and minimum it has now.
 */
function stockAfter(entry: FileLine, now: LockedStock): { stock: number; errors: CellError[] } {
  const part = entry.read.part as CataloguePart;
  const change = stockChange(entry);
  const stock = change === undefined ? part.availableQantity : now.availableQantity + change;
  const read =
    stock === part.availableQantity ? entry.read : readRow({ ...entry.row, availableQantity: String(stock) });
  const rule = read.stockRule;
  const errors = [...(read === entry.read ? [] : read.errors), ...(rule && !asStored(rule, now) ? rule.errors : [])];
  if (stock < 0 || (errors.length > 0 && stock !== part.availableQantity)) {
    const why = `the stock was ${count(entry.read.exportedStock ?? 0)} when the file was exported and is ${count(now.availableQantity)} now, ${signed(change ?? 0)} by this line would make it ${count(stock)}`;
    if (stock < 0) return { stock, errors: [{ field: 'availableQantity', message: `Not enough stock: ${why}` }] };
    return { stock, errors: errors.map((error) => ({ ...error, message: `${error.message} (${why})` })) };
  }
  return { stock, errors };
}

/**
 * A line's stock problems against the stored part as it was read: a new part is held to Add
 * Product's stock rule; a stored part to the rule on the stock the line leaves it with. (The
 * import's transaction checks again on the locked part.)
 */
function stockProblems(entry: FileLine, stored: Product | undefined): CellError[] {
  const now = stored && { availableQantity: stored.availableQantity, minimumOderQantity: stored.minimumOderQantity };
  const rule = entry.read.stockRule;
  if (!entry.read.part || !now) return rule && !asStored(rule, now) ? rule.errors : [];
  return stockAfter(entry, now).errors;
}

const bikeKey = ({ make, model, year }: Bike) => `${make}\u0000${model}\u0000${year}`;
const modelKey = (make: string, model: string) => `${make.toLowerCase()}\u0000${model.toLowerCase()}`;

/**
 * The catalogue's bikes as the file names them. A bike the catalogue has under these exact names is
 * that one; otherwise its make and model take the catalogue's spelling when they differ only in case
 * (`HONDA` is the catalogue's `Honda`), so that the bike picker never shows a make twice. Bikes the
 * catalogue lacks are added in the import's transaction (`addMissing`).
 */
async function bikesOf(db: Database, repository: CatalogueCsvRepository, parts: readonly CataloguePart[]) {
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
    /** Adds the bikes no vehicle stands for yet, in the caller's transaction. */
    async addMissing(tx: Database) {
      const missing = new Map(
        [...spelt.values()].filter((bike) => !ids.has(bikeKey(bike))).map((b) => [bikeKey(b), b]),
      );
      (await repository.addVehicles(tx, [...missing.values()])).forEach(learn);
    },
  };
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string> | undefined) =>
  b !== undefined && a.size === b.size && [...a].every((id) => b.has(id));

/** What an import writes: the parts it adds, and the stored ones whose fields, stock or bikes change. */
interface Plan {
  added: FileLine[];
  changed: Array<{ entry: FileLine; id: string }>;
}

/**
 * Imports a catalogue file, all or nothing: every line is checked first; the stored parts of the
 * file's skus are read and compared (outside any transaction, a batch at a time); then, in one
 * transaction (one import at a time), the parts to change are locked, their stock worked out from
 * what they have now, and only what differs is written: a line that changes nothing writes nothing,
 * so that an export imported again answers `{ created: 0, updated: 0 }` and leaves every row as it was.
 */
export function createCatalogueImport({ db, repository }: { db: Database; repository: CatalogueCsvRepository }) {
  /** A sku another writer added between the read and the write (Add Product): 409, naming it. */
  async function skuTakenMeanwhile(added: readonly FileLine[], error: unknown): Promise<never> {
    const skuOf = (entry: FileLine) => (entry.read.part as CataloguePart).sku;
    const taken = await repository.takenSkus(db, added.map(skuOf));
    const lines = added.filter((entry) => taken.has(skuOf(entry).toLowerCase()));
    const first = lines[0];
    if (!first) throw error;
    const message = (sku: string) =>
      `The sku ${sku} was added to the catalogue while this file was being imported; nothing was imported. Import the file again to update that part`;
    throw new AppError('skuTaken', {
      message: message(skuOf(first)),
      errors: lines.map((entry) => ({ line: entry.line, field: 'sku', message: message(skuOf(entry)) })),
    });
  }

  return async function importCatalogue(file: CatalogueFile): Promise<CatalogueImportResult> {
    const { lines, problems } = file;
    // A line's stock is checked against the store's (it may say again what the store has, or change
    // it): the store is read before the problems are told.
    const stockMatters = lines.some((entry) => entry.read.stockRule || entry.read.exportedStock !== undefined);
    if (problems.count > 0 && !stockMatters) throw invalidFile(file);
    if (lines.length === 0 && problems.count === 0) return { created: 0, updated: 0 };
    const skuOf = (entry: FileLine) => entry.read.part?.sku ?? entry.row.sku.trim();
    const stored = await repository.partsBySku(db, lines.map(skuOf));
    const storedOf = (entry: FileLine) => stored.get(skuOf(entry).toLowerCase());
    const pause = turns();
    for (const entry of lines) {
      for (const error of stockProblems(entry, storedOf(entry)?.product))
        problems.report({ line: entry.line, ...error });
      await pause();
    }
    if (problems.count > 0) throw invalidFile(file);

    const parts = lines.map((entry) => entry.read.part as CataloguePart);
    const bikes = await bikesOf(db, repository, parts);
    const plan: Plan = { added: [], changed: [] };
    const refitted = new Map<string, FileLine>();
    for (const entry of lines) {
      const part = entry.read.part as CataloguePart;
      const existing = storedOf(entry);
      if (!existing) plan.added.push(entry);
      else {
        const change = stockChange(entry);
        const stockChanges =
          change === undefined ? part.availableQantity !== existing.product.availableQantity : change !== 0;
        const fitChanges = !sameSet(existing.vehicleIds, bikes.fitOf(part));
        if (fitChanges) refitted.set(existing.id, entry);
        if (fitChanges || stockChanges || !sameFields(existing.product, part))
          plan.changed.push({ entry, id: existing.id });
      }
      await pause();
    }
    if (plan.added.length === 0 && plan.changed.length === 0) return { created: 0, updated: 0 };

    try {
      await db.transaction(async (tx) => {
        await repository.lockImports(tx);
        const now = await repository.lockStock(
          tx,
          plan.changed.map(({ id }) => id),
        );
        const rows: Array<{ id: string; part: CataloguePart }> = [];
        for (const { entry, id } of plan.changed) {
          const stock = now.get(id);
          if (!stock) {
            const message = 'This part was deleted while the file was being imported: import the file again';
            problems.report({ line: entry.line, field: 'sku', message });
            continue;
          }
          const after = stockAfter(entry, stock);
          for (const error of after.errors) problems.report({ line: entry.line, ...error });
          rows.push({ id, part: { ...(entry.read.part as CataloguePart), availableQantity: after.stock } });
        }
        if (problems.count > 0) throw invalidFile(file);

        await bikes.addMissing(tx);
        const addedParts = plan.added.map((entry) => entry.read.part as CataloguePart);
        const addedIds = await repository.insertParts(tx, addedParts);
        await repository.updateParts(tx, rows);
        await repository.removeFitment(tx, [...refitted.keys()]);
        const fitment = [
          ...[...refitted].map(([productId, entry]) => ({ productId, part: entry.read.part as CataloguePart })),
          ...addedParts.map((part) => ({ productId: addedIds.get(part.sku.toLowerCase()) ?? '', part })),
        ].flatMap(({ productId, part }) =>
          [...(bikes.fitOf(part) ?? [])].map((vehicleId) => ({ productId, vehicleId })),
        );
        await repository.addFitment(tx, fitment);
      });
    } catch (error) {
      if (isUniqueViolation(error, SKU_INDEX)) await skuTakenMeanwhile(plan.added, error);
      throw error;
    }
    return { created: plan.added.length, updated: plan.changed.length };
  };
}

export type ImportCatalogue = ReturnType<typeof createCatalogueImport>;
