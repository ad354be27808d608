import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CSV_EXPORT_COLUMNS } from '../../contract/index.js';
import { catalogueImportUndo, products } from '../db/schema.js';
import { checkout } from '../test/admin-orders.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { adminWithToken, bearer, signUpWithToken } from '../test/auth.js';
import type { CsvRow } from './format.js';
import { readCatalogueFile } from './file.js';
import { createCatalogueImport } from './import.js';
import { ImportLimits } from './limits.js';
import { createCatalogueCsvRepository, type CatalogueCsvRepository } from './repository.js';
import { createImportWriter } from './writer.js';
import { cataloguePart } from '../test/catalogue-part.js';

// An import and the writers that run while it reads the catalogue and before it writes (issue 26,
// L4 and M1): each race is made certain by doing the other write right after the import has read
// the stored parts, which is where the store's own writers can come in.

const ADMIN = 'catalogue-race-admin@example.com';
const partLine = (sku: string, cells: Partial<CsvRow> = {}): CsvRow => ({
  sku,
  name: 'Race test pads',
  brand: 'Brakehouse',
  category: 'brake-pads',
  price: '24.50',
  availableQantity: '100',
  minimumOderQantity: '1',
  description: '',
  picture: '/images/products/sintered-pads.svg',
  oemNumbers: '',
  specs: '',
  fitment: 'Racebike|R1|2019-2020',
  exportedStock: '',
  ...cells,
});
const csvOf = (rows: CsvRow[]) => stringify(rows, { header: true, columns: [...CATALOGUE_CSV_EXPORT_COLUMNS] });

describe('a catalogue import racing the store', () => {
  let t: TestApp;
  let admin: string;
  let repository: CatalogueCsvRepository;
  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: ADMIN } });
    admin = (await adminWithToken(t.app, ADMIN)).token;
    repository = createCatalogueCsvRepository(t.db);
  });
  afterAll(() => t.close());

  /** The import, with `meanwhile` done right after it has read the stored parts of the file's skus. */
  const importRacing = async (csv: string, meanwhile: () => Promise<void>) => {
    const racing: CatalogueCsvRepository = {
      ...repository,
      async partsBySku(db, skus) {
        const read = await repository.partsBySku(db, skus);
        await meanwhile();
        return read;
      },
    };
    const file = await readCatalogueFile(Readable.from([Buffer.from(csv)]), {
      limits: new ImportLimits(() => repository.catalogueSize()),
    });
    const writer = createImportWriter(t.database.kind, t.db, racing);
    return createCatalogueImport({ db: t.db, repository: racing, writer })(file);
  };
  /** Add Product, by hand, of a part with this sku. */
  const addByHand = async (sku: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: bearer(admin),
      payload: {
        sku,
        name: 'Added by hand',
        price: 10,
        availableQantity: 5,
        minimumOderQantity: 1,
        picture: '/images/products/sintered-pads.svg',
      },
    });
    expect(response.statusCode).toBe(200);
  };
  const undoLeft = async () => (await t.db.select().from(catalogueImportUndo)).length;
  const skusStored = async (skus: string[]) =>
    (await t.db.select({ sku: products.sku }).from(products).where(inArray(products.sku, skus))).map((row) => row.sku);

  it("when Add Product saves the import's last new sku before the import writes, then 409 names the sku and its line and nothing is saved", async () => {
    const file = csvOf([partLine('BH-RACE-1'), partLine('BH-RACE-2'), partLine('BH-RACE-3')]);
    const addProduct = () => addByHand('bh-race-3');

    const refusal = await importRacing(file, addProduct).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      statusCode: 409,
      code: 'SKU_TAKEN',
      message: expect.stringContaining(
        'The sku BH-RACE-3 was added to the catalogue while this file was being imported',
      ),
      errors: [{ line: 4, field: 'sku', message: expect.stringContaining('BH-RACE-3') }],
    });
    expect(await skusStored(['BH-RACE-1', 'BH-RACE-2', 'bh-race-3'])).toEqual(['bh-race-3']);
    const bikes = await repository.vehicles(t.db);
    expect(bikes.filter((bike) => bike.make === 'Racebike')).toEqual([]);
  });

  it('when a customer orders between the read and the write, then the stock is worked out from what the part has when it is written', async () => {
    await importRacing(csvOf([partLine('BH-RACE-STOCK')]), async () => undefined);
    const [part] = await t.db.select().from(products).where(eq(products.sku, 'BH-RACE-STOCK'));
    if (!part) throw new Error('the part was imported');
    const customer = await signUpWithToken(t.app);
    const order = async () => {
      await checkout(t.app, customer.token, [{ productId: part.id, quantity: 30 }]);
    };

    // The file was exported at 100 and comes back with a new price: the order in between stands.
    const exported = partLine('BH-RACE-STOCK', { exportedStock: '100', price: '19.90' });
    expect(await importRacing(csvOf([exported]), order)).toEqual({ created: 0, updated: 1 });
    const [after] = await t.db.select().from(products).where(eq(products.sku, 'BH-RACE-STOCK'));
    expect(after).toMatchObject({ availableQuantity: 70, priceCents: 1990 });
  });

  // More lines than one step of the writes holds: on PGlite the first steps are written before the
  // failing one, and are taken back (decision 0037); on PostgreSQL one transaction takes it all back.
  const MANY = 130;

  it('when Add Product saves the last new sku of a file written in several steps, then the steps written before are taken back', async () => {
    const skus = Array.from({ length: MANY }, (_, index) => `BH-UNDO-NEW-${index}`);
    const file = csvOf(skus.map((sku) => partLine(sku, { fitment: 'Undobike|U1|2021' })));
    const addProduct = () => addByHand(skus.at(-1) as string);

    const refusal = await importRacing(file, addProduct).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ statusCode: 409, code: 'SKU_TAKEN', errors: [{ line: MANY + 1, field: 'sku' }] });
    expect(await skusStored(skus)).toEqual([skus.at(-1)]);
    const bikes = await repository.vehicles(t.db);
    expect(bikes.filter((bike) => bike.make === 'Undobike')).toEqual([]);
    expect(await undoLeft()).toBe(0);
  });

  it('when a stored part is deleted while a file changing many parts is imported, then every part keeps its fields, stock and bikes, and a sale meanwhile stays sold', async () => {
    const skus = Array.from({ length: MANY }, (_, index) => `BH-UNDO-OLD-${index}`);
    const first = csvOf(skus.map((sku) => partLine(sku, { fitment: 'Undobike|Before|2019' })));
    expect(await importRacing(first, async () => undefined)).toEqual({ created: MANY, updated: 0 });
    const stored = await t.db.select().from(products).where(inArray(products.sku, skus)).orderBy(products.id);
    const [sold, deleted] = [stored[0], stored.at(-1)];
    if (!sold || !deleted) throw new Error('the parts were imported');
    const fittedBefore = await repository.fitmentOf(
      t.db,
      stored.map((part) => part.id),
    );

    // Every line: a new price, 50 more in stock than exported, another bike. Meanwhile a customer
    // buys 30 of the part locked first, and the part locked last is deleted.
    const changed = csvOf(
      skus.map((sku) =>
        partLine(sku, {
          price: '30.00',
          exportedStock: '100',
          availableQantity: '150',
          fitment: 'Undobike|After|2020',
        }),
      ),
    );
    const meanwhile = async () => {
      const customer = await signUpWithToken(t.app);
      await checkout(t.app, customer.token, [{ productId: sold.id, quantity: 30 }]);
      await t.db.delete(products).where(eq(products.id, deleted.id));
    };
    const refusal = await importRacing(changed, meanwhile).catch((error: unknown) => error);
    expect(refusal).toMatchObject({
      statusCode: 400,
      errors: [{ line: skus.indexOf(deleted.sku) + 2, field: 'sku', message: expect.stringContaining('was deleted') }],
    });

    const after = await t.db.select().from(products).where(inArray(products.sku, skus)).orderBy(products.id);
    expect(after).toHaveLength(MANY - 1);
    for (const part of after) {
      expect(part).toMatchObject({ priceCents: 2450, availableQuantity: part.id === sold.id ? 70 : 100 });
    }
    const fittedAfter = await repository.fitmentOf(
      t.db,
      after.map((part) => part.id),
    );
    for (const part of after) expect(fittedAfter.get(part.id)).toEqual(fittedBefore.get(part.id));
    const bikes = await repository.vehicles(t.db);
    expect(bikes.filter((bike) => bike.make === 'Undobike').map((bike) => bike.model)).toEqual(['Before']);
    expect(await undoLeft()).toBe(0);
  });

  it('when the process stops part-way through an import written in steps, then the store takes those steps back as it starts', async () => {
    const skus = Array.from({ length: MANY }, (_, index) => `BH-UNDO-STOP-${index}`);
    const parts = skus.map((sku) => cataloguePart(sku, { name: 'Stopped import pads', availableQantity: 10 }));
    const stopping = createImportWriter('pglite', t.db, repository);
    let stepsWritten = 0;
    void stopping.write(async (step) => {
      for (const part of parts) {
        await step(async (tx, undo) => {
          const ids = await repository.insertParts(tx, [part]);
          undo.addedParts.push(...ids.values());
        });
        stepsWritten += 1;
        if (stepsWritten === 3) await new Promise(() => {}); // the process stops here
      }
    });
    await expect.poll(async () => (await skusStored(skus)).length).toBe(3);
    expect(await undoLeft()).toBe(3);

    await createImportWriter('pglite', t.db, repository).recover();
    expect(await skusStored(skus)).toEqual([]);
    expect(await undoLeft()).toBe(0);
  });
});
