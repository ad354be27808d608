import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { normalizeEmail } from '../../contract/index.js';
import { ConfigError } from '../config.js';
import type { Database } from '../db/client.js';
import { accounts, users } from '../db/schema.js';

/** The display name of an admin account the store creates itself. */
export const CONFIGURED_ADMIN_NAME = 'Store Admin';
/** better-auth's provider id for e-mail and password accounts. */
const PASSWORD_PROVIDER = 'credential';

/**
 * Admins by configuration (`ADMIN_EMAILS`). Listing an address is not enough: whoever registers it
 * first must not become admin, so the address must be verified (the store's own account, made at
 * start, a Google account whose address Google verified, or an address verified by e-mail).
 */
export function configuredAdmins(emails: readonly string[]) {
  const listed = new Set(emails.map(normalizeEmail));
  return {
    isAdmin: (user: { email: string; emailVerified: boolean }) =>
      user.emailVerified && listed.has(normalizeEmail(user.email)),
  };
}

export type ConfiguredAdmins = ReturnType<typeof configuredAdmins>;

/**
 * Creates, at start, the account of every configured admin address that has none yet: verified,
 * admin, with `ADMIN_PASSWORD` (hashed by the identity library's own hasher). Nobody can then
 * register the owner's address before the owner. Instances starting together race harmlessly: the
 * e-mail is unique, and the loser's insert does nothing. Answers the addresses it created.
 */
export async function createConfiguredAdminAccounts({
  db,
  emails,
  password,
  hashPassword,
}: {
  db: Database;
  emails: readonly string[];
  password: string | undefined;
  hashPassword: (password: string) => Promise<string>;
}): Promise<string[]> {
  if (emails.length === 0) return [];
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(inArray(users.email, [...emails]));
  const missing = emails.filter((email) => !existing.some((row) => row.email === email));
  if (missing.length === 0) return [];
  if (!password) {
    throw new ConfigError([
      `ADMIN_PASSWORD: required while ADMIN_EMAILS names an address with no account yet (${missing.join(', ')}); ` +
        'the store creates that account at start with this password, so that nobody else can register it first',
    ]);
  }
  const hash = await hashPassword(password);
  const created: string[] = [];
  for (const email of missing) {
    const made = await db.transaction(async (tx) => {
      const id = randomUUID();
      const [user] = await tx
        .insert(users)
        .values({ id, email, name: CONFIGURED_ADMIN_NAME, emailVerified: true, role: 'admin' })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (!user) return false; // another instance made it first
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: user.id,
        providerId: PASSWORD_PROVIDER,
        userId: user.id,
        password: hash,
      });
      return true;
    });
    if (made) created.push(email);
  }
  return created;
}
