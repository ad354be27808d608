import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  normalizePartNumber,
  PAD_COMPOUNDS,
  PART_CATEGORIES,
  partNumberSchema,
  partSpecsSchema,
  vehicleLabel,
} from '../../contract/catalogue.js';
import { mediaSources, STORE_PICTURE_PATTERN } from '../../contract/media.js';
import { MAX_PRODUCT_DESCRIPTION_LENGTH, MAX_PRODUCT_NAME_LENGTH } from '../../contract/products.js';
import { projectRoot } from '../lib/project-root.js';
import { type BikeSegment, seedBikeModels, seedProducts } from './sample-catalogue.js';

/** The earlier sample catalogue's products, oldest first: the sample catalogue ends with them. */
const EARLIER_PRODUCT_NAMES = [
  'Banjo Bolt and Copper Washer Set',
  'Titanium Disc Bolt Set (6 pcs)',
  'Caliper Rebuild Kit (Pistons and Seals)',
  'DOT 4 Racing Brake Fluid 500 ml',
  'Rear Master Cylinder with Integrated Reservoir',
  'Axial 2-Piston Rear Caliper',
  'Fixed Rear Brake Disc 220 mm',
  'Organic Rear Brake Pads',
  'Adjustable CNC Brake Lever',
  'Radial Front Master Cylinder 19x18',
  'Stainless Braided Brake Line Kit (Front, Dual)',
  'Semi-Floating Wave Disc 320 mm',
  'Radial 4-Piston Forged Caliper',
  'Sintered Front Brake Pads HH',
];

const SEGMENTS: BikeSegment[] = ['sport', 'naked', 'adventure', 'cruiser', 'scooter', 'touring'];

const vehicles = seedBikeModels.flatMap(({ make, model, years }) => years.map((year) => ({ make, model, year })));
const modelKey = (make: string, model: string) => `${make}|${model}`;
const modelsByKey = new Map(seedBikeModels.map((bikeModel) => [modelKey(bikeModel.make, bikeModel.model), bikeModel]));

/** Every vehicle (as its label) a product fits. */
const vehiclesFitted = (product: (typeof seedProducts)[number]) =>
  product.fits.flatMap(({ make, model, years }) =>
    (years ?? modelsByKey.get(modelKey(make, model))?.years ?? []).map((year) => vehicleLabel({ make, model, year })),
  );

const duplicates = (values: string[]) => values.filter((value, index) => values.indexOf(value) !== index);

describe('the sample catalogue', () => {
  it('knows at least 80 vehicles of at least 10 makes, in every segment, each make/model/year once', () => {
    expect(vehicles.length).toBeGreaterThanOrEqual(80);
    expect(new Set(seedBikeModels.map(({ make }) => make)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(seedBikeModels.map(({ segment }) => segment))).toEqual(new Set(SEGMENTS));
    expect(duplicates(vehicles.map(vehicleLabel))).toEqual([]);
    for (const { years } of seedBikeModels) {
      expect(years.length).toBeGreaterThan(0);
      for (const year of years) {
        expect(Number.isInteger(year)).toBe(true);
        expect(year).toBeGreaterThanOrEqual(2005);
        expect(year).toBeLessThanOrEqual(2025);
      }
    }
  });

  it('has at least 64 parts, at least 4 in every category and 12 pads and 12 discs, of at least 6 brands', () => {
    expect(seedProducts.length).toBeGreaterThanOrEqual(64);
    for (const category of PART_CATEGORIES) {
      const minimum = category === 'brake-pads' || category === 'brake-discs' ? 12 : 4;
      expect(seedProducts.filter((product) => product.category === category).length, category).toBeGreaterThanOrEqual(
        minimum,
      );
    }
    expect(new Set(seedProducts.map(({ brand }) => brand)).size).toBeGreaterThanOrEqual(6);
  });

  it('uses every pad compound, and every pad and disc says whether it is front or rear', () => {
    const compounds = new Set(seedProducts.map(({ specs }) => specs.compound).filter(Boolean));
    expect(compounds).toEqual(new Set(PAD_COMPOUNDS));
    for (const product of seedProducts.filter(({ category }) => category === 'brake-pads')) {
      expect(product.specs.compound, product.name).toBeDefined();
      expect(product.specs.position, product.name).toBeDefined();
    }
    for (const product of seedProducts.filter(({ category }) => category === 'brake-discs')) {
      const { position, diameterMm, thicknessMm, minThicknessMm, boltHoles, mount } = product.specs;
      expect(position, product.name).toBeDefined();
      expect([diameterMm, thicknessMm, minThicknessMm, boltHoles], product.name).not.toContain(undefined);
      expect(['floating', 'fixed'], product.name).toContain(mount);
      expect(minThicknessMm ?? 0, product.name).toBeLessThan(thicknessMm ?? 0);
    }
    for (const product of seedProducts.filter(({ category }) => category === 'calipers')) {
      expect(product.specs.pistons, product.name).toBeDefined();
      expect(['radial', 'axial'], product.name).toContain(product.specs.mount);
    }
  });

  it('gives every product specs the catalogue accepts', () => {
    for (const product of seedProducts) {
      const result = partSpecsSchema.safeParse(product.specs);
      expect(result.success, `${product.name}: ${result.error?.message ?? ''}`).toBe(true);
    }
  });

  it('gives every product a valid part number, unique across the catalogue, and valid unique OEM numbers', () => {
    const skuSchema = partNumberSchema('sku');
    const oemSchema = partNumberSchema('oem');
    for (const product of seedProducts) {
      expect(skuSchema.safeParse(product.sku).success, product.sku).toBe(true);
      for (const oemNumber of product.oemNumbers) expect(oemSchema.safeParse(oemNumber).success, oemNumber).toBe(true);
    }
    expect(duplicates(seedProducts.map(({ sku }) => normalizePartNumber(sku)))).toEqual([]);
    expect(duplicates(seedProducts.flatMap(({ oemNumbers }) => oemNumbers.map(normalizePartNumber)))).toEqual([]);
  });

  it('names every product once, within the limits, with a useful description and a shipped picture', () => {
    expect(duplicates(seedProducts.map(({ name }) => name))).toEqual([]);
    for (const product of seedProducts) {
      expect(product.name.trim()).toBe(product.name);
      expect(product.name.length).toBeLessThanOrEqual(MAX_PRODUCT_NAME_LENGTH);
      expect(product.brand.trim().length, product.name).toBeGreaterThan(0);
      expect(product.description.length, product.name).toBeGreaterThan(60);
      expect(product.description.length, product.name).toBeLessThanOrEqual(MAX_PRODUCT_DESCRIPTION_LENGTH);
      expect(product.picture, product.name).toMatch(STORE_PICTURE_PATTERN);
    }
  });

  it('shows every product in a picture the web app ships in AVIF and WebP at every width pages ask for', () => {
    const files = new Set(
      seedProducts.flatMap(({ picture }) =>
        Object.values(mediaSources(picture) ?? {}).flatMap((srcset) =>
          srcset.split(', ').map((source) => source.split(' ')[0] ?? ''),
        ),
      ),
    );
    const slugs = new Set(seedProducts.map(({ picture }) => STORE_PICTURE_PATTERN.exec(picture)?.[1]));
    expect(files.size).toBe(slugs.size * 8);
    for (const file of files) expect(existsSync(path.join(projectRoot(), 'web', 'public', file)), file).toBe(true);
  });

  it('prices in whole cents and never asks for more than is in stock', () => {
    for (const product of seedProducts) {
      expect(Number.isInteger(product.priceCents), product.name).toBe(true);
      expect(product.priceCents, product.name).toBeGreaterThanOrEqual(100);
      expect(Number.isInteger(product.availableQuantity), product.name).toBe(true);
      expect(product.availableQuantity, product.name).toBeGreaterThanOrEqual(0);
      expect(product.availableQuantity, product.name).toBeLessThanOrEqual(2000);
      expect(Number.isInteger(product.minimumOrderQuantity), product.name).toBe(true);
      expect(product.minimumOrderQuantity, product.name).toBeGreaterThanOrEqual(1);
      if (product.availableQuantity > 0) {
        expect(product.minimumOrderQuantity, product.name).toBeLessThanOrEqual(product.availableQuantity);
      }
    }
    expect(seedProducts.some(({ availableQuantity }) => availableQuantity === 0)).toBe(true);
  });

  it('fits universal parts to no bike and every other part to known models and years', () => {
    for (const product of seedProducts) {
      if (product.universal) {
        expect(product.fits, product.name).toEqual([]);
        continue;
      }
      expect(product.fits.length, product.name).toBeGreaterThanOrEqual(1);
      for (const { make, model, years } of product.fits) {
        const bikeModel = modelsByKey.get(modelKey(make, model));
        expect(bikeModel, `${product.name} fits an unknown ${make} ${model}`).toBeDefined();
        for (const year of years ?? [])
          expect(bikeModel?.years, `${product.name}: ${year} ${make} ${model}`).toContain(year);
        if (years) expect(years.length, product.name).toBeGreaterThan(0);
      }
      expect(duplicates(product.fits.map(({ make, model }) => modelKey(make, model))), product.name).toEqual([]);
    }
  });

  it('ends with the earlier sample products, in the same order', () => {
    const last = seedProducts.slice(-EARLIER_PRODUCT_NAMES.length);
    expect(last.map(({ name }) => name)).toEqual(EARLIER_PRODUCT_NAMES);
    expect(seedProducts.length - EARLIER_PRODUCT_NAMES.length).toBeGreaterThanOrEqual(50);
  });

  it('offers a whole brake job for the 2019 Honda CBR600RR', () => {
    const label = vehicleLabel({ make: 'Honda', model: 'CBR600RR', year: 2019 });
    const fitting = seedProducts.filter((product) => vehiclesFitted(product).includes(label));
    expect(new Set(fitting.map(({ category }) => category)).size).toBeGreaterThanOrEqual(5);
    const pads = fitting.filter(({ category }) => category === 'brake-pads');
    expect(new Set(pads.map(({ specs }) => specs.position))).toEqual(new Set(['front', 'rear']));
  });
});
