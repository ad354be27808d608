import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { asc, desc, eq } from 'drizzle-orm';
import type { Database, DatabaseKind } from '../db/client.js';
import { catalogueImportUndo, type ImportUndoChange } from '../db/schema.js';
import type { CatalogueCsvRepository } from './repository.js';

/** What one step of an import did, to be taken back if the import does not end. */
export interface StepUndo {
  /** False in one transaction: nothing to record, the transaction takes it all back. */
  readonly recording: boolean;
  addedParts: string[];
  addedVehicles: string[];
  changedParts: ImportUndoChange[];
}

/** Runs one step of an import's writes: its work, in a transaction, and what to take back. */
export type Step = (work: (tx: Database, undo: StepUndo) => Promise<void>) => Promise<void>;

/** How an import's writes reach the database. */
export interface ImportWriter {
  /**
   * Runs an import's writes, a step at a time, one import at a time. Either every step stays, or,
   * when one throws, none does: the error is thrown once the steps before it are taken back.
   */
  write(writes: (step: Step) => Promise<void>): Promise<void>;
  /** Takes back the steps of imports that never ended (the process stopped): before the store serves. */
  recover(): Promise<void>;
}

const recordNothing = (): StepUndo => ({ recording: false, addedParts: [], addedVehicles: [], changedParts: [] });

/**
 * PostgreSQL: the whole import is one transaction. Other connections go on reading the catalogue as
 * it was (their snapshots), and see it all at once when it commits.
 */
function oneTransaction(db: Database, repository: CatalogueCsvRepository): ImportWriter {
  return {
    write: (writes) =>
      db.transaction(async (tx) => {
        await repository.lockImports(tx);
        await writes(async (work) => {
          await nextTurn();
          await work(tx, recordNothing());
        });
      }),
    recover: async () => {},
  };
}

/**
 * The embedded database: each step is a short transaction of its own, which records what it did in
 * `catalogue_import_undo`. PGlite serves every request through one connection, so one transaction
 * the length of a large import (tens of seconds for 90,000 new parts) would stop the store; between
 * steps, other requests take their turn. Riders may see the parts of the steps done while the import
 * runs; if it fails part-way, the steps are taken back, the newest first (decision 0037).
 */
function inSteps(db: Database, repository: CatalogueCsvRepository): ImportWriter {
  /** One process serves the embedded database: imports take turns here. */
  let running: Promise<unknown> = Promise.resolve();

  async function undo(importId: string): Promise<void> {
    const steps = await db
      .select({ id: catalogueImportUndo.id })
      .from(catalogueImportUndo)
      .where(eq(catalogueImportUndo.importId, importId))
      .orderBy(desc(catalogueImportUndo.id));
    for (const { id } of steps) {
      await db.transaction(async (tx) => {
        const [step] = await tx.select().from(catalogueImportUndo).where(eq(catalogueImportUndo.id, id));
        if (!step) return;
        await repository.restoreParts(tx, step.changedParts);
        const refitted = step.changedParts.flatMap(({ before, vehicleIds }) =>
          vehicleIds === null ? [] : [{ productId: String(before.id), vehicleIds }],
        );
        await repository.removeFitment(
          tx,
          refitted.map(({ productId }) => productId),
        );
        await repository.addFitment(
          tx,
          refitted.flatMap(({ productId, vehicleIds }) => vehicleIds.map((vehicleId) => ({ productId, vehicleId }))),
        );
        await repository.deleteParts(tx, step.addedParts);
        await repository.deleteUnusedVehicles(tx, step.addedVehicles);
        await tx.delete(catalogueImportUndo).where(eq(catalogueImportUndo.id, id));
      });
    }
  }

  async function unfinished(): Promise<string[]> {
    const rows = await db
      .selectDistinct({ importId: catalogueImportUndo.importId })
      .from(catalogueImportUndo)
      .orderBy(asc(catalogueImportUndo.importId));
    return rows.map((row) => row.importId);
  }

  async function recover(): Promise<void> {
    for (const importId of await unfinished()) await undo(importId);
  }

  async function write(writes: (step: Step) => Promise<void>): Promise<void> {
    // An import whose undo failed earlier (the database went away) is taken back before the next.
    await recover();
    const importId = randomUUID();
    try {
      await writes(async (work) => {
        // The requests that came meanwhile go first (their queries queue for the one connection).
        await nextTurn();
        await db.transaction(async (tx) => {
          const done: StepUndo = { recording: true, addedParts: [], addedVehicles: [], changedParts: [] };
          await work(tx, done);
          if (done.addedParts.length + done.addedVehicles.length + done.changedParts.length === 0) return;
          await tx.insert(catalogueImportUndo).values({
            importId,
            addedParts: done.addedParts,
            addedVehicles: done.addedVehicles,
            changedParts: done.changedParts,
          });
        });
      });
      await db.delete(catalogueImportUndo).where(eq(catalogueImportUndo.importId, importId));
    } catch (error) {
      await undo(importId);
      throw error;
    }
  }

  return {
    write(writes) {
      const turn = running.then(() => write(writes));
      running = turn.catch(() => {});
      return turn;
    },
    recover: () => {
      const turn = running.then(recover);
      running = turn.catch(() => {});
      return turn;
    },
  };
}

/** One transaction on PostgreSQL; short steps that can be taken back on the embedded database. */
export function createImportWriter(kind: DatabaseKind, db: Database, repository: CatalogueCsvRepository): ImportWriter {
  return kind === 'postgres' ? oneTransaction(db, repository) : inSteps(db, repository);
}
