import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { appMeta } from '../db/schema.js';

const SECRET_KEY = 'auth_secret';

/**
 * AUTH_SECRET when set; otherwise one generated on the first start and kept in the database, so a
 * new install needs no setup and every instance on one PostgreSQL shares it.
 */
export async function resolveAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appMeta)
    .values({ key: SECRET_KEY, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, SECRET_KEY));
  if (!row) throw new Error('could not store the generated auth secret');
  return row.value;
}
