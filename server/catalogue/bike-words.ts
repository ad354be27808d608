import { FIRST_MODEL_YEAR, lastModelYear } from '../../contract/index.js';

/**
 * Which words of a search name a bike (`cbr600rr front pads`, `r6 pads`, `2019 yamaha yzf-r6`), read
 * from the bikes the catalogue knows. What counts (docs/decisions/0041) is chosen so that ordinary part
 * words never become a bike:
 * - words are whole typed words (split at spaces only: `06435-MEL-D21` is one word, never `d21`),
 *   compared without case or punctuation, and a run of them as their letters and digits joined
 *   (`cbr 600 rr`, `yzf-r6` and `yzfr6` are one name);
 * - alone, a name counts only when it is a model's code, letters and digits together (`cbr600rr`,
 *   `r6`, `zx6r`, `mt07`, `tiger 900`), and only when one model has it (`v4` names four: none);
 * - after the make (`honda`, `harley`, `guzzi`), any part of the model's name counts (`ducati monster`,
 *   `honda africa twin`, `bmw gs`), if one model of that make has it;
 * - a make alone, a year alone or a number alone is never a bike; a year counts next to the model's
 *   words (or its make's) and only when the catalogue has that model year;
 * - words naming two different models are no bike at all: the store does not guess.
 */

/** One model year the catalogue knows. */
export interface KnownBike {
  id: string;
  make: string;
  model: string;
  year: number;
}

/** A model and its years, newest first. */
export interface BikeModel {
  make: string;
  model: string;
  years: Array<{ year: number; vehicleId: string }>;
}

/** The bike read in a query: the model, the year when given, and the query's other words. */
export interface ReadBike {
  model: BikeModel;
  year: number | undefined;
  /** The words left, as typed, in their order (`front pads`); '' when every word named the bike. */
  text: string;
}

/** The names the bikes go by, made once for every query until the bikes change. */
export interface BikeNames {
  /** A make's names (`harleydavidson`, `harley`) to its key (the make, lowercased). */
  makes: Map<string, string>;
  /** Codes that name one model alone, to the models they name (more than one: none is read). */
  alone: Map<string, BikeModel[]>;
  /** By make key: what names a model after its make. */
  afterMake: Map<string, Map<string, BikeModel[]>>;
}

/** The longest run of typed words one name may take (`1290 super duke r`), and a make (`harley davidson`). */
const MAX_NAME_WORDS = 5;
const MAX_MAKE_WORDS = 3;

/** A word compared: lowercased, letters and digits only. */
export const compact = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** The pieces of a name between spaces and punctuation (`YZF-R6`: `yzf`, `r6`). */
const pieces = (name: string) =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** A model's code: letters and digits together (`r6`, `cbr600rr`, `tiger900`). */
const isCode = (name: string) => /\p{L}/u.test(name) && /\p{N}/u.test(name);
const isNumber = (name: string) => /^\p{N}+$/u.test(name);

/** Every run of neighbouring pieces, joined (`ninja zx 6r`: `ninja`, `ninjazx`, ... `zx6r`, `6r`). */
function runs(parts: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (let start = 0; start < parts.length; start += 1) {
    for (let end = start + 1; end <= parts.length; end += 1) found.add(parts.slice(start, end).join(''));
  }
  return found;
}

const add = <Key, Value>(map: Map<Key, Value[]>, key: Key, value: Value) => {
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
};

/** The names of the bikes, from the catalogue's model years. */
export function bikeNames(bikes: Iterable<KnownBike>): BikeNames {
  const models = new Map<string, BikeModel>();
  for (const { id, make, model, year } of bikes) {
    const key = `${make}\u0000${model}`;
    let known = models.get(key);
    if (!known) models.set(key, (known = { make, model, years: [] }));
    known.years.push({ year, vehicleId: id });
  }
  const makeNames = new Map<string, string[]>();
  const alone = new Map<string, BikeModel[]>();
  const afterMake = new Map<string, Map<string, BikeModel[]>>();
  for (const model of models.values()) {
    model.years.sort((a, b) => b.year - a.year);
    const makeKey = model.make.toLowerCase();
    const ofMake = afterMake.get(makeKey) ?? new Map<string, BikeModel[]>();
    afterMake.set(makeKey, ofMake);
    add(makeNames, compact(model.make), makeKey);
    // `Harley-Davidson` is `harley` too, `Moto Guzzi` `guzzi`; but not `moto` nor `mv`: short words.
    const ofMakeName = pieces(model.make);
    if (ofMakeName.length > 1) {
      for (const piece of ofMakeName) if (piece.length >= 5 && !isNumber(piece)) add(makeNames, piece, makeKey);
    }
    const whole = compact(model.model);
    if (whole) add(ofMake, whole, model);
    for (const name of runs(pieces(model.model))) {
      if (isCode(name)) add(alone, name, model);
      // After the make, a word of the model's name counts, but not one letter nor a short number.
      if (name.length >= 2 && !(isNumber(name) && name.length < 3)) add(ofMake, name, model);
    }
  }
  const makes = new Map<string, string>();
  for (const [name, keys] of makeNames) if (keys.length === 1) makes.set(name, keys[0] as string);
  return { makes, alone, afterMake };
}

/** A typed word: as typed (to give back the others), and compared. */
interface Word {
  typed: string;
  name: string;
}

/** The one model a name gives, if exactly one. */
const onlyModel = (models: BikeModel[] | undefined) => (models?.length === 1 ? models[0] : undefined);

/** Words `from` to `to` joined, when `to` is within the query. */
const joined = (words: readonly Word[], from: number, to: number) =>
  to <= words.length
    ? words
        .slice(from, to)
        .map(({ name }) => name)
        .join('')
    : undefined;

interface Found {
  start: number;
  end: number;
  model: BikeModel;
}

/** The model named from word `at` on: its make and name, or its code alone; the longest first. */
function modelAt(words: readonly Word[], at: number, names: BikeNames): Found | undefined {
  for (let makeWords = MAX_MAKE_WORDS; makeWords >= 1; makeWords -= 1) {
    const makeName = joined(words, at, at + makeWords);
    const make = makeName === undefined ? undefined : names.makes.get(makeName);
    const ofMake = make === undefined ? undefined : names.afterMake.get(make);
    if (!ofMake) continue;
    for (let nameWords = MAX_NAME_WORDS; nameWords >= 1; nameWords -= 1) {
      const end = at + makeWords + nameWords;
      const name = joined(words, at + makeWords, end);
      const model = name === undefined ? undefined : onlyModel(ofMake.get(name));
      if (model) return { start: at, end, model };
    }
  }
  for (let nameWords = MAX_NAME_WORDS; nameWords >= 1; nameWords -= 1) {
    const name = joined(words, at, at + nameWords);
    const model = name === undefined ? undefined : onlyModel(names.alone.get(name));
    if (model) return { start: at, end: at + nameWords, model };
  }
  return undefined;
}

/** The word as a model year of the model, if it is one the catalogue knows. */
function yearOf(word: Word | undefined, model: BikeModel): number | undefined {
  if (!word || !/^\d{4}$/.test(word.name)) return undefined;
  const year = Number(word.name);
  if (year < FIRST_MODEL_YEAR || year > lastModelYear()) return undefined;
  return model.years.some((known) => known.year === year) ? year : undefined;
}

/** The bike a query names, and its other words; undefined when it names none (or several). */
export function readBike(q: string, names: BikeNames): ReadBike | undefined {
  const words: Word[] = q
    .split(/\s+/)
    .map((typed) => ({ typed, name: compact(typed) }))
    .filter(({ name }) => name !== '');
  const used = new Set<number>();
  let found: BikeModel | undefined;
  let year: number | undefined;
  for (let at = 0; at < words.length;) {
    const named = modelAt(words, at, names);
    if (!named) {
      at += 1;
      continue;
    }
    if (found && found !== named.model) return undefined;
    found = named.model;
    let { start, end } = named;
    const after = yearOf(words[end], named.model);
    const before = after === undefined && !used.has(start - 1) ? yearOf(words[start - 1], named.model) : undefined;
    if (after !== undefined) end += 1;
    if (before !== undefined) start -= 1;
    year ??= after ?? before;
    for (let word = start; word < end; word += 1) used.add(word);
    at = end;
  }
  if (!found) return undefined;
  const text = words
    .filter((_, index) => !used.has(index))
    .map(({ typed }) => typed)
    .join(' ');
  return { model: found, year, text };
}
