import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closest, oneTypoAway, oneTypoAwayByCodePoints, readQuery, type Lexicon } from './query-reader.js';

/**
 * A catalogue of a few words, stemmed by a table, with synonym groups of lexemes: what a Lexicon
 * answers, without a database.
 */
function lexiconOf(
  vocabulary: string[],
  stems: Record<string, string[]> = {},
  groups: string[][] = [],
): Lexicon & { asked: string[][] } {
  const words = new Set(vocabulary);
  const asked: string[][] = [];
  return {
    asked,
    synonyms: async (lexemes) =>
      new Map(
        lexemes.flatMap((lexeme) => {
          const same = groups.filter((group) => group.includes(lexeme)).flat();
          const others = [...new Set(same)].filter((other) => other !== lexeme);
          return others.length > 0 ? [[lexeme, others] as const] : [];
        }),
      ),
    lexemes: async (list) => {
      asked.push([...list]);
      return new Map(list.map((word) => [word, stems[word] ?? [word]]));
    },
    known: async (list) => new Set(list.filter((word) => words.has(word))),
    startingSomeWord: async (list) =>
      new Set(list.filter((typed) => vocabulary.some((word) => word.startsWith(typed)))),
  };
}

describe('oneTypoAway', () => {
  it('holds a letter missing, one too many, one wrong, and two neighbours swapped, but not the word', () => {
    const away = oneTypoAway('brembo');
    for (const typo of ['rembo', 'brmbo', 'bremboo', 'xbrembo', 'brembq', 'brmebo', 'rbembo', 'bremob']) {
      expect(away.has(typo), typo).toBe(true);
    }
    expect(away.has('brembo')).toBe(false);
    // Two typos are not one.
    expect(away.has('bmerbo')).toBe(false);
  });

  it('when a word has no letter past U+FFFF, then its typos by UTF-16 unit are those by code point', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).filter((word) => !/[\uD800-\uDFFF]/.test(word)),
        (word) => {
          expect([...oneTypoAway(word)].sort()).toEqual([...oneTypoAwayByCodePoints(word)].sort());
        },
      ),
    );
    expect([...oneTypoAway('brembo')].sort()).toEqual([...oneTypoAwayByCodePoints('brembo')].sort());
  });

  it('keeps letters beyond ASCII that the word has', () => {
    expect(oneTypoAway('bremsé').has('brmesé')).toBe(true);
    expect(oneTypoAway('bremsé').has('bremséé')).toBe(true);
  });
});

describe('closest', () => {
  it('lists the known words of five letters or more, most alike first, then in code-point order, three at most', () => {
    // `pads` is too short, `paddo` and `spads` two typos away; `padse` and `padsx` share more
    // trigrams with `padss` than the swaps `pdass` and `apdss` do.
    const known = new Set(['pads', 'paddo', 'spads', 'pdass', 'padsx', 'apdss', 'padse']);
    expect(closest('padss', known, oneTypoAway('padss'))).toEqual(['padse', 'padsx', 'apdss']);
  });
});

describe('readQuery', () => {
  it('requires each word as the start of its lexemes; a stop word drops out', async () => {
    const lexicon = lexiconOf(['brake', 'pads'], { pads: ['pad'], the: [] });
    const read = await readQuery('the Pads', lexicon);
    expect(read.terms).toEqual([{ alternatives: [{ lexeme: 'pad', prefix: true }] }]);
    expect(read.words).toEqual(['the', 'pads']);
  });

  it('corrects a word of four letters or more that starts no catalogue word, with what it may have meant', async () => {
    const lexicon = lexiconOf(['brembo', 'sintered'], { sintered: ['sinter'], sintred: ['sintr'] });
    const read = await readQuery('brmebo sintred', lexicon);
    expect(read.terms).toEqual([
      {
        alternatives: [
          { lexeme: 'brmebo', prefix: true },
          { lexeme: 'brembo', prefix: false },
        ],
      },
      {
        alternatives: [
          { lexeme: 'sintr', prefix: true },
          { lexeme: 'sinter', prefix: false },
        ],
      },
    ]);
  });

  it('leaves alone a word that starts a catalogue word, a short one, and one with digits', async () => {
    const lexicon = lexiconOf(['calipers', 'disc', 'fa244hh']);
    const read = await readQuery('calip dsc fa244h', lexicon);
    expect(read.terms.every((term) => term.alternatives.length === 1)).toBe(true);
    expect(read.partNumber).toBe('CALIPDSCFA244H');
  });

  it('requires each lexeme of a word that stems to several', async () => {
    const read = await readQuery('ab12cd', lexiconOf([], { ab12cd: ['ab12', 'cd'] }));
    expect(read.terms).toEqual([
      { alternatives: [{ lexeme: 'ab12', prefix: true }] },
      { alternatives: [{ lexeme: 'cd', prefix: true }] },
    ]);
  });

  it("accepts a word's synonyms as whole lexemes, scored as the word is (one term)", async () => {
    const lexicon = lexiconOf(['disc', 'rotor', 'front'], { disks: ['disk'] }, [['disc', 'disk', 'rotor']]);
    const read = await readQuery('front disks', lexicon);
    expect(read.terms).toEqual([
      { alternatives: [{ lexeme: 'front', prefix: true }] },
      {
        alternatives: [
          { lexeme: 'disk', prefix: true },
          { lexeme: 'disc', prefix: false },
          { lexeme: 'rotor', prefix: false },
        ],
      },
    ]);
  });

  it('joins the groups a lexeme is in, lists each lexeme once, and keeps the corrections', async () => {
    const lexicon = lexiconOf(['brembo', 'hose', 'line'], {}, [
      ['hose', 'line'],
      ['line', 'pipe', 'hose'],
    ]);
    const read = await readQuery('line brmebo', lexicon);
    expect(read.terms).toEqual([
      {
        alternatives: [
          { lexeme: 'line', prefix: true },
          { lexeme: 'hose', prefix: false },
          { lexeme: 'pipe', prefix: false },
        ],
      },
      {
        alternatives: [
          { lexeme: 'brmebo', prefix: true },
          { lexeme: 'brembo', prefix: false },
        ],
      },
    ]);
  });

  it('gives each lexeme of a word that stems to several its own synonyms; a word of no group is read as before', async () => {
    const lexicon = lexiconOf([], { ab12cd: ['ab12', 'cd'] }, [['cd', 'disc']]);
    expect((await readQuery('ab12cd', lexicon)).terms).toEqual([
      { alternatives: [{ lexeme: 'ab12', prefix: true }] },
      {
        alternatives: [
          { lexeme: 'cd', prefix: true },
          { lexeme: 'disc', prefix: false },
        ],
      },
    ]);
    const without = await readQuery('ab12cd', lexiconOf([], { ab12cd: ['ab12', 'cd'] }));
    expect(without.terms.every((term) => term.alternatives.length === 1)).toBe(true);
  });

  it('reads no terms and asks nothing of the catalogue for an empty query', async () => {
    const lexicon = lexiconOf(['pads']);
    expect(await readQuery('  ', lexicon)).toEqual({ words: [], terms: [], partNumber: undefined });
    expect(await readQuery(undefined, lexicon)).toEqual({ words: [], terms: [], partNumber: undefined });
    expect(lexicon.asked).toEqual([]);
  });
});
