// The catalogue section's data (catalogue-search.ts): a brake shop at a real shop's size, generated
// from a seeded PRNG (the same seed gives the same shop, byte for byte) and written straight into the
// database before the store starts, as a shop importing its supplier's catalogue would.
//
// - Bikes: one vehicle per model year, of real makes and models (VEHICLE_MODELS), picked at random.
// - Parts: names, specs, part numbers and prices of each category of contract/catalogue.ts, from the
//   words of catalogue-vocabulary.ts; a part fits a run of neighbouring model years (same make, same or next model);
//   fluid and some hardware are universal instead.
// - Loading: migrations and the sample catalogue first (as `npm start` does), then large multi-row
//   INSERTs (each batch one statement, its rows passed as one JSON or array parameter, so one code
//   path serves PGlite and PostgreSQL), the fitment table's keys and index built after its rows, then
//   VACUUM ANALYZE. The products table's triggers (search vector, vocabulary: migration 0009) run as
//   they would for any write: they are part of the cost.
import { sql } from 'drizzle-orm';
import {
  CALIPER_MOUNTS,
  DISC_MOUNTS,
  normalizePartNumber,
  PAD_COMPOUNDS,
  type PartCategory,
  type PartPosition,
  type PartSpecs,
} from '../../contract/catalogue.js';
import { openDatabase, type Database } from '../../server/db/client.js';
import type { SeedProduct } from '../../server/db/sample-catalogue.js';
import { seedCatalogueOnce } from '../../server/db/seed.js';
import {
  BRANDS,
  CALIPER_MODELS,
  CATEGORY_WEIGHTS,
  COLOURS,
  HARDWARE,
  PAD_SERIES,
  RIDING,
  VEHICLE_MODELS,
  type OemStyle,
  type PadSeries,
} from './catalogue-vocabulary.js';

/** The shop the issue asks for (issue 14, point 6; issue 27, item 5). */
export const SHOP_SIZE: CatalogueSize = { parts: 100_000, vehicles: 2_000, fitments: 1_000_000 };
/** A distributor's catalogue (issue 27, item 5: where one process ends), opt-in (BENCH_CATALOGUE_PARTS). */
export const DISTRIBUTOR_PARTS = 1_000_000;
/** About this share of the parts fit every bike (fluid, some hardware) and have no fitment rows. */
export const UNIVERSAL_SHARE = 0.01;
export const DEFAULT_SEED = 20_240_614;
/** Parts are dated over the years before this moment, oldest first (a fixed date: the same seed, the same shop). */
const NEWEST_PART_AT = Date.UTC(2025, 5, 1);
const CATALOGUE_YEARS = 6;
/** Of parts that are not universal, the most model years one part fits. */
const MAX_FITS_PER_PART = 60;

export interface CatalogueSize {
  parts: number;
  vehicles: number;
  fitments: number;
}

/** A shop of `parts` parts shaped as SHOP_SIZE: the same model years, as many fitment rows per part. */
export function catalogueSize(parts: number): CatalogueSize {
  const perPart = SHOP_SIZE.fitments / SHOP_SIZE.parts;
  return { parts, vehicles: SHOP_SIZE.vehicles, fitments: Math.round(parts * perPart) };
}

// ---------------------------------------------------------------------------------------------
// A seeded PRNG (sfc32, seeded through splitmix32): fast, and good enough for test data.

export interface Random {
  /** In [0, 1). */
  next(): number;
  /** A whole number in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const splitmix = () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next32 = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i += 1) next32();
  const random: Random = {
    next: () => next32() / 4_294_967_296,
    int: (min, max) => min + Math.floor(random.next() * (max - min + 1)),
    pick: (items) => items[Math.floor(random.next() * items.length)] as (typeof items)[number],
    chance: (probability) => random.next() < probability,
  };
  return random;
}

/** A version-4 UUID from the PRNG: random-looking ids, as gen_random_uuid() makes, but repeatable. */
function uuidFrom(random: Random) {
  const hex = (bits: number) => Math.floor(random.next() * 2 ** bits).toString(16);
  const word = () => hex(32).padStart(8, '0');
  const digits = `${word()}${word()}${word()}${word()}`.split('');
  digits[12] = '4';
  digits[16] = '89ab'[parseInt(digits[16] ?? '0', 16) & 3] ?? '8';
  const s = digits.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

/** Shuffles in place (Fisher-Yates). */
function shuffle<T>(random: Random, items: T[]) {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = random.int(0, i);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

// ---------------------------------------------------------------------------------------------
// Bikes

export interface GeneratedVehicle {
  id: string;
  make: string;
  model: string;
  year: number;
}

/** `count` model years picked at random from VEHICLE_MODELS, sorted by make, model and year. */
function generateVehicles(random: Random, count: number): GeneratedVehicle[] {
  const all = VEHICLE_MODELS.flatMap(({ make, models }) =>
    models.flatMap((entry) => {
      const [, model = entry, first = 0, last = -1] = /^(.+) (\d{4})-(\d{4})$/.exec(entry) ?? [];
      return Array.from({ length: Number(last) - Number(first) + 1 }, (_, index) => ({
        make,
        model,
        year: Number(first) + index,
      }));
    }),
  );
  if (count > all.length) throw new Error(`at most ${all.length} model years can be generated (asked for ${count})`);
  return shuffle(random, all)
    .slice(0, count)
    .sort((a, b) => a.make.localeCompare(b.make) || a.model.localeCompare(b.model) || a.year - b.year)
    .map((vehicle) => ({ id: uuidFrom(random), ...vehicle }));
}

// ---------------------------------------------------------------------------------------------
// Parts

/** A part as the sample catalogue's (the same columns), with its id and date. */
export interface GeneratedPart extends Omit<SeedProduct, 'fits'> {
  id: string;
  createdAt: Date;
}

/**
 * Which part fits which vehicle, as indexes into `parts` and `vehicles` (a million pairs of ids as
 * strings would take hundreds of MB): row i is (parts[part[i]], vehicles[vehicle[i]]).
 */
export interface GeneratedFitment {
  part: Uint32Array;
  vehicle: Uint32Array;
}

export interface GeneratedCatalogue {
  seed: number;
  vehicles: GeneratedVehicle[];
  /** Oldest first, as they are inserted (so that `seq`, newest first, follows `createdAt`). */
  parts: GeneratedPart[];
  fitment: GeneratedFitment;
}

const picture = (name: string) => `/images/products/${name}.svg`;
const title = (word: string) =>
  word.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
const cents = (random: Random, min: number, max: number) => Math.max(100, random.int(min, max) * 100 - 5);

/** One part's category, name, brand, specs, price, picture and a sentence about it. */
interface PartLook {
  brand: string;
  name: string;
  category: PartCategory;
  specs: PartSpecs;
  priceCents: number;
  picture: string;
  minimumOrderQuantity: number;
  about: string;
}

const position = (random: Random, frontShare = 0.6): PartPosition => (random.chance(frontShare) ? 'front' : 'rear');

function padLook(random: Random): PartLook {
  const brand = random.pick(BRANDS['brake-pads']);
  const compound = random.pick(PAD_COMPOUNDS);
  const where = position(random);
  const series: PadSeries | undefined = PAD_SERIES[brand];
  const code = `${series?.prefix ?? ''}${random.int(100, 899)}${series?.suffix[compound] ?? ''}`;
  const label = compound === 'semi-sintered' ? 'Semi-Sintered' : title(compound);
  return {
    brand,
    category: 'brake-pads',
    name: `${brand} ${code} ${label} ${title(where)} Brake Pads`,
    specs: {
      compound,
      position: where,
      frictionRating: random.pick(['HH', 'GG', 'FF']),
      padsPerSet: where === 'front' ? random.pick([2, 4]) : 2,
      ...(random.chance(0.3) ? { use: random.pick(RIDING) } : {}),
    },
    priceCents: cents(random, 18, 85),
    picture: picture(compound === 'organic' || compound === 'ceramic' ? 'organic-pads' : 'sintered-pads'),
    minimumOrderQuantity: random.pick([1, 1, 2, 2, 4]),
    about: `${label.toLowerCase()} ${where} pads, ${random.pick(['strong initial bite', 'progressive feel', 'stable friction wet or dry', 'long life on road and track', 'low dust and quiet'])}`,
  };
}

function discLook(random: Random): PartLook {
  const brand = random.pick(BRANDS['brake-discs']);
  const where = position(random);
  const mount = where === 'front' ? (random.chance(0.85) ? 'floating' : 'fixed') : random.pick(DISC_MOUNTS);
  const diameterMm =
    where === 'front'
      ? random.pick([260, 267, 280, 290, 296, 298, 300, 310, 320, 330])
      : random.pick([220, 230, 240, 245, 255, 265, 270]);
  const thicknessMm = where === 'front' ? random.pick([4.5, 5, 5.5, 6]) : random.pick([4, 4.5, 5]);
  const design = random.pick(['wave', 'round', 'contour']);
  return {
    brand,
    category: 'brake-discs',
    name: `${brand} ${title(mount)} ${design === 'round' ? '' : `${title(design)} `}Brake Disc ${diameterMm} mm ${title(where)}`,
    specs: {
      position: where,
      diameterMm,
      thicknessMm,
      minThicknessMm: thicknessMm - random.pick([0.5, 1]),
      boltHoles: random.pick([5, 6, 6]),
      mount,
      material: 'stainless steel',
      design,
    },
    priceCents: cents(random, where === 'front' ? 120 : 60, where === 'front' ? 480 : 220),
    picture: picture(where === 'front' ? 'wave-disc' : 'rear-disc'),
    minimumOrderQuantity: 1,
    about: `${mount} ${where} disc of ${diameterMm} mm, ${thicknessMm} mm thick`,
  };
}

function caliperLook(random: Random): PartLook {
  const brand = random.pick(BRANDS.calipers);
  const where = position(random, 0.7);
  const mount = where === 'front' ? random.pick(CALIPER_MOUNTS) : 'axial';
  const pistons = where === 'front' ? random.pick([4, 4, 4, 6, 2]) : random.pick([1, 2, 2]);
  const model = random.pick(CALIPER_MODELS[brand] ?? ['4-pot']);
  const side = where === 'front' ? random.pick(['Left', 'Right']) : '';
  return {
    brand,
    category: 'calipers',
    name: `${brand} ${model} ${title(mount)} Caliper ${pistons}-piston ${title(where)}${side ? ` ${side}` : ''}`,
    specs: {
      position: where,
      pistons,
      mount,
      ...(mount === 'radial' ? { mountSpacingMm: random.pick([100, 108]) } : {}),
      finish: random.pick(COLOURS),
    },
    priceCents: cents(random, where === 'front' ? 180 : 90, where === 'front' ? 1200 : 420),
    picture: picture(where === 'front' ? 'radial-caliper' : 'rear-caliper'),
    minimumOrderQuantity: 1,
    about: `${mount} ${pistons}-piston ${where} caliper, ${random.pick(['forged', 'billet', 'cast', 'monobloc'])} body`,
  };
}

function lineLook(random: Random): PartLook {
  const brand = random.pick(BRANDS['brake-lines']);
  const where = position(random);
  const lines = where === 'front' ? random.pick([1, 2, 3]) : 1;
  const colour = random.pick(['black', 'clear', 'carbon', 'red', 'blue']);
  return {
    brand,
    category: 'brake-lines',
    name: `${brand} Braided Stainless Brake Line Kit ${title(where)} ${title(colour)}${lines > 1 ? ` (${lines} lines)` : ''}`,
    specs: {
      position: where,
      lines,
      colour,
      fittings: random.pick(['stainless steel', 'titanium', 'anodised aluminium']),
    },
    priceCents: cents(random, 35, 160),
    picture: picture('braided-lines'),
    minimumOrderQuantity: 1,
    about: `braided stainless ${where} lines with ${colour} cover, a firmer lever than rubber hoses`,
  };
}

function leverLook(random: Random): PartLook {
  const brand = random.pick(BRANDS.levers);
  const style = random.pick(['Adjustable', 'Folding', 'Adjustable Folding', 'Shorty']);
  const which = random.pick(['Brake Lever', 'Brake Lever', 'Clutch and Brake Lever Set']);
  const colour = random.pick(COLOURS);
  return {
    brand,
    category: 'levers',
    name: `${brand} ${style} ${which} ${title(colour)}`,
    specs: {
      lever: which.includes('Set') ? 'set' : 'brake',
      length: style === 'Shorty' ? 'shorty' : 'standard',
      material: 'CNC aluminium',
      colour,
    },
    priceCents: cents(random, 25, 260),
    picture: picture('brake-lever'),
    minimumOrderQuantity: 1,
    about: `${style.toLowerCase()} ${which.toLowerCase()} machined from aluminium`,
  };
}

function masterCylinderLook(random: Random): PartLook {
  const brand = random.pick(BRANDS['master-cylinders']);
  const where = position(random, 0.65);
  if (where === 'front') {
    const bore = random.pick(['19x18', '19x20', '16x18', '17x18', '19x16']);
    return {
      brand,
      category: 'master-cylinders',
      name: `${brand} Radial Master Cylinder ${bore}`,
      specs: { position: where, mount: 'radial', pistonDiameterMm: Number(bore.split('x')[0]), ratio: bore },
      priceCents: cents(random, 140, 650),
      picture: picture('radial-master-cylinder'),
      minimumOrderQuantity: 1,
      about: `radial ${bore} front master cylinder with adjustable lever ratio`,
    };
  }
  const bore = random.pick([12.7, 13, 14]);
  return {
    brand,
    category: 'master-cylinders',
    name: `${brand} Rear Master Cylinder ${bore} mm`,
    specs: { position: where, pistonDiameterMm: bore, reservoir: random.pick(['integrated', 'remote']) },
    priceCents: cents(random, 80, 260),
    picture: picture('rear-master-cylinder'),
    minimumOrderQuantity: 1,
    about: `rear master cylinder, ${bore} mm piston`,
  };
}

function fluidLook(random: Random): PartLook {
  const brand = random.pick(BRANDS['brake-fluid']);
  const standard = random.pick(['DOT 4', 'DOT 4', 'DOT 5.1', 'Racing DOT 4']);
  const volumeMl = random.pick([250, 500, 500, 1000]);
  return {
    brand,
    category: 'brake-fluid',
    name: `${brand} ${standard} Brake Fluid ${volumeMl} ml`,
    specs: { standard: standard.replace('Racing ', ''), volumeMl, dryBoilingPointC: random.int(26, 33) * 10 },
    priceCents: cents(random, 8, 35),
    picture: picture('brake-fluid'),
    minimumOrderQuantity: 1,
    about: `${standard} brake fluid for every bike with a DOT 4 or DOT 5.1 system`,
  };
}

const UNIVERSAL_HARDWARE = HARDWARE.filter((item) => item.universal);
const FITTED_HARDWARE = HARDWARE.filter((item) => !item.universal);

function hardwareLook(random: Random, universal: boolean): PartLook {
  const brand = random.pick(BRANDS.hardware);
  const item = random.pick(universal ? UNIVERSAL_HARDWARE : FITTED_HARDWARE);
  const pieces = random.pick([2, 4, 6, 10, 12]);
  const material = item.name.includes('Titanium')
    ? 'titanium'
    : item.name.includes('Copper')
      ? 'copper'
      : 'stainless steel';
  return {
    brand,
    category: 'hardware',
    name: `${brand} ${item.name} (${pieces} pieces)`,
    specs: {
      material,
      pieces,
      ...(/M\d+/.test(item.name) ? { threadSize: /M[\d.x]+/.exec(item.name)?.[0] ?? 'M10' } : {}),
    },
    priceCents: cents(random, 2, 60),
    picture: picture(item.picture),
    minimumOrderQuantity: random.pick([1, 1, 2, 5, 10]),
    about: `set of ${pieces} in ${material}, ${random.pick(["torqued to the maker's figure", 'with fitting instructions', 'corrosion-proof', 're-usable'])}`,
  };
}

const LOOKS: Record<PartCategory, (random: Random) => PartLook> = {
  'brake-pads': padLook,
  'brake-discs': discLook,
  calipers: caliperLook,
  'brake-lines': lineLook,
  levers: leverLook,
  'master-cylinders': masterCylinderLook,
  'brake-fluid': fluidLook,
  hardware: (random) => hardwareLook(random, false),
};

function pickCategory(random: Random): PartCategory {
  const total = CATEGORY_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.next() * total;
  for (const [category, weight] of CATEGORY_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return category;
  }
  return 'hardware';
}

// A bike maker's part number in that maker's style (Honda 06455-MFJ-D01, BMW 34 11 8 532 012...).
const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const alnum = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';
const chars = (random: Random, alphabet: string, count: number) => {
  let text = '';
  for (let i = 0; i < count; i += 1) text += alphabet[random.int(0, alphabet.length - 1)];
  return text;
};
const digits = (random: Random, count: number) => chars(random, '0123456789', count);

const OEM_NUMBER: Record<OemStyle, (random: Random) => string> = {
  honda: (r) =>
    `${r.pick(['06455', '06435', '45251', '45351', '43251', '45510'])}-${chars(r, letters, 3)}-${r.pick(['D01', 'T01', '003', 'A01'])}`,
  yamaha: (r) => `${chars(r, alnum, 3)}-${r.pick(['W0045', 'W0046', '2581T', 'F5805', 'F582T'])}-00`,
  kawasaki: (r) => `${r.pick(['43082', '41080', '43015'])}-${digits(r, 4)}`,
  suzuki: (r) =>
    `${r.pick(['59100', '59300', '69100', '59210', '69211'])}-${digits(r, 2)}${chars(r, letters, 1)}${digits(r, 2)}`,
  ducati: (r) => `${r.pick(['613', '492', '612'])}${digits(r, 5)}${r.pick(['A', 'B', ''])}`,
  bmw: (r) => `34 ${r.pick(['11', '21'])} ${digits(r, 1)} ${digits(r, 3)} ${digits(r, 3)}`,
  ktm: (r) => `${r.pick(['613', '903', '601'])}${digits(r, 5)}${r.pick(['000', '044'])}`,
  triumph: (r) => `T20${digits(r, 5)}`,
  harley: (r) => `${r.pick(['41300', '41854', '42298', '42836', '41500'])}-${r.pick(['08', '11', '14', '17', '20'])}`,
  plain: (r) => `${digits(r, 1)}${chars(r, alnum, 2)}${digits(r, 5)}`,
};
const OEM_STYLE = new Map(VEHICLE_MODELS.map(({ make, oem }) => [make, oem]));

/**
 * How many model years each part fits: most a handful, some dozens, summing to exactly `total`
 * (each at least 1 and at most `max`).
 */
function fitCounts(random: Random, parts: number, total: number, max: number): number[] {
  if (parts === 0) {
    if (total > 0) throw new Error(`${total} fitment rows need parts that are not universal`);
    return [];
  }
  if (total < parts || total > parts * max) {
    throw new Error(`${total} fitment rows cannot be spread over ${parts} parts (1 to ${max} each)`);
  }
  const mean = total / parts;
  const counts = Array.from({ length: parts }, () =>
    Math.min(max, Math.max(1, Math.round(mean * -Math.log(1 - random.next() * 0.999)))),
  );
  let sum = counts.reduce((a, b) => a + b, 0);
  while (sum !== total) {
    const index = random.int(0, parts - 1);
    const count = counts[index] ?? 1;
    if (sum < total && count < max) {
      counts[index] = count + 1;
      sum += 1;
    } else if (sum > total && count > 1) {
      counts[index] = count - 1;
      sum -= 1;
    }
  }
  return counts;
}

/**
 * The shop: `size.vehicles` model years, `size.parts` parts (about UNIVERSAL_SHARE of them universal)
 * and `size.fitments` fitment rows, all from `seed`.
 */
export function generateCatalogue(size: CatalogueSize = SHOP_SIZE, seed = DEFAULT_SEED): GeneratedCatalogue {
  const random = createRandom(seed);
  const vehicles = generateVehicles(random, size.vehicles);
  if (vehicles.length === 0 && size.fitments > 0) throw new Error('fitment rows need vehicles');
  // The vehicles of each make, in order: a part fits a run of them (neighbouring years and models).
  const byMake = new Map<string, number[]>();
  vehicles.forEach((vehicle, index) => {
    const list = byMake.get(vehicle.make) ?? [];
    list.push(index);
    byMake.set(vehicle.make, list);
  });
  const maxRun = Math.min(MAX_FITS_PER_PART, Math.max(1, ...[...byMake.values()].map((list) => list.length)));

  const universalCount = Math.round(size.parts * UNIVERSAL_SHARE);
  const universal = new Set(
    shuffle(
      random,
      Array.from({ length: size.parts }, (_, index) => index),
    ).slice(0, universalCount),
  );
  const counts = fitCounts(random, size.parts - universalCount, size.fitments, maxRun);
  const fitment: GeneratedFitment = { part: new Uint32Array(size.fitments), vehicle: new Uint32Array(size.fitments) };
  const skus = new Set<string>();
  const parts: GeneratedPart[] = [];
  const makes = [...byMake.keys()];
  let row = 0;
  let fitted = 0;
  const span = CATALOGUE_YEARS * 365 * 86_400_000;

  for (let index = 0; index < size.parts; index += 1) {
    const isUniversal = universal.has(index);
    const look = isUniversal
      ? random.chance(0.7)
        ? fluidLook(random)
        : hardwareLook(random, true)
      : LOOKS[pickCategory(random)](random);

    // The model years it fits: a run of one make's vehicles, in make/model/year order.
    const fits: GeneratedVehicle[] = [];
    if (!isUniversal) {
      const want = counts[fitted++] ?? 1;
      let make = random.pick(makes);
      while ((byMake.get(make)?.length ?? 0) < want) make = random.pick(makes);
      const list = byMake.get(make) ?? [];
      const start = random.int(0, list.length - want);
      for (let k = 0; k < want; k += 1) {
        const vehicleIndex = list[start + k] ?? 0;
        fitment.part[row] = index;
        fitment.vehicle[row] = vehicleIndex;
        row += 1;
        fits.push(vehicles[vehicleIndex] as GeneratedVehicle);
      }
    }
    // Each maker's number once, however it is written (the catalogue compares them normalized).
    const oemNumbers = new Map<string, string>();
    if (!isUniversal) {
      const oemNumber = OEM_NUMBER[OEM_STYLE.get(fits[0]?.make ?? '') ?? 'plain'];
      for (let count = random.int(0, 3); count > 0; count -= 1) {
        const number = oemNumber(random);
        oemNumbers.set(normalizePartNumber(number), number);
      }
    }

    let sku: string;
    do sku = `BH-${chars(random, alnum, 8)}`;
    while (skus.has(sku.toLowerCase()));
    skus.add(sku.toLowerCase());

    const outOfStock = random.chance(0.08);
    parts.push({
      id: uuidFrom(random),
      name: look.name,
      description: describePart(look, fits, isUniversal),
      sku,
      brand: look.brand,
      category: look.category,
      specs: look.specs,
      oemNumbers: [...oemNumbers.values()],
      universal: isUniversal,
      priceCents: look.priceCents,
      availableQuantity: outOfStock ? 0 : random.chance(0.05) ? random.int(1, 3) : random.int(5, 900),
      minimumOrderQuantity: look.minimumOrderQuantity,
      picture: look.picture,
      createdAt: new Date(NEWEST_PART_AT - span + Math.floor((span * (index + 1)) / size.parts)),
    });
  }
  return { seed, vehicles, parts, fitment };
}

/** A description a shop would write: what it is, and the bikes it fits (by model, years collapsed). */
function describePart(look: PartLook, fits: GeneratedVehicle[], universal: boolean) {
  if (universal) return `${capitalise(look.about)}. Fits every bike.`;
  const models = new Map<string, { first: number; last: number }>();
  for (const { make, model, year } of fits) {
    const key = `${make} ${model}`;
    const years = models.get(key);
    if (years) years.last = year;
    else models.set(key, { first: year, last: year });
  }
  let list = '';
  let shown = 0;
  for (const [model, { first, last }] of models) {
    if (shown === 4) break;
    list += `${shown > 0 ? ', ' : ''}${model} ${first === last ? first : `${first}-${last}`}`;
    shown += 1;
  }
  const more = models.size > shown ? ` and ${models.size - shown} more models` : '';
  return `${capitalise(look.about)}. For ${list}${more}.`;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// ---------------------------------------------------------------------------------------------
// Loading

/** Rows per INSERT: big statements (the vocabulary trigger runs once per statement), a few MB each. */
const PART_BATCH = 5_000;
const VEHICLE_BATCH = 2_000;
const FITMENT_BATCH = 50_000;

export interface LoadTarget {
  /** PostgreSQL; unset, PGlite in `dataDir` (which must not be open elsewhere: the store is not running yet). */
  databaseUrl?: string | undefined;
  dataDir: string;
}

export interface StoredCounts {
  products: number;
  vehicles: number;
  fitments: number;
}

export interface LoadReport {
  /** Everything: opening, migrations and the sample catalogue, the rows, VACUUM ANALYZE, closing. */
  seconds: number;
  migrateSeconds: number;
  vehiclesSeconds: number;
  partsSeconds: number;
  fitmentSeconds: number;
  analyzeSeconds: number;
  /** What the database holds after loading: the generated catalogue and the sample one. */
  stored: StoredCounts;
  /** The database's id of each generated vehicle, by index (a model year the sample catalogue has keeps its id). */
  vehicleIds: string[];
}

/**
 * Writes the catalogue into a new database: migrations and the sample catalogue as the store would
 * at its first start, then vehicles, parts and fitment in large INSERTs, then VACUUM ANALYZE.
 */
export async function loadCatalogue(
  target: LoadTarget,
  catalogue: GeneratedCatalogue,
  log: (message: string) => void = () => undefined,
): Promise<LoadReport> {
  const started = performance.now();
  const lap = (() => {
    let last = performance.now();
    return () => {
      const now = performance.now();
      const seconds = (now - last) / 1000;
      last = now;
      return seconds;
    };
  })();
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, poolSize: 1 });
  try {
    await database.migrate(async (db) => {
      await seedCatalogueOnce(db);
    });
    const migrateSeconds = lap();
    const { db } = database;
    const vehicleIds = await insertVehicles(db, catalogue.vehicles);
    const vehiclesSeconds = lap();
    log(`    ${catalogue.vehicles.length.toLocaleString('en-US')} vehicles in ${vehiclesSeconds.toFixed(1)} s`);
    for (let start = 0; start < catalogue.parts.length; start += PART_BATCH) {
      await insertParts(db, catalogue.parts.slice(start, start + PART_BATCH));
    }
    const partsSeconds = lap();
    log(`    ${catalogue.parts.length.toLocaleString('en-US')} parts in ${partsSeconds.toFixed(1)} s`);
    await withDeferredIndexes(db, 'product_fitment', () => insertFitment(db, catalogue, vehicleIds));
    const fitmentSeconds = lap();
    log(`    ${catalogue.fitment.part.length.toLocaleString('en-US')} fitment rows in ${fitmentSeconds.toFixed(1)} s`);
    // VACUUM too, as autovacuum would soon after such a load on PostgreSQL: the visibility map it
    // sets lets the fitment index answer alone (index-only scans). PGlite has no autovacuum.
    await db.execute(sql`vacuum analyze`);
    const analyzeSeconds = lap();
    log(`    VACUUM ANALYZE in ${analyzeSeconds.toFixed(1)} s`);
    const { rows } = (await db.execute(sql`
      select (select count(*)::int from products) as products, (select count(*)::int from vehicles) as vehicles,
             (select count(*)::int from product_fitment) as fitments`)) as unknown as { rows: StoredCounts[] };
    await database.close();
    return {
      seconds: (performance.now() - started) / 1000,
      migrateSeconds,
      vehiclesSeconds,
      partsSeconds,
      fitmentSeconds,
      analyzeSeconds,
      stored: rows[0] ?? { products: 0, vehicles: 0, fitments: 0 },
      vehicleIds,
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

async function insertFitment(db: Database, catalogue: GeneratedCatalogue, vehicleIds: string[]) {
  const { part, vehicle } = catalogue.fitment;
  for (let start = 0; start < part.length; start += FITMENT_BATCH) {
    const end = Math.min(part.length, start + FITMENT_BATCH);
    const productIds: string[] = [];
    const ids: string[] = [];
    for (let row = start; row < end; row += 1) {
      productIds.push(catalogue.parts[part[row] ?? 0]?.id ?? '');
      ids.push(vehicleIds[vehicle[row] ?? 0] ?? '');
    }
    // Two array parameters (as array literals: drizzle would spread a JS array into a list).
    await db.execute(sql`
      insert into product_fitment (product_id, vehicle_id)
      select * from unnest(${`{${productIds.join(',')}}`}::uuid[], ${`{${ids.join(',')}}`}::uuid[])`);
  }
}

/**
 * Runs `work` (a bulk insert into `table`) in one transaction with the table's constraints and
 * indexes set aside, then puts them back as they were (their definitions read from the catalogue):
 * building an index once over all rows, and checking foreign keys with one join, is much cheaper
 * than keeping them row by row (what pg_restore does). Nothing else runs meanwhile.
 */
async function withDeferredIndexes(db: Database, table: string, work: () => Promise<void>) {
  const { rows: constraints } = (await db.execute(sql`
    select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = ${table}::regclass and contype in ('p', 'f', 'u')
    order by contype = 'f'`)) as unknown as {
    rows: { name: string; definition: string }[];
  };
  const { rows: indexes } = (await db.execute(sql`
    select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as definition from pg_index
    where indrelid = ${table}::regclass
      and not exists (select 1 from pg_constraint where conindid = indexrelid and conrelid = indrelid)`)) as unknown as {
    rows: { name: string; definition: string }[];
  };
  await db.execute(sql`begin`);
  try {
    for (const { name } of [...constraints].reverse()) {
      await db.execute(sql`alter table ${sql.identifier(table)} drop constraint ${sql.identifier(name)}`);
    }
    for (const { name } of indexes) await db.execute(sql.raw(`drop index ${name}`));
    await work();
    for (const { definition } of indexes) await db.execute(sql.raw(definition));
    for (const { name, definition } of constraints) {
      await db.execute(
        sql`alter table ${sql.identifier(table)} add constraint ${sql.identifier(name)} ${sql.raw(definition)}`,
      );
    }
    await db.execute(sql`commit`);
  } catch (error) {
    await db.execute(sql`rollback`);
    throw error;
  }
}

/**
 * Inserts the vehicles; a model year already there (from the sample catalogue) keeps its row and id.
 * Answers each generated vehicle's id in the database, by index.
 */
async function insertVehicles(db: Database, vehicles: GeneratedVehicle[]): Promise<string[]> {
  const key = (v: { make: string; model: string; year: number }) => `${v.make}|${v.model}|${v.year}`;
  const ids = new Map<string, string>();
  for (let start = 0; start < vehicles.length; start += VEHICLE_BATCH) {
    const batch = vehicles.slice(start, start + VEHICLE_BATCH);
    const { rows } = (await db.execute(sql`
      insert into vehicles (id, make, model, year)
      select id, make, model, year
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as v(id uuid, make text, model text, year smallint)
      on conflict (make, model, year) do update set make = excluded.make
      returning id, make, model, year`)) as unknown as { rows: GeneratedVehicle[] };
    for (const row of rows) ids.set(key(row), row.id);
  }
  return vehicles.map((vehicle) => {
    const id = ids.get(key(vehicle));
    if (!id) throw new Error(`vehicle ${key(vehicle)} was not stored`);
    return id;
  });
}

async function insertParts(db: Database, parts: GeneratedPart[]) {
  const rows = parts.map((part) => ({
    id: part.id,
    name: part.name,
    picture: part.picture,
    price_cents: part.priceCents,
    available_quantity: part.availableQuantity,
    minimum_order_quantity: part.minimumOrderQuantity,
    description: part.description,
    sku: part.sku,
    brand: part.brand,
    category: part.category,
    specs: part.specs,
    oem_numbers: part.oemNumbers,
    universal: part.universal,
    created_at: part.createdAt.toISOString(),
  }));
  // The rows keep the generated order (oldest first): `seq`, newest first, then agrees with `created_at`.
  await db.execute(sql`
    insert into products (id, name, picture, price_cents, available_quantity, minimum_order_quantity,
      description, sku, brand, category, specs, oem_numbers, universal, created_at)
    select id, name, picture, price_cents, available_quantity, minimum_order_quantity,
      description, sku, brand, category, specs, oem_numbers, universal, created_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(id uuid, name text, picture text,
      price_cents integer, available_quantity integer, minimum_order_quantity integer, description text,
      sku text, brand text, category text, specs jsonb, oem_numbers text[], universal boolean,
      created_at timestamptz)`);
}
