import { and, eq, like } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { verifications } from '../db/schema.js';

/** How the identity library names a reset link's row in `verifications`: `reset-password:<token>`, its value the user's id. */
const RESET_LINK_PREFIX = 'reset-password:';

/**
 * Ends every reset link of an account still unused. Called once its password is set (by a reset or
 * a change): a link sent earlier, still in an inbox, must not set it again.
 */
export async function endResetLinks(db: Database, userId: string): Promise<void> {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, `${RESET_LINK_PREFIX}%`), eq(verifications.value, userId)));
}
