import { describe, expect, it } from 'vitest';
import { PART_CATEGORIES } from '../../contract/catalogue.js';
import { productFormSchema } from '../../contract/products.js';
import {
  catalogueSize,
  createRandom,
  generateCatalogue,
  SHOP_SIZE,
  UNIVERSAL_SHARE,
  type CatalogueSize,
} from './catalogue-data.js';

const SMALL: CatalogueSize = { parts: 2_000, vehicles: 300, fitments: 15_000 };
const catalogue = generateCatalogue(SMALL, 42);

describe('the generated catalogue of the bench', () => {
  it('when generated, then it has the asked-for numbers of parts, vehicles and fitment rows', () => {
    expect(catalogue.parts).toHaveLength(SMALL.parts);
    expect(catalogue.vehicles).toHaveLength(SMALL.vehicles);
    expect(catalogue.fitment.part).toHaveLength(SMALL.fitments);
    expect(catalogue.fitment.vehicle).toHaveLength(SMALL.fitments);
    const universal = catalogue.parts.filter((part) => part.universal).length;
    expect(universal).toBe(Math.round(SMALL.parts * UNIVERSAL_SHARE));
  });

  it('when generated twice from one seed, then it is the same; another seed gives another shop', () => {
    const again = generateCatalogue(SMALL, 42);
    expect(again.parts).toEqual(catalogue.parts);
    expect(again.vehicles).toEqual(catalogue.vehicles);
    expect(Array.from(again.fitment.part)).toEqual(Array.from(catalogue.fitment.part));
    expect(Array.from(again.fitment.vehicle)).toEqual(Array.from(catalogue.fitment.vehicle));
    expect(generateCatalogue(SMALL, 43).parts[0]?.sku).not.toBe(catalogue.parts[0]?.sku);
  });

  it('then skus are unique ignoring case, and ids are unique', () => {
    expect(new Set(catalogue.parts.map((part) => part.sku.toLowerCase())).size).toBe(SMALL.parts);
    expect(new Set(catalogue.parts.map((part) => part.id)).size).toBe(SMALL.parts);
    expect(new Set(catalogue.vehicles.map((vehicle) => vehicle.id)).size).toBe(SMALL.vehicles);
    const modelYears = catalogue.vehicles.map(({ make, model, year }) => `${make}|${model}|${year}`);
    expect(new Set(modelYears).size).toBe(SMALL.vehicles);
  });

  it('then every fitment row names a part that is not universal and a vehicle, each pair once', () => {
    const pairs = new Set<string>();
    for (let row = 0; row < SMALL.fitments; row += 1) {
      const part = catalogue.parts[catalogue.fitment.part[row] ?? -1];
      const vehicle = catalogue.vehicles[catalogue.fitment.vehicle[row] ?? -1];
      expect(part).toBeDefined();
      expect(vehicle).toBeDefined();
      expect(part?.universal).toBe(false);
      pairs.add(`${part?.id}|${vehicle?.id}`);
    }
    expect(pairs.size).toBe(SMALL.fitments);
    // And every part that is not universal fits at least one bike.
    const fitted = new Set(catalogue.fitment.part);
    expect(catalogue.parts.filter((part, index) => !part.universal && !fitted.has(index))).toEqual([]);
  });

  it('then every part is one Add Product would take, in every category, some out of stock', () => {
    for (const part of catalogue.parts) {
      const parsed = productFormSchema.safeParse({
        name: part.name,
        price: part.priceCents / 100,
        // Add Product's rule (minimum not above stock) does not hold for parts sold out since.
        availableQantity: Math.max(part.availableQuantity, part.minimumOrderQuantity),
        minimumOderQantity: part.minimumOrderQuantity,
        picture: part.picture,
        description: part.description,
        sku: part.sku,
        brand: part.brand,
        category: part.category,
        specs: part.specs,
        oemNumbers: part.oemNumbers,
        universal: part.universal,
      });
      expect(parsed.error?.issues ?? [], part.name).toEqual([]);
      expect(part.priceCents).toBeGreaterThanOrEqual(100);
    }
    expect(new Set(catalogue.parts.map((part) => part.category))).toEqual(new Set(PART_CATEGORIES));
    expect(catalogue.parts.some((part) => part.availableQuantity === 0)).toBe(true);
    expect(new Set(catalogue.parts.map((part) => part.brand)).size).toBeGreaterThanOrEqual(25);
    expect(new Set(catalogue.vehicles.map((vehicle) => vehicle.make)).size).toBeGreaterThanOrEqual(15);
  });

  it('then pads carry a compound and a position, discs their sizes, calipers their pistons', () => {
    const ofCategory = (category: string) => catalogue.parts.filter((part) => part.category === category);
    for (const pad of ofCategory('brake-pads')) expect(pad.specs).toMatchObject({ compound: expect.any(String) });
    for (const disc of ofCategory('brake-discs')) {
      expect(disc.specs).toMatchObject({ diameterMm: expect.any(Number), position: expect.any(String) });
      expect(disc.name).toContain(`${disc.specs.diameterMm} mm`);
    }
    for (const caliper of ofCategory('calipers')) expect(caliper.name).toContain(`${caliper.specs.pistons}-piston`);
  });

  it('when asked for more model years than there are, then it says so', () => {
    expect(() => generateCatalogue({ parts: 10, vehicles: 100_000, fitments: 10 })).toThrow(/model years/);
  });
});

describe('the size of the generated catalogue', () => {
  it("when asked for another number of parts, then it keeps the shop's model years and fitment rows per part", () => {
    expect(catalogueSize(SHOP_SIZE.parts)).toEqual(SHOP_SIZE);
    expect(catalogueSize(1_000_000)).toEqual({ parts: 1_000_000, vehicles: 2_000, fitments: 10_000_000 });
    const small = generateCatalogue(catalogueSize(3_000), 1);
    expect(small.parts).toHaveLength(3_000);
    expect(small.fitment.part).toHaveLength(30_000);
  });
});

describe('the seeded random numbers of the bench', () => {
  it('are the same for one seed and stay in their ranges', () => {
    const a = createRandom(1);
    const b = createRandom(1);
    const draws = Array.from({ length: 1000 }, () => a.int(3, 7));
    expect(Array.from({ length: 1000 }, () => b.int(3, 7))).toEqual(draws);
    expect(new Set(draws)).toEqual(new Set([3, 4, 5, 6, 7]));
  });
});
