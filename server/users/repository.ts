import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { normalizeEmail, type Role, type User } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { sessions, users } from '../db/schema.js';

type UserRow = typeof users.$inferSelect;

export const toUser = (row: UserRow): User => ({
  _id: row.id,
  email: row.email,
  role: row.role,
  name: row.name,
  photoURL: row.image,
});

const byEmail = (email: string) => eq(users.email, normalizeEmail(email));

export function createUserRepository(db: Database) {
  return {
    async findById(id: string): Promise<User | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row && toUser(row);
    },

    /** The user of a sign-in session that has not ended (not signed out, revoked or expired). */
    async findBySession(userId: string, sessionId: string): Promise<User | undefined> {
      const [row] = await db
        .select({ user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)));
      return row && toUser(row.user);
    },

    async findByEmail(email: string): Promise<User | undefined> {
      const [row] = await db.select().from(users).where(byEmail(email));
      return row && toUser(row);
    },

    async list(): Promise<User[]> {
      return (await db.select().from(users).orderBy(asc(users.createdAt), asc(users.email))).map(toUser);
    },

    /** Sets the role; answers how many rows changed (0 when it already had it or no such user). */
    async setRole(email: string, role: Role): Promise<number> {
      const changed = await db
        .update(users)
        .set({ role, updatedAt: sql`now()` })
        .where(sql`${byEmail(email)} and ${users.role} <> ${role}`)
        .returning({ id: users.id });
      return changed.length;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
