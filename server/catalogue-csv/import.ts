import { toCents, type CatalogueImportResult, type Product } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { isUniqueViolation } from '../db/errors.js';
import { AppError } from '../http/errors.js';
import { bikesOf } from './bikes.js';
import { invalidFile, type CatalogueFile, type FileLine } from './file.js';
import type { CataloguePart } from './format.js';
import type { CatalogueCsvRepository, LockedPart } from './repository.js';
import { stockAfter, stockChange, stockProblems } from './stock.js';
import { turns } from './turns.js';
import type { ImportWriter } from './writer.js';

const SKU_INDEX = 'products_sku_unique';

/**
 * Parts a step of the writes holds at most, and fitment rows: on the embedded database one step is
 * one transaction, and the requests waiting meanwhile wait for it (some tens of milliseconds).
 */
const STEP_PARTS = 50;
const STEP_FITMENT_ROWS = 1000;

/** The items in steps of at most STEP_PARTS, and STEP_FITMENT_ROWS but for an item that has more alone. */
function* steps<T>(items: readonly T[], fitmentRows: (item: T) => number): Generator<T[]> {
  let batch: T[] = [];
  let rows = 0;
  for (const item of items) {
    const weight = fitmentRows(item);
    if (batch.length > 0 && (batch.length >= STEP_PARTS || rows + weight > STEP_FITMENT_ROWS)) {
      yield batch;
      batch = [];
      rows = 0;
    }
    batch.push(item);
    rows += weight;
  }
  if (batch.length > 0) yield batch;
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

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string> | undefined) =>
  b !== undefined && a.size === b.size && [...a].every((id) => b.has(id));

/** What an import writes: the parts it adds, and the stored ones whose fields, stock or bikes change. */
interface Plan {
  added: FileLine[];
  changed: Array<{ entry: FileLine; id: string }>;
}

/**
 * Imports a catalogue file, all or nothing: every line is checked first; the stored parts of the
 * file's skus are read and compared (outside any transaction, a batch at a time); then, through the
 * writer (one import at a time: one transaction on PostgreSQL, short steps taken back on failure on
 * the embedded database), the bikes missing are added, the parts to change are locked, their stock
 * worked out from what they have now, and only what differs is written: a line that changes nothing
 * writes nothing, so that an export imported again answers `{ created: 0, updated: 0 }` and leaves
 * every row as it was. The new parts come last.
 */
export function createCatalogueImport({
  db,
  repository,
  writer,
}: {
  db: Database;
  repository: CatalogueCsvRepository;
  writer: ImportWriter;
}) {
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

    const changed = [...plan.changed].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const fitmentOf = (productId: string, part: CataloguePart) =>
      [...(bikes.fitOf(part) ?? [])].map((vehicleId) => ({ productId, vehicleId }));
    try {
      await writer.write(async (step) => {
        await step(async (tx, undo) => {
          undo.addedVehicles.push(...(await bikes.addMissing(tx)));
        });
        // The stored parts, locked in the order of their ids; once a line is refused, the rest are
        // only checked, so that the answer lists every refused line.
        for (const batch of steps(changed, ({ id, entry }) =>
          refitted.has(id) ? (entry.read.part?.bikes.length ?? 0) : 0,
        )) {
          await step(async (tx, undo) => {
            const now = await repository.lockParts(
              tx,
              batch.map(({ id }) => id),
            );
            const rows: Array<{ id: string; part: CataloguePart }> = [];
            for (const { entry, id } of batch) {
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
            if (problems.count > 0) return;
            const refit = rows.filter(({ id }) => refitted.has(id));
            if (undo.recording) {
              const fittedBefore = await repository.fitmentOf(
                tx,
                refit.map(({ id }) => id),
              );
              undo.changedParts = rows.map(({ id, part }) => {
                const { before, availableQantity } = now.get(id) as LockedPart;
                const vehicleIds = refitted.has(id) ? (fittedBefore.get(id) ?? []) : null;
                return { before, stockChange: part.availableQantity - availableQantity, vehicleIds };
              });
            }
            await repository.updateParts(tx, rows);
            await repository.removeFitment(
              tx,
              refit.map(({ id }) => id),
            );
            await repository.addFitment(
              tx,
              refit.flatMap(({ id, part }) => fitmentOf(id, part)),
            );
          });
        }
        if (problems.count > 0) throw invalidFile(file);

        for (const batch of steps(plan.added, (entry) => entry.read.part?.bikes.length ?? 0)) {
          await step(async (tx, undo) => {
            const parts = batch.map((entry) => entry.read.part as CataloguePart);
            const ids = await repository.insertParts(tx, parts);
            undo.addedParts.push(...ids.values());
            await repository.addFitment(
              tx,
              parts.flatMap((part) => fitmentOf(ids.get(part.sku.toLowerCase()) ?? '', part)),
            );
          });
        }
      });
    } catch (error) {
      if (isUniqueViolation(error, SKU_INDEX)) await skuTakenMeanwhile(plan.added, error);
      throw error;
    }
    return { created: plan.added.length, updated: plan.changed.length };
  };
}

export type ImportCatalogue = ReturnType<typeof createCatalogueImport>;
