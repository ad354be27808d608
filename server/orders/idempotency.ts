import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_HOURS } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';

/** How often a process clears keys past their hours, at most. */
const SWEEP_EVERY_MS = 60_000;

/** What claiming a key found. */
export type KeyClaim =
  /** The key is new (or its 24 hours are over): the caller makes the order and completes the key. */
  | { kind: 'new' }
  /** The key made an order already: answer it again, make nothing. */
  | { kind: 'replay'; orderId: string }
  /** The key was used for another request. */
  | { kind: 'mismatch' };

/** The request a key stands for: the route and its body, as a hash. */
export const fingerprintOf = (route: string, body: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify([route, body]))
    .digest('base64url');

/**
 * `Idempotency-Key`s of order requests, kept in the database so that every instance sees them. A key
 * is claimed and completed inside the order's own transaction: the row commits with the order or
 * not at all. A second request with the same key waits on the first one's row (the insert conflicts
 * with it) and then finds its order; if the first one failed, its row never existed and the second
 * one makes the order.
 */
export function createIdempotencyKeys(db: Database) {
  let lastSweep = 0;

  /** Clears keys past their hours; at most once a minute a process, outside any order's transaction. */
  function sweep() {
    const now = Date.now();
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    db.delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`))
      .then(
        () => undefined,
        // Tried again a minute later; a stale key is only a few bytes meanwhile.
        () => undefined,
      );
  }

  return {
    async claim(tx: Database, userId: string, key: string, fingerprint: string): Promise<KeyClaim> {
      sweep();
      // A live key stays as it is (no row back); an expired one starts again as new.
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, fingerprint })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: { fingerprint, orderId: null, createdAt: sql`now()` },
          setWhere: lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`),
        })
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 1) return { kind: 'new' };
      const [existing] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!existing) throw new Error('an idempotency key conflicted and then was not there');
      if (existing.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (!existing.orderId) throw new Error('a committed idempotency key has no order');
      return { kind: 'replay', orderId: existing.orderId };
    },

    /** Ties the claimed key to the order it made, in the same transaction. */
    async complete(tx: Database, userId: string, key: string, orderId: string): Promise<void> {
      await tx
        .update(idempotencyKeys)
        .set({ orderId })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },
  };
}

export type IdempotencyKeys = ReturnType<typeof createIdempotencyKeys>;
