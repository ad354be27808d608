import { normalizePartNumber } from '../../contract/index.js';

/**
 * How the catalogue reads what a shopper types, the same for every way of searching it (the SQL
 * search, the index each process keeps): the words, each as the catalogue's lexemes and the
 * corrections of a misspelt one, and the whole query as a part number. What the catalogue knows
 * (its vocabulary, English stemming) comes from a `Lexicon`; the rules are here, once.
 */

/** How many words of a query count: a shopper types two or three. */
export const MAX_QUERY_WORDS = 8;
/** The shortest typed word that may be corrected, and the shortest word it may be corrected to. */
export const MIN_CORRECTED_WORD = 4;
export const MIN_CORRECTION = 5;
/** The closest corrections of one word that are tried. */
export const MAX_CORRECTIONS = 3;

/** A lexeme of the catalogue's text search, the start of lexemes when `prefix`. */
export interface Alternative {
  lexeme: string;
  prefix: boolean;
}

/** One word of the query: a part matches it when it has any of the alternatives. */
export interface Term {
  alternatives: Alternative[];
}

/** A query as the catalogue reads it: every term required; or the part number, when there is one. */
export interface ReadQuery {
  /** The words as typed (lowercased, each once): part of a cache key. */
  words: string[];
  terms: Term[];
  /** The whole query as a part number (`FA244HH`): a part whose number starts with it matches too. */
  partNumber: string | undefined;
}

/** What the catalogue knows that reading a query needs. */
export interface Lexicon {
  /** Each word's lexemes as the catalogue's text search makes them (English stemming); [] for a stop word. */
  lexemes(words: readonly string[]): Promise<Map<string, string[]>>;
  /** Which of these words are words of the catalogue (its vocabulary, `search_terms`). */
  known(words: readonly string[]): Promise<Set<string>>;
  /** Which of these words are the start of a word of the catalogue (or one itself). */
  startingSomeWord(words: readonly string[]): Promise<Set<string>>;
  /**
   * The lexemes the shop reads as the same as each of these (its synonym groups, stemmed: `disk`
   * gives disc and rotor), without the lexeme itself; a lexeme of no group is left out.
   */
  synonyms(lexemes: readonly string[]): Promise<Map<string, string[]>>;
}

/**
 * The words of a query as the search reads them: lowercased, split at anything that is not a letter
 * or a digit, each once. Only letters and digits reach a text-search query, so nothing a shopper
 * types can change its syntax.
 */
export function queryWords(q: string): string[] {
  const words = q
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0 && word.length <= 40);
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}

/** The query as a part number (`fa 244-hh` is `FA244HH`), when it could be one. */
export function queryPartNumber(q: string): string | undefined {
  const number = normalizePartNumber(q);
  return /^[A-Z0-9]{3,40}$/.test(number) ? number : undefined;
}

/** Letters a typo may have put in or taken the place of: ASCII's, digits, and the word's own. */
const TYPO_LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Every word one typo away from `word`: a letter missing, one too many, one wrong, or two neighbours
 * swapped (`brmebo` for `brembo`).
 */
export function oneTypoAway(word: string): Set<string> {
  // A word of the Basic Multilingual Plane (every word riders type) by its UTF-16 units, as strings:
  // the same words as by code points below, without the arrays and joins each variant costs there.
  return SURROGATE.test(word) ? oneTypoAwayByCodePoints(word) : oneTypoAwayByUnits(word);
}

/** oneTypoAway for any word, letter by code point (exported for the test that holds the two alike). */
export function oneTypoAwayByCodePoints(word: string): Set<string> {
  const letters = [...word];
  const alphabet = new Set([...TYPO_LETTERS, ...letters]);
  const away = new Set<string>();
  const join = (parts: string[]) => parts.join('');
  for (let at = 0; at <= letters.length; at += 1) {
    const before = letters.slice(0, at);
    const after = letters.slice(at);
    for (const letter of alphabet) away.add(join([...before, letter, ...after]));
    if (at === letters.length) continue;
    const rest = letters.slice(at + 1);
    away.add(join([...before, ...rest]));
    for (const letter of alphabet) away.add(join([...before, letter, ...rest]));
    const next = letters[at + 1];
    if (next !== undefined) away.add(join([...before, next, letters[at] as string, ...letters.slice(at + 2)]));
  }
  away.delete(word);
  return away;
}

function oneTypoAwayByUnits(word: string): Set<string> {
  const alphabet = new Set(TYPO_LETTERS + word);
  const away = new Set<string>();
  for (let at = 0; at <= word.length; at += 1) {
    const before = word.slice(0, at);
    const after = word.slice(at);
    for (const letter of alphabet) away.add(before + letter + after);
    if (at === word.length) continue;
    const rest = word.slice(at + 1);
    away.add(before + rest);
    for (const letter of alphabet) away.add(before + letter + rest);
    if (at + 1 < word.length) away.add(before + word.charAt(at + 1) + word.charAt(at) + word.slice(at + 2));
  }
  away.delete(word);
  return away;
}

/** The trigrams of a word as pg_trgm makes them: the word with two spaces before and one after. */
function trigrams(word: string): Set<string> {
  const letters = [...`  ${word} `];
  const grams = new Set<string>();
  for (let at = 0; at + 3 <= letters.length; at += 1) grams.add(letters.slice(at, at + 3).join(''));
  return grams;
}

/** How alike two words are: shared trigrams over all of theirs, as a fraction [shared, all]. */
function likeness(a: string, b: string): [number, number] {
  const ofA = trigrams(a);
  const ofB = trigrams(b);
  let shared = 0;
  for (const gram of ofA) if (ofB.has(gram)) shared += 1;
  return [shared, ofA.size + ofB.size - shared];
}

/** Surrogates: the only UTF-16 units whose order differs from their code points' (past U+FFFF). */
export const SURROGATE = /[\uD800-\uDFFF]/;

/** Compares by code points, as PostgreSQL's "C" collation does (UTF-16 order unless a surrogate is in either). */
export const byCodePoint = (a: string, b: string): number => {
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const left = [...a];
  const right = [...b];
  for (let at = 0; at < Math.min(left.length, right.length); at += 1) {
    const difference = (left[at]?.codePointAt(0) ?? 0) - (right[at]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
};

/**
 * The catalogue words a misspelt word may have meant, most alike first (then in code-point order):
 * words of at least MIN_CORRECTION letters one typo away, at most MAX_CORRECTIONS.
 */
export function closest(word: string, known: ReadonlySet<string>, candidates: Iterable<string>): string[] {
  const found = [...candidates].filter((candidate) => candidate.length >= MIN_CORRECTION && known.has(candidate));
  const scored = found.map((candidate) => ({ candidate, likeness: likeness(word, candidate) }));
  scored.sort((a, b) => {
    const [sharedA, allA] = a.likeness;
    const [sharedB, allB] = b.likeness;
    return sharedB * allA - sharedA * allB || byCodePoint(a.candidate, b.candidate);
  });
  return scored.slice(0, MAX_CORRECTIONS).map(({ candidate }) => candidate);
}

/**
 * Reads a query. Each word is required, as the start of the catalogue's lexemes (`calip` finds
 * calipers; a stop word drops out), or as any of its lexeme's synonyms (`disk`: disc, rotor). A word
 * of MIN_CORRECTED_WORD letters or more, without digits (numbers are matched as typed), that starts
 * no word of the catalogue may also be any of its closest corrections. A word that stems to several
 * lexemes requires each (or its synonyms). Synonyms and corrections are whole lexemes.
 */
export async function readQuery(q: string | undefined, lexicon: Lexicon): Promise<ReadQuery> {
  const words = q === undefined ? [] : queryWords(q);
  const partNumber = words.length > 0 && q !== undefined ? queryPartNumber(q) : undefined;
  if (words.length === 0) return { words, terms: [], partNumber };

  const correctable = words.filter((word) => word.length >= MIN_CORRECTED_WORD && !/\p{N}/u.test(word));
  const starting = correctable.length > 0 ? await lexicon.startingSomeWord(correctable) : new Set<string>();
  const misspelt = correctable.filter((word) => !starting.has(word));
  const candidates = new Map(misspelt.map((word) => [word, oneTypoAway(word)]));
  // Asked as they are (the words' typos seldom overlap, and the lexicon answers a set).
  const everyCandidate: string[] = [];
  for (const away of candidates.values()) {
    for (const candidate of away) if (candidate.length >= MIN_CORRECTION) everyCandidate.push(candidate);
  }
  const known = everyCandidate.length > 0 ? await lexicon.known(everyCandidate) : new Set<string>();
  const corrections = new Map([...candidates].map(([word, away]) => [word, closest(word, known, away)]));

  const lexemes = await lexicon.lexemes([...new Set([...words, ...[...corrections.values()].flat()])]);
  const typed = [...new Set(words.flatMap((word) => lexemes.get(word) ?? []))];
  const synonyms = typed.length > 0 ? await lexicon.synonyms(typed) : new Map<string, string[]>();
  const terms: Term[] = [];
  const add = (alternatives: Alternative[], lexeme: string) => {
    if (!alternatives.some((known) => known.lexeme === lexeme)) alternatives.push({ lexeme, prefix: false });
  };
  for (const word of words) {
    const own = lexemes.get(word) ?? [];
    const withSynonyms = (lexeme: string) => {
      const alternatives: Alternative[] = [{ lexeme, prefix: true }];
      for (const synonym of synonyms.get(lexeme) ?? []) add(alternatives, synonym);
      return alternatives;
    };
    if (own.length > 1) {
      terms.push(...own.map((lexeme) => ({ alternatives: withSynonyms(lexeme) })));
      continue;
    }
    const alternatives = own.flatMap(withSynonyms);
    for (const correction of corrections.get(word) ?? []) {
      for (const lexeme of lexemes.get(correction) ?? []) add(alternatives, lexeme);
    }
    if (alternatives.length > 0) terms.push({ alternatives });
  }
  return { words, terms, partNumber };
}
