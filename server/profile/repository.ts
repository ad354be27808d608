import { eq, sql } from 'drizzle-orm';
import type { ProfileInfo } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { profiles } from '../db/schema.js';

export function createProfileRepository(db: Database) {
  return {
    async find(userId: string): Promise<ProfileInfo | null> {
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
      return row
        ? { education: row.education, location: row.location, phoneNumber: row.phoneNumber, linkedIn: row.linkedIn }
        : null;
    },

    /** One row per user: the first save creates it, later ones replace it. */
    async save(userId: string, info: ProfileInfo): Promise<ProfileInfo> {
      await db
        .insert(profiles)
        .values({ userId, ...info })
        .onConflictDoUpdate({ target: profiles.userId, set: { ...info, updatedAt: sql`now()` } });
      return info;
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
