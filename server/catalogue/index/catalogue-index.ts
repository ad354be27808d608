import type { CatalogueItem, CatalogueQuery, CatalogueResponse } from '../../../contract/index.js';
import { toCents } from '../../../contract/index.js';
import { byCodePoint, readQuery, SURROGATE, type Lexicon, type ReadQuery } from '../query-reader.js';
import { facetsOf } from '../search.js';
import type { CatalogueSnapshot, IndexedPart } from './load.js';

/** A weight's score (decision 0038): A the name and part numbers, B the brand, C category and specs, D description. */
const WEIGHT_SCORE: Record<string, number> = { A: 8, B: 4, C: 2, D: 1 };
/** What a part number the query starts scores, found in a part's numbers (weight A). */
const PART_NUMBER_SCORE = 8;
/** Above every score a query can make (8 a term of MAX_QUERY_WORDS, and the part number's). */
const EXACT_BUCKETS = 1024;

/** A facet group's values: category, brand, compound and position (null: the part has none). */
type GroupValues = [category: string, brand: string, compound: string | null, position: string | null];
type FacetGroup = [...GroupValues, number];

const EMPTY = new Uint32Array(0);

/** Places by their names in "C" order, the newer first among equal names. */
function byName(names: string[], newer: (a: number, b: number) => number) {
  if (names.some((name) => SURROGATE.test(name))) {
    return (a: number, b: number) => byCodePoint(names[a] as string, names[b] as string) || newer(a, b);
  }
  return (a: number, b: number) => {
    const left = names[a] as string;
    const right = names[b] as string;
    return left < right ? -1 : left > right ? 1 : newer(a, b);
  };
}

/** The first place in a sorted list at which `value` could go. */
function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The catalogue in memory, for searching (issue 27): every part at a place, oldest first; for each
 * lexeme the places of the parts that have it with the best weight it has there; each bike's parts;
 * each facet's value per part; the parts in price and name order. Built from a snapshot of the
 * database, it answers `CatalogueSearch`'s question as the SQL search does (the property test holds
 * them equal), without a query but for a word's stemming the first time it is seen.
 */
export class CatalogueIndex {
  private readonly parts: IndexedPart[];
  private readonly placeOf = new Map<string, number>();
  private readonly seq: Float64Array;
  private readonly price: Int32Array;
  private readonly inStock: Uint8Array;
  private readonly universal: Uint8Array;
  /** Lexemes in JS order (prefixes are runs), each with its postings. */
  private readonly lexemes: string[];
  private readonly postings: Uint32Array[];
  /** The best score of the lexeme in each of its parts, beside `postings`. */
  private readonly postingScores: Uint8Array[];
  private readonly byPartNumber = new Map<string, number[]>();
  private readonly fitment = new Map<string, Uint32Array>();
  private readonly universalPlaces: Uint32Array;
  private readonly vehicleIds: Set<string>;
  private readonly vocabulary: string[];
  private readonly vocabularySet: Set<string>;
  /** Places in the order of each sort, and each place's rank in it. */
  private readonly orders: Record<'price-asc' | 'price-desc' | 'name', { order: Uint32Array; rank: Uint32Array }>;

  // Working memory of one search at a time (searches run one at a time on the event loop).
  private readonly termBest: Uint8Array;
  private readonly score: Uint16Array;
  private readonly hits: Uint8Array;
  private readonly mark: Uint8Array;
  private readonly bikeMark: Uint8Array;
  /** The parts a search finds before its facets, newest first. */
  private readonly found: Uint32Array;
  /** Each part's facet group (its category, brand, compound and position together), and the groups' values. */
  private readonly groupOf: Uint32Array;
  private readonly groupValues: GroupValues[] = [];
  private readonly groupCounts: Int32Array;

  constructor(
    snapshot: CatalogueSnapshot,
    private readonly stemming: Pick<Lexicon, 'lexemes' | 'synonyms'>,
  ) {
    this.parts = snapshot.parts;
    const count = this.parts.length;
    this.seq = new Float64Array(count);
    this.price = new Int32Array(count);
    this.inStock = new Uint8Array(count);
    this.universal = new Uint8Array(count);
    this.groupOf = new Uint32Array(count);
    const groupIds = new Map<string, number>();
    const byLexeme = new Map<string, { places: number[]; scores: number[] }>();
    this.parts.forEach((part, place) => {
      this.placeOf.set(part.product._id, place);
      this.seq[place] = part.seq;
      this.price[place] = part.priceCents;
      this.inStock[place] = part.inStock ? 1 : 0;
      this.universal[place] = part.product.universal ? 1 : 0;
      const values: GroupValues = [part.product.category, part.product.brand, part.compound, part.position];
      const key = JSON.stringify(values);
      let group = groupIds.get(key);
      if (group === undefined) {
        group = this.groupValues.length;
        groupIds.set(key, group);
        this.groupValues.push(values);
      }
      this.groupOf[place] = group;
      for (const number of part.partNumbers) {
        const list = this.byPartNumber.get(number);
        if (list) list.push(place);
        else this.byPartNumber.set(number, [place]);
      }
      for (const [lexeme, weights] of part.lexemes) {
        let best = 1;
        for (const weight of weights) best = Math.max(best, WEIGHT_SCORE[weight] ?? 1);
        const posting = byLexeme.get(lexeme);
        if (posting) {
          posting.places.push(place);
          posting.scores.push(best);
        } else byLexeme.set(lexeme, { places: [place], scores: [best] });
      }
    });
    // The postings hold the lexemes now: the snapshot's copies go (a few hundred MB at 100,000 parts).
    for (const part of this.parts) part.lexemes = [];
    this.lexemes = [...byLexeme.keys()].sort();
    this.postings = this.lexemes.map((lexeme) => Uint32Array.from(byLexeme.get(lexeme)?.places ?? []));
    this.postingScores = this.lexemes.map((lexeme) => Uint8Array.from(byLexeme.get(lexeme)?.scores ?? []));

    for (const [vehicle, ids] of snapshot.fitment) {
      const places = ids.flatMap((id) => {
        const place = this.placeOf.get(id);
        return place === undefined || this.universal[place] ? [] : [place];
      });
      this.fitment.set(vehicle, Uint32Array.from(places).sort());
    }
    this.universalPlaces = Uint32Array.from(
      this.parts.flatMap((part, place) => (part.product.universal ? [place] : [])),
    );
    this.vehicleIds = snapshot.vehicleIds;
    this.vocabulary = [...snapshot.vocabulary].sort();
    this.vocabularySet = new Set(snapshot.vocabulary);

    const sorted = (compare: (a: number, b: number) => number) => {
      const order = Uint32Array.from(this.parts.keys()).sort(compare);
      const rank = new Uint32Array(count);
      order.forEach((place, at) => (rank[place] = at));
      return { order, rank };
    };
    const newer = (a: number, b: number) => (this.seq[b] as number) - (this.seq[a] as number);
    this.orders = {
      'price-asc': sorted((a, b) => (this.price[a] as number) - (this.price[b] as number) || newer(a, b)),
      'price-desc': sorted((a, b) => (this.price[b] as number) - (this.price[a] as number) || newer(a, b)),
      name: sorted(
        byName(
          this.parts.map((part) => part.nameKey),
          newer,
        ),
      ),
    };

    this.termBest = new Uint8Array(count);
    this.score = new Uint16Array(count);
    this.hits = new Uint8Array(count);
    this.mark = new Uint8Array(count);
    this.bikeMark = new Uint8Array(count);
    this.found = new Uint32Array(count);
    this.groupCounts = new Int32Array(this.groupValues.length);
  }

  get size(): number {
    return this.parts.length;
  }

  /** The catalogue's words as the query reader asks about them, answered from memory. */
  readonly lexicon: Lexicon = {
    lexemes: (words) => this.stemming.lexemes(words),
    synonyms: (lexemes) => this.stemming.synonyms(lexemes),
    known: async (words) => new Set(words.filter((word) => this.vocabularySet.has(word))),
    startingSomeWord: async (words) =>
      new Set(words.filter((word) => (this.vocabulary[lowerBound(this.vocabulary, word)] ?? '').startsWith(word))),
  };

  /** The places of the lexemes an alternative stands for: the lexeme, or every lexeme it starts. */
  private lexemeRange(lexeme: string, prefix: boolean): [from: number, to: number] {
    const from = lowerBound(this.lexemes, lexeme);
    if (!prefix) return this.lexemes[from] === lexeme ? [from, from + 1] : [from, from];
    let to = from;
    while (to < this.lexemes.length && (this.lexemes[to] as string).startsWith(lexeme)) to += 1;
    return [from, to];
  }

  /**
   * The parts the text matches, with their scores left in `this.score` (cleared by the caller), and
   * the parts whose numbers include the whole query: the parts that have every term, or a lexeme the
   * query's part number starts; each scores each term's best place, and 8 for that part number in its
   * numbers (weight A).
   */
  private textMatches(read: ReadQuery): { places: number[]; exact: Set<number> } {
    const touched: number[] = [];
    const seen = this.mark;
    const touch = (place: number) => {
      if (seen[place] !== 0) return;
      seen[place] = 1;
      touched.push(place);
    };
    for (const term of read.terms) {
      const inTerm: number[] = [];
      for (const { lexeme, prefix } of term.alternatives) {
        const [from, to] = this.lexemeRange(lexeme, prefix);
        for (let at = from; at < to; at += 1) {
          const places = this.postings[at] as Uint32Array;
          const scores = this.postingScores[at] as Uint8Array;
          for (let k = 0; k < places.length; k += 1) {
            const place = places[k] as number;
            const best = scores[k] as number;
            if (this.termBest[place] === 0) inTerm.push(place);
            if ((this.termBest[place] as number) < best) this.termBest[place] = best;
          }
        }
      }
      for (const place of inTerm) {
        touch(place);
        this.hits[place] = (this.hits[place] as number) + 1;
        this.score[place] = (this.score[place] as number) + (this.termBest[place] as number);
        this.termBest[place] = 0;
      }
    }
    // seen: 1 touched, 2 also found by the part number.
    if (read.partNumber) {
      const inNumbers = new Set<number>();
      const [from, to] = this.lexemeRange(read.partNumber.toLowerCase(), true);
      for (let at = from; at < to; at += 1) {
        const places = this.postings[at] as Uint32Array;
        const scores = this.postingScores[at] as Uint8Array;
        for (let k = 0; k < places.length; k += 1) {
          const place = places[k] as number;
          touch(place);
          seen[place] = 2;
          if (scores[k] === WEIGHT_SCORE.A) inNumbers.add(place);
        }
      }
      for (const place of inNumbers) this.score[place] = (this.score[place] as number) + PART_NUMBER_SCORE;
    }
    const terms = read.terms.length;
    const places: number[] = [];
    for (const place of touched) {
      if ((terms > 0 && this.hits[place] === terms) || seen[place] === 2) places.push(place);
      else this.score[place] = 0;
      seen[place] = 0;
      this.hits[place] = 0;
    }
    const exact = new Set(read.partNumber ? (this.byPartNumber.get(read.partNumber) ?? []) : []);
    return { places, exact };
  }

  async search(query: CatalogueQuery): Promise<CatalogueResponse | undefined> {
    if (query.vehicle !== undefined && !this.vehicleIds.has(query.vehicle)) return undefined;
    const read = await readQuery(query.q, this.lexicon);
    const hasText = read.words.length > 0;
    const sort = query.sort ?? (hasText ? 'relevance' : 'newest');
    const text = hasText ? this.textMatches(read) : undefined;
    try {
      return this.answer(query, sort, text);
    } finally {
      for (const place of text?.places ?? []) this.score[place] = 0;
    }
  }

  private answer(
    query: CatalogueQuery,
    sort: NonNullable<CatalogueQuery['sort']>,
    text: { places: number[]; exact: Set<number> } | undefined,
  ): CatalogueResponse {
    // The parts that pass the filters that are not facets (text, bike, price, stock), newest first,
    // into `found`; each counted in its facet group.
    const count = this.parts.length;
    const mark = this.mark;
    const found = this.found;
    let foundCount = 0;
    const bike = query.vehicle === undefined ? undefined : this.bikeMark;
    const bikeLists =
      query.vehicle === undefined ? [] : [this.fitment.get(query.vehicle) ?? EMPTY, this.universalPlaces];
    for (const list of bikeLists) for (const place of list) (bike as Uint8Array)[place] = 1;
    const minPrice = query.minPrice === undefined ? -Infinity : toCents(query.minPrice);
    const maxPrice = query.maxPrice === undefined ? Infinity : toCents(query.maxPrice);
    const groupCounts = this.groupCounts.fill(0);
    const groupOf = this.groupOf;
    const take = (place: number) => {
      if (bike && bike[place] === 0) return;
      const price = this.price[place] as number;
      if (price < minPrice || price > maxPrice) return;
      if (query.inStock && this.inStock[place] === 0) return;
      found[foundCount] = place;
      foundCount += 1;
      const group = groupOf[place] as number;
      groupCounts[group] = (groupCounts[group] as number) + 1;
    };
    if (text && text.places.length * 8 < count) {
      for (const place of Uint32Array.from(text.places).sort().reverse()) take(place);
    } else if (text) {
      for (const place of text.places) mark[place] = 1;
      for (let place = count - 1; place >= 0; place -= 1) if (mark[place] === 1) take(place);
      for (const place of text.places) mark[place] = 0;
    } else if (bike) {
      // The bike's parts and the universal ones, two lists in place order: merged, the last first.
      const [fitted, universal] = bikeLists as [Uint32Array, Uint32Array];
      let a = fitted.length - 1;
      let b = universal.length - 1;
      while (a >= 0 || b >= 0) {
        const fromFitted = b < 0 || (a >= 0 && (fitted[a] as number) > (universal[b] as number));
        take((fromFitted ? fitted[a] : universal[b]) as number);
        if (fromFitted) a -= 1;
        else b -= 1;
      }
    } else {
      for (let place = count - 1; place >= 0; place -= 1) take(place);
    }
    for (const list of bikeLists) for (const place of list) (bike as Uint8Array)[place] = 0;

    // The facet counts and the total, from the groups' counts as the SQL search makes them.
    const groups: FacetGroup[] = [];
    groupCounts.forEach((counted, group) => {
      if (counted > 0) groups.push([...(this.groupValues[group] as GroupValues), counted]);
    });
    const { total, facets } = facetsOf(groups, query);

    // The parts that pass the facets too (a group passes or not as a whole), in the order asked for.
    const passes = this.groupPasses(query);
    const passing: number[] = [];
    for (let at = 0; at < foundCount; at += 1) {
      const place = found[at] as number;
      if (passes === undefined || passes[groupOf[place] as number] === 1) passing.push(place);
    }
    const from = (query.page - 1) * query.pageSize;
    const page = this.ordered(passing, sort, text, from + query.pageSize).slice(from, from + query.pageSize);
    const items: CatalogueItem[] = page.map((place) => {
      const { product } = this.parts[place] as IndexedPart;
      if (query.vehicle === undefined) return product;
      return { ...product, fits: this.universal[place] ? 'universal' : 'fits' };
    });
    return { items, total, page: query.page, pageSize: query.pageSize, facets };
  }

  /** Which facet groups the query's facet filters let through; undefined when it has none. */
  private groupPasses(query: CatalogueQuery): Uint8Array | undefined {
    const chosen: Array<Set<string>> = [
      new Set(query.category),
      new Set(query.brand.map((brand) => brand.toLowerCase())),
      new Set(query.compound),
      new Set(query.position),
    ];
    if (chosen.every((values) => values.size === 0)) return undefined;
    const passes = new Uint8Array(this.groupValues.length);
    this.groupValues.forEach((values, group) => {
      const pass = chosen.every((wanted, facet) => {
        if (wanted.size === 0) return true;
        const value = values[facet];
        return value !== null && value !== undefined && wanted.has(facet === 1 ? value.toLowerCase() : value);
      });
      passes[group] = pass ? 1 : 0;
    });
    return passes;
  }

  /** At least the first `wanted` of the parts (newest first) in the order of the sort. */
  private ordered(
    newestFirst: number[],
    sort: NonNullable<CatalogueQuery['sort']>,
    text: { places: number[]; exact: Set<number> } | undefined,
    wanted: number,
  ): number[] {
    if (sort === 'newest' || (sort === 'relevance' && !text)) return newestFirst;
    if (sort === 'relevance' && text) {
      // Whole-number scores (at most 8 a term and 8 for the part number), a bucket each, the exact
      // part numbers' above the rest, filled newest first: the newest first among equals.
      const buckets: number[][] = [];
      for (const place of newestFirst) {
        (buckets[(text.exact.has(place) ? EXACT_BUCKETS : 0) + (this.score[place] as number)] ??= []).push(place);
      }
      const ranked: number[] = [];
      for (let bucket = buckets.length - 1; bucket >= 0 && ranked.length < wanted; bucket -= 1) {
        for (const place of buckets[bucket] ?? []) ranked.push(place);
      }
      return ranked;
    }
    const { order, rank } = this.orders[sort as 'price-asc' | 'price-desc' | 'name'];
    if (newestFirst.length * 8 < order.length) {
      return [...newestFirst].sort((a, b) => (rank[a] as number) - (rank[b] as number));
    }
    const mark = this.mark;
    for (const place of newestFirst) mark[place] = 1;
    const found: number[] = [];
    for (let at = 0; at < order.length && found.length < wanted; at += 1) {
      const place = order[at] as number;
      if (mark[place] === 1) found.push(place);
    }
    for (const place of newestFirst) mark[place] = 0;
    return found;
  }
}
