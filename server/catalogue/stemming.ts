import { stem } from 'porter2';
import type { Lexicon } from './query-reader.js';

/**
 * English stemming in the process, the same as the database's (`to_tsvector('english', word)`), so
 * that a typed word costs no query: on PGlite every query runs on the store's only thread, and each
 * new word a rider types (every typo) would be one. PostgreSQL's `english` configuration reads a word
 * of ASCII letters as one `asciiword` token, drops it when it is one of its stop words (checked before
 * stemming) and otherwise stems it with Snowball's English (porter2) stemmer; `porter2` is a port of
 * that stemmer. The tests hold both equal, word for word, on PostgreSQL 15 and on PGlite.
 *
 * The two databases the store runs on do not stem quite alike. PostgreSQL 15 carries Snowball 2.2
 * (as `porter2` does); PostgreSQL 18 (PGlite 0.5) a later Snowball that no longer undoubles the
 * consonant of a three-letter stem (`added`: `ad` on 15, `add` on 18; `offing`, `ebbing`, `erred`),
 * all that changed for English between them (checked on 42,000 words of Snowball's vocabulary and
 * 400,000 made-up ones). Those words (`UNDOUBLED`) are left to the database, which knows its own
 * answer. Snowball 3 (PostgreSQL 19) changes more (`geologist`, `universal`, `organic`, `paste`,
 * `evening`, `vying`...): a database that carries it stems `STEMMER_PROBES` otherwise, which
 * `stemmerAgrees` tells at the cost of one query.
 */

/** PostgreSQL's English stop words (tsearch_data/english.stop, in its order): no lexeme at all. */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  ...['i', 'me', 'my', 'myself', 'we', 'our', 'ours', 'ourselves', 'you', 'your', 'yours', 'yourself'],
  ...['yourselves', 'he', 'him', 'his', 'himself', 'she', 'her', 'hers', 'herself', 'it', 'its', 'itself'],
  ...['they', 'them', 'their', 'theirs', 'themselves', 'what', 'which', 'who', 'whom', 'this', 'that'],
  ...['these', 'those', 'am', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'have', 'has', 'had'],
  ...['having', 'do', 'does', 'did', 'doing', 'a', 'an', 'the', 'and', 'but', 'if', 'or', 'because', 'as'],
  ...['until', 'while', 'of', 'at', 'by', 'for', 'with', 'about', 'against', 'between', 'into', 'through'],
  ...['during', 'before', 'after', 'above', 'below', 'to', 'from', 'up', 'down', 'in', 'out', 'on', 'off'],
  ...['over', 'under', 'again', 'further', 'then', 'once', 'here', 'there', 'when', 'where', 'why', 'how'],
  ...['all', 'any', 'both', 'each', 'few', 'more', 'most', 'other', 'some', 'such', 'no', 'nor', 'not'],
  ...['only', 'own', 'same', 'so', 'than', 'too', 'very', 's', 't', 'can', 'will', 'just', 'don', 'should'],
  'now',
]);

/** The words answered here: ASCII lowercase letters, as long as a query word may be (queryWords). */
const ANSWERED = /^[a-z]{1,40}$/;

/**
 * The words PostgreSQL 15 and 18 stem differently: a, e or o and a doubled consonant, then -ed,
 * -edly, -ing or -ingly (and a plural -s, removed first). Snowball 2.2 undoubles (`added`: `ad`), the
 * later one does not (`add`).
 */
const UNDOUBLED = /^[aeo](?:bb|dd|ff|gg|mm|nn|pp|rr|tt)(?:ed|edly|ing|ingly)s?$/;

/**
 * A word's lexemes as `to_tsvector('english', word)` gives them: [] for a stop word, else its stem;
 * undefined for a word this does not answer (anything but ASCII lowercase letters, longer than 40
 * letters, or one of the few the databases disagree on): the database is asked for those.
 */
export function stemWord(word: string): string[] | undefined {
  if (!ANSWERED.test(word) || UNDOUBLED.test(word)) return undefined;
  return ENGLISH_STOP_WORDS.has(word) ? [] : [stem(word)];
}

/**
 * A lexicon's `lexemes` that answers from memory every word `stemWord` knows and asks `inner` only
 * for the rest, in one call, and not at all when it knows them all.
 */
export function inProcessLexemes(
  inner: Pick<Lexicon, 'lexemes'>,
): (words: readonly string[]) => Promise<Map<string, string[]>> {
  return async (words) => {
    const stemmed = words.map((word) => [word, stemWord(word)] as const);
    const asked = [...new Set(stemmed.filter(([, lexemes]) => !lexemes).map(([word]) => word))];
    const answers = asked.length > 0 ? await inner.lexemes(asked) : undefined;
    return new Map(stemmed.map(([word, lexemes]) => [word, lexemes ?? answers?.get(word) ?? []]));
  };
}

/**
 * Words whose stems Snowball 3 changed (`geologist`: `geologist`, then `geolog`), all answered by
 * `stemWord` as PostgreSQL 15 to 18 stem them: a database that stems any of them otherwise carries
 * a Snowball this module does not follow.
 */
export const STEMMER_PROBES: readonly string[] = [
  'geologist',
  'paste',
  'universal',
  'university',
  'organic',
  'lateral',
  'emergency',
  'evening',
  'vying',
  'internal',
  'interval',
  'interfered',
];

/** Whether `inner` (the database) stems as `stemWord` does: one call, for `STEMMER_PROBES`. */
export async function stemmerAgrees(inner: Pick<Lexicon, 'lexemes'>): Promise<boolean> {
  const answers = await inner.lexemes(STEMMER_PROBES);
  return STEMMER_PROBES.every((word) => answers.get(word)?.join(' ') === stemWord(word)?.join(' '));
}
