import { pipeline, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { CATALOGUE_CSV_EXPORT_COLUMNS } from '../../contract/index.js';
import { writeRow, type CsvRow } from './format.js';
import type { CatalogueCsvRepository, ExportedPart } from './repository.js';

/**
 * The whole catalogue as CSV, oldest part first (imported into an empty shop, the newest stay
 * newest), written as it is read, a page of parts at a time. The first page is read before anything
 * is answered, so that a database out of reach is still an error answer, not a cut file. A BOM
 * starts it (spreadsheets read the file as UTF-8 then) and lines end in CRLF (RFC 4180).
 */
export async function exportCatalogue(
  repository: CatalogueCsvRepository,
  onError: (error: Error) => void,
): Promise<Readable> {
  const pages = repository.pages();
  const first = await pages.next();
  async function* rows(): AsyncGenerator<CsvRow> {
    const write = (page: ExportedPart[]) => page.map((part) => writeRow(part));
    if (first.done) return;
    yield* write(first.value);
    for await (const page of pages) yield* write(page);
  }
  const csv = stringify({
    header: true,
    columns: [...CATALOGUE_CSV_EXPORT_COLUMNS],
    bom: true,
    record_delimiter: 'windows',
  });
  // A failure later on cuts the answer short (its headers are sent): the client sees a broken download.
  pipeline(Readable.from(rows()), csv, (error) => error && onError(error));
  return csv;
}
