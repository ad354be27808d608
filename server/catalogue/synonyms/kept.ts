import { CATALOGUE_MAX_AGE_MS, type CatalogueCache } from '../cache.js';
import { byCodePoint, type Lexicon } from '../query-reader.js';

/**
 * Each lexeme of a synonym group and the other lexemes of every group it is in, from the groups'
 * words and their stemming (`disks` and `disk` are one lexeme: a group of them adds nothing). A word
 * that stems to no lexeme or to several is left out: a lexeme is what a term's alternative can hold.
 */
export function synonymsByLexeme(
  groups: readonly (readonly string[])[],
  stems: ReadonlyMap<string, readonly string[]>,
): Map<string, string[]> {
  const found = new Map<string, Set<string>>();
  for (const words of groups) {
    const lexemes = new Set(
      words.flatMap((word) => {
        const own = stems.get(word) ?? [];
        return own.length === 1 ? own : [];
      }),
    );
    for (const lexeme of lexemes) {
      const others = found.get(lexeme) ?? new Set<string>();
      for (const other of lexemes) if (other !== lexeme) others.add(other);
      found.set(lexeme, others);
    }
  }
  return new Map(
    [...found]
      .filter(([, others]) => others.size > 0)
      .map(([lexeme, others]) => [lexeme, [...others].sort(byCodePoint)]),
  );
}

/**
 * The synonym groups as the query reader asks for them, kept in memory (a few hundred rows) and read
 * again after any write to the catalogue, here or on another instance (the catalogue cache's clears:
 * an admin's change to the groups announces one), and at least every CATALOGUE_MAX_AGE_MS, like the
 * cache's answers, for a change made outside the store.
 */
export function keptSynonyms({
  read,
  stem,
  cache,
  maxAgeMs = CATALOGUE_MAX_AGE_MS,
  now = Date.now,
}: {
  /** Every group's words. */
  read: () => Promise<string[][]>;
  stem: Lexicon['lexemes'];
  cache?: Pick<CatalogueCache, 'onClear'> | undefined;
  maxAgeMs?: number;
  now?: () => number;
}): Lexicon['synonyms'] {
  let kept: { at: number; byLexeme: Promise<Map<string, string[]>> } | undefined;
  cache?.onClear((kind) => {
    if (kind !== 'reviews') kept = undefined;
  });
  const load = async () => {
    const groups = await read();
    return synonymsByLexeme(groups, await stem([...new Set(groups.flat())]));
  };

  return async (lexemes) => {
    let current = kept;
    if (!current || now() - current.at >= maxAgeMs) {
      const loading = { at: now(), byLexeme: load() };
      kept = current = loading;
      // A failed read is tried again by the next search.
      loading.byLexeme.catch(() => {
        if (kept === loading) kept = undefined;
      });
    }
    const byLexeme = await current.byLexeme;
    return new Map(
      lexemes.flatMap((lexeme) => {
        const others = byLexeme.get(lexeme);
        return others ? [[lexeme, others] as const] : [];
      }),
    );
  };
}
