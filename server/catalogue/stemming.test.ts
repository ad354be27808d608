import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as benchWords from '../../tools/bench/catalogue-vocabulary.js';
import { seedBikeModels, seedProducts } from '../db/sample-catalogue.js';
import { seedReviews } from '../db/seed-data.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { arrayItem, sqlLexicon } from './search.js';
import { ENGLISH_STOP_WORDS, inProcessLexemes, STEMMER_PROBES, stemmerAgrees, stemWord } from './stemming.js';

// The database is the oracle: PGlite (PostgreSQL 18) by default, PostgreSQL 15 with TEST_DATABASE_URL.
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

/** Each word's lexemes from the database, in one query, as the SQL search's lexicon asks for them. */
async function databaseLexemes(words: readonly string[]): Promise<Map<string, string[]>> {
  const { rows } = (await database.db.execute(sql`
    select word, array(select lexeme from unnest(to_tsvector('english', word)) order by lexeme) as lexemes
    from unnest(${`{${words.map(arrayItem).join(',')}}`}::text[]) as word`)) as unknown as {
    rows: Array<{ word: string; lexemes: string[] }>;
  };
  return new Map(rows.map(({ word, lexemes }) => [word, lexemes]));
}

/** The words `stemWord` answers and stems otherwise than the database (`theirs`), as `word: ours / theirs`. */
function disagreements(words: readonly string[], theirs: Map<string, string[]>): string[] {
  return words.flatMap((word) => {
    const ours = stemWord(word);
    return ours === undefined || ours.join(' ') === theirs.get(word)?.join(' ')
      ? []
      : [`${word}: ${ours.join(' ')} / ${theirs.get(word)?.join(' ')}`];
  });
}

/** Runs of ASCII letters in a text, lowercased. */
const lettersIn = (text: string) => text.toLowerCase().match(/[a-z]+/g) ?? [];

/** English suffixes, those Snowball's rules look for among them, to make words of real stems. */
const SUFFIXES = [
  ...['s', 'es', 'ies', 'ied', 'ed', 'edly', 'ing', 'ingly', 'ings', 'eed', 'er', 'ers', 'est', 'ly', 'y', 'e'],
  ...['ness', 'ful', 'fully', 'less', 'lessly', 'ation', 'ational', 'ations', 'tional', 'ator', 'able', 'ably'],
  ...['ible', 'ibility', 'ize', 'ized', 'izing', 'ization', 'ise', 'ised', 'ity', 'iveness', 'ment', 'ments'],
  ...['ement', 'ent', 'ently', 'ence', 'ance', 'ancy', 'ive', 'ively', 'ous', 'ously', 'ousness', 'al', 'ally'],
  ...['alism', 'ality', 'ical', 'ically', 'icate', 'icity', 'ism', 'ist', 'ists', 'ogist', 'ogy', 'ogical'],
];

/** Words Snowball's rules treat apart: its exceptions, its special beginnings, what its versions changed. */
const SPECIAL_WORDS = [
  ...['skis', 'skies', 'sky', 'dying', 'lying', 'tying', 'vying', 'hying', 'idly', 'gently', 'ugly', 'early'],
  ...['only', 'singly', 'news', 'howe', 'atlas', 'cosmos', 'bias', 'andes', 'inning', 'innings', 'outing'],
  ...['outings', 'canning', 'cannings', 'herring', 'herrings', 'earring', 'earrings', 'proceed', 'exceed'],
  ...['succeed', 'proceeds', 'exceeded', 'succeeding', 'general', 'generous', 'generic', 'communism'],
  ...['community', 'arsenic', 'arsenal', 'evening', 'evenings', 'geologist', 'geologists', 'paste', 'pasted'],
  ...['pasting', 'universe', 'universal', 'university', 'later', 'lateral', 'emerge', 'emergency', 'organ'],
  ...['organic', 'organize', 'organism', 'internal', 'international', 'interval', 'interfered', 'yes', 'yell'],
  ...['sayings', 'toying', 'eyed', 'yy', 'yyy', 'y', 'ya', 'ay', 'aye', 'bye', 'by', 'abc', 'xyz', 'bb', 'zz'],
];

/** The shop's own words: the sample catalogue, the bench's vocabulary, the reviews, the docs. */
function shopWords(): Set<string> {
  const docs = readdirSync(new URL('../../docs/', import.meta.url), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => readFileSync(new URL(`../../docs/${file}`, import.meta.url), 'utf8'));
  const text = [JSON.stringify([seedProducts, seedBikeModels, seedReviews, benchWords]), ...docs].join('\n');
  return new Set([...lettersIn(text), ...SPECIAL_WORDS, ...STEMMER_PROBES, ...ENGLISH_STOP_WORDS]);
}

/** Words and each of them (of 3 to 12 letters) with each suffix above: real stems, made-up derivatives. */
function withSuffixes(words: Set<string>): string[] {
  const derived = new Set(words);
  for (const base of words) {
    if (base.length >= 3 && base.length <= 12) for (const suffix of SUFFIXES) derived.add(base + suffix);
  }
  return [...derived];
}

describe('English stemming in the process', () => {
  it("has PostgreSQL's stop words: each gives no lexeme, here and in the database", async () => {
    expect(ENGLISH_STOP_WORDS.size).toBe(127);
    const theirs = await databaseLexemes([...ENGLISH_STOP_WORDS]);
    for (const word of ENGLISH_STOP_WORDS) {
      expect(stemWord(word), word).toEqual([]);
      expect(theirs.get(word), word).toEqual([]);
    }
  });

  it('stems the words of the shop, its docs and their derivatives as the database does', async () => {
    const vocabulary = shopWords();
    expect(vocabulary.size).toBeGreaterThan(3_500);
    const words = withSuffixes(vocabulary);
    const theirs = await databaseLexemes(words);
    expect(disagreements(words, theirs)).toEqual([]);
    // No word outside the stop list gives the database no lexeme: the list is complete for these.
    const empty = words.filter((word) => theirs.get(word)?.length === 0);
    expect(empty.filter((word) => !ENGLISH_STOP_WORDS.has(word))).toEqual([]);
    // All but a few (`added`, `offing`, made-up `apped`...) are answered here.
    expect(words.filter((word) => stemWord(word) === undefined).length).toBeLessThan(50);
  });

  it('stems made-up words as the database does', async () => {
    const pick = (letters: string) => fc.constantFrom(...letters);
    const vowel = pick('aeiouy');
    const consonant = pick('bcdfghjklmnpqrstvwxz');
    const syllable = fc.oneof(
      fc.tuple(consonant, vowel),
      fc.tuple(consonant, vowel, consonant),
      fc.tuple(vowel, consonant),
      fc.tuple(vowel, fc.constantFrom('bb', 'dd', 'ff', 'gg', 'll', 'mm', 'nn', 'pp', 'rr', 'ss', 'tt', 'zz')),
      fc.tuple(consonant, vowel, vowel, consonant),
    );
    const prefix = fc.constantFrom('', '', '', 'un', 're', 'dis', 'gener', 'commun', 'arsen', 'past', 'organ', 'y');
    const made = fc
      .tuple(
        prefix,
        fc.array(syllable, { minLength: 1, maxLength: 3 }),
        fc.array(fc.constantFrom(...SUFFIXES), { maxLength: 2 }),
      )
      .map(
        ([start, syllables, suffixes]) =>
          start + syllables.map((letters) => letters.join('')).join('') + suffixes.join(''),
      );
    const anyLetters = fc.string({ unit: pick('abcdefghijklmnopqrstuvwxyz'), minLength: 1, maxLength: 14 });
    const word = fc.oneof(made, made, anyLetters).filter((letters) => letters.length <= 14);
    let answered = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(word, { minLength: 200, maxLength: 200 }), async (words) => {
        answered += words.filter((one) => stemWord(one) !== undefined).length;
        expect(disagreements(words, await databaseLexemes(words))).toEqual([]);
      }),
      { numRuns: 250 },
    );
    expect(answered).toBeGreaterThan(49_000);
  });

  it('leaves to the database the words it does not answer', () => {
    for (const word of ['', 'a1', '600rr', '2019', 'Pads', 'PADS', 'café', 'é', 'straße', 'pads ', 'brake-pad']) {
      expect(stemWord(word), word).toBeUndefined();
    }
    expect(stemWord('a'.repeat(40))).toEqual(['a'.repeat(40)]);
    expect(stemWord('a'.repeat(41))).toBeUndefined();
    // The words PostgreSQL 15 and 18 stem differently (`ad` and `add`).
    for (const word of ['added', 'adding', 'addings', 'ebbed', 'erred', 'erring', 'offing', 'eggedly', 'ammingly']) {
      expect(stemWord(word), word).toBeUndefined();
    }
    expect(stemWord('padded')).toEqual(['pad']);
  });

  it('asks the lexicon only for the words it does not answer, and not at all when it answers them all', async () => {
    const inner = { lexemes: vi.fn(async (words: readonly string[]) => new Map(words.map((word) => [word, ['?']]))) };
    const lexemes = inProcessLexemes(inner);

    expect(await lexemes(['sintered', 'brake', 'pads', 'for', 'the'])).toEqual(
      new Map([
        ['sintered', ['sinter']],
        ['brake', ['brake']],
        ['pads', ['pad']],
        ['for', []],
        ['the', []],
      ]),
    );
    expect(inner.lexemes).not.toHaveBeenCalled();

    const answer = await lexemes(['r6', 'pads', 'café', 'added', 'r6']);
    expect(inner.lexemes).toHaveBeenCalledTimes(1);
    expect(inner.lexemes).toHaveBeenCalledWith(['r6', 'café', 'added']);
    expect([...answer]).toEqual([
      ['r6', ['?']],
      ['pads', ['pad']],
      ['café', ['?']],
      ['added', ['?']],
    ]);
  });

  it('the database stems the probe words as it does, and a database that stems them otherwise is told', async () => {
    expect(STEMMER_PROBES.every((word) => stemWord(word) !== undefined)).toBe(true);
    expect(await stemmerAgrees({ lexemes: databaseLexemes })).toBe(true);
    // Snowball 3's stems (PostgreSQL 19).
    const snowball3 = async (words: readonly string[]) =>
      new Map(words.map((word) => [word, word === 'geologist' ? ['geolog'] : (stemWord(word) ?? [])]));
    expect(await stemmerAgrees({ lexemes: snowball3 })).toBe(false);
  });

  it("when the store's lexicon stems words, then the database is asked the probe words once and plain words never", async () => {
    const [first, second] = [
      ['brmebo', 'pads'],
      ['zzyzxing', 'calipers', 'the'],
    ];
    const expected = await databaseLexemes([...first, ...second]);
    const as = (words: string[]) => new Map(words.map((word) => [word, expected.get(word)]));
    const execute = vi.spyOn(database.db, 'execute');
    try {
      const lexicon = sqlLexicon(database.db);
      expect(await lexicon.lexemes(first)).toEqual(as(first));
      expect(execute).toHaveBeenCalledTimes(1);
      expect(await lexicon.lexemes(second)).toEqual(as(second));
      expect(execute).toHaveBeenCalledTimes(1);
      // A word the stemmer leaves to the database is asked of it.
      expect((await lexicon.lexemes(['600rr'])).get('600rr')).toEqual(['600rr']);
      expect(execute).toHaveBeenCalledTimes(2);
    } finally {
      execute.mockRestore();
    }
  });
});
