// Section 6, the catalogue in bulk (issue 16, point 4): a file of CSV_PARTS parts, generated as the
// catalogue section's shop is (catalogue-data.ts: real makes and models, runs of model years, OEM
// numbers and specs), written as the store's export writes one, is imported into a fresh store
// started as `npm start` runs it (PGlite); the import is timed from the request to the answer. Then
// the store's own export is downloaded and imported again: it must answer 0 created, 0 updated.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { apiPaths } from '../../contract/paths.js';
import { CATALOGUE_CSV_COLUMNS, type CatalogueImportResult } from '../../contract/shop-admin.js';
import { writeRow, type Bike, type CataloguePart } from '../../server/catalogue-csv/format.js';
import { seedProducts } from '../../server/db/sample-catalogue.js';
import { api, bearer } from '../lib/store-api.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInAdmin } from './catalogue.js';
import { startCpuMeter } from './cpu.js';
import { generateCatalogue, type CatalogueSize, type GeneratedCatalogue } from './catalogue-data.js';
import { benchStore, makeTempDir, type Session } from './session.js';

/** Issue 16: a 10,000-part file imports in under 10 s on PGlite. */
export const CSV_SIZE: CatalogueSize = { parts: 10_000, vehicles: 1_000, fitments: 100_000 };
export const CSV_BUDGET = { importSeconds: 10 };
/** The seed of the file's shop: another than the catalogue section's, any fixed one. */
const CSV_SEED = 16_042;
/** Far above the budget: a slow import is measured, not cut off. */
const IMPORT_TIMEOUT_MS = 120_000;

export interface CsvResult {
  parts: number;
  /** Model years named in the file, and the fitment rows they make. */
  vehicles: number;
  fitments: number;
  fileBytes: number;
  importSeconds: number;
  imported: CatalogueImportResult;
  /** The share of the machine other people's work took during the import. */
  importOtherWork: number | undefined;
  exportSeconds: number;
  exportBytes: number;
  exportedParts: number;
  /** The parts the store holds: the file's and the sample catalogue's. */
  storedParts: number;
  reimportSeconds: number;
  reimported: CatalogueImportResult;
}

export interface CsvSettings {
  rootDir: string;
  port: number;
  log: (message: string) => void;
}

/**
 * The generated shop as the export would write it. A supplier's file has stock: a generated part
 * sold out or below its minimum gets its minimum in stock (the import holds new parts to Add
 * Product's rules).
 */
export function catalogueFile(catalogue: GeneratedCatalogue): string {
  const bikes = catalogue.parts.map((): Bike[] => []);
  for (let row = 0; row < catalogue.fitment.part.length; row += 1) {
    const vehicle = catalogue.vehicles[catalogue.fitment.vehicle[row] ?? 0];
    if (vehicle) bikes[catalogue.fitment.part[row] ?? 0]?.push(vehicle);
  }
  const parts = catalogue.parts.map((part, index): CataloguePart => ({
    sku: part.sku,
    name: part.name,
    brand: part.brand,
    category: part.category,
    price: part.priceCents / 100,
    availableQantity: Math.max(part.availableQuantity, part.minimumOrderQuantity),
    minimumOderQantity: part.minimumOrderQuantity,
    description: part.description,
    picture: part.picture,
    oemNumbers: part.oemNumbers,
    specs: part.specs,
    universal: part.universal,
    bikes: (bikes[index] ?? []).map(({ make, model, year }) => ({ make, model, year })),
  }));
  return stringify(parts.map(writeRow), {
    header: true,
    columns: [...CATALOGUE_CSV_COLUMNS],
    bom: true,
    record_delimiter: 'windows',
  });
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - started) / 1000 };
}

async function importFile(baseUrl: string, token: string, csv: string): Promise<CatalogueImportResult> {
  const response = await fetch(`${baseUrl}${api(apiPaths.catalogueCsv)}`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    body: csv,
    signal: AbortSignal.timeout(IMPORT_TIMEOUT_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`the import answered ${response.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as CatalogueImportResult;
}

async function exportFile(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}${api(apiPaths.catalogueCsv)}`, {
    headers: bearer(token),
    signal: AbortSignal.timeout(IMPORT_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the export answered ${response.status}`);
  return response.text();
}

/** The parts of a file: its records after the header (a quoted cell may hold line breaks). */
const partsIn = (csv: string) => (parse(csv, { bom: true, columns: true }) as unknown[]).length;

export async function benchCatalogueCsv(session: Session, { rootDir, port, log }: CsvSettings): Promise<CsvResult> {
  const catalogue = generateCatalogue(CSV_SIZE, CSV_SEED);
  const csv = catalogueFile(catalogue);
  const fileBytes = Buffer.byteLength(csv);
  log(
    `  a file of ${catalogue.parts.length.toLocaleString('en-US')} parts fitting ${catalogue.vehicles.length.toLocaleString('en-US')} ` +
      `model years (${(fileBytes / 1024 / 1024).toFixed(1)} MB)`,
  );
  const folder = makeTempDir(session, 'brakehouse-bench-csv-');
  const store = await benchStore(session, {
    rootDir,
    port,
    dataDir: folder.dir,
    env: { ADMIN_EMAILS: ADMIN_EMAIL, ADMIN_PASSWORD },
  });
  try {
    const { token } = await signInAdmin(store.baseUrl);
    const meter = startCpuMeter([store.server.child.pid ?? 0]);
    const first = await timed(() => importFile(store.baseUrl, token, csv));
    const importOtherWork = meter.stop();
    log(`  imported in ${first.seconds.toFixed(2)} s: ${JSON.stringify(first.value)}`);
    const exported = await timed(() => exportFile(store.baseUrl, token));
    log(`  exported in ${exported.seconds.toFixed(2)} s`);
    const again = await timed(() => importFile(store.baseUrl, token, exported.value));
    log(`  the export imported again in ${again.seconds.toFixed(2)} s: ${JSON.stringify(again.value)}`);
    if (store.server.exit !== undefined) throw new Error('the store exited during the run');
    return {
      parts: catalogue.parts.length,
      vehicles: catalogue.vehicles.length,
      fitments: catalogue.fitment.part.length,
      fileBytes,
      importSeconds: first.seconds,
      imported: first.value,
      importOtherWork,
      exportSeconds: exported.seconds,
      exportBytes: Buffer.byteLength(exported.value),
      exportedParts: partsIn(exported.value),
      storedParts: catalogue.parts.length + seedProducts.length,
      reimportSeconds: again.seconds,
      reimported: again.value,
    };
  } finally {
    await store.stop();
    await folder.remove();
  }
}
