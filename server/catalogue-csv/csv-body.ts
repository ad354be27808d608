import type { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { errorCodes } from 'fastify';
import { CATALOGUE_CSV_COLUMNS, type CatalogueCsvColumn, type FieldError } from '../../contract/index.js';
import type { CsvRow } from './format.js';

/**
 * The largest file taken: about 40,000 parts of a few hundred bytes each. Its lines are held in
 * memory until they are checked and written, a few times its size.
 */
export const CATALOGUE_CSV_BODY_LIMIT_BYTES = 20 * 1024 * 1024;
/** The most parts one file may hold (a file of tiny lines could otherwise hold millions). */
export const MAX_CATALOGUE_CSV_PARTS = 100_000;
/** Problems past this many are counted, not listed: a wrong file would list one per line. */
export const MAX_LISTED_PROBLEMS = 1000;

/** A line of parts, by its number in the file (the header is line 1; a quoted cell may span lines). */
export interface CsvLine {
  line: number;
  row: CsvRow;
}

/** A catalogue file as read from the request: its parts' lines, and what could not be read. */
export class CsvFile {
  constructor(
    readonly lines: readonly CsvLine[],
    /** At most MAX_LISTED_PROBLEMS of them, in the order of the file. */
    readonly problems: readonly FieldError[],
    readonly problemCount = problems.length,
  ) {}
}

const rowProblem = (line: number, message: string): FieldError => ({ line, field: 'row', message });
const COLUMN_LIST = CATALOGUE_CSV_COLUMNS.join(',');
const EMPTY = `The file is empty: its first line names the columns, ${COLUMN_LIST}`;

/** What a request without a body sends. */
export const EMPTY_FILE = new CsvFile([], [rowProblem(1, EMPTY)]);

const NOT_UTF8 = 'This is not UTF-8 text: save the file as "CSV UTF-8"';
/** The header's problems: exactly the columns, each once, in any order. */
function headerProblems(names: string[]): FieldError[] {
  if (names.length === 1 && names[0]?.includes(';')) {
    return [rowProblem(1, `The cells must be separated by commas, not semicolons: ${COLUMN_LIST}`)];
  }
  const problems: FieldError[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (!(CATALOGUE_CSV_COLUMNS as readonly string[]).includes(name)) {
      problems.push({ line: 1, field: name, message: `Unknown column "${name}": the columns are ${COLUMN_LIST}` });
    } else if (seen.has(name)) {
      problems.push({ line: 1, field: name, message: `The column ${name} is named twice` });
    }
    seen.add(name);
  }
  for (const column of CATALOGUE_CSV_COLUMNS) {
    if (!seen.has(column)) problems.push({ line: 1, field: column, message: `The column ${column} is missing` });
  }
  return problems;
}

/** csv-parse's refusals, worded for the person who saved the file. */
function unreadable(error: CsvError): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return 'A quoted cell that starts on this line is never closed';
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE') return 'A closing quote must be followed by a comma or a new line';
  if (error.code === 'CSV_MAX_RECORD_SIZE') return 'This line is too long';
  return 'This line could not be read as CSV';
}

const lineBreaks = (raw: string | undefined) => raw?.match(/\r\n|\r|\n/g)?.length ?? 0;

/**
 * Reads a catalogue file as it arrives, through csv-parse, never holding the whole text: a UTF-8 BOM
 * is skipped, blank lines are ignored, and every line's problems are kept (a line with too many or
 * too few cells, text that is not UTF-8) with its number. Line numbers are counted here from each
 * record's raw text: csv-parse's own count drifts on CRLF files with line breaks inside quotes.
 * After a problem with the header (or a quote left open) nothing more can be read reliably: the rest
 * of the body is drained. More than `limit` bytes is refused as Fastify refuses any large body (413).
 */
export function readCsvFile(payload: Readable, limit = CATALOGUE_CSV_BODY_LIMIT_BYTES): Promise<CsvFile> {
  return new Promise((resolve, reject) => {
    const parser = parse({ bom: true, raw: true, relax_column_count: true, relax_quotes: true });
    const lines: CsvLine[] = [];
    const problems: FieldError[] = [];
    let problemCount = 0;
    let columns: CatalogueCsvColumn[] | undefined;
    let line = 1;
    let bytes = 0;
    let done = false;
    const report = (problem: FieldError) => {
      problemCount += 1;
      if (problems.length < MAX_LISTED_PROBLEMS) problems.push(problem);
    };
    const stopReading = () => {
      done = true;
      payload.unpipe(parser);
      parser.destroy();
      payload.resume();
    };
    const finish = () => resolve(new CsvFile(lines, problems, problemCount));

    const take = (cells: string[], at: number) => {
      if (!columns) {
        const names = cells.map((cell) => cell.trim());
        const header = headerProblems(names);
        if (header.length > 0) {
          header.forEach(report);
          stopReading();
          finish();
        } else columns = names as CatalogueCsvColumn[];
        return;
      }
      if (cells.every((cell) => cell.trim() === '')) return;
      if (cells.length !== columns.length) {
        report(rowProblem(at, `This line has ${cells.length} cells, the header ${columns.length}`));
        return;
      }
      if (lines.length === MAX_CATALOGUE_CSV_PARTS) {
        report(rowProblem(at, `A file can hold at most ${MAX_CATALOGUE_CSV_PARTS.toLocaleString('en-US')} parts`));
        stopReading();
        finish();
        return;
      }
      const row = {} as CsvRow;
      columns.forEach((column, index) => {
        const cell = cells[index] ?? '';
        if (cell.includes('\uFFFD')) report({ line: at, field: column, message: NOT_UTF8 });
        row[column] = cell;
      });
      lines.push({ line: at, row });
    };

    payload.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit && !done) {
        stopReading();
        reject(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
      }
    });
    payload.on('error', reject);
    parser.on('data', ({ record, raw }: { record: string[]; raw?: string }) => {
      if (done) return;
      const at = line;
      line += lineBreaks(raw);
      take(record, at);
    });
    parser.on('error', (error: CsvError) => {
      if (done) return;
      report(rowProblem(line, unreadable(error)));
      stopReading();
      finish();
    });
    parser.on('end', () => {
      if (done) return;
      if (!columns) report(rowProblem(1, EMPTY));
      finish();
    });
    payload.pipe(parser);
  });
}
