import { sql } from 'drizzle-orm';
import { MAX_SYNONYM_GROUPS, type SynonymGroup } from '../../../contract/index.js';
import type { Database } from '../../db/client.js';
import { byCodePoint } from '../query-reader.js';
import { arrayItem } from '../search.js';

export type AddResult = SynonymGroup | 'listed' | 'full';

interface GroupRow {
  id: string;
  words: string[];
}

const toGroup = ({ id, words }: GroupRow): SynonymGroup => ({ _id: id, words });

/** The synonym groups the shop keeps (table search_synonym_groups, migration 0020). */
export function createSynonymRepository(db: Database) {
  return {
    /** Every group, in the order of their words. */
    async list(): Promise<SynonymGroup[]> {
      const { rows } = (await db.execute(sql`
        select id, words from search_synonym_groups
        order by array_to_string(words, ' ') collate "C", id`)) as unknown as { rows: GroupRow[] };
      return rows.map(toGroup);
    },

    /**
     * Adds a group of words (kept sorted, so that a group is listed once), unless the same words are
     * a group already or the shop keeps MAX_SYNONYM_GROUPS: one statement, so that two admins at once
     * cannot pass the limit by much.
     */
    async add(words: readonly string[]): Promise<AddResult> {
      const sorted = `{${[...new Set(words)].sort(byCodePoint).map(arrayItem).join(',')}}`;
      const { rows } = (await db.execute(sql`
        insert into search_synonym_groups (words)
        select ${sorted}::text[]
        where (select count(*) from search_synonym_groups) < ${MAX_SYNONYM_GROUPS}
        on conflict (words) do nothing
        returning id, words`)) as unknown as { rows: GroupRow[] };
      const [added] = rows;
      if (added) return toGroup(added);
      const { rows: listed } = (await db.execute(sql`
        select 1 from search_synonym_groups where words = ${sorted}::text[]`)) as unknown as { rows: unknown[] };
      return listed.length > 0 ? 'listed' : 'full';
    },

    async remove(id: string): Promise<boolean> {
      const { rows } = (await db.execute(sql`
        delete from search_synonym_groups where id = ${id} returning id`)) as unknown as { rows: unknown[] };
      return rows.length === 1;
    },
  };
}

export type SynonymRepository = ReturnType<typeof createSynonymRepository>;
