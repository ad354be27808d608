import type { Product } from '../../contract/index.js';
import { readRow, type CataloguePart, type CellError, type ReadLine } from './format.js';
import type { FileLine } from './file.js';
import type { LockedStock } from './repository.js';

// A line's stock and the store's (docs/decisions/0034).

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The stock change a line makes to a stored part (docs/decisions/0034): with `exportedStock`, its
 * stock column minus the stock as exported, so that orders since the export stand; without it, the
 * stock column is the stock (undefined: set it).
 */
export const stockChange = ({ read }: FileLine): number | undefined =>
  read.part && read.exportedStock !== undefined ? read.part.availableQantity - read.exportedStock : undefined;

/** Whether a line's stock rule is forgiven: it says again what the store has (a part sold out or down). */
const asStored = (rule: NonNullable<ReadLine['stockRule']>, stock: LockedStock | undefined) =>
  stock?.availableQantity === rule.availableQantity && stock.minimumOderQantity === rule.minimumOderQantity;

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * The stock a line leaves its stored part with, from the part's stock now (locked), and the line's
 * stock problems. A change is checked on the part as it will be: the line is read again with that
 * stock, so that Add Product's rules and messages stay the only ones; the stock rule is forgiven
 * where the part keeps the stock and minimum it has now.
 */
export function stockAfter(entry: FileLine, now: LockedStock): { stock: number; errors: CellError[] } {
  const part = entry.read.part as CataloguePart;
  const change = stockChange(entry);
  const stock = change === undefined ? part.availableQantity : now.availableQantity + change;
  const read =
    stock === part.availableQantity ? entry.read : readRow({ ...entry.row, availableQantity: String(stock) });
  const rule = read.stockRule;
  const errors = [...(read === entry.read ? [] : read.errors), ...(rule && !asStored(rule, now) ? rule.errors : [])];
  if (stock < 0 || (errors.length > 0 && stock !== part.availableQantity)) {
    const why = `the stock was ${count(entry.read.exportedStock ?? 0)} when the file was exported and is ${count(now.availableQantity)} now, ${signed(change ?? 0)} by this line would make it ${count(stock)}`;
    if (stock < 0) return { stock, errors: [{ field: 'availableQantity', message: `Not enough stock: ${why}` }] };
    return { stock, errors: errors.map((error) => ({ ...error, message: `${error.message} (${why})` })) };
  }
  return { stock, errors };
}

/**
 * A line's stock problems against the stored part as it was read: a new part is held to Add
 * Product's stock rule; a stored part to the rule on the stock the line leaves it with. (The
 * import's transaction checks again on the locked part.)
 */
export function stockProblems(entry: FileLine, stored: Product | undefined): CellError[] {
  const now = stored && { availableQantity: stored.availableQantity, minimumOderQantity: stored.minimumOderQantity };
  const rule = entry.read.stockRule;
  if (!entry.read.part || !now) return rule && !asStored(rule, now) ? rule.errors : [];
  return stockAfter(entry, now).errors;
}
