import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as benchWords from '../../tools/bench/catalogue-vocabulary.js';
import { seedBikeModels, seedProducts } from '../db/sample-catalogue.js';
import { bikeNames, compact, readBike, type KnownBike } from './bike-words.js';

/** The sample catalogue's bikes: one per model year, ids made from the name. */
const sampleBikes: KnownBike[] = seedBikeModels.flatMap(({ make, model, years }) =>
  years.map((year) => ({ id: `${make}/${model}/${year}`, make, model, year })),
);
const names = bikeNames(sampleBikes);
const read = (q: string) => {
  const bike = readBike(q, names);
  return bike && { make: bike.model.make, model: bike.model.model, year: bike.year, text: bike.text };
};

describe('reading a bike in the words of a search', () => {
  it.each([
    ['cbr600rr front pads', 'Honda', 'CBR600RR', undefined, 'front pads'],
    ['r6 pads', 'Yamaha', 'YZF-R6', undefined, 'pads'],
    ['YZF-R6 pads', 'Yamaha', 'YZF-R6', undefined, 'pads'],
    ['yzf r6 pads', 'Yamaha', 'YZF-R6', undefined, 'pads'],
    ['pads for my yzfr6', 'Yamaha', 'YZF-R6', undefined, 'pads for my'],
    ['cbr 600 rr', 'Honda', 'CBR600RR', undefined, ''],
    ['CBR600RR, front pads', 'Honda', 'CBR600RR', undefined, 'front pads'],
    ['2019 cbr600rr front pads', 'Honda', 'CBR600RR', 2019, 'front pads'],
    ['cbr600rr 2019 front pads', 'Honda', 'CBR600RR', 2019, 'front pads'],
    ['2019 honda cbr600rr', 'Honda', 'CBR600RR', 2019, ''],
    ['honda cbr600rr 2019 discs', 'Honda', 'CBR600RR', 2019, 'discs'],
    ['yamaha r6 2018', 'Yamaha', 'YZF-R6', 2018, ''],
    ['zx-6r pads', 'Kawasaki', 'Ninja ZX-6R', undefined, 'pads'],
    ['ninja zx6r pads', 'Kawasaki', 'Ninja ZX-6R', undefined, 'pads'],
    ['mt-07 rear disc', 'Yamaha', 'MT-07', undefined, 'rear disc'],
    ['mt07', 'Yamaha', 'MT-07', undefined, ''],
    ['tiger 900 pads', 'Triumph', 'Tiger 900', undefined, 'pads'],
    ['s 1000 rr', 'BMW', 'S 1000 RR', undefined, ''],
    ['bmw s1000rr lines', 'BMW', 'S 1000 RR', undefined, 'lines'],
    ['bmw gs pads', 'BMW', 'R 1250 GS', undefined, 'pads'],
    ['ducati monster pads', 'Ducati', 'Monster', undefined, 'pads'],
    ['honda africa twin pads', 'Honda', 'Africa Twin', undefined, 'pads'],
    ['aprilia v4 pads', 'Aprilia', 'Tuono V4', undefined, 'pads'],
    ['panigale v4 pads', 'Ducati', 'Panigale V4', undefined, 'pads'],
    ['harley-davidson street glide', 'Harley-Davidson', 'Street Glide', undefined, ''],
    ['harley davidson street glide pads', 'Harley-Davidson', 'Street Glide', undefined, 'pads'],
    ['harley road glide 2020', 'Harley-Davidson', 'Road Glide', 2020, ''],
    ['r6 yzf-r6 pads', 'Yamaha', 'YZF-R6', undefined, 'pads'],
    ['ｒ６ pads', 'Yamaha', 'YZF-R6', undefined, 'pads'],
  ])('%s is the %s %s (%s), searching "%s"', (q, make, model, year, text) => {
    expect(read(q)).toEqual({ make, model, year, text });
  });

  it('a year the catalogue does not have for the model stays a word of the search', () => {
    expect(read('cbr600rr 2005 pads')).toEqual({
      make: 'Honda',
      model: 'CBR600RR',
      year: undefined,
      text: '2005 pads',
    });
    expect(read('2024 r6')).toEqual({ make: 'Yamaha', model: 'YZF-R6', year: undefined, text: '2024' });
  });

  it.each([
    ['front pads', 'part words'],
    ['sintered', 'a part word'],
    ['honda pads', 'a make alone'],
    ['yamaha', 'a make alone'],
    ['2019 pads', 'a year alone'],
    ['600 pads', 'a number alone'],
    ['cbr600 pads', 'a part of a code'],
    ['monster pads', 'a model of plain words without its make'],
    ['africa twin pads', 'a model of plain words without its make'],
    ['street glide', 'a model of plain words without its make'],
    ['v4 pads', 'a code four models share'],
    ['ducati v4', 'a code three of the make’s models share'],
    ['ktm duke', 'a word three of the make’s models share'],
    ['mt pads', 'a word two models share'],
    ['r6 r1 pads', 'two models'],
    ['cbr900rr pads', 'a bike the catalogue does not know'],
    ['06435-MEL-D21', 'an OEM number (its pieces are not words)'],
    ['FA244HH', 'a part number'],
    ['dot 4 fluid', 'a fluid'],
    ['m4.32 caliper', 'a caliper'],
    ['bmw r pads', 'one letter after the make'],
    ['', 'nothing'],
  ])('%s is no bike (%s)', (q) => {
    expect(read(q)).toBeUndefined();
  });

  /**
   * Every word of the sample parts' names, numbers and descriptions but the bikes' own: the
   * descriptions name makes and models (`Yamaha`, `MT-07`, `Duke`). Numbers stay (`300 mm`).
   */
  const bikeWords = new Set(
    seedBikeModels.flatMap(({ make, model }) =>
      [make, model, ...`${make} ${model}`.split(/[\s-]+/)].map(compact).filter((word) => !/^\d+$/.test(word)),
    ),
  );
  const partWords = [
    ...new Set(
      seedProducts
        .flatMap((part) => [part.name, part.description, part.sku, part.brand, ...part.oemNumbers])
        .flatMap((text) => text.split(/\s+/))
        .filter((word) => compact(word) !== '' && !bikeWords.has(compact(word).replace(/s$/, ''))),
    ),
  ];

  it('no run of the sample parts’ own words is a bike', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...partWords), { minLength: 1, maxLength: 6 }), (words) => {
        expect(readBike(words.join(' '), names), words.join(' ')).toBeUndefined();
      }),
      { numRuns: 500 },
    );
  });

  it('a model named by its make and name, with or without a known year, among part words, is that model and the words are left', () => {
    const cases = fc.record({
      model: fc.constantFrom(...seedBikeModels),
      yearAt: fc.constantFrom('none', 'before', 'after'),
      yearIndex: fc.nat(),
      before: fc.array(fc.constantFrom(...partWords), { maxLength: 3 }),
      after: fc.array(fc.constantFrom(...partWords), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(cases, ({ model, yearAt, yearIndex, before, after }) => {
        const year = yearAt === 'none' ? undefined : model.years[yearIndex % model.years.length];
        const bike = [
          ...(yearAt === 'before' ? [String(year)] : []),
          model.make,
          model.model,
          ...(yearAt === 'after' ? [String(year)] : []),
        ].join(' ');
        const q = [...before, bike, ...after].join(' ');
        expect(read(q), q).toEqual({
          make: model.make,
          model: model.model,
          year,
          text: [...before, ...after].join(' '),
        });
      }),
      { numRuns: 500 },
    );
  });

  it('a model whose name is a code of its own is read from the code alone', () => {
    for (const model of seedBikeModels) {
      const code = compact(model.model);
      const shared = seedBikeModels.filter((other) => compact(other.model) === code).length > 1;
      if (!/\d/.test(code) || shared) continue;
      expect(read(`${model.model} pads`), model.model).toMatchObject({ model: model.model, text: 'pads' });
      expect(read(`pads ${code}`), code).toMatchObject({ model: model.model, text: 'pads' });
    }
  });

  it('at a distributor’s size (the bench’s 219 models of 20 makes), no word of its parts nor any two of them make a bike, and its codes still do', () => {
    const bikes: KnownBike[] = benchWords.VEHICLE_MODELS.flatMap(({ make, models }) =>
      models.flatMap((entry) => {
        const [, model = entry, first = '0', last = '-1'] = /^(.+) (\d{4})-(\d{4})$/.exec(entry) ?? [];
        return Array.from({ length: Number(last) - Number(first) + 1 }, (_, at) => ({
          id: `${make}/${model}/${Number(first) + at}`,
          make,
          model,
          year: Number(first) + at,
        }));
      }),
    );
    const large = bikeNames(bikes);
    const words = new Set<string>();
    const collect = (value: unknown): void => {
      if (typeof value === 'string') for (const word of value.split(/\s+/)) words.add(word);
      else if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    for (const [name, value] of Object.entries(benchWords)) if (name !== 'VEHICLE_MODELS') collect(value);
    const asBikes = [...words].flatMap((first) =>
      [...words, ''].map((second) => `${first} ${second}`.trim()).filter((q) => readBike(q, large)),
    );
    expect(words.size).toBeGreaterThan(150);
    expect(asBikes).toEqual([]);
    expect(readBike('cbr600rr 2005 front pads', large)).toMatchObject({ year: 2005, text: 'front pads' });
    expect(readBike('r6 pads', large)?.model.model).toBe('YZF-R6');
  });
});
