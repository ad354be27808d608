import type { QueryClient } from '@tanstack/react-query';
import type { Cart } from '@contract/checkout';
import { MAX_ORDER_TOTAL_CENTS, toCents } from '@contract/money';
import type { Product } from '@contract/products';
import { apiPaths } from '@contract/paths';
import { ApiError, apiGet } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { cartKey } from '../../lib/query-keys';
import { getCart } from './cart-api';
import { putCartLine } from './cart-writes';
import { cartWords } from './cart-words';
import { readLocalCart, writeLocalCart, type LocalCartLine } from './local-cart';

type PartNow = Pick<Product, 'name' | 'price' | 'minimumOderQantity' | 'availableQantity'>;

/** What a visitor's line becomes in the customer's cart: a quantity (0: left out), and why it is not the sum. */
export interface Joined {
  quantity: number;
  notice?: string;
}

/**
 * A visitor's line joining the cart on the server: the larger of its quantity and what the cart
 * holds of the part (never the sum: a join that runs twice, or a page reloaded mid-join, must not
 * double a line), then brought within the part's minimum order and stock as they are now (and the
 * largest total an order may reach). A part that cannot be ordered at all is left out. Each change
 * is said.
 */
export function joinedLine(held: number, line: Pick<LocalCartLine, 'quantity'>, part: PartNow): Joined {
  const { name, minimumOderQantity: minimum, availableQantity: stock } = part;
  if (stock <= 0) return { quantity: 0, notice: cartWords.droppedSoldOut(name) };
  if (stock < minimum) return { quantity: 0, notice: cartWords.droppedBelowMinimum(name, stock, minimum) };
  const wanted = Math.max(held, line.quantity);
  const mostByTotal = Math.floor(MAX_ORDER_TOTAL_CENTS / Math.max(toCents(part.price), 1));
  if (wanted > stock && stock <= mostByTotal) return { quantity: stock, notice: cartWords.joinedAtStock(name, stock) };
  if (wanted > mostByTotal) return { quantity: mostByTotal, notice: cartWords.joinedAtMostTotal(name, mostByTotal) };
  if (wanted < minimum) return { quantity: minimum, notice: cartWords.joinedAtMinimum(name, minimum) };
  if (held > 0 && held !== line.quantity) return { quantity: wanted, notice: cartWords.joinedKeptLarger(name, wanted) };
  return { quantity: wanted };
}

/** The part as it is now, or undefined when the catalogue no longer has it. */
async function partNow(productId: string): Promise<PartNow | undefined> {
  try {
    return await apiGet<Product>(apiPaths.product(productId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * At sign-in, the visitor's cart joins the customer's cart on the server, one line at a time, oldest
 * first, and a toast names each line that changed or was left out. A line the store refused is
 * dropped with its reason; a line that met no answer (the network) stays in the browser for the next
 * sign-in or page load.
 */
export async function joinLocalCart(queryClient: QueryClient): Promise<void> {
  const lines = readLocalCart();
  if (lines.length === 0) return;
  const kept: LocalCartLine[] = [];
  let cart: Cart | undefined;
  try {
    cart = await getCart();
  } catch {
    return; // tried again on the next page load
  }
  for (const line of lines) {
    try {
      const part = await partNow(line.productId);
      if (!part) {
        showToast('warning', cartWords.droppedGone(line.name));
        continue;
      }
      const held = cart.lines.find((existing) => existing.productId === line.productId)?.quantity ?? 0;
      const joined = joinedLine(held, line, part);
      if (joined.notice) showToast('warning', joined.notice);
      if (joined.quantity > 0 && joined.quantity !== held) cart = await putCartLine(line.productId, joined.quantity);
    } catch (error) {
      if (error instanceof ApiError) showToast('error', cartWords.notJoined(line.name, error.message));
      else kept.push(line);
    }
  }
  writeLocalCart(kept);
  // A read of the cart sent before the join (the navbar's, the page's) must not land over it.
  await queryClient.cancelQueries({ queryKey: cartKey });
  queryClient.setQueryData(cartKey, cart);
}
