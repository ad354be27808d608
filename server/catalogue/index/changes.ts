import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { CatalogueChanges } from './catalogue-index.js';
import { loadParts } from './load.js';

/** How long the change log keeps a row (migration 0019): an index older than this is built again. */
export const CHANGES_KEPT_MS = 60 * 60 * 1000;

/**
 * Where a reader of the change log is (decision 0039): the oldest transaction that was still running
 * when it last read (`xmin`: every row it has not seen has an xid at least that), and the rows it
 * has applied since then, which it skips when it reads them again.
 */
export interface ChangeCursor {
  xmin: bigint;
  applied: Map<number, bigint>;
  /** The newest change applied: the catalogue version an answer is made from. */
  version: number;
}

interface ChangeRow {
  id: number;
  xid: bigint;
  productId: string | null;
  vehicleId: string | null;
}

/** The oldest transaction running now: where a reader that reads the catalogue next starts. */
export async function startCursor(db: Database): Promise<ChangeCursor> {
  const { rows } = (await db.execute(sql`
    select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
      (select coalesce(max(id), 0) from catalogue_changes) as version`)) as unknown as {
    rows: Array<{ xmin: string; version: number | string }>;
  };
  const row = rows[0];
  if (!row) throw new Error('no snapshot');
  return { xmin: BigInt(row.xmin), applied: new Map(), version: Number(row.version) };
}

/**
 * The change log's rows the cursor has not applied, and the cursor moved past them. Read in one
 * statement with the snapshot's xmin, so that a transaction still running now, whose rows are not
 * visible yet, has an xid at least the new xmin and is read next time, however late it commits.
 */
async function readLog(db: Database, cursor: ChangeCursor): Promise<{ rows: ChangeRow[]; next: ChangeCursor }> {
  const { rows } = (await db.execute(sql`
    select pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
      coalesce((
        select json_agg(json_build_array(id, xid::text, product_id, vehicle_id) order by id)
        from catalogue_changes where xid >= ${cursor.xmin.toString()}::xid8
      ), '[]'::json) as changes`)) as unknown as {
    rows: Array<{ xmin: string; changes: Array<[number, string, string | null, string | null]> | string }>;
  };
  const row = rows[0];
  if (!row) throw new Error('no snapshot');
  const listed = typeof row.changes === 'string' ? (JSON.parse(row.changes) as typeof row.changes) : row.changes;
  const xmin = BigInt(row.xmin);
  const fresh: ChangeRow[] = [];
  const applied = new Map<number, bigint>();
  let version = cursor.version;
  for (const [id, xid, productId, vehicleId] of listed as Array<[number, string, string | null, string | null]>) {
    const change = { id: Number(id), xid: BigInt(xid), productId, vehicleId };
    if (!cursor.applied.has(change.id)) fresh.push(change);
    // Rows of a transaction older than the new xmin cannot be read again: no need to remember them.
    if (change.xid >= xmin) applied.set(change.id, change.xid);
    version = Math.max(version, change.id);
  }
  return { rows: fresh, next: { xmin, applied, version } };
}

/**
 * What changed in the catalogue since the cursor: the changed parts and bikes as they are now, and
 * where to read from next time. Reading a part twice does no harm (it is read as it is now), so the
 * parts may be newer than the log's rows; never older.
 */
export async function readChanges(
  db: Database,
  cursor: ChangeCursor,
): Promise<{ changes: CatalogueChanges; next: ChangeCursor; count: number }> {
  const { rows, next } = await readLog(db, cursor);
  const productIds = [...new Set(rows.flatMap(({ productId }) => (productId ? [productId] : [])))];
  const vehicleIds = [...new Set(rows.flatMap(({ vehicleId }) => (vehicleId ? [vehicleId] : [])))];
  const { parts, words } = await loadParts(db, productIds);
  const vehicles = new Map<string, boolean>(vehicleIds.map((id) => [id, false]));
  if (vehicleIds.length > 0) {
    const { rows: existing } = (await db.execute(sql`
      select id::text as id from vehicles where id = any(${`{${vehicleIds.join(',')}}`}::uuid[])`)) as unknown as {
      rows: Array<{ id: string }>;
    };
    for (const { id } of existing) vehicles.set(id, true);
  }
  return { changes: { parts, vehicles, words }, next, count: rows.length };
}

/** Forgets the changes older than CHANGES_KEPT_MS (any instance may; one statement). */
export async function pruneChanges(db: Database): Promise<void> {
  await db.execute(
    sql`delete from catalogue_changes where created_at < now() - make_interval(secs => ${CHANGES_KEPT_MS / 1000})`,
  );
}
