import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_EXPORT_COLUMNS,
  type Fitment,
  type Product,
} from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer } from '../test/auth.js';
import type { CsvRow } from './format.js';

const ADMIN = 'catalogue-csv-admin@example.com';
const URL = '/api/admin/catalogue.csv';

/** A line of a new part; each test says only what matters to it. */
const newLine = (cells: Partial<CsvRow> = {}): CsvRow => ({
  sku: 'BH-CSV-1',
  name: 'Imported sintered pads',
  brand: 'Brakehouse',
  category: 'brake-pads',
  price: '24.50',
  availableQantity: '40',
  minimumOderQantity: '2',
  description: 'Imported from a file.',
  picture: '/images/products/sintered-pads.svg',
  oemNumbers: '',
  specs: '',
  fitment: '',
  ...cells,
});
const csvOf = (rows: CsvRow[], columns: readonly string[] = CATALOGUE_CSV_COLUMNS) =>
  stringify(rows, { header: true, columns: [...columns] });
const rowsOf = (csv: string) => parse(csv, { bom: true, columns: true }) as CsvRow[];

/** Every row the import may touch, with its row version (xmin): equal snapshots mean nothing was written. */
async function snapshot(db: Database) {
  const rows = async (query: string) => ((await db.execute(sql.raw(query))) as unknown as { rows: unknown[] }).rows;
  return {
    products: await rows('select *, xmin::text as version from products order by seq'),
    fitment: await rows('select *, xmin::text as version from product_fitment order by product_id, vehicle_id'),
    vehicles: await rows('select *, xmin::text as version from vehicles order by make, model, year'),
    searchTerms: await rows('select count(*)::int as count from search_terms'),
  };
}

describe('the catalogue in bulk: GET and POST /api/admin/catalogue.csv', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ADMIN_EMAILS: ADMIN } });
    token = (await adminWithToken(t.app, ADMIN)).token;
  });
  afterAll(() => t.close());

  const exportCsv = () => t.app.inject({ method: 'GET', url: URL, headers: bearer(token) });
  const importCsv = (payload: string | Buffer, contentType = 'text/csv') =>
    t.app.inject({ method: 'POST', url: URL, headers: { ...bearer(token), 'content-type': contentType }, payload });
  const products = async () => (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Product[]>();
  const bySku = async (sku: string) => (await products()).find((product) => product.sku === sku);
  const fitmentOf = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/products/${id}/fitment` })).json<Fitment>();

  it('when an admin exports the sample catalogue, then a CSV download has the header and a line for every part', async () => {
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="catalogue.csv"');
    expect(response.body.startsWith(`\uFEFF${CATALOGUE_CSV_EXPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
    const rows = rowsOf(response.body);
    const stored = await products();
    expect(rows.map((row) => row.sku).sort()).toEqual(stored.map((product) => product.sku).sort());
    // Oldest first: imported into an empty shop, the newest part stays the newest.
    expect(rows.at(-1)?.sku).toBe(stored.at(-1)?.sku);
    expect(rows.find((row) => row.sku === 'BH-FA390HH')).toEqual({
      sku: 'BH-FA390HH',
      name: 'EBC FA390HH Sintered Front Brake Pads',
      brand: 'EBC',
      category: 'brake-pads',
      price: '39.95',
      availableQantity: '420',
      minimumOderQantity: '2',
      description: expect.stringMatching(/^HH-rated sintered copper pads/),
      picture: '/images/products/sintered-pads-1280.webp',
      oemNumbers: '06455-MFJ-D01;06455-MJM-D01',
      specs: expect.stringMatching(
        /^(?=.*compound=sintered)(?=.*position=front)(?=.*frictionRating=HH)(?=.*padsPerSet=2)/,
      ),
      fitment: 'Honda|CB650R|2019-2024;Honda|CBR1000RR Fireblade|2017-2019;Honda|CBR600RR|2013-2020',
      exportedStock: '420',
    });
    const universal = stored.find((product) => product.universal);
    expect(rows.find((row) => row.sku === universal?.sku)?.fitment).toBe('universal');
  });

  it('when the export is imported again, then it answers 0 created and 0 updated and not one row is written', async () => {
    const exported = (await exportCsv()).body;
    const before = await snapshot(t.db);
    const response = await importCsv(exported);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ created: 0, updated: 0 });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('when a file adds a part and changes others, then it answers the counts and the catalogue shows the changes at once', async () => {
    const [pads, disc] = (await products()).filter((product) => !product.universal);
    if (!pads || !disc) throw new Error('the sample catalogue has parts');
    const exported = rowsOf((await exportCsv()).body);
    const rowOf = (sku: string) => exported.find((row) => row.sku === sku) as CsvRow;
    const before = (await products()).length;

    const response = await importCsv(
      csvOf([
        newLine({ sku: 'BH-CSV-NEW', name: "'=1+1 pads", specs: 'compound=organic;note="120"', fitment: 'universal' }),
        { ...rowOf(pads.sku), price: '12.34' },
        // The sku written in another case is the same part; the fitment cell says exactly what it fits now.
        { ...rowOf(disc.sku), sku: disc.sku.toLowerCase(), fitment: 'Honda|CBR600RR|2015' },
      ]),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ created: 1, updated: 2 });

    const added = await bySku('BH-CSV-NEW');
    expect(added).toMatchObject({
      name: '=1+1 pads',
      price: 24.5,
      universal: true,
      specs: { compound: 'organic', note: '120' },
    });
    expect((await products()).at(-1)?.sku).toBe('BH-CSV-NEW');
    expect(await products()).toHaveLength(before + 1);
    expect(await bySku(pads.sku)).toMatchObject({ _id: pads._id, price: 12.34, createdAt: pads.createdAt });
    const refitted = await bySku(disc.sku.toLowerCase());
    expect(refitted?._id).toBe(disc._id);
    expect((await fitmentOf(disc._id)).vehicles.map((vehicle) => vehicle.label)).toEqual(['2015 Honda CBR600RR']);
    // The formula stays harmless in the next export.
    expect(rowsOf((await exportCsv()).body).find((row) => row.sku === 'BH-CSV-NEW')?.name).toBe("'=1+1 pads");
  });

  it('when the fitment names bikes the catalogue does not know, then they are made; a known make in another case is that make', async () => {
    const makesBefore = (await t.app.inject({ method: 'GET', url: '/api/vehicles/makes' })).json<string[]>();
    const response = await importCsv(
      csvOf([newLine({ sku: 'BH-CSV-BIKES', fitment: 'Testbike|Model Z|2018-2020;HONDA|cbr600rr|2019' })]),
    );
    expect(response.statusCode).toBe(200);
    const part = await bySku('BH-CSV-BIKES');
    expect((await fitmentOf(part?._id ?? '')).vehicles.map((vehicle) => vehicle.label).sort()).toEqual([
      '2018 Testbike Model Z',
      '2019 Honda CBR600RR',
      '2019 Testbike Model Z',
      '2020 Testbike Model Z',
    ]);
    const makes = (await t.app.inject({ method: 'GET', url: '/api/vehicles/makes' })).json<string[]>();
    expect(makes).toEqual([...makesBefore, 'Testbike'].sort());
  });

  it("when a sold-out part's line keeps the store's stock and minimum, then it imports; a line setting a stock below the minimum does not", async () => {
    const soldOut = (await products()).find((product) => product.availableQantity === 0);
    if (!soldOut) throw new Error('the sample catalogue has a sold-out part');
    const line = rowsOf((await exportCsv()).body).find((row) => row.sku === soldOut.sku) as CsvRow;
    const STOCK_RULE = 'The minimum order cannot be more than the available quantity';

    const renamed = await importCsv(csvOf([{ ...line, name: `${soldOut.name} (old stock)` }]));
    expect(renamed.json()).toEqual({ created: 0, updated: 1 });

    const refused = await importCsv(
      csvOf([
        { ...line, minimumOderQantity: String(soldOut.minimumOderQantity + 1) },
        newLine({ sku: 'BH-CSV-EMPTY', availableQantity: '0' }),
      ]),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { line: 2, field: 'availableQantity', message: 'You Must add a Minimum products' },
      { line: 2, field: 'minimumOderQantity', message: STOCK_RULE },
      { line: 3, field: 'availableQantity', message: 'You Must add a Minimum products' },
      { line: 3, field: 'minimumOderQantity', message: STOCK_RULE },
    ]);

    const alone = await importCsv(csvOf([newLine({ sku: 'BH-CSV-ALONE', availableQantity: '0', price: 'x' })]));
    expect(alone.statusCode).toBe(400);
    // As on Add Product, the rule between fields waits until the price can be read.
    expect(alone.json().errors.map((error: { field: string }) => error.field)).toEqual(['price', 'availableQantity']);
  });

  it('when lines are bad, then 400 lists each by line and column, and nothing is written, the good lines neither', async () => {
    const before = await snapshot(t.db);
    const ragged = `${csvOf([newLine({ sku: 'BH-CSV-RAGGED' })]).split('\n')[1]},extra`;
    const file = [
      csvOf([
        newLine({ sku: 'BH-CSV-GOOD' }),
        newLine({ sku: 'BH-CSV-A', price: 'abc' }),
        newLine({ sku: 'BH-CSV-B', minimumOderQantity: '50', availableQantity: '10' }),
        newLine({ sku: 'BH-CSV-C', category: 'tyres' }),
        newLine({ sku: 'BH-CSV-D', fitment: 'Honda CBR600RR 2019' }),
        newLine({ sku: 'BH-CSV-E', fitment: 'Honda|CBR600RR|2020-2018' }),
        newLine({ sku: 'bh-csv-good' }),
      ]).trimEnd(),
      ragged,
      csvOf([newLine({ sku: 'BH-CSV-F', specs: 'pistons=four', name: '' })]).split('\n')[1],
    ].join('\n');
    const response = await importCsv(file);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'CATALOGUE_CSV_INVALID',
      message: 'The file has errors; nothing was imported',
    });
    expect(response.json().errors).toEqual([
      { line: 3, field: 'price', message: 'price must be a number, like 39.90' },
      { line: 4, field: 'minimumOderQantity', message: 'The minimum order cannot be more than the available quantity' },
      { line: 5, field: 'category', message: expect.stringContaining('category must be one of') },
      { line: 6, field: 'fitment', message: expect.stringContaining('is not Make|Model|years') },
      { line: 7, field: 'fitment', message: '2020-2018 in Honda CBR600RR: the first year comes after the last' },
      { line: 8, field: 'sku', message: 'The sku bh-csv-good is on line 2 already' },
      { line: 9, field: 'row', message: 'This line has 13 cells, the header 12' },
      { line: 10, field: 'name', message: 'Name is Required' },
      { line: 10, field: 'specs', message: 'pistons must be a whole number' },
    ]);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('when a cell spans lines, then the lines after it are still counted right (a BOM and CRLF too)', async () => {
    const rows = [
      newLine({ sku: 'BH-CSV-LONG', description: 'One\r\ntwo\r\nthree' }),
      newLine({ sku: 'BH-CSV-BAD', price: '' }),
    ];
    const file = stringify(rows, {
      header: true,
      columns: [...CATALOGUE_CSV_COLUMNS],
      bom: true,
      record_delimiter: 'windows',
    });
    const response = await importCsv(file);
    expect(response.json().errors).toEqual([{ line: 5, field: 'price', message: 'Price is Required' }]);
  });

  it.each([
    [
      'a column is missing',
      csvOf([], CATALOGUE_CSV_COLUMNS.slice(0, -1)),
      [{ line: 1, field: 'fitment', message: 'The column fitment is missing' }],
    ],
    [
      'a column is unknown',
      csvOf([], [...CATALOGUE_CSV_COLUMNS, 'colour']),
      [{ line: 1, field: 'colour', message: expect.stringContaining('Unknown column "colour"') }],
    ],
    [
      'the cells are separated by semicolons',
      `${CATALOGUE_CSV_COLUMNS.join(';')}\n`,
      [{ line: 1, field: 'row', message: expect.stringContaining('not semicolons') }],
    ],
    [
      'the body is JSON',
      '{"name": "pads", "price": 10}',
      expect.arrayContaining([{ line: 1, field: 'sku', message: 'The column sku is missing' }]),
    ],
    ['the file is empty', '', [{ line: 1, field: 'row', message: expect.stringContaining('The file is empty') }]],
    [
      'a quote is never closed',
      `${csvOf([newLine()])}BH-2,"unclosed\n`,
      [{ line: 3, field: 'row', message: expect.stringContaining('never closed') }],
    ],
  ])('when %s, then 400 with the line and nothing is written', async (_case, file, errors) => {
    const before = await snapshot(t.db);
    const response = await importCsv(file);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(errors);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('when the file is not UTF-8 text, then the cells it garbles are refused', async () => {
    const file = Buffer.concat([
      Buffer.from(csvOf([]), 'utf8'),
      Buffer.from(csvOf([newLine({ name: 'Pastilles freinées' })]).split('\n')[1] ?? '', 'latin1'),
    ]);
    const response = await importCsv(file);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ line: 2, field: 'name', message: expect.stringContaining('not UTF-8') }]);
  });

  it('when a file has more errors than are listed, then the first 1,000 are listed and reading stops there', async () => {
    const rows = Array.from({ length: 1100 }, (_, index) => newLine({ sku: `BH-MANY-${index}`, price: 'x' }));
    const response = await importCsv(csvOf(rows));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveLength(1000);
    expect(response.json().errors.at(-1)).toMatchObject({ line: 1001, field: 'price' });
    expect(response.json().message).toBe(
      'The file has more than 1,000 errors: it was read up to line 1,002 and the first 1,000 are listed; nothing was imported',
    );
  });

  it('when a cell holds the NUL character, then the file is refused as any request with one is', async () => {
    const before = await snapshot(t.db);
    const response = await importCsv(csvOf([newLine({ sku: 'BH-CSV-NUL', description: 'a\u0000b' })]));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'NUL_CHARACTER' });
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('when the body is JSON or too large, then it is refused before it is read (415, 413)', async () => {
    expect((await importCsv('{}', 'application/json')).statusCode).toBe(415);
    const large = await importCsv(`${csvOf([])}${'x'.repeat(21 * 1024 * 1024)}`);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
