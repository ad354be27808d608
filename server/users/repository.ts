import { and, asc, count, desc, eq, gt, or, sql } from 'drizzle-orm';
import { type AdminUsersResponse, normalizeEmail, type Role, type User } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { contains } from '../db/contains.js';
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

    /** `GET /api/user`: `limit` accounts oldest first, from the `page`th such read on. */
    async list({ limit, page }: { limit: number; page: number }): Promise<User[]> {
      const rows = await db
        .select()
        .from(users)
        .orderBy(asc(users.createdAt), asc(users.email))
        .limit(limit)
        .offset((page - 1) * limit);
      return rows.map(toUser);
    },

    /** One page of Make Admin, newest first: the accounts whose e-mail or name contains `q` (trimmed; empty: all). */
    async page({ q, page, pageSize }: { q: string; page: number; pageSize: number }): Promise<AdminUsersResponse> {
      const byText = q === '' ? undefined : or(contains(users.email, q), contains(users.name, q));
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(byText)
          .orderBy(desc(users.createdAt), desc(users.email))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ all: count() }).from(users).where(byText),
      ]);
      return { items: rows.map(toUser), total: counted?.all ?? 0, page, pageSize };
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
