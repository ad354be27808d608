import type { z } from 'zod';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_CSV_EXPORTED_STOCK,
  FIRST_MODEL_YEAR,
  lastModelYear,
  MAX_PRODUCT_QUANTITY,
  productFormSchema,
  type CatalogueCsvColumn,
  type CatalogueCsvExportColumn,
  type FieldError,
  type NewProduct,
  type PartSpecs,
} from '../../contract/index.js';

/**
 * One line of the catalogue file and the part it stands for, both ways (docs/decisions/0027). Every
 * value the product schema allows is written so that reading it back gives the same value:
 *
 * - a cell that a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage
 *   return) is written after an apostrophe, and read without it; so is a cell that starts with
 *   apostrophes followed by one of those, so that the apostrophe itself comes back;
 * - `oemNumbers` are joined by `;` (a part number holds no `;`);
 * - `specs` are `name=value;...`: a value that reads as a number is a number, a text that would
 *   read as one is written in double quotes (`note="120"`), and `\` and `;` in a text are written
 *   `\\` and `\;`;
 * - `fitment` is `universal` and/or `Make|Model|2015-2019` items joined by `;`, consecutive years as
 *   one range, a single year as `2019`; `\`, `;` and `|` in a make or model are written `\\`, `\;`, `\|`;
 * - `exportedStock`, the export's last column, is the stock as exported (docs/decisions/0034); a file
 *   may leave the column out.
 */

export type CsvRow = Record<CatalogueCsvColumn, string> & { [CATALOGUE_CSV_EXPORTED_STOCK]?: string };

/** A bike by its names and model year, as a file names it. */
export interface Bike {
  make: string;
  model: string;
  year: number;
}

/** A part as one line of the file gives it: Add Product's fields (a sku always) and the bikes it fits. */
export type CataloguePart = NewProduct & { sku: string; bikes: Bike[] };

/** A line's problem before it has a line number. */
export type CellError = Omit<FieldError, 'line'> & { field: CatalogueCsvExportColumn | 'row' };

/** A bike's names: what the bike picker's searches take. */
export const MAX_BIKE_NAME_LENGTH = 60;
/** The most model years one line may fit a part to: far above a real part, far below a runaway range. */
export const MAX_BIKES_PER_PART = 1000;
export const UNIVERSAL = 'universal';

// ---------------------------------------------------------------------------------------------
// Cells

const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED_FORMULA = /^'+[=+\-@\t\r]/;

/** A cell as written to the file: never one a spreadsheet would run as a formula. */
export const guardCell = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);
/** A cell as read from the file: the apostrophe `guardCell` added is taken off. */
export const unguardCell = (text: string) => (GUARDED_FORMULA.test(text) ? text.slice(1) : text);

/** A number as JavaScript writes one (`String(n)`): what reads back as a number in specs. */
const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
/** A price or a quantity as a person writes one: digits, maybe a sign and decimals. */
const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const QUOTED_TEXT = /^"[\s\S]*"$/;

const escapeWith = (specials: RegExp) => (text: string) => text.replace(specials, (char) => `\\${char}`);
const escapeSpecText = escapeWith(/[\\;]/g);
const escapeBikeName = escapeWith(/[\\;|]/g);
const ESCAPED = /\\([\\;|])/g;
const unescape = (text: string) => text.replace(ESCAPED, '$1');

/**
 * `text` cut at each `separator` that no backslash escapes, the escapes kept (so that an item can be
 * cut again before it is unescaped). A backslash escapes only `\`, `;` and `|`; any other stays.
 */
function splitUnescaped(text: string, separator: ';' | '|'): string[] {
  const items: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\\' && /[\\;|]/.test(text[index + 1] ?? '')) index += 1;
    else if (char === separator) {
      items.push(text.slice(start, index));
      start = index + 1;
    }
  }
  items.push(text.slice(start));
  return items;
}

// ---------------------------------------------------------------------------------------------
// Writing a part

function writeSpecs(specs: PartSpecs): string {
  return Object.entries(specs)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      if (typeof value === 'number') return `${name}=${String(value)}`;
      const text = NUMBER_TEXT.test(value) || QUOTED_TEXT.test(value) ? `"${value}"` : value;
      return `${name}=${escapeSpecText(text)}`;
    })
    .join(';');
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `universal` first, then each model's years as runs of consecutive years, by make and model. */
export function writeFitment(universal: boolean, bikes: readonly Bike[]): string {
  const models = new Map<string, { make: string; model: string; years: Set<number> }>();
  for (const { make, model, year } of bikes) {
    const key = JSON.stringify([make, model]);
    const entry = models.get(key) ?? { make, model, years: new Set<number>() };
    entry.years.add(year);
    models.set(key, entry);
  }
  const items = universal ? [UNIVERSAL] : [];
  const sorted = [...models.values()].sort((a, b) => byName(a.make, b.make) || byName(a.model, b.model));
  for (const { make, model, years } of sorted) {
    const names = `${escapeBikeName(make)}|${escapeBikeName(model)}`;
    const ordered = [...years].sort((a, b) => a - b);
    for (let start = 0; start < ordered.length;) {
      let end = start;
      while (end + 1 < ordered.length && ordered[end + 1] === (ordered[end] ?? 0) + 1) end += 1;
      const [from, to] = [ordered[start], ordered[end]];
      items.push(`${names}|${from === to ? from : `${from}-${to}`}`);
      start = end + 1;
    }
  }
  return items.join(';');
}

/** The line of the file for a part. */
export function writeRow(part: CataloguePart): CsvRow {
  const row: CsvRow = {
    sku: part.sku,
    name: part.name,
    brand: part.brand,
    category: part.category,
    price: part.price.toFixed(2),
    availableQantity: String(part.availableQantity),
    minimumOderQantity: String(part.minimumOderQantity),
    description: part.description,
    picture: part.picture,
    oemNumbers: part.oemNumbers.join(';'),
    specs: writeSpecs(part.specs),
    fitment: writeFitment(part.universal, part.bikes),
  };
  for (const column of CATALOGUE_CSV_COLUMNS) row[column] = guardCell(row[column]);
  return { ...row, [CATALOGUE_CSV_EXPORTED_STOCK]: String(part.availableQantity) };
}

// ---------------------------------------------------------------------------------------------
// Reading a line

type Read<T> = { value: T } | { error: string };

/** How an item of a list cell is shown in a message: as written, not too long. */
const shown = (item: string) => {
  const text = unescape(item.trim());
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

function readSpecs(text: string): Read<Record<string, string | number>> {
  // A Map, then an object made from it: a name such as `__proto__` becomes a key the schema refuses.
  const specs = new Map<string, string | number>();
  for (const item of splitUnescaped(text, ';')) {
    if (item.trim() === '') continue;
    const at = item.indexOf('=');
    if (at < 0) return { error: `"${shown(item)}" is not name=value (like compound=sintered)` };
    const name = item.slice(0, at).trim();
    const value = unescape(item.slice(at + 1)).trim();
    if (specs.has(name)) return { error: `${name} is given twice` };
    specs.set(name, QUOTED_TEXT.test(value) ? value.slice(1, -1) : NUMBER_TEXT.test(value) ? Number(value) : value);
  }
  return { value: Object.fromEntries(specs) };
}

const YEARS = /^(\d{4})(?:\s*-\s*(\d{4}))?$/;

function readYears(text: string, bike: string): Read<number[]> {
  const match = YEARS.exec(text.trim());
  if (!match) return { error: `"${shown(text)}" in ${bike}: years are written 2019 or 2015-2019` };
  const from = Number(match[1]);
  const to = Number(match[2] ?? match[1]);
  if (from > to) return { error: `${from}-${to} in ${bike}: the first year comes after the last` };
  const last = lastModelYear();
  if (from < FIRST_MODEL_YEAR || to > last) {
    return { error: `${text.trim()} in ${bike}: model years run from ${FIRST_MODEL_YEAR} to ${last}` };
  }
  return { value: Array.from({ length: to - from + 1 }, (_, index) => from + index) };
}

function readFitment(text: string): Read<{ universal: boolean; bikes: Bike[] }> {
  let universal = false;
  const bikes: Bike[] = [];
  for (const item of splitUnescaped(text, ';')) {
    if (item.trim() === '') continue;
    if (item.trim().toLowerCase() === UNIVERSAL) {
      universal = true;
      continue;
    }
    const [make = '', model = '', years = '', ...rest] = splitUnescaped(item, '|').map((part) => part.trim());
    if (rest.length > 0 || years === '') {
      return { error: `"${shown(item)}" is not Make|Model|years (like Honda|CBR600RR|2013-2020) or universal` };
    }
    const [makeName, modelName] = [unescape(make), unescape(model)];
    if (makeName === '' || modelName === '') return { error: `"${shown(item)}": a bike needs a make and a model` };
    if (makeName.length > MAX_BIKE_NAME_LENGTH || modelName.length > MAX_BIKE_NAME_LENGTH) {
      return { error: `"${shown(item)}": a make or a model can be at most ${MAX_BIKE_NAME_LENGTH} characters` };
    }
    const read = readYears(years, `${makeName} ${modelName}`);
    if ('error' in read) return read;
    for (const year of read.value) bikes.push({ make: makeName, model: modelName, year });
    if (bikes.length > MAX_BIKES_PER_PART) {
      return { error: `A part can fit at most ${MAX_BIKES_PER_PART.toLocaleString('en-US')} model years` };
    }
  }
  return { value: { universal, bikes } };
}

function readNumber(text: string, message: string): Read<number | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return { value: undefined };
  return DECIMAL_TEXT.test(trimmed) ? { value: Number(trimmed) } : { error: message };
}

const EXPORTED_STOCK_MESSAGE =
  `${CATALOGUE_CSV_EXPORTED_STOCK} is the stock when the file was exported, a whole number like 12 ` +
  '(leave it empty to set the stock to availableQantity)';

/** The stock as exported: empty, or what a stock can be. */
function readExportedStock(text: string): Read<number | undefined> {
  const read = readNumber(unguardCell(text), EXPORTED_STOCK_MESSAGE);
  if ('error' in read || read.value === undefined) return read;
  const { value } = read;
  return Number.isInteger(value) && value >= 0 && value <= MAX_PRODUCT_QUANTITY
    ? read
    : { error: EXPORTED_STOCK_MESSAGE };
}

/** The column a schema issue is about: the file's `fitment` says whether a part is universal. */
const columnOf = (key: PropertyKey | undefined): CellError['field'] =>
  key === 'universal' ? 'fitment' : (CATALOGUE_CSV_COLUMNS.find((column) => column === key) ?? 'row');

/** A schema issue as a line's problem, in the column it is about. */
function cellErrorOf(issue: z.core.$ZodIssue): CellError {
  const field = columnOf(issue.path[0]);
  const spec = field === 'specs' && typeof issue.path[1] === 'string' ? issue.path[1] : undefined;
  return { field, message: spec && !issue.message.startsWith(spec) ? `${spec}: ${issue.message}` : issue.message };
}

/** One problem a cell, the first (an empty sku breaks three rules), after those already told. */
function firstOfEachCell(told: CellError[], more: CellError[]): CellError[] {
  const fields = new Set(told.map((error) => error.field));
  return more.filter((error) => !fields.has(error.field) && fields.add(error.field));
}

const isWhole = (value: number | undefined): value is number => value !== undefined && Number.isInteger(value);

/** What a line of the file says: its part, if every rule but the stock rule holds, and its problems. */
export interface ReadLine {
  part?: CataloguePart;
  errors: CellError[];
  /**
   * Add Product's stock rule (at least the minimum order in stock) when the line breaks it, with the
   * numbers that break it: a stored part sold out, or sold down below its minimum, is exported so.
   * The import forgives it where the store already has these numbers for the sku.
   */
  stockRule?: { availableQantity: number; minimumOderQantity: number; errors: CellError[] };
  /** The stock as exported, when the line gives it: the import applies the stock column as a change. */
  exportedStock?: number;
}

/**
 * The part a line of the file stands for, checked by Add Product's own rules (an empty optional
 * cell takes Add Product's default), or the line's problems, each with the column it is in.
 */
export function readRow(cells: CsvRow): ReadLine {
  const row = Object.fromEntries(CATALOGUE_CSV_COLUMNS.map((column) => [column, unguardCell(cells[column])])) as CsvRow;
  const errors: CellError[] = [];
  const valueOf = <T>(field: CatalogueCsvExportColumn, read: Read<T>, fallback: T): T => {
    if ('value' in read) return read.value;
    errors.push({ field, message: read.error });
    return fallback;
  };
  const wholeNumber = (column: CatalogueCsvColumn) =>
    valueOf(column, readNumber(row[column], `${column} must be a whole number, like 12`), undefined);
  const fitment = valueOf('fitment', readFitment(row.fitment), { universal: false, bikes: [] });
  const exportedStock = valueOf(
    CATALOGUE_CSV_EXPORTED_STOCK,
    readExportedStock(cells[CATALOGUE_CSV_EXPORTED_STOCK] ?? ''),
    undefined,
  );
  const input = {
    sku: row.sku,
    name: row.name,
    brand: row.brand,
    category: row.category.trim() || undefined,
    price: valueOf('price', readNumber(row.price, 'price must be a number, like 39.90'), undefined),
    availableQantity: wholeNumber('availableQantity'),
    minimumOderQantity: wholeNumber('minimumOderQantity'),
    description: row.description,
    picture: row.picture,
    oemNumbers: row.oemNumbers
      .split(';')
      .map((number) => number.trim())
      .filter((number) => number !== ''),
    specs: valueOf('specs', readSpecs(row.specs), {}),
    universal: fitment.universal,
  };

  // A stock below the minimum order is checked apart: every other rule on a stock raised to it.
  const { availableQantity: stock, minimumOderQantity: minimum } = input;
  const belowMinimum = isWhole(stock) && stock >= 0 && isWhole(minimum) && stock < Math.max(1, minimum);
  const raised = Math.min(Math.max(1, minimum ?? 1), MAX_PRODUCT_QUANTITY);
  const checked = productFormSchema.safeParse(belowMinimum ? { ...input, availableQantity: raised } : input);
  errors.push(...firstOfEachCell(errors, (checked.error?.issues ?? []).map(cellErrorOf)));
  const line: ReadLine = { errors, ...(exportedStock !== undefined && { exportedStock }) };
  if (belowMinimum) {
    const issues = (productFormSchema.safeParse(input).error?.issues ?? []).map(cellErrorOf);
    const stockErrors = issues.filter(
      (issue) => !errors.some((error) => error.field === issue.field && error.message === issue.message),
    );
    const broken = firstOfEachCell(errors, stockErrors);
    if (broken.length > 0) line.stockRule = { availableQantity: stock, minimumOderQantity: minimum, errors: broken };
  }
  if (checked.success && errors.length === 0) {
    const { data } = checked;
    line.part = {
      ...data,
      availableQantity: stock ?? data.availableQantity,
      sku: data.sku ?? row.sku,
      bikes: fitment.bikes,
    };
  }
  return line;
}
