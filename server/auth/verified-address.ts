import { and, eq, not, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';

/**
 * Marks an account's address verified when something other than the verification link proved it
 * (a password reset: its link came through the mailbox). Answers whether it was not verified before.
 */
export async function markAddressVerified(db: Database, userId: string): Promise<boolean> {
  const changed = await db
    .update(users)
    .set({ emailVerified: true, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), not(users.emailVerified)))
    .returning({ id: users.id });
  return changed.length > 0;
}
