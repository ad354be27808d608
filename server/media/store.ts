import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { mediaFiles } from '../db/schema.js';

/** One file served under `/media/`: one size and format of one upload. */
export interface MediaFile {
  /** The name under `/media/` (`mediaFileName`). */
  name: string;
  uploadId: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/**
 * Where uploaded photos live, shared by every instance of the store. The database keeps them by
 * default; an object store (S3 and the like) can take over behind the same two calls (decision 0026).
 */
export interface MediaStore {
  /** Keeps every file of one upload, all or none: a failed upload leaves nothing behind. */
  put(files: readonly MediaFile[]): Promise<void>;
  /** One file by its name, or undefined when there is none. */
  get(name: string): Promise<Pick<MediaFile, 'contentType' | 'bytes'> | undefined>;
}

/** Photos in the `media_files` table. */
export function createDatabaseMediaStore(db: Database): MediaStore {
  return {
    async put(files) {
      // One statement for all the files: PostgreSQL writes them in one transaction, or none of them.
      await db.insert(mediaFiles).values([...files]);
    },

    async get(name) {
      const [file] = await db
        .select({ contentType: mediaFiles.contentType, bytes: mediaFiles.bytes })
        .from(mediaFiles)
        .where(eq(mediaFiles.name, name));
      return file;
    },
  };
}
