import { z } from 'zod';
import {
  CALIPER_MOUNTS,
  CATALOGUE_SORTS,
  DEFAULT_CATALOGUE_PAGE_SIZE,
  DISC_MOUNTS,
  MAX_CATALOGUE_PAGE_SIZE,
  MAX_CATALOGUE_QUERY_LENGTH,
  PAD_COMPOUNDS,
  PART_CATEGORIES,
  PART_POSITIONS,
  type CatalogueSort,
  type PadCompound,
  type PartCategory,
  type PartPosition,
} from './catalogue-names.js';
import { idSchema } from './common.js';

export * from './catalogue-names.js';

export const MAX_SPECS = 20;
export const MAX_SPEC_NAME_LENGTH = 40;
export const MAX_SPEC_TEXT_LENGTH = 120;
export const MAX_OEM_NUMBERS = 30;
export const MAX_PART_NUMBER_LENGTH = 40;
export const MAX_BRAND_LENGTH = 60;

const positiveNumber = (name: string) =>
  z.number({ error: `${name} must be a number` }).positive({ error: `${name} must be more than 0` });
const wholeNumber = (name: string) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int({ error: `${name} must be a whole number` })
    .min(1, {
      error: `${name} must be at least 1`,
    });

/**
 * A part's specifications: named values. The names the catalogue filters or shows in a particular
 * way are checked (a pad's `compound`, a part's `position`, a disc's sizes, a caliper's pistons);
 * any other name may carry a short text or a number (`material`, `lengthMm`...).
 */
export const partSpecsSchema = z
  .object({
    compound: z.enum(PAD_COMPOUNDS, { error: `compound must be one of ${PAD_COMPOUNDS.join(', ')}` }).optional(),
    position: z.enum(PART_POSITIONS, { error: `position must be front or rear` }).optional(),
    diameterMm: positiveNumber('diameterMm').optional(),
    thicknessMm: positiveNumber('thicknessMm').optional(),
    minThicknessMm: positiveNumber('minThicknessMm').optional(),
    boltHoles: wholeNumber('boltHoles').optional(),
    pistons: wholeNumber('pistons').optional(),
    mount: z
      .enum([...DISC_MOUNTS, ...CALIPER_MOUNTS], {
        error: `mount must be one of ${[...DISC_MOUNTS, ...CALIPER_MOUNTS].join(', ')}`,
      })
      .optional(),
  })
  .catchall(
    z.union([z.string().trim().min(1).max(MAX_SPEC_TEXT_LENGTH), z.number()], {
      error: `A spec is a number or a text of at most ${MAX_SPEC_TEXT_LENGTH} characters`,
    }),
  )
  .refine((specs) => Object.keys(specs).length <= MAX_SPECS, { error: `A part can have at most ${MAX_SPECS} specs` })
  .refine(
    (specs) =>
      Object.keys(specs).every((name) => /^[A-Za-z][A-Za-z0-9]*$/.test(name) && name.length <= MAX_SPEC_NAME_LENGTH),
    {
      error: `Spec names are letters and digits (camelCase), at most ${MAX_SPEC_NAME_LENGTH} characters`,
    },
  );
export type PartSpecs = z.infer<typeof partSpecsSchema>;

/**
 * A part number as the catalogue compares them: case, spaces, dashes, dots and slashes ignored, so
 * `fa 244-hh` finds `FA244HH`.
 */
export const normalizePartNumber = (value: string) => value.toUpperCase().replace(/[\s\-./]/g, '');

/** A shop part number (`sku`) or a bike maker's number: letters, digits and the usual separators. */
export const PART_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 \-./]*$/;

export const partNumberSchema = (name: string) =>
  z
    .string({ error: `${name} must be a text` })
    .trim()
    .min(1, { error: `${name} cannot be empty` })
    .max(MAX_PART_NUMBER_LENGTH, { error: `${name} can be at most ${MAX_PART_NUMBER_LENGTH} characters` })
    .regex(PART_NUMBER_PATTERN, { error: `${name} can hold letters, digits, spaces, dashes, dots and slashes` })
    .refine((value) => normalizePartNumber(value).length > 0, {
      error: `${name} needs at least one letter or digit`,
    });

/** One model year of a bike. */
export const vehicleSchema = z.object({
  _id: idSchema,
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  /** `2019 Honda CBR600RR` */
  label: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const vehicleLabel = ({ make, model, year }: { make: string; model: string; year: number }) =>
  `${year} ${make} ${model}`;

/**
 * The bike the catalogue read in a search's words (`cbr600rr front pads`), in its answer: the model,
 * the year when the words gave one (else the parts fit any of `years`), and what was searched besides.
 */
export const bikeFromQuerySchema = z.object({
  make: z.string(),
  model: z.string(),
  year: z.number().int().optional(),
  /** `2019 Honda CBR600RR`; `Honda CBR600RR` when the year was not given. */
  label: z.string(),
  /** The model year's vehicle, when the year was given. */
  vehicleId: idSchema.optional(),
  /** The model's years the catalogue knows, newest first, to choose from. */
  years: z.array(z.object({ year: z.number().int(), vehicleId: idSchema })),
  /** The words searched besides the bike (`front pads`); empty when the words only named the bike. */
  text: z.string(),
});
export type BikeFromQuery = z.infer<typeof bikeFromQuerySchema>;

export const fitmentSchema = z.object({ universal: z.boolean(), vehicles: z.array(vehicleSchema) });
export type Fitment = z.infer<typeof fitmentSchema>;

/** The oldest and newest model years the catalogue takes. */
export const FIRST_MODEL_YEAR = 1950;
export const lastModelYear = (now = new Date()) => now.getUTCFullYear() + 1;

const searchText = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(60, { error: `${name} can be at most 60 characters` });

export const vehicleModelsQuerySchema = z.object({ make: searchText('make') });
export const vehiclesQuerySchema = z.object({ make: searchText('make'), model: searchText('model') });

/** A bike in a customer's garage. */
export const garageBikeSchema = z.object({
  _id: idSchema,
  vehicleId: idSchema,
  label: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
});
export type GarageBike = z.infer<typeof garageBikeSchema>;
export const garageSchema = z.array(garageBikeSchema);
export const addGarageBikeSchema = z.object({ vehicleId: z.uuid({ error: 'vehicleId must be a vehicle id' }) });

/** How many values one facet filter takes (`brand=A&brand=B...`). */
export const MAX_FACET_VALUES = 20;
/** The highest page a search can ask for: deeper than any shopper goes, and it bounds the work. */
export const MAX_CATALOGUE_PAGE = 1000;

/** A query parameter given once (`brand=EBC`) or repeated (`brand=EBC&brand=TRW`), as a list. */
const repeated = <Item extends z.ZodType>(item: Item, name: string) =>
  z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(MAX_FACET_VALUES, { error: `${name} takes at most ${MAX_FACET_VALUES} values` }),
  );

const wholeParam = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} must be at least ${min}` })
    .max(max, { error: `${name} must be at most ${max.toLocaleString('en-US')}` });

const priceParam = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .min(0, { error: `${name} cannot be negative` })
    .max(1_000_000, { error: `${name} can be at most 1,000,000` });

/**
 * `GET /api/catalogue`'s query: text, facet filters (each may repeat: any of the values), a bike,
 * price, stock, sort and page. Every parameter is optional.
 */
export const catalogueQuerySchema = z
  .object({
    q: z
      .string({ error: 'q must be a text' })
      .trim()
      .max(MAX_CATALOGUE_QUERY_LENGTH, { error: `q can be at most ${MAX_CATALOGUE_QUERY_LENGTH} characters` })
      .optional()
      .transform((q) => (q ? q : undefined)),
    category: repeated(
      z.enum(PART_CATEGORIES, { error: `category must be one of ${PART_CATEGORIES.join(', ')}` }),
      'category',
    ),
    brand: repeated(
      z
        .string()
        .trim()
        .min(1, { error: 'brand cannot be empty' })
        .max(MAX_BRAND_LENGTH, { error: `brand can be at most ${MAX_BRAND_LENGTH} characters` }),
      'brand',
    ),
    vehicle: z.uuid({ error: "vehicle must be a bike's id" }).optional(),
    readBike: z
      .enum(['true', 'false'], { error: 'readBike must be true or false' })
      .optional()
      .transform((value) => value !== 'false')
      .describe(
        'Whether words of q that name a bike (`cbr600rr`, `r6`, `2019 yamaha yzf-r6`) are read as that bike (the default) or searched as plain text (`false`). Never with `vehicle`, which is always the bike.',
      ),
    compound: repeated(
      z.enum(PAD_COMPOUNDS, { error: `compound must be one of ${PAD_COMPOUNDS.join(', ')}` }),
      'compound',
    ),
    position: repeated(z.enum(PART_POSITIONS, { error: 'position must be front or rear' }), 'position'),
    inStock: z
      .enum(['true', 'false'], { error: 'inStock must be true or false' })
      .optional()
      .transform((value) => value === 'true'),
    minPrice: priceParam('minPrice').optional(),
    maxPrice: priceParam('maxPrice').optional(),
    sort: z.enum(CATALOGUE_SORTS, { error: `sort must be one of ${CATALOGUE_SORTS.join(', ')}` }).optional(),
    page: wholeParam('page', 1, MAX_CATALOGUE_PAGE).optional().default(1),
    pageSize: wholeParam('pageSize', 1, MAX_CATALOGUE_PAGE_SIZE).optional().default(DEFAULT_CATALOGUE_PAGE_SIZE),
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    path: ['minPrice'],
    error: 'minPrice cannot be above maxPrice',
  });
/** The query as a client writes it: each parameter once or, for facets, a list of values. */
export interface CatalogueQueryInput {
  q?: string;
  category?: PartCategory | PartCategory[];
  brand?: string | string[];
  vehicle?: string;
  readBike?: 'true' | 'false';
  compound?: PadCompound | PadCompound[];
  position?: PartPosition | PartPosition[];
  inStock?: 'true' | 'false';
  minPrice?: number | string;
  maxPrice?: number | string;
  sort?: CatalogueSort;
  page?: number | string;
  pageSize?: number | string;
}
export type CatalogueQuery = z.output<typeof catalogueQuerySchema>;

export const facetCountSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCountSchema>;
