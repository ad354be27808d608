import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_COLUMNS, CATALOGUE_CSV_EXPORT_COLUMNS, type Order } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { products } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, signUpWithToken } from '../test/auth.js';
import type { CsvRow } from './format.js';

// Issue 26, M1: an import never undoes stock moves made after its export (docs/decisions/0034).

const ADMIN = 'catalogue-stock-admin@example.com';
const URL = '/api/admin/catalogue.csv';
const CHECKOUT = {
  shippingMethod: 'standard',
  phoneNumber: '+420 555 123 456',
  address: { fullName: 'Jana Novak', line1: '12 Pit Lane', city: 'Brno', postalCode: '602 00', country: 'cz' },
};

const partLine = (sku: string, cells: Partial<CsvRow> = {}): CsvRow => ({
  sku,
  name: 'Stock test pads',
  brand: 'Brakehouse',
  category: 'brake-pads',
  price: '24.50',
  availableQantity: '100',
  minimumOderQantity: '1',
  description: '',
  picture: '/images/products/sintered-pads.svg',
  oemNumbers: '',
  specs: '',
  fitment: '',
  ...cells,
});
const csvOf = (rows: CsvRow[], columns: readonly string[] = CATALOGUE_CSV_EXPORT_COLUMNS) =>
  stringify(rows, { header: true, columns: [...columns] });
const rowsOf = (csv: string) => parse(csv, { bom: true, columns: true }) as CsvRow[];

/** The part's row and its version (xmin): an unchanged version means nothing was written. */
async function stored(db: Database, sku: string) {
  const [row] = await db
    .select({ id: products.id, stock: products.availableQuantity, version: sql<string>`xmin::text` })
    .from(products)
    .where(eq(products.sku, sku));
  if (!row) throw new Error(`no part ${sku}`);
  return row;
}

describe('a CSV import and the stock orders moved since its export', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    admin = (await adminWithToken(t.app, ADMIN)).token;
  });
  afterAll(() => t.close());

  const importCsv = (payload: string) =>
    t.app.inject({ method: 'POST', url: URL, headers: { ...bearer(admin), 'content-type': 'text/csv' }, payload });
  const exportedLine = async (sku: string) => {
    const exported = await t.app.inject({ method: 'GET', url: URL, headers: bearer(admin) });
    const line = rowsOf(exported.body).find((row) => row.sku === sku);
    if (!line) throw new Error(`${sku} is not in the export`);
    return line;
  };
  /** A customer orders through the cart and checkout, as the shop's customers do. */
  const order = async (productId: string, quantity: number) => {
    const customer = await signUpWithToken(t.app);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/cart/${productId}`,
      headers: bearer(customer.token),
      payload: { quantity },
    });
    expect(put.statusCode).toBe(200);
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: bearer(customer.token),
      payload: CHECKOUT,
    });
    expect(checkout.statusCode).toBe(201);
    return checkout.json<Order>();
  };
  const cancel = (orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/cancel`, headers: bearer(admin) });

  it('when a customer orders after the export and the exported line comes back with a new price, then the stock keeps the order, and a cancel puts back only what it took', async () => {
    expect((await importCsv(csvOf([partLine('BH-STOCK-1')], CATALOGUE_CSV_COLUMNS))).json()).toEqual({
      created: 1,
      updated: 0,
    });
    const line = await exportedLine('BH-STOCK-1');
    expect(line).toMatchObject({ availableQantity: '100', exportedStock: '100' });
    const part = await stored(t.db, 'BH-STOCK-1');
    const placed = await order(part.id, 30);
    expect((await stored(t.db, 'BH-STOCK-1')).stock).toBe(70);

    const response = await importCsv(csvOf([{ ...line, price: '19.90' }]));
    expect(response.json()).toEqual({ created: 0, updated: 1 });
    expect((await stored(t.db, 'BH-STOCK-1')).stock).toBe(70);

    expect((await cancel(placed._id)).statusCode).toBe(200);
    expect((await stored(t.db, 'BH-STOCK-1')).stock).toBe(100);
  });

  it('when the export comes back unchanged after an order, then nothing is written', async () => {
    await importCsv(csvOf([partLine('BH-STOCK-2')], CATALOGUE_CSV_COLUMNS));
    const line = await exportedLine('BH-STOCK-2');
    await order((await stored(t.db, 'BH-STOCK-2')).id, 30);
    const before = await stored(t.db, 'BH-STOCK-2');

    const response = await importCsv(csvOf([line]));
    expect(response.json()).toEqual({ created: 0, updated: 0 });
    expect(await stored(t.db, 'BH-STOCK-2')).toEqual(before);
    expect(before.stock).toBe(70);
  });

  it('when the owner changes the stock cell after orders came in, then the change is added to the stock the part has now', async () => {
    await importCsv(csvOf([partLine('BH-STOCK-3')], CATALOGUE_CSV_COLUMNS));
    const line = await exportedLine('BH-STOCK-3');
    await order((await stored(t.db, 'BH-STOCK-3')).id, 30);

    // 50 came in: 100 -> 150 in the file; the 30 sold stay sold.
    expect((await importCsv(csvOf([{ ...line, availableQantity: '150' }]))).json()).toEqual({ created: 0, updated: 1 });
    expect((await stored(t.db, 'BH-STOCK-3')).stock).toBe(120);
  });

  it('when the change would take more than the part has now, then its line is refused with the numbers and nothing is imported', async () => {
    await importCsv(csvOf([partLine('BH-STOCK-4')], CATALOGUE_CSV_COLUMNS));
    const line = await exportedLine('BH-STOCK-4');
    await order((await stored(t.db, 'BH-STOCK-4')).id, 90);
    const before = await stored(t.db, 'BH-STOCK-4');

    const response = await importCsv(
      csvOf([partLine('BH-STOCK-NEW'), { ...line, availableQantity: '5', name: 'Renamed' }]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        line: 3,
        field: 'availableQantity',
        message:
          'Not enough stock: the stock was 100 when the file was exported and is 10 now, -95 by this line would make it -85',
      },
    ]);
    expect(await stored(t.db, 'BH-STOCK-4')).toEqual(before);
    expect((await t.db.select().from(products).where(eq(products.sku, 'BH-STOCK-NEW'))).length).toBe(0);
  });

  it('when a file has no exportedStock column (the old form) or the cell is empty, then availableQantity is the stock', async () => {
    await importCsv(csvOf([partLine('BH-STOCK-5'), partLine('BH-STOCK-6')], CATALOGUE_CSV_COLUMNS));
    const [five, six] = [await exportedLine('BH-STOCK-5'), await exportedLine('BH-STOCK-6')];
    await order((await stored(t.db, 'BH-STOCK-5')).id, 30);
    await order((await stored(t.db, 'BH-STOCK-6')).id, 30);

    // The old form: the twelve columns only (csvOf leaves out the cells of other columns).
    expect((await importCsv(csvOf([five], CATALOGUE_CSV_COLUMNS))).json()).toEqual({ created: 0, updated: 1 });
    expect((await importCsv(csvOf([{ ...six, exportedStock: '' }]))).json()).toEqual({ created: 0, updated: 1 });
    expect((await stored(t.db, 'BH-STOCK-5')).stock).toBe(100);
    expect((await stored(t.db, 'BH-STOCK-6')).stock).toBe(100);
  });

  it('when a sold-down part comes back below its minimum, then it imports; a change leaving it below its minimum does not', async () => {
    await importCsv(csvOf([partLine('BH-STOCK-7', { availableQantity: '12', minimumOderQantity: '4' })]));
    const line = await exportedLine('BH-STOCK-7');
    await order((await stored(t.db, 'BH-STOCK-7')).id, 10);
    expect((await stored(t.db, 'BH-STOCK-7')).stock).toBe(2);

    expect((await importCsv(csvOf([{ ...line, price: '30.00' }]))).json()).toEqual({ created: 0, updated: 1 });
    const refused = await importCsv(csvOf([{ ...line, availableQantity: '13' }]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        line: 2,
        field: 'minimumOderQantity',
        message:
          'The minimum order cannot be more than the available quantity (the stock was 12 when the file was exported and is 2 now, +1 by this line would make it 3)',
      },
    ]);
  });

  it.each([['abc'], ['-1'], ['2.5']])(
    'when exportedStock is %s, then the line is refused in that column',
    async (cell) => {
      const response = await importCsv(csvOf([{ ...partLine('BH-STOCK-BAD'), exportedStock: cell }]));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { line: 2, field: 'exportedStock', message: expect.stringContaining('the stock when the file was exported') },
      ]);
    },
  );
});
