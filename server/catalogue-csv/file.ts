import type { Readable } from 'node:stream';
import { CATALOGUE_CSV_EXPORT_COLUMNS } from '../../contract/index.js';
import { AppError } from '../http/errors.js';
import { NUL_REFUSED_AS_READ } from '../http/nul-guard.js';
import { emptyFile, MAX_LISTED_PROBLEMS, readCsvFile, type CsvFile, type LineReader } from './csv-body.js';
import { readRow, type CsvRow, type ReadLine } from './format.js';
import type { ImportLimits } from './limits.js';

/** A line of parts as read: its number, its cells (kept to read it again with another stock), what it says. */
export interface FileLine {
  line: number;
  row: CsvRow;
  read: ReadLine;
}

/** A catalogue file as read from the request: its lines of parts and the problems found meanwhile. */
export interface CatalogueFile extends CsvFile {
  lines: readonly FileLine[];
}

const columnIndex = (field: string) => (CATALOGUE_CSV_EXPORT_COLUMNS as readonly string[]).indexOf(field);
const count = (n: number) => n.toLocaleString('en-US');

/** The refusal of a file with problems: they are listed by line and column (the first MAX_LISTED_PROBLEMS). */
export function invalidFile({ problems, stoppedAt }: CsvFile) {
  const listed = [...problems.listed]
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || columnIndex(a.field) - columnIndex(b.field))
    .slice(0, MAX_LISTED_PROBLEMS);
  const message =
    stoppedAt !== undefined
      ? `The file has more than ${count(MAX_LISTED_PROBLEMS)} errors: it was read up to line ${count(stoppedAt)} and the first ${count(listed.length)} are listed; nothing was imported`
      : problems.count > listed.length
        ? `The file has ${count(problems.count)} errors (the first ${count(listed.length)} are listed); nothing was imported`
        : undefined;
  return new AppError('catalogueCsvInvalid', { ...(message && { message }), errors: listed });
}

/**
 * Reads each line as it arrives: Add Product's rules (every problem is listed, not just the first),
 * and a sku once a file, ignoring case as the catalogue compares skus. Answers the fitment rows a
 * line names, which the reader counts against the file's limit.
 */
function lineReader(lines: FileLine[]): LineReader {
  const lineOfSku = new Map<string, number>();
  return (line, row, problems) => {
    const read = readRow(row);
    for (const error of read.errors) problems.report({ line, ...error });
    if (read.part) {
      const { sku } = read.part;
      const first = lineOfSku.get(sku.toLowerCase());
      if (first !== undefined)
        problems.report({ line, field: 'sku', message: `The sku ${sku} is on line ${first} already` });
      else lineOfSku.set(sku.toLowerCase(), line);
    }
    if (read.part || read.stockRule) lines.push({ line, row, read });
    return read.part?.bikes.length ?? 0;
  };
}

/** Reads a catalogue file from the request's body, within `limits` (docs/decisions/0034). */
export async function readCatalogueFile(
  payload: Readable,
  options: { limits: ImportLimits; contentLength?: number },
): Promise<CatalogueFile> {
  const lines: FileLine[] = [];
  const file = await readCsvFile(payload, { ...options, onLine: lineReader(lines) });
  return Object.assign({ ...file, lines }, { [NUL_REFUSED_AS_READ]: true });
}

/** What a request without a body sends. */
export const emptyCatalogueFile = (): CatalogueFile => ({ ...emptyFile(), lines: [] });
