import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { errorCodes } from 'fastify';
import { AppError } from '../http/errors.js';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_EXPORT_COLUMNS,
  type CatalogueCsvExportColumn,
  type FieldError,
} from '../../contract/index.js';
import type { CsvRow } from './format.js';
import type { ImportLimits } from './limits.js';
import { recordsOf } from './records.js';
import { turns } from './turns.js';

/** Problems past this many are not listed, and the file is read no further: a wrong file has one a line. */
export const MAX_LISTED_PROBLEMS = 1000;
/**
 * The parser is fed this much at a time. Small: csv-parse makes an error object for every line with
 * the wrong number of cells (even when told to let them through), some microseconds each, and a
 * slice of one-character lines has thousands.
 */
const SLICE_BYTES = 8 * 1024;

/** A file's problems as they are found: counted, the first MAX_LISTED_PROBLEMS kept, in file order. */
export class Problems {
  readonly listed: FieldError[] = [];
  count = 0;

  report(problem: FieldError) {
    this.count += 1;
    if (this.listed.length < MAX_LISTED_PROBLEMS) this.listed.push(problem);
  }

  /** More than are listed: reading on would only count them. */
  get overflowing() {
    return this.count > MAX_LISTED_PROBLEMS;
  }
}

/** Takes a line of parts (its number, its cells by column) and answers the fitment rows it names. */
export type LineReader = (line: number, row: CsvRow, problems: Problems) => number;

/** What reading a file found besides its lines (those went to the LineReader). */
export interface CsvFile {
  problems: Problems;
  /** The line reading stopped at, when the problems overflowed before the end of the file. */
  stoppedAt?: number;
}

const rowProblem = (line: number, message: string): FieldError => ({ line, field: 'row', message });
const COLUMN_LIST = CATALOGUE_CSV_COLUMNS.join(',');
const EMPTY = `The file is empty: its first line names the columns, ${COLUMN_LIST}`;

/** The problems of a file without a body. */
export function emptyFile(): CsvFile {
  const problems = new Problems();
  problems.report(rowProblem(1, EMPTY));
  return { problems };
}

const NOT_UTF8 = 'This is not UTF-8 text: save the file as "CSV UTF-8"';
const isColumn = (name: string): name is CatalogueCsvExportColumn =>
  (CATALOGUE_CSV_EXPORT_COLUMNS as readonly string[]).includes(name);

/** The header's problems: the columns, each once, in any order (the export's last one may be left out). */
function headerProblems(names: string[]): FieldError[] {
  if (names.length === 1 && names[0]?.includes(';')) {
    return [rowProblem(1, `The cells must be separated by commas, not semicolons: ${COLUMN_LIST}`)];
  }
  const problems: FieldError[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    if (!isColumn(name)) {
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
const tooLarge = () => new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
const count = (n: number) => n.toLocaleString('en-US');

/**
 * The body cut into slices the parser takes one at a time, its bytes counted against the limit (the
 * store is measured when the allowance alone is passed). A body sent in one piece (a test's inject)
 * is parsed a slice a turn like one that arrives over the network.
 */
function sliced(limits: ImportLimits) {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      // In UTF-8 the NUL character is the zero byte and no other character holds one.
      if (chunk.includes(0)) return done(new AppError('nulCharacter'));
      bytes += chunk.length;
      const push = () => {
        for (let at = 0; at < chunk.length; at += SLICE_BYTES) this.push(chunk.subarray(at, at + SLICE_BYTES));
        done();
      };
      if (bytes <= limits.known('bytes')) return push();
      limits.allows('bytes', bytes).then((allowed) => (allowed ? push() : done(tooLarge())), done);
    },
  });
}

/**
 * Reads a catalogue file as it arrives, through csv-parse, never holding the whole text, and hands
 * each line of parts to `onLine`. A UTF-8 BOM is skipped; the header must name the columns; every
 * line after it counts towards the limit (blank ones, and ones with the wrong number of cells, which
 * are problems). Reading stops once the problems overflow the listed ones, or after a problem with
 * the header, a quote left open, too many lines or fitment rows: the rest of the body is drained
 * unread. Line numbers are counted from each record's raw text (csv-parse's own count drifts on CRLF
 * files with line breaks inside quotes). The work lets other requests in between turns (turns.ts).
 * More bytes than the limits allow is refused as Fastify refuses any large body (413).
 */
export async function readCsvFile(
  payload: Readable,
  { limits, onLine, contentLength }: { limits: ImportLimits; onLine: LineReader; contentLength?: number },
): Promise<CsvFile> {
  if (contentLength !== undefined && !(await limits.allows('bytes', contentLength))) throw tooLarge();
  const problems = new Problems();
  const slicer = sliced(limits);
  const parser = parse({ bom: true, raw: true, relax_column_count: true, relax_quotes: true });
  slicer.on('error', (error) => parser.destroy(error));
  payload.on('error', (error) => parser.destroy(error));
  payload.pipe(slicer).pipe(parser);
  const drain = () => {
    payload.unpipe(slicer);
    slicer.destroy();
    payload.resume();
  };

  let columns: CatalogueCsvExportColumn[] | undefined;
  let line = 1;
  let lines = 0;
  let fitmentRows = 0;
  const pause = turns();
  try {
    for await (const { record, raw } of recordsOf(parser)) {
      const at = line;
      line += lineBreaks(raw);
      if (!columns) {
        const header = headerProblems(record.map((cell) => cell.trim()));
        if (header.length > 0) {
          header.forEach((problem) => problems.report(problem));
          break;
        }
        columns = record.map((cell) => cell.trim()) as CatalogueCsvExportColumn[];
        continue;
      }
      lines += 1;
      if (lines > limits.known('lines') && !(await limits.allows('lines', lines))) {
        problems.report(rowProblem(at, `A file can hold at most ${count(limits.known('lines'))} lines: split it`));
        break;
      }
      if (record.every((cell) => cell.trim() === '')) continue;
      if (record.length !== columns.length) {
        problems.report(rowProblem(at, `This line has ${record.length} cells, the header ${columns.length}`));
      } else {
        const row = {} as CsvRow;
        columns.forEach((column, index) => {
          const cell = record[index] ?? '';
          if (cell.includes('\uFFFD')) problems.report({ line: at, field: column, message: NOT_UTF8 });
          row[column] = cell;
        });
        fitmentRows += onLine(at, row, problems);
        if (fitmentRows > limits.known('fitmentRows') && !(await limits.allows('fitmentRows', fitmentRows))) {
          const limit = count(limits.known('fitmentRows'));
          const message = `A file can fit its parts to at most ${limit} model years in all (fitment rows): split it`;
          problems.report({ line: at, field: 'fitment', message });
          break;
        }
      }
      if (problems.overflowing) return { problems, stoppedAt: at };
      await pause();
    }
  } catch (error) {
    // A body past the limit, or one cut off, fails the request; a line csv-parse cannot read is a problem.
    if (!(error instanceof CsvError)) throw error;
    problems.report(rowProblem(line, unreadable(error)));
  } finally {
    drain();
  }
  if (!columns && problems.count === 0) problems.report(rowProblem(1, EMPTY));
  return problems.overflowing ? { problems, stoppedAt: line } : { problems };
}
