import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CatalogueQuery, CatalogueResponse } from '../../../contract/index.js';
import { toCents } from '../../../contract/index.js';
import { byCodePoint, readQuery, SURROGATE, type Alternative, type Lexicon, type ReadQuery } from '../query-reader.js';
import { answerWithItemsJson } from '../answer-json.js';
import { askedBefore, hashOf } from '../asked-before.js';
import { facetsOf, type CatalogueSearchQuery } from '../search.js';
import type { Database } from '../../db/client.js';
import { allAtOnce, inSlices, sortInSlices, sortNumbersSteps, timeSlices } from '../../lib/sort-in-slices.js';
import { readCatalogue, type CatalogueSnapshot, type ChangedPart, type IndexedPart } from './load.js';

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
const EMPTY_BYTES = new Uint8Array(0);
/** The (lexeme, place, score) pairs collected while building, in chunks of this many (a power of two). */
const PAIR_CHUNK = 1 << 16;
const PAIR_CHUNK_MASK = PAIR_CHUNK - 1;

/** What a refresh read from the database: each changed part as it is now (undefined: deleted). */
export interface CatalogueChanges {
  parts: Map<string, ChangedPart | undefined>;
  /** Each changed bike: whether it exists now. */
  vehicles: Map<string, boolean>;
  /** The catalogue's words the changed parts have (the vocabulary only grows, as `search_terms`). */
  words: string[];
}

/**
 * Parts whose text or fitment changed since the index was built are looked at one by one; past this
 * many (or a twentieth of the catalogue) the index should be built again (`needsRebuild`).
 */
export const MAX_PATCHED_PARTS = 2_000;
/** A word PostgreSQL's english text search keeps as it is: ASCII letters and digits, a digit among them. */
const NUMBER_WORD = /^(?=[a-z]*[0-9])[a-z0-9]+$/;
/** Each place's position in an order (room for `capacity` places). */
function rankOf(order: Uint32Array, capacity: number): Uint32Array {
  const rank = new Uint32Array(capacity);
  for (let at = 0; at < order.length; at += 1) rank[order[at] as number] = at;
  return rank;
}

/** Places a sort key has room for beside a price in cents (2^31 * 2^21 is below 2^53). */
const PLACE_KEYS = 2 ** 21;
const MAX_CENTS = 2 ** 31;
/** Parts indexed between two turns of the event loop while an index is built. */
const BUILD_SLICE = 2_000;
/** Strings in JavaScript's order (UTF-16 code units), as `sort()` without a comparison gives them. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A copy of `array` with room for `capacity` items. */
function grown<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array>(
  array: T,
  capacity: number,
): T {
  const copy = new (array.constructor as new (length: number) => T)(capacity);
  copy.set(array);
  return copy;
}

/** What the index keeps of a part once indexed: the rest is in its typed arrays and postings. */
type KeptPart = Pick<IndexedPart, 'id' | 'json' | 'nameKey' | 'partNumbers'>;
const kept = ({ id, json, nameKey, partNumbers }: IndexedPart): KeptPart => ({ id, json, nameKey, partNumbers });

/** A part's lexemes and their weights, as one hash (the database lists them in one order). */
function textHashOf(lexemes: IndexedPart['lexemes']): number {
  let hash = 0x811c9dc5;
  for (const [lexeme, weights] of lexemes) hash = hashOf(`${lexeme}\u0000${weights}\u0001`, hash);
  return hash;
}

/** A part's bikes as one hash, whatever their order: the sum of their ids' hashes. */
function bikesHashOf(bikes: readonly string[]): number {
  let hash = 0;
  for (const bike of bikes) hash = (hash + hashOf(bike)) >>> 0;
  return hash;
}

/** A lexeme's best score in a part, from the weights it has there. */
function bestScore(weights: string): number {
  let best = 1;
  for (const weight of weights) best = Math.max(best, WEIGHT_SCORE[weight] ?? 1);
  return best;
}

/** Each lexeme's best score in a part. */
function scoredLexemes(lexemes: IndexedPart['lexemes']): Map<string, number> {
  return new Map(lexemes.map(([lexeme, weights]) => [lexeme, bestScore(weights)]));
}

/** Places by their names in "C" order, the newer first among equal names. */
function byName(
  names: string[],
  newer: (a: number, b: number) => number,
  surrogates = names.some((name) => SURROGATE.test(name)),
) {
  if (surrogates) {
    return (a: number, b: number) => byCodePoint(names[a] as string, names[b] as string) || newer(a, b);
  }
  return (a: number, b: number) => {
    const left = names[a] as string;
    const right = names[b] as string;
    return left < right ? -1 : left > right ? 1 : newer(a, b);
  };
}

/**
 * The first place in the sorted run of `values` from `from` to `to` (the whole list by default) at
 * which `value` could go: the first value at least `value`.
 */
function lowerBound<T extends string | number>(values: ArrayLike<T>, value: T, from = 0, to = values.length): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((values[middle] as T) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The range of `sorted` (code unit order) an alternative stands for: the lexeme, or every lexeme
 * it starts.
 */
function rangeOf(sorted: readonly string[], lexeme: string, prefix: boolean): [from: number, to: number] {
  const from = lowerBound(sorted, lexeme);
  if (!prefix) return sorted[from] === lexeme ? [from, from + 1] : [from, from];
  if (lexeme.length === 0) return [0, sorted.length];
  // Every lexeme it starts sorts before the prefix with its last unit one higher.
  const after = lexeme.slice(0, -1) + String.fromCharCode(lexeme.charCodeAt(lexeme.length - 1) + 1);
  return [from, lowerBound(sorted, after)];
}

/**
 * The `k` lowest of the places' ranks, in order: a max-heap of the lowest so far, which most places
 * leave untouched (a page needs a few dozen, where sorting every place's rank took a search's time).
 */
export function lowestRanks(places: Uint32Array, rank: Uint32Array, k: number): Uint32Array {
  const heap = new Uint32Array(Math.min(k, places.length));
  let size = 0;
  const siftDown = (value: number) => {
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= size) break;
      if (child + 1 < size && (heap[child + 1] as number) > (heap[child] as number)) child += 1;
      if ((heap[child] as number) <= value) break;
      heap[at] = heap[child] as number;
      at = child;
    }
    heap[at] = value;
  };
  for (const place of places) {
    const value = rank[place] as number;
    if (size < heap.length) {
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if ((heap[parent] as number) >= value) break;
        heap[at] = heap[parent] as number;
        at = parent;
      }
      heap[at] = value;
    } else if (heap.length > 0 && value < (heap[0] as number)) {
      siftDown(value);
    }
  }
  return heap.sort();
}

/** A term's scores as they are: its lexemes' best weight (8, 4, 2, 1; 0 none). */
const AS_WEIGHED = Uint8Array.from({ length: 9 }, (_, score) => score);
/** A part number's: 2 where the lexeme is one of the part's numbers (weight A), else 1 (0 none). */
const AS_NUMBER = Uint8Array.from({ length: 9 }, (_, score) => (score === 0 ? 0 : score === WEIGHT_SCORE.A ? 2 : 1));

/** The parts a term matches in place order, and the best score each has for it. */
interface TermList {
  places: Uint32Array;
  scores: Uint8Array;
}

/**
 * The places the kept term lists may hold in all (5 bytes each: 20 MB). The words a shop's riders
 * type fit; at a million places the bench's lists were made and dropped over and over, and their
 * memory brought a major collection every 3 s.
 */
const TERM_LISTS_HELD = 4_000_000;
/** A lexeme of this many parts or more is looked up ahead after a build (prewarm). */
const PREWARM_POSTINGS = 1_000;
/** How many terms' keys madeList remembers as asked before it starts again. */
const TERMS_ASKED_KEPT = 10_000;

/** Parts by price within each facet group: group g's from start[g] to start[g + 1]. */
interface GroupPrices {
  start: Uint32Array;
  places: Uint32Array;
  cents: Int32Array;
  /** The same for the parts in stock, prices only (for counting). */
  stockStart: Uint32Array;
  stockCents: Int32Array;
}

/** What a part must pass to be on a page of a search without words or a bike. */
interface PageFilter {
  passes: Uint8Array | undefined;
  minPrice: number;
  maxPrice: number;
  stockOnly: boolean;
}

/**
 * Past this many places visited for a page, a search with neither words nor a bike gathers the few
 * parts that pass from their groups and sorts them instead of walking an order.
 */
const WALK_LIMIT = 20_000;

/**
 * The catalogue in memory, for searching (issue 27): every part at a place, oldest first; for each
 * lexeme the places of the parts that have it with the best weight it has there; each bike's parts;
 * each facet's value per part; the parts in price and name order. Built from a snapshot of the
 * database, it answers `CatalogueSearch`'s question as the SQL search does (the property test holds
 * them equal), without a query but for a word's stemming the first time it is seen.
 *
 * Changes are applied in place (`apply`): a new part takes the next place, a deleted one is marked
 * gone, prices, stock and facets are overwritten; a part whose text or fitment changed is "patched":
 * the lists built with the index skip it and its own lexemes and bikes are looked at instead. When
 * the patched parts grow many, `needsRebuild` says so and the owner builds a new index.
 */
export class CatalogueIndex {
  private parts: KeptPart[];
  private readonly placeOf = new Map<string, number>();
  /** Places in use (the arrays below have room for more). */
  private count: number;
  private seq: Float64Array;
  private price: Int32Array;
  private inStock: Uint8Array;
  private universal: Uint8Array;
  /** 1 while the part exists; a deleted part keeps its place, gone. */
  private live: Uint8Array;
  /** 1 when the part's text and bikes are read from `patchedLexemes` and `patchedBikes`, not the lists. */
  private patched: Uint8Array;
  /**
   * What a part's lexemes and bikes were when the index was built, as hashes: a change that leaves
   * them as they were (a sale, a new price) is applied to the typed arrays alone, not patched.
   */
  private textHash: Uint32Array;
  private bikesHash: Uint32Array;
  private readonly patchedLexemes = new Map<number, Map<string, number>>();
  /** Every lexeme of the patched parts, sorted; made when first needed after they change (`matching`). */
  private patchedVocabulary: string[] | undefined;
  private readonly patchedBikes = new Map<number, Set<string>>();
  /** Lexemes in JS order (prefixes are runs). */
  private lexemes: string[] = [];
  /** The places of the parts that have each lexeme: the `at`th lexeme's from postingStart[at] to postingStart[at + 1]. */
  private postingStart = new Uint32Array(1);
  private postingPlaces = new Uint32Array(0);
  /** The best score of the lexeme in each of its parts, beside `postingPlaces`. */
  private postingScores = new Uint8Array(0);
  private readonly byPartNumber = new Map<string, number[]>();
  private readonly fitment = new Map<string, Uint32Array>();
  private universalPlaces: Uint32Array = EMPTY;
  private vehicleIds = new Set<string>();
  private vocabulary: string[] = [];
  private vocabularySet = new Set<string>();
  /** Places in the order of each sort; made again when a search needs one after a change. */
  private orders: Partial<Record<'price-asc' | 'price-desc' | 'name', Uint32Array>> = {};
  /** Each place's rank in each order made, for sorting a few parts by it (`ordered`). */
  private ranks: Partial<Record<'price-asc' | 'price-desc' | 'name', Uint32Array>> = {};
  /** A part came in older than the newest place: place order is no longer newest last. */
  private outOfOrder = false;
  /**
   * Each facet group's parts by price, and its parts in stock by price (made when a search first
   * needs them after a change): a search with neither words nor a bike counts its facets with two
   * binary searches a group, and finds its page without visiting every part.
   */
  private groupPrices: GroupPrices | undefined;
  /** Each term's parts, as looked up since the last change (termList). */
  private readonly termLists = new Map<string, TermList>();
  private termListsHeld = 0;
  /** Whether a list's key was asked for lately (madeList). */
  private readonly termAskedBefore = askedBefore(TERMS_ASKED_KEPT);
  /** Working memory for a query's lists that are not kept, one per term. */
  private readonly scratchLists: TermList[] = [];
  /** WALK_LIMIT (tests take the other way at a small catalogue's size). */
  private walkLimit = WALK_LIMIT;

  // Working memory of one search at a time (searches run one at a time on the event loop).
  private termBest: Uint8Array;
  private score: Uint16Array;
  private mark: Uint8Array;
  private bikeMark: Uint8Array;
  /** The parts that fit a search's bikes, in place order (markBikes). */
  private fittingPlaces: Uint32Array;
  /** The parts a search finds before its facets, newest first. */
  private found: Uint32Array;
  /** The parts a text matches (textMatches), the parts touched meanwhile, and one term's. */
  private textPlaces: Uint32Array;
  private touchedPlaces: Uint32Array;
  private termPlaces: Uint32Array;
  /** A relevance order's buckets, and the parts in it. */
  private readonly bucketCounts = new Int32Array(EXACT_BUCKETS * 2);
  private rankedPlaces: Uint32Array;
  /** Each part's facet group (its category, brand, compound and position together), and the groups' values. */
  private groupOf: Uint32Array;
  private readonly groupIds = new Map<string, number>();
  private readonly groupValues: GroupValues[] = [];
  private groupCounts = new Int32Array(0);

  /** Builds the index of a snapshot (tests, probes): as `read` does, from memory. */
  static async build(
    snapshot: CatalogueSnapshot,
    stemming: Pick<Lexicon, 'lexemes' | 'synonyms'>,
    { walkLimit = WALK_LIMIT }: { walkLimit?: number } = {},
  ): Promise<CatalogueIndex> {
    const index = new CatalogueIndex(stemming, snapshot.parts.length);
    index.walkLimit = walkLimit;
    for (let from = 0; from < snapshot.parts.length; from += BUILD_SLICE) {
      index.addParts(snapshot.parts.slice(from, from + BUILD_SLICE));
      await nextTurn();
    }
    for (const [vehicle, ids] of snapshot.fitment) index.addFitment(vehicle, ids);
    await index.finish(snapshot);
    return index;
  }

  /**
   * Reads the catalogue from the database and builds its index as the pages come, so that no more
   * than a page of it is held as read (at 100,000 parts the whole of it, as read, takes some 450 MB).
   */
  static async read(db: Database, stemming: Pick<Lexicon, 'lexemes' | 'synonyms'>): Promise<CatalogueIndex> {
    let index: CatalogueIndex | undefined;
    const rest = await readCatalogue(db, {
      expect: (parts) => {
        index = new CatalogueIndex(stemming, parts);
      },
      parts: (page) => (index as CatalogueIndex).addParts(page),
      fitment: (vehicle, ids) => (index as CatalogueIndex).addFitment(vehicle, ids),
    });
    const built = index ?? new CatalogueIndex(stemming, 0);
    await built.finish(rest);
    return built;
  }

  private constructor(
    private readonly stemming: Pick<Lexicon, 'lexemes' | 'synonyms'>,
    expected: number,
  ) {
    const capacity = Math.max(expected, 16);
    this.parts = [];
    this.count = 0;
    this.seq = new Float64Array(capacity);
    this.price = new Int32Array(capacity);
    this.inStock = new Uint8Array(capacity);
    this.universal = new Uint8Array(capacity);
    this.live = new Uint8Array(capacity);
    this.patched = new Uint8Array(capacity);
    this.textHash = new Uint32Array(capacity);
    this.bikesHash = new Uint32Array(capacity);
    this.groupOf = new Uint32Array(capacity);
    this.termBest = new Uint8Array(capacity);
    this.score = new Uint16Array(capacity);
    this.mark = new Uint8Array(capacity);
    this.bikeMark = new Uint8Array(capacity);
    this.fittingPlaces = new Uint32Array(capacity);
    this.found = new Uint32Array(capacity);
    this.textPlaces = new Uint32Array(capacity);
    this.touchedPlaces = new Uint32Array(capacity);
    this.termPlaces = new Uint32Array(capacity);
    this.rankedPlaces = new Uint32Array(capacity);
  }

  // While building: every (lexeme, place, score) once, in place order, in chunks of PAIR_CHUNK
  // (growing one array by copying held the event loop some 30 ms at 100,000 parts); `finish` makes
  // them the postings of all lexemes in one array, each lexeme's a run (`postingStart`).
  private building: {
    lexemeIds: Map<string, number>;
    counts: number[];
    lexeme: Uint32Array[];
    place: Uint32Array[];
    score: Uint8Array[];
    pairs: number;
  } = { lexemeIds: new Map(), counts: [], lexeme: [], place: [], score: [], pairs: 0 };

  /** The next parts of the catalogue, oldest first, while building. */
  private addParts(parts: readonly IndexedPart[]) {
    const building = this.building;
    this.makeRoom(this.count + parts.length);
    for (const part of parts) {
      const place = this.count;
      this.count += 1;
      this.live[place] = 1;
      this.placeOf.set(part.id, place);
      this.setFields(place, part);
      this.parts[place] = kept(part);
      this.textHash[place] = textHashOf(part.lexemes);
      for (const [lexeme, weights] of part.lexemes) {
        let id = building.lexemeIds.get(lexeme);
        if (id === undefined) {
          id = building.counts.length;
          building.lexemeIds.set(lexeme, id);
          building.counts.push(0);
        }
        building.counts[id] = (building.counts[id] as number) + 1;
        const at = building.pairs & PAIR_CHUNK_MASK;
        if (at === 0) {
          building.lexeme.push(new Uint32Array(PAIR_CHUNK));
          building.place.push(new Uint32Array(PAIR_CHUNK));
          building.score.push(new Uint8Array(PAIR_CHUNK));
        }
        const chunk = building.lexeme.length - 1;
        (building.lexeme[chunk] as Uint32Array)[at] = id;
        (building.place[chunk] as Uint32Array)[at] = place;
        (building.score[chunk] as Uint8Array)[at] = bestScore(weights);
        building.pairs += 1;
      }
    }
  }

  /** One bike's parts (their ids), while building: after every part is added. */
  private addFitment(vehicle: string, ids: readonly string[]) {
    const places: number[] = [];
    const hash = hashOf(vehicle);
    for (const id of ids) {
      const place = this.placeOf.get(id);
      if (place === undefined) continue;
      this.bikesHash[place] = ((this.bikesHash[place] as number) + hash) >>> 0;
      if (this.universal[place] === 0) places.push(place);
    }
    this.fitment.set(vehicle, Uint32Array.from(places).sort());
  }

  /** The postings made from the pairs collected, the bikes and the vocabulary: the index is ready. */
  private async finish({ vehicleIds, vocabulary }: Pick<CatalogueSnapshot, 'vehicleIds' | 'vocabulary'>) {
    const { lexemeIds, counts, lexeme: pairLexeme, place: pairPlace, score: pairScore, pairs } = this.building;
    // Every step in slices of a few milliseconds, the event loop let in between: the store answers
    // other requests while it builds (a sort of 100,000 names in one go held it some 200 ms).
    this.vehicleIds = vehicleIds;
    this.vocabulary = await sortInSlices([...vocabulary], byCodeUnits);
    this.vocabularySet = new Set(vocabulary);
    this.groupCounts = new Int32Array(this.groupValues.length);
    await nextTurn();
    this.lexemes = await sortInSlices([...lexemeIds.keys()], byCodeUnits);
    await nextTurn();
    const slice = timeSlices();
    const rank = new Uint32Array(counts.length);
    const start = new Uint32Array(this.lexemes.length + 1);
    for (let at = 0; at < this.lexemes.length; at += 1) {
      const id = lexemeIds.get(this.lexemes[at] as string) as number;
      rank[id] = at;
      start[at + 1] = (start[at] as number) + (counts[id] as number);
      if ((at & 1023) === 1023 && slice.over()) await slice.next();
    }
    lexemeIds.clear();
    const next = start.slice(0, this.lexemes.length);
    this.postingStart = start;
    this.postingPlaces = new Uint32Array(pairs);
    this.postingScores = new Uint8Array(pairs);
    for (let chunk = 0; chunk * PAIR_CHUNK < pairs; chunk += 1) {
      const lexemes = pairLexeme[chunk] as Uint32Array;
      const places = pairPlace[chunk] as Uint32Array;
      const scores = pairScore[chunk] as Uint8Array;
      const end = Math.min(PAIR_CHUNK, pairs - chunk * PAIR_CHUNK);
      for (let k = 0; k < end; k += 1) {
        const at = rank[lexemes[k] as number] as number;
        const position = next[at] as number;
        next[at] = position + 1;
        this.postingPlaces[position] = places[k] as number;
        this.postingScores[position] = scores[k] as number;
        if ((k & 16383) === 16383 && slice.over()) await slice.next();
      }
      // Each chunk let go once read.
      pairLexeme[chunk] = EMPTY;
      pairPlace[chunk] = EMPTY;
      pairScore[chunk] = EMPTY_BYTES;
    }
    this.building = { lexemeIds, counts: [], lexeme: [], place: [], score: [], pairs: 0 };
    this.universalPlaces = this.listUniversal();
    // The sort orders now, not on the first search that needs one.
    for (const sort of ['price-asc', 'price-desc', 'name'] as const) {
      await nextTurn();
      let order: Uint32Array;
      if (this.madeAsNumbers(sort)) {
        order = await inSlices(this.byPrice(sort));
      } else if (sort === 'name') {
        const { places, names, surrogates } = await inSlices(this.placesAndNames());
        const newer = (a: number, b: number) => (this.seq[b] as number) - (this.seq[a] as number);
        order = Uint32Array.from(await sortInSlices(places, byName(names, newer, surrogates)));
      } else {
        order = Uint32Array.from(
          await sortInSlices(
            Array.from({ length: this.count }, (_, place) => place),
            this.comparison(sort),
          ),
        );
      }
      this.orders[sort] = order;
      this.ranks[sort] = rankOf(order, this.seq.length);
    }
    await nextTurn();
    this.groupPrices = await inSlices(this.groupPriceSteps());
  }

  /** Every place, and each one's name key (what the name order compares), in steps. */
  private *placesAndNames(): Generator<void, { places: number[]; names: string[]; surrogates: boolean }> {
    const places = new Array<number>(this.count);
    const names = new Array<string>(this.count);
    let surrogates = false;
    for (let place = 0; place < this.count; place += 1) {
      const name = (this.parts[place] as KeptPart).nameKey;
      places[place] = place;
      names[place] = name;
      if (!surrogates && SURROGATE.test(name)) surrogates = true;
      if ((place & 4095) === 4095) yield;
    }
    return { places, names, surrogates };
  }

  /** The parts in the catalogue. */
  get size(): number {
    let live = 0;
    for (let place = 0; place < this.count; place += 1) live += this.live[place] as number;
    return live;
  }

  /** The parts whose text or bikes changed since the index was built (read one by one). */
  get patchedParts(): number {
    return this.patchedLexemes.size;
  }

  /** The terms' lists kept until the next change (`termList`). */
  get keptTermLists(): number {
    return this.termLists.size;
  }

  /** Whether the index should be built again: many parts patched, or a part came in out of order. */
  get needsRebuild(): boolean {
    return this.outOfOrder || this.patchedLexemes.size > Math.max(MAX_PATCHED_PARTS, this.count / 20);
  }

  /** A part's price, stock, universality and facet group, at its place. */
  private setFields(place: number, part: IndexedPart) {
    this.seq[place] = part.seq;
    this.price[place] = part.priceCents;
    this.inStock[place] = part.inStock ? 1 : 0;
    this.universal[place] = part.universal ? 1 : 0;
    const values: GroupValues = [part.category, part.brand, part.compound, part.position];
    const key = JSON.stringify(values);
    let group = this.groupIds.get(key);
    if (group === undefined) {
      group = this.groupValues.length;
      this.groupIds.set(key, group);
      this.groupValues.push(values);
      if (this.groupCounts.length <= group) {
        this.groupCounts = new Int32Array(Math.max(this.groupValues.length * 2, 16));
      }
    }
    this.groupOf[place] = group;
    for (const number of part.partNumbers) {
      const list = this.byPartNumber.get(number);
      if (list) list.push(place);
      else this.byPartNumber.set(number, [place]);
    }
  }

  private listUniversal(): Uint32Array {
    const places: number[] = [];
    for (let place = 0; place < this.count; place += 1) {
      if (this.universal[place] === 1 && this.live[place] === 1) places.push(place);
    }
    return Uint32Array.from(places);
  }

  /** Room for `needed` places in every array kept per place. */
  private makeRoom(needed: number) {
    if (needed <= this.seq.length) return;
    const capacity = Math.max(needed, Math.ceil(this.seq.length * 1.25) + 64);
    this.seq = grown(this.seq, capacity);
    this.price = grown(this.price, capacity);
    this.inStock = grown(this.inStock, capacity);
    this.universal = grown(this.universal, capacity);
    this.live = grown(this.live, capacity);
    this.patched = grown(this.patched, capacity);
    this.textHash = grown(this.textHash, capacity);
    this.bikesHash = grown(this.bikesHash, capacity);
    this.groupOf = grown(this.groupOf, capacity);
    this.termBest = grown(this.termBest, capacity);
    this.score = grown(this.score, capacity);
    this.mark = grown(this.mark, capacity);
    this.bikeMark = grown(this.bikeMark, capacity);
    this.fittingPlaces = grown(this.fittingPlaces, capacity);
    this.found = grown(this.found, capacity);
    this.textPlaces = grown(this.textPlaces, capacity);
    this.touchedPlaces = grown(this.touchedPlaces, capacity);
    this.termPlaces = grown(this.termPlaces, capacity);
    this.rankedPlaces = grown(this.rankedPlaces, capacity);
  }

  /** The catalogue's changes since it was read, applied in place. */
  apply(changes: CatalogueChanges): void {
    this.groupPrices = undefined;
    // The kept term lists go when a part's words may have changed or a part came (not for a sale or
    // a new price: the lists hold places and scores, and a deleted part is left out by `live`).
    let wordsChanged = false;
    /** The places whose price or name changed, or that are new: their places in the sort orders move. */
    const moved: number[] = [];
    // New parts take places oldest first, so that place order stays the order they were made in.
    const bySeq = [...changes.parts].sort(([, a], [, b]) => (a?.seq ?? 0) - (b?.seq ?? 0));
    for (const [id, part] of bySeq) {
      let place = this.placeOf.get(id);
      if (place !== undefined) {
        const old = this.parts[place] as KeptPart;
        for (const number of old.partNumbers) {
          const list = (this.byPartNumber.get(number) ?? []).filter((other) => other !== place);
          if (list.length > 0) this.byPartNumber.set(number, list);
          else this.byPartNumber.delete(number);
        }
        if (!part) {
          this.live[place] = 0;
          this.patched[place] = 1;
          this.patchedLexemes.delete(place);
          this.patchedVocabulary = undefined;
          this.patchedBikes.delete(place);
          this.placeOf.delete(id);
          continue;
        }
        if (this.price[place] !== part.priceCents || old.nameKey !== part.nameKey) moved.push(place);
      } else {
        if (!part) continue;
        wordsChanged = true;
        place = this.count;
        this.makeRoom(place + 1);
        this.count += 1;
        this.live[place] = 1;
        this.placeOf.set(id, place);
        if (place > 0 && part.seq < (this.seq[place - 1] as number)) this.outOfOrder = true;
        moved.push(place);
      }
      const asBuilt =
        this.patched[place] === 0 &&
        this.textHash[place] === textHashOf(part.lexemes) &&
        this.bikesHash[place] === bikesHashOf(part.bikes) &&
        this.universal[place] === (part.universal ? 1 : 0);
      if (!asBuilt) {
        wordsChanged = true;
        this.patched[place] = 1;
        this.patchedLexemes.set(place, scoredLexemes(part.lexemes));
        this.patchedVocabulary = undefined;
        this.patchedBikes.set(place, new Set(part.bikes));
      }
      this.setFields(place, part);
      this.parts[place] = kept(part);
    }
    for (const [vehicle, exists] of changes.vehicles) {
      if (exists) this.vehicleIds.add(vehicle);
      else this.vehicleIds.delete(vehicle);
    }
    const newWords = changes.words.filter((word) => !this.vocabularySet.has(word));
    for (const word of newWords) {
      this.vocabularySet.add(word);
      if (newWords.length < 100) this.vocabulary.splice(lowerBound(this.vocabulary, word), 0, word);
    }
    if (newWords.length >= 100) this.vocabulary = [...this.vocabularySet].sort();
    if (changes.parts.size > 0) this.universalPlaces = this.listUniversal();
    if (moved.length > 0) this.reorder(moved);
    if (wordsChanged) {
      this.termLists.clear();
      this.termListsHeld = 0;
    }
  }

  /**
   * Moves some places within the sort orders made so far (a merge of the rest with them, sorted);
   * past a few hundred, the orders are made again when next needed.
   */
  private reorder(moved: number[]) {
    if (moved.length > MAX_PATCHED_PARTS / 4) {
      this.orders = {};
      this.ranks = {};
      return;
    }
    const mark = this.mark;
    for (const sort of Object.keys(this.orders) as Array<keyof CatalogueIndex['orders']>) {
      const order = this.orders[sort] as Uint32Array;
      const compare = this.comparer(sort);
      for (const place of moved) mark[place] = 1;
      const rest = order.filter((place) => mark[place] === 0);
      for (const place of moved) mark[place] = 0;
      const coming = Uint32Array.from(moved).sort(compare);
      const merged = new Uint32Array(rest.length + coming.length);
      let a = 0;
      let b = 0;
      for (let at = 0; at < merged.length; at += 1) {
        const fromRest =
          b >= coming.length || (a < rest.length && compare(rest[a] as number, coming[b] as number) <= 0);
        merged[at] = (fromRest ? rest[a++] : coming[b++]) as number;
      }
      this.orders[sort] = merged;
      this.ranks[sort] = rankOf(merged, this.seq.length);
    }
  }

  /** The catalogue's words as the query reader asks about them, answered from memory. */
  readonly lexicon: Lexicon = {
    lexemes: async (words) => {
      // A word of ASCII letters and digits with a digit in it is its own lexeme (PostgreSQL's parser
      // reads it as a number or a "numword", which the english configuration leaves as it is): no
      // trip to the database for the part numbers riders type.
      const asked = words.filter((word) => !NUMBER_WORD.test(word));
      const stemmed = asked.length > 0 ? await this.stemming.lexemes(asked) : new Map<string, string[]>();
      return new Map(words.map((word) => [word, NUMBER_WORD.test(word) ? [word] : (stemmed.get(word) ?? [])]));
    },
    synonyms: (lexemes) => this.stemming.synonyms(lexemes),
    known: async (words) => new Set(words.filter((word) => this.vocabularySet.has(word))),
    startingSomeWord: async (words) =>
      new Set(words.filter((word) => (this.vocabulary[lowerBound(this.vocabulary, word)] ?? '').startsWith(word))),
  };

  /** The places of the lexemes an alternative stands for: the lexeme, or every lexeme it starts. */
  private lexemeRange(lexeme: string, prefix: boolean): [from: number, to: number] {
    return rangeOf(this.lexemes, lexeme, prefix);
  }

  /**
   * The alternatives some part has (a lexeme of the lists' or of a patched part's): the others add
   * nothing to a term's list, and left in its key they made every typo of a common word (`brakiqg`,
   * `bpake`: the typed word as a prefix, and `brake`) a list of its own, made anew each time.
   */
  private matching(alternatives: readonly Alternative[]): Alternative[] {
    return alternatives.filter(({ lexeme, prefix }) => {
      const [from, to] = this.lexemeRange(lexeme, prefix);
      if (from < to) return true;
      if (this.patchedLexemes.size === 0) return false;
      this.patchedVocabulary ??= [
        ...new Set([...this.patchedLexemes.values()].flatMap((lexemes) => [...lexemes.keys()])),
      ].sort();
      const [start, end] = rangeOf(this.patchedVocabulary, lexeme, prefix);
      return start < end;
    });
  }

  /** A patched part's best score for any of the alternatives, through `scoreOf` (0: it has none). */
  private static patchedBest(
    lexemes: Map<string, number>,
    alternatives: readonly Alternative[],
    scoreOf: Uint8Array,
  ): number {
    let best = 0;
    for (const { lexeme, prefix } of alternatives) {
      if (!prefix) {
        best = Math.max(best, scoreOf[lexemes.get(lexeme) ?? 0] as number);
        continue;
      }
      for (const [own, score] of lexemes) if (own.startsWith(lexeme)) best = Math.max(best, scoreOf[score] as number);
    }
    return best;
  }

  /**
   * The parts a term matches (any of its alternatives, in the lists or patched), in place order, with
   * the best score each has for it; kept (`termLists`) until the next change, so that the words
   * riders type again and again (`brake`, `front`, `pads`) are looked up once.
   */
  private termList(alternatives: readonly Alternative[], slot: number, keep = false): TermList {
    const matching = this.matching(alternatives);
    const key = JSON.stringify(matching);
    return this.keptList(key) ?? this.madeList(key, this.gather(matching, AS_WEIGHED), slot, 0, keep);
  }

  /**
   * The parts whose lexemes include one the query's part number starts (in place order), with 1 where
   * that lexeme is one of their numbers (weight A); kept as the terms' lists are.
   */
  private numberList(number: string, slot: number): TermList {
    const key = `#${number}`;
    return (
      this.keptList(key) ?? this.madeList(key, this.gather([{ lexeme: number, prefix: true }], AS_NUMBER), slot, 1)
    );
  }

  /** A kept list, made the most recently used: the oldest go first when the lists grow too many. */
  private keptList(key: string): TermList | undefined {
    const kept = this.termLists.get(key);
    if (kept) {
      this.termLists.delete(key);
      this.termLists.set(key, kept);
    }
    return kept;
  }

  /**
   * Gathers into `termPlaces` (the first `count`, returned) the live parts that have any of the
   * alternatives' lexemes, from the lists or patched, each with its best score through `scoreOf`
   * in `termBest`.
   */
  private gather(alternatives: readonly Alternative[], scoreOf: Uint8Array): number {
    const { patched, termBest, live, termPlaces: listed } = this;
    const { postingPlaces: places, postingScores: scores, postingStart } = this;
    let count = 0;
    for (const { lexeme, prefix } of alternatives) {
      const [from, to] = this.lexemeRange(lexeme, prefix);
      for (let k = postingStart[from] as number, end = postingStart[to] as number; k < end; k += 1) {
        const place = places[k] as number;
        if (patched[place] === 1 || live[place] === 0) continue;
        const best = scoreOf[scores[k] as number] as number;
        const had = termBest[place] as number;
        if (had === 0) listed[count++] = place;
        if (had < best) termBest[place] = best;
      }
    }
    for (const [place, lexemes] of this.patchedLexemes) {
      if (live[place] === 0) continue;
      const best = CatalogueIndex.patchedBest(lexemes, alternatives, scoreOf);
      if (best === 0) continue;
      listed[count++] = place;
      termBest[place] = best;
    }
    return count;
  }

  /**
   * The list of the first `count` places of `termPlaces` in place order, with their `termBest` less
   * `less` as scores (termBest cleared). Kept when its key was asked for before since the last few
   * thousand (a typo is seldom typed twice); otherwise made in the query's working memory (`slot`:
   * the term's), so that a list asked once allocates nothing for the garbage collector.
   */
  private madeList(key: string, count: number, slot: number, less: number, keepAnyway = false): TermList {
    const { termPlaces: listed, termBest } = this;
    const keep = this.termAskedBefore(key) || keepAnyway;
    let list: TermList;
    if (keep) {
      list = { places: new Uint32Array(count), scores: new Uint8Array(count) };
    } else {
      let scratch = this.scratchLists[slot];
      if (!scratch || scratch.places.length < listed.length) {
        scratch = { places: new Uint32Array(listed.length), scores: new Uint8Array(listed.length) };
        this.scratchLists[slot] = scratch;
      }
      list = { places: scratch.places.subarray(0, count), scores: scratch.scores.subarray(0, count) };
    }
    this.inPlaceOrder(count, list.places);
    for (let at = 0; at < count; at += 1) {
      const place = list.places[at] as number;
      list.scores[at] = (termBest[place] as number) - less;
      termBest[place] = 0;
    }
    if (keep) this.keepTermList(key, list);
    return list;
  }

  /**
   * The first `count` places of `termPlaces` (those with a `termBest`) into `into`, in place order:
   * as they are when they came so (one lexeme's run), by a walk of every place when they are many
   * (a sort of 76,000 places took 2-3 ms), else sorted.
   */
  private inPlaceOrder(count: number, into: Uint32Array) {
    const { termPlaces: listed, termBest } = this;
    let sorted = true;
    for (let at = 1; at < count && sorted; at += 1) sorted = (listed[at - 1] as number) < (listed[at] as number);
    if (sorted) {
      into.set(listed.subarray(0, count));
    } else if (count * 16 >= this.count) {
      let at = 0;
      for (let place = 0; place < this.count; place += 1) if (termBest[place] !== 0) into[at++] = place;
    } else {
      into.set(listed.subarray(0, count));
      into.sort();
    }
  }

  /** Keeps a list until the next change, the oldest going first past TERM_LISTS_HELD places in all. */
  private keepTermList(key: string, list: TermList) {
    this.termListsHeld += list.places.length;
    this.termLists.set(key, list);
    for (const [oldest, { places }] of this.termLists) {
      if (this.termListsHeld <= TERM_LISTS_HELD || oldest === key) break;
      this.termLists.delete(oldest);
      this.termListsHeld -= places.length;
    }
  }

  /**
   * The parts the text matches, with their scores left in `this.score` (cleared by the caller), and
   * the parts whose numbers include the whole query: the parts that have every term, or a lexeme the
   * query's part number starts; each scores each term's best place, and 8 for that part number in its
   * numbers (weight A). The places are left in `textPlaces` (its first `count`), in place order.
   */
  private textMatches(read: ReadQuery, scored: boolean): { count: number; exact: Set<number> } {
    const { score, textPlaces: matched, touchedPlaces: other } = this;
    // Every term's list, the shortest first: the others are looked into for its parts only.
    const lists = read.terms
      .map((term, slot) => this.termList(term.alternatives, slot))
      .sort((a, b) => a.places.length - b.places.length);
    let count = 0;
    const first = lists[0];
    if (first) {
      matched.set(first.places);
      count = first.places.length;
      if (scored) {
        for (let at = 0; at < count; at += 1) score[first.places[at] as number] = first.scores[at] as number;
      }
      for (let term = 1; term < lists.length && count > 0; term += 1) {
        count = this.intersect(count, lists[term] as TermList, scored);
      }
    }
    if (read.partNumber) {
      const number = read.partNumber.toLowerCase();
      const { places, scores } = this.numberList(number, read.terms.length);
      const [only] = read.terms;
      if (read.terms.length === 1 && only?.alternatives.some(({ lexeme, prefix }) => prefix && lexeme === number)) {
        // One word whose own prefix is the number (`brake`): the number's parts are among its parts
        // already; those with it in their numbers score 8 more.
        if (scored) {
          for (let b = 0; b < places.length; b += 1) {
            if (scores[b] === 1)
              score[places[b] as number] = (score[places[b] as number] as number) + PART_NUMBER_SCORE;
          }
        }
        const exact = new Set(this.byPartNumber.get(read.partNumber) ?? []);
        return { count, exact };
      }
      // Its parts join the matches (a union of two lists in place order), 8 more for a number of theirs.
      other.set(matched.subarray(0, count));
      let a = 0;
      let b = 0;
      let union = 0;
      while (a < count || b < places.length) {
        const left = a < count ? (other[a] as number) : Infinity;
        const right = b < places.length ? (places[b] as number) : Infinity;
        const place = left <= right ? left : right;
        if (right === place) {
          if (scored && left !== place) score[place] = 0;
          if (scored && scores[b] === 1) score[place] = (score[place] as number) + PART_NUMBER_SCORE;
          b += 1;
        }
        if (left === place) a += 1;
        matched[union++] = place;
      }
      count = union;
    }
    const exact = new Set(read.partNumber ? (this.byPartNumber.get(read.partNumber) ?? []) : []);
    return { count, exact };
  }

  /**
   * Keeps, of the first `count` matches, those `list` has too (both in place order), adding its
   * scores; clears the scores of the rest. Answers how many are kept. A list much longer than the
   * matches is searched (galloping) rather than walked.
   */
  private intersect(count: number, { places, scores }: TermList, scored: boolean): number {
    const { textPlaces: matched, score } = this;
    let kept = 0;
    let b = 0;
    const gallop = places.length > count * 16;
    for (let a = 0; a < count; a += 1) {
      const place = matched[a] as number;
      if (gallop) {
        let step = 1;
        while (b + step < places.length && (places[b + step] as number) < place) step *= 2;
        let low = b;
        let high = Math.min(b + step, places.length);
        while (low < high) {
          const middle = (low + high) >>> 1;
          if ((places[middle] as number) < place) low = middle + 1;
          else high = middle;
        }
        b = low;
      } else {
        while (b < places.length && (places[b] as number) < place) b += 1;
      }
      if (b < places.length && places[b] === place) {
        if (scored) score[place] = (score[place] as number) + (scores[b] as number);
        matched[kept++] = place;
      } else if (scored) {
        score[place] = 0;
      }
    }
    return kept;
  }

  /**
   * Looks up ahead, one word per turn of the event loop, the lists of the catalogue's most common
   * lexemes (those of PREWARM_POSTINGS parts or more) as a query reads them typed as words, up to
   * half of TERM_LISTS_HELD: the first riders to type `brake` or `front` after a start do not each
   * pay for a walk of tens of thousands of places.
   */
  async prewarm({ minParts = PREWARM_POSTINGS }: { minParts?: number } = {}): Promise<void> {
    const { postingStart, lexemes } = this;
    const common: number[] = [];
    for (let at = 0; at < lexemes.length; at += 1) {
      if ((postingStart[at + 1] as number) - (postingStart[at] as number) >= minParts) common.push(at);
    }
    const size = (at: number) => (postingStart[at + 1] as number) - (postingStart[at] as number);
    common.sort((a, b) => size(b) - size(a));
    for (const at of common) {
      if (this.termListsHeld >= TERM_LISTS_HELD / 2) break;
      await nextTurn();
      const read = await readQuery(lexemes[at] as string, this.lexicon);
      read.terms.forEach((term, slot) => this.termList(term.alternatives, slot, true));
    }
  }

  /** A part as the JSON of its `Product`; undefined when the index has no such part. */
  partJson(id: string): string | undefined {
    const place = this.placeOf.get(id);
    return place !== undefined && this.live[place] === 1 ? (this.parts[place] as KeptPart).json : undefined;
  }

  async search(query: CatalogueSearchQuery): Promise<CatalogueResponse | undefined> {
    const bikes = query.vehicle !== undefined ? [query.vehicle] : query.vehicles;
    if (bikes?.some((vehicle) => !this.vehicleIds.has(vehicle))) return undefined;
    const read = await readQuery(query.q, this.lexicon);
    const hasText = read.words.length > 0;
    const sort = query.sort ?? (hasText ? 'relevance' : 'newest');
    // Scores order by relevance only: another order needs none kept.
    const scored = sort === 'relevance';
    const text = hasText ? this.textMatches(read, scored) : undefined;
    try {
      return this.answer(query, bikes, sort, text);
    } finally {
      if (scored) for (let at = 0; at < (text?.count ?? 0); at += 1) this.score[this.textPlaces[at] as number] = 0;
    }
  }

  /**
   * Marks in `bikeMark` the parts that fit any of the bikes (universal parts fit every bike), and
   * gives them back in place order: the bikes' lists, the patched parts that fit and the universal
   * parts, each in place order, merged (a sort of the universal parts took most of a bike's search).
   */
  private markBikes(bikes: readonly string[]): Uint32Array {
    const { bikeMark: mark, live, patched, universal } = this;
    const patchedFits: number[] = [];
    for (const [place, fits] of this.patchedBikes) {
      if (universal[place] === 0 && bikes.some((vehicle) => fits.has(vehicle))) patchedFits.push(place);
    }
    const lists = [
      ...bikes.map((vehicle) => this.fitment.get(vehicle) ?? EMPTY),
      Uint32Array.from(patchedFits).sort(),
      this.universalPlaces,
    ];
    // The bikes' lists hold patched parts as they were: those are read from patchedBikes instead.
    const fromLists = bikes.length;
    const heads = new Uint32Array(lists.length);
    const into = this.fittingPlaces;
    let count = 0;
    for (;;) {
      let next = -1;
      let nextPlace = Infinity;
      for (let list = 0; list < lists.length; list += 1) {
        const at = heads[list] as number;
        const places = lists[list] as Uint32Array;
        if (at < places.length && (places[at] as number) < nextPlace) {
          next = list;
          nextPlace = places[at] as number;
        }
      }
      if (next < 0) break;
      heads[next] = (heads[next] as number) + 1;
      const place = nextPlace;
      if (mark[place] === 1 || live[place] === 0 || (next < fromLists && patched[place] === 1)) continue;
      mark[place] = 1;
      into[count++] = place;
    }
    return into.subarray(0, count);
  }

  private answer(
    query: CatalogueQuery,
    bikes: readonly string[] | undefined,
    sort: NonNullable<CatalogueQuery['sort']>,
    text: { count: number; exact: Set<number> } | undefined,
  ): CatalogueResponse {
    // The parts that pass the filters that are not facets (text, bike, price, stock), newest first,
    // into `found`; each counted in its facet group.
    if (!text && bikes === undefined && this.count < PLACE_KEYS) return this.answerWithoutWords(query, sort);
    const { count, found, groupOf, live, price, inStock } = this;
    let foundCount = 0;
    const bike = bikes === undefined ? undefined : this.bikeMark;
    const fitting = bikes === undefined ? EMPTY : this.markBikes(bikes);
    // Whole cents as integers: the loops below compare small integers only.
    const minPrice = query.minPrice === undefined ? -1 : toCents(query.minPrice);
    const maxPrice = query.maxPrice === undefined ? MAX_CENTS : toCents(query.maxPrice);
    const stockOnly = query.inStock ? 1 : 0;
    const groupCounts = this.groupCounts.fill(0);
    /** The candidates that pass, from the last of `candidates` to the first (newest first). */
    const takeFrom = (candidates: Uint32Array, checkBike: boolean) => {
      for (let at = candidates.length - 1; at >= 0; at -= 1) {
        const place = candidates[at] as number;
        if (live[place] === 0 || (checkBike && (bike as Uint8Array)[place] === 0)) continue;
        const cents = price[place] as number;
        if (cents < minPrice || cents > maxPrice || (stockOnly === 1 && inStock[place] === 0)) continue;
        found[foundCount++] = place;
        const group = groupOf[place] as number;
        groupCounts[group] = (groupCounts[group] as number) + 1;
      }
    };
    if (text) {
      takeFrom(this.textPlaces.subarray(0, text.count), bike !== undefined);
    } else if (bike) {
      takeFrom(fitting, false);
    } else {
      for (let place = count - 1; place >= 0; place -= 1) {
        if (live[place] === 0) continue;
        const cents = price[place] as number;
        if (cents < minPrice || cents > maxPrice || (stockOnly === 1 && inStock[place] === 0)) continue;
        found[foundCount++] = place;
        const group = groupOf[place] as number;
        groupCounts[group] = (groupCounts[group] as number) + 1;
      }
    }
    for (const place of fitting) (bike as Uint8Array)[place] = 0;

    // The facet counts and the total, from the groups' counts as the SQL search makes them.
    const groups: FacetGroup[] = [];
    for (let group = 0; group < this.groupValues.length; group += 1) {
      const counted = groupCounts[group] as number;
      if (counted > 0) groups.push([...(this.groupValues[group] as GroupValues), counted]);
    }
    const { total, facets } = facetsOf(groups, query);

    // The parts that pass the facets too (a group passes or not as a whole), in the order asked for.
    const passes = this.groupPasses(query);
    let passingCount = foundCount;
    if (passes !== undefined) {
      passingCount = 0;
      for (let at = 0; at < foundCount; at += 1) {
        const place = found[at] as number;
        if (passes[groupOf[place] as number] === 1) found[passingCount++] = place;
      }
    }
    const from = (query.page - 1) * query.pageSize;
    const page = this.ordered(found.subarray(0, passingCount), sort, text, from, from + query.pageSize);
    // Each item as the JSON kept for it (the product as toProduct makes it), with how it fits when a
    // bike was asked for: `"fits"` written last, as the SQL search's items have it.
    const items: string[] = [];
    for (const place of page) {
      const { json } = this.parts[place] as KeptPart;
      items.push(
        bikes === undefined ? json : `${json.slice(0, -1)},"fits":"${this.universal[place] ? 'universal' : 'fits'}"}`,
      );
    }
    return answerWithItemsJson({ total, page: query.page, pageSize: query.pageSize, facets }, items);
  }

  /**
   * A search with neither words nor a bike: each group's count from its prices (two binary searches),
   * then the page by walking the order asked for, or, when few parts pass, from their groups.
   */
  private answerWithoutWords(query: CatalogueQuery, sort: NonNullable<CatalogueQuery['sort']>): CatalogueResponse {
    const byGroup = this.pricesByGroup();
    const minPrice = query.minPrice === undefined ? -1 : toCents(query.minPrice);
    const maxPrice = query.maxPrice === undefined ? MAX_CENTS : toCents(query.maxPrice);
    const stockOnly = query.inStock;
    const [start, cents] = stockOnly ? [byGroup.stockStart, byGroup.stockCents] : [byGroup.start, byGroup.cents];
    const groups: FacetGroup[] = [];
    const counted = this.groupCounts;
    for (let group = 0; group < this.groupValues.length; group += 1) {
      const [from, to] = [start[group] as number, start[group + 1] as number];
      const inRange = lowerBound(cents, maxPrice + 1, from, to) - lowerBound(cents, minPrice, from, to);
      counted[group] = inRange;
      if (inRange > 0) groups.push([...(this.groupValues[group] as GroupValues), inRange]);
    }
    const { total, facets } = facetsOf(groups, query);
    const passes = this.groupPasses(query);
    let passing = 0;
    for (let group = 0; group < this.groupValues.length; group += 1) {
      if (passes === undefined || passes[group] === 1) passing += counted[group] as number;
    }
    const from = (query.page - 1) * query.pageSize;
    const to = Math.min(from + query.pageSize, passing);
    let page: Uint32Array = EMPTY;
    if (from < to) {
      const by = sort === 'newest' || sort === 'relevance' ? undefined : sort;
      page =
        (to * this.count) / passing <= this.walkLimit
          ? this.walkFor(by, from, to, { passes, minPrice, maxPrice, stockOnly })
          : this.gatheredFor(by, from, to, { passes, minPrice, maxPrice, stockOnly }, byGroup);
    }
    const items = Array.from(page, (place) => (this.parts[place] as KeptPart).json);
    return answerWithItemsJson({ total, page: query.page, pageSize: query.pageSize, facets }, items);
  }

  /** The page's places, walking the order asked for (newest: places from the last) and keeping those that pass. */
  private walkFor(
    by: 'price-asc' | 'price-desc' | 'name' | undefined,
    from: number,
    to: number,
    { passes, minPrice, maxPrice, stockOnly }: PageFilter,
  ): Uint32Array {
    const { live, groupOf, price, inStock, count } = this;
    const order = by === undefined ? undefined : this.orderOf(by);
    const page = new Uint32Array(to - from);
    let seen = 0;
    for (let at = 0; at < count && seen < to; at += 1) {
      const place = order === undefined ? count - 1 - at : (order[at] as number);
      if (live[place] === 0 || (passes !== undefined && passes[groupOf[place] as number] === 0)) continue;
      const cents = price[place] as number;
      if (cents < minPrice || cents > maxPrice || (stockOnly && inStock[place] === 0)) continue;
      if (seen >= from) page[seen - from] = place;
      seen += 1;
    }
    return page;
  }

  /** The page's places, gathered from the passing groups' price ranges and sorted (few pass). */
  private gatheredFor(
    by: 'price-asc' | 'price-desc' | 'name' | undefined,
    from: number,
    to: number,
    { passes, minPrice, maxPrice, stockOnly }: PageFilter,
    { start, places, cents }: GroupPrices,
  ): Uint32Array {
    const gathered: number[] = [];
    for (let group = 0; group < this.groupValues.length; group += 1) {
      if (passes !== undefined && passes[group] === 0) continue;
      const [first, end] = [start[group] as number, start[group + 1] as number];
      const last = lowerBound(cents, maxPrice + 1, first, end);
      for (let at = lowerBound(cents, minPrice, first, end); at < last; at += 1) {
        const place = places[at] as number;
        if (!stockOnly || this.inStock[place] === 1) gathered.push(place);
      }
    }
    if (by === undefined) return Uint32Array.from(gathered).sort().reverse().slice(from, to);
    const order = this.orderOf(by);
    const rank = this.ranks[by] as Uint32Array;
    return Uint32Array.from(gathered, (place) => rank[place] as number)
      .sort()
      .slice(from, to)
      .map((at) => order[at] as number);
  }

  /** Each facet group's live parts by price, and its parts in stock (made again after a change). */
  private pricesByGroup(): GroupPrices {
    this.groupPrices ??= allAtOnce(this.groupPriceSteps());
    return this.groupPrices;
  }

  /** pricesByGroup's making, in steps (the index's build takes them in slices). */
  private *groupPriceSteps(): Generator<void, GroupPrices> {
    const { count, live, inStock, groupOf, price } = this;
    const groups = this.groupValues.length;
    const start = new Uint32Array(groups + 1);
    const stockStart = new Uint32Array(groups + 1);
    for (let place = 0; place < count; place += 1) {
      if (live[place] === 0) continue;
      const group = groupOf[place] as number;
      start[group + 1] = (start[group + 1] as number) + 1;
      if (inStock[place] === 1) stockStart[group + 1] = (stockStart[group + 1] as number) + 1;
    }
    for (let group = 0; group < groups; group += 1) {
      start[group + 1] = (start[group + 1] as number) + (start[group] as number);
      stockStart[group + 1] = (stockStart[group + 1] as number) + (stockStart[group] as number);
    }
    // Each group's parts as one number each (price, then place), sorted natively group by group.
    const keys = new Float64Array(start[groups] as number);
    const stockCents = new Int32Array(stockStart[groups] as number);
    const next = start.slice(0, groups);
    const nextInStock = stockStart.slice(0, groups);
    for (let place = 0; place < count; place += 1) {
      if (live[place] === 0) continue;
      const group = groupOf[place] as number;
      const cents = price[place] as number;
      keys[(next[group] as number)++] = cents * PLACE_KEYS + place;
      if (inStock[place] === 1) stockCents[(nextInStock[group] as number)++] = cents;
    }
    for (let group = 0; group < groups; group += 1) {
      keys.subarray(start[group], start[group + 1]).sort();
      stockCents.subarray(stockStart[group], stockStart[group + 1]).sort();
      yield;
    }
    const places = Uint32Array.from(keys, (key) => key % PLACE_KEYS);
    const cents = Int32Array.from(keys, (key) => Math.floor(key / PLACE_KEYS));
    return { start, places, cents, stockStart, stockCents };
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

  /** How two places compare in a sort: by price or by name, the newer first among equals. */
  private comparer(sort: 'price-asc' | 'price-desc' | 'name'): (a: number, b: number) => number {
    const { seq, price, parts } = this;
    const newer = (a: number, b: number) => (seq[b] as number) - (seq[a] as number);
    if (sort === 'price-asc') return (a, b) => (price[a] as number) - (price[b] as number) || newer(a, b);
    if (sort === 'price-desc') return (a, b) => (price[b] as number) - (price[a] as number) || newer(a, b);
    const name = (place: number) => (parts[place] as KeptPart).nameKey;
    return (a, b) => byCodePoint(name(a), name(b)) || newer(a, b);
  }

  /** Every place in the order of a sort, made when first needed (the index makes them when built). */
  private orderOf(sort: 'price-asc' | 'price-desc' | 'name'): Uint32Array {
    let order = this.orders[sort];
    if (!order) {
      order = this.madeAsNumbers(sort)
        ? allAtOnce(this.byPrice(sort))
        : Uint32Array.from({ length: this.count }, (_, place) => place).sort(this.comparison(sort));
      this.orders[sort] = order;
      this.ranks[sort] = rankOf(order, this.seq.length);
    }
    return order;
  }

  /** Whether a sort's order is made as numbers (`byPrice`), not with a comparison function. */
  private madeAsNumbers(sort: 'price-asc' | 'price-desc' | 'name'): sort is 'price-asc' | 'price-desc' {
    return sort !== 'name' && !this.outOfOrder && this.count < PLACE_KEYS;
  }

  /** A sort's comparison of two places, for making its whole order. */
  private comparison(sort: 'price-asc' | 'price-desc' | 'name'): (a: number, b: number) => number {
    const newer = (a: number, b: number) => (this.seq[b] as number) - (this.seq[a] as number);
    return sort === 'name'
      ? byName(
          this.parts.map((part) => part.nameKey),
          newer,
        )
      : this.comparer(sort);
  }

  /**
   * The places by price, the newer (the later place) first among equals, as one number each sorted
   * natively: ten times faster than a comparison function at 100,000 parts.
   */
  private *byPrice(sort: 'price-asc' | 'price-desc'): Generator<void, Uint32Array> {
    const keys = new Float64Array(this.count);
    for (let place = 0; place < this.count; place += 1) {
      const cents = this.price[place] as number;
      keys[place] = (sort === 'price-asc' ? cents : MAX_CENTS - cents) * PLACE_KEYS + (PLACE_KEYS - 1 - place);
    }
    yield* sortNumbersSteps(keys);
    return Uint32Array.from(keys, (key) => PLACE_KEYS - 1 - (key % PLACE_KEYS));
  }

  /** The parts from `from` to `to` (not included) of `newestFirst` in the order of the sort. */
  private ordered(
    newestFirst: Uint32Array,
    sort: NonNullable<CatalogueQuery['sort']>,
    text: { count: number; exact: Set<number> } | undefined,
    from: number,
    to: number,
  ): Uint32Array {
    if (sort === 'newest' || (sort === 'relevance' && !text)) return newestFirst.slice(from, to);
    if (sort === 'relevance' && text) {
      // Whole-number scores (at most 8 a term and 8 for the part number), the exact part numbers'
      // above the rest: counted, then placed highest first, newest first among equals (a stable
      // counting sort of the newest-first list).
      const { score, bucketCounts } = this;
      const { exact } = text;
      const key =
        exact.size === 0
          ? (place: number) => score[place] as number
          : (place: number) => (exact.has(place) ? EXACT_BUCKETS : 0) + (score[place] as number);
      bucketCounts.fill(0);
      for (const place of newestFirst) bucketCounts[key(place)] = (bucketCounts[key(place)] as number) + 1;
      let start = 0;
      for (let bucket = bucketCounts.length - 1; bucket >= 0; bucket -= 1) {
        const counted = bucketCounts[bucket] as number;
        bucketCounts[bucket] = start;
        start += counted;
      }
      const ranked = this.rankedPlaces;
      for (const place of newestFirst) {
        const bucket = key(place);
        ranked[bucketCounts[bucket] as number] = place;
        bucketCounts[bucket] = (bucketCounts[bucket] as number) + 1;
      }
      return ranked.slice(from, Math.min(to, newestFirst.length));
    }
    const by = sort as 'price-asc' | 'price-desc' | 'name';
    const order = this.orderOf(by);
    if (newestFirst.length * 8 < this.count) {
      // By rank: the `to` lowest ranks of the places, then the places at those ranks.
      const rank = this.ranks[by] as Uint32Array;
      return lowestRanks(newestFirst, rank, to)
        .slice(from, to)
        .map((at) => order[at] as number);
    }
    const mark = this.mark;
    for (const place of newestFirst) mark[place] = 1;
    const page: number[] = [];
    let seen = 0;
    for (let at = 0; at < order.length && seen < to; at += 1) {
      const place = order[at] as number;
      if (mark[place] === 1) {
        if (seen >= from) page.push(place);
        seen += 1;
      }
    }
    for (const place of newestFirst) mark[place] = 0;
    return Uint32Array.from(page);
  }
}
