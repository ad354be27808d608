import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_CSV_EXPORT_COLUMNS,
  FIRST_MODEL_YEAR,
  lastModelYear,
  MAX_ORDER_TOTAL_CENTS,
  PART_CATEGORIES,
  SHIPPED_PRODUCT_PICTURES,
  type PartSpecs,
} from '../../contract/index.js';
import { readCsvFile } from './csv-body.js';
import { ImportLimits } from './limits.js';
import {
  guardCell,
  readRow,
  unguardCell,
  writeFitment,
  writeRow,
  type Bike,
  type CataloguePart,
  type CsvRow,
} from './format.js';
import { toOneLine } from '../../contract/one-line.js';

/** Text with everything the format has to keep apart: separators, escapes, quotes, formulas, lines. */
const TRICKY = ['=', '+', '-', '@', "'", '"', ';', '|', '\\', ',', '\n', '\r\n', ' ', 'é', '🏍', 'a', 'Z', '7', '.'];
const text = (maxLength: number, minLength = 0) =>
  fc
    .array(fc.oneof(fc.constantFrom(...TRICKY), fc.string({ maxLength: 3 })), { maxLength: maxLength / 3 })
    .map((pieces) => pieces.join('').trim().slice(0, maxLength).trim())
    .filter((value) => value.length >= minLength && !value.includes('\uFFFD') && !value.includes('\u0000'));

/** Text for a one-line field (a part's name and brand): the same, its line breaks and controls made spaces. */
const lineOfText = (maxLength: number, minLength = 0) =>
  text(maxLength, minLength)
    .map((value) => toOneLine(value).trim())
    .filter((value) => value.length >= minLength);

const partNumber = fc.stringMatching(/^[A-Za-z0-9](?:[A-Za-z0-9 \-./]{0,18}[A-Za-z0-9])?$/);

const specValue = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
  fc.integer(),
  text(120, 1),
  fc.constantFrom('120', '-3.5', '1e3', '"quoted"', '""', 'a;b', 'x\\;y', 'C:\\pads', 'k=v'),
);
const specs: fc.Arbitrary<PartSpecs> = fc.dictionary(fc.stringMatching(/^[a-z][A-Za-z0-9]{0,12}$/), specValue, {
  maxKeys: 8,
});

const bike: fc.Arbitrary<Bike> = fc.record({
  make: text(60, 1),
  model: text(60, 1),
  year: fc.integer({ min: FIRST_MODEL_YEAR, max: lastModelYear() }),
});

const part: fc.Arbitrary<CataloguePart> = fc
  .record({
    sku: partNumber,
    name: lineOfText(120, 1),
    brand: lineOfText(60),
    category: fc.constantFrom(...PART_CATEGORIES),
    priceCents: fc.integer({ min: 100, max: 10_000_000 }),
    availableQantity: fc.integer({ min: 1, max: 1_000_000 }),
    minimum: fc.integer({ min: 1, max: 1_000_000 }),
    description: text(2000),
    picture: fc.constantFrom(...SHIPPED_PRODUCT_PICTURES, 'https://cdn.example.com/p;a|r=t,s.webp?size=2'),
    oemNumbers: fc.uniqueArray(partNumber, {
      maxLength: 4,
      selector: (number) => number.toUpperCase().replace(/[\s\-./]/g, ''),
    }),
    specs,
    universal: fc.boolean(),
    bikes: fc.uniqueArray(bike, { maxLength: 12, selector: (b) => JSON.stringify([b.make, b.model, b.year]) }),
  })
  // Known spec names take only their own values; these are other names (`material`, `lengthMm`...).
  .filter(({ specs }) => !Object.keys(specs).some((name) => ['compound', 'position', 'mount'].includes(name)))
  .map(({ priceCents, minimum, ...rest }) => ({
    ...rest,
    price: priceCents / 100,
    minimumOderQantity: Math.max(
      1,
      Math.min(minimum, rest.availableQantity, Math.floor(MAX_ORDER_TOTAL_CENTS / priceCents)),
    ),
  }));

const sortedBikes = (bikes: readonly Bike[]) => [...bikes].map((b) => JSON.stringify([b.make, b.model, b.year])).sort();

/** Parts -> CSV text (as the export writes it) -> the request reader -> parts. */
async function roundTrip(parts: CataloguePart[]) {
  const csv = stringify(parts.map(writeRow), {
    header: true,
    columns: [...CATALOGUE_CSV_EXPORT_COLUMNS],
    bom: true,
    record_delimiter: 'windows',
  });
  const rows: CsvRow[] = [];
  const limits = new ImportLimits(() => Promise.reject(new Error('a small file needs no measuring')));
  const file = await readCsvFile(Readable.from([Buffer.from(csv)]), {
    limits,
    onLine: (_line, row) => {
      rows.push(row);
      return 0;
    },
  });
  expect(file.problems.listed).toEqual([]);
  return rows.map((row) => {
    const read = readRow(row);
    if (!read.part || read.stockRule) throw new Error(`a written part was refused: ${JSON.stringify(read)}`);
    return read.part;
  });
}

describe('the catalogue file format', () => {
  it('when any part the product schema allows is written and read back, then it is the same part', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 5 }), async (parts) => {
        const read = await roundTrip(parts);
        expect(read.map(({ bikes, ...rest }) => ({ ...rest, bikes: sortedBikes(bikes) }))).toEqual(
          parts.map(({ bikes, ...rest }) => ({ ...rest, bikes: sortedBikes(bikes) })),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('when a cell would run as a spreadsheet formula, then it is written after an apostrophe and read without it', () => {
    for (const value of ['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', "'=quoted", "''+twice", '\t=tab']) {
      expect(guardCell(value)).toBe(`'${value}`);
      expect(unguardCell(guardCell(value))).toBe(value);
    }
    for (const value of ["'Tis a pad", 'Brake pads', "'", '']) {
      expect(guardCell(value)).toBe(value);
      expect(unguardCell(value)).toBe(value);
    }
  });

  it('when a part fits runs of model years, then each run is one range and a single year stands alone', () => {
    const years = (make: string, model: string, ...list: number[]) => list.map((year) => ({ make, model, year }));
    expect(
      writeFitment(false, [
        ...years('Yamaha', 'MT-07', 2021, 2018, 2019, 2020, 2014),
        ...years('Honda', 'CBR600RR', 2013, 2014, 2016),
        ...years('Ho|nda', 'A;B\\C', 2019),
      ]),
    ).toBe(
      'Honda|CBR600RR|2013-2014;Honda|CBR600RR|2016;Ho\\|nda|A\\;B\\\\C|2019;Yamaha|MT-07|2014;Yamaha|MT-07|2018-2021',
    );
    expect(writeFitment(true, [])).toBe('universal');
    expect(writeFitment(false, [])).toBe('');
  });

  const row = (cells: Partial<CsvRow>): CsvRow => ({
    sku: 'BH-TEST-1',
    name: 'Test pads',
    brand: 'EBC',
    category: 'brake-pads',
    price: '39.90',
    availableQantity: '10',
    minimumOderQantity: '1',
    description: '',
    picture: '/images/products/sample-part.svg',
    oemNumbers: '',
    specs: '',
    fitment: '',
    ...cells,
  });
  const partOf = (cells: Partial<CsvRow>) => {
    const read = readRow(row(cells));
    if (!read.part) throw new Error(JSON.stringify(read.errors));
    return read.part;
  };

  it('when a single year is written as a range of one, or items have spaces around them, then it reads the same', () => {
    expect(partOf({ fitment: 'Honda|CBR600RR|2019-2019' }).bikes).toEqual([
      { make: 'Honda', model: 'CBR600RR', year: 2019 },
    ]);
    expect(partOf({ fitment: ' Universal ; Honda | CBR600RR | 2019 - 2020 ;' })).toMatchObject({
      universal: true,
      bikes: [
        { make: 'Honda', model: 'CBR600RR', year: 2019 },
        { make: 'Honda', model: 'CBR600RR', year: 2020 },
      ],
    });
    expect(partOf({ specs: 'compound=sintered; pistons = 4 ;note="120";size=120' }).specs).toEqual({
      compound: 'sintered',
      pistons: 4,
      note: '120',
      size: 120,
    });
    expect(partOf({ oemNumbers: '06455-MFJ-D01; 2C0-W0045-00;' }).oemNumbers).toEqual([
      '06455-MFJ-D01',
      '2C0-W0045-00',
    ]);
    expect(partOf({ category: '', brand: '' })).toMatchObject({ category: 'hardware', brand: '' });
  });

  it.each([
    [{ price: 'abc' }, 'price', 'price must be a number, like 39.90'],
    [{ price: '0.5' }, 'price', 'The price of the product cannot be less than 1'],
    [{ availableQantity: '2.5' }, 'availableQantity', 'Quantities are whole numbers'],
    [{ minimumOderQantity: 'ten' }, 'minimumOderQantity', 'minimumOderQantity must be a whole number, like 12'],
    [{ category: 'tyres' }, 'category', 'category must be one of'],
    [{ name: '  ' }, 'name', 'Name is Required'],
    [{ sku: '' }, 'sku', 'sku cannot be empty'],
    [{ specs: 'sintered' }, 'specs', '"sintered" is not name=value'],
    [{ specs: 'pistons=four' }, 'specs', 'pistons must be a whole number'],
    [{ specs: 'a=1;a=2' }, 'specs', 'a is given twice'],
    [{ fitment: 'Honda CBR600RR 2019' }, 'fitment', 'is not Make|Model|years'],
    [{ fitment: 'Honda|CBR600RR|2019-2015' }, 'fitment', 'the first year comes after the last'],
    [{ fitment: 'Honda|CBR600RR|19' }, 'fitment', 'years are written 2019 or 2015-2019'],
    [{ fitment: 'Honda|CBR600RR|1900-1901' }, 'fitment', `model years run from ${FIRST_MODEL_YEAR}`],
    [{ fitment: '|CBR600RR|2019' }, 'fitment', 'a bike needs a make and a model'],
  ])('when a line has %o, then its %s is refused: "%s"', (cells, field, message) => {
    const read = readRow(row(cells));
    expect(read.errors).toEqual([{ field, message: expect.stringContaining(message) }]);
    expect(read.part).toBeUndefined();
  });

  it("when a line's stock is below its minimum order, then the part is read with that stock and the broken rule is put aside", () => {
    // Sold out, or sold down below its minimum: the import forgives it only if the store has these numbers.
    expect(readRow(row({ availableQantity: '0', minimumOderQantity: '2' }))).toEqual({
      errors: [],
      part: expect.objectContaining({ availableQantity: 0, minimumOderQantity: 2 }),
      stockRule: {
        availableQantity: 0,
        minimumOderQantity: 2,
        errors: [
          { field: 'availableQantity', message: 'You Must add a Minimum products' },
          { field: 'minimumOderQantity', message: 'The minimum order cannot be more than the available quantity' },
        ],
      },
    });
    expect(readRow(row({ availableQantity: '5', minimumOderQantity: '8' }))).toEqual({
      errors: [],
      part: expect.objectContaining({ availableQantity: 5, minimumOderQantity: 8 }),
      stockRule: {
        availableQantity: 5,
        minimumOderQantity: 8,
        errors: [
          { field: 'minimumOderQantity', message: 'The minimum order cannot be more than the available quantity' },
        ],
      },
    });
    // A stock below 0 is never forgiven: no store has one.
    expect(readRow(row({ availableQantity: '-1' }))).toEqual({
      errors: [
        { field: 'availableQantity', message: 'You Must add a Minimum products' },
        { field: 'minimumOderQantity', message: 'The minimum order cannot be more than the available quantity' },
      ],
    });
  });
});
