import type { QueryClient } from '@tanstack/react-query';
import { setCartQuantitySchema } from '@contract/checkout';
import type { Product } from '@contract/products';
import { quantityProblem, quantityProblemMessage } from '@contract/rules/orderable';
import { ApiError } from '../../lib/api-client';
import { showToast } from '../../lib/toast';
import { cartKey } from '../../lib/query-keys';
import { getCart } from './cart-api';
import { putCartLine } from './cart-writes';
import { cartWords } from './cart-words';
import { readLocalCart, writeLocalCart } from './local-cart';

/** What a part brings to the cart: its id, and what the cart page shows of it. */
export type PartToAdd = Pick<
  Product,
  '_id' | 'name' | 'sku' | 'picture' | 'price' | 'minimumOderQantity' | 'availableQantity'
>;

/** Why this many more of the part cannot go in a visitor's cart, in the order form's words. */
function localRefusal(part: PartToAdd, quantity: number, held: number): string | undefined {
  const parsed = setCartQuantitySchema.safeParse({ quantity });
  if (!parsed.success) return parsed.error.issues[0]?.message;
  const problem = quantityProblem(part, held + quantity);
  return problem && quantityProblemMessage(problem, part);
}

/** A visitor's cart: the quantity added to the line of the part, or a new line at the end. */
function addLocally(part: PartToAdd, quantity: number): string | undefined {
  const lines = readLocalCart();
  const held = lines.find((line) => line.productId === part._id)?.quantity ?? 0;
  const refusal = localRefusal(part, quantity, held);
  if (refusal) return refusal;
  const line = {
    productId: part._id,
    quantity: held + quantity,
    name: part.name,
    sku: part.sku,
    picture: part.picture,
    unitPrice: part.price,
    minimumOderQantity: part.minimumOderQantity,
    availableQantity: part.availableQantity,
  };
  writeLocalCart(
    held > 0 ? lines.map((existing) => (existing.productId === part._id ? line : existing)) : [...lines, line],
  );
  return undefined;
}

/** A customer's cart, on the server: what it holds of the part now, plus `quantity`. */
async function addOnServer(part: PartToAdd, quantity: number, queryClient: QueryClient) {
  const held = (await getCart()).lines.find((line) => line.productId === part._id)?.quantity ?? 0;
  queryClient.setQueryData(cartKey, await putCartLine(part._id, held + quantity));
}

/** The server's reason, in the quantity's words when it gives them. */
const reasonOf = (error: unknown) =>
  error instanceof ApiError
    ? (error.fieldErrors.find((fieldError) => fieldError.field === 'body.quantity')?.message ?? error.message)
    : 'Something went wrong. Please try again.';

/**
 * `Add to cart`: `quantity` more of the part, in the browser's cart for a visitor or the server's
 * for a customer; a toast says it went in, or why not. Loaded on the first click, with the rules.
 */
export async function addToCart(part: PartToAdd, quantity: number, signedIn: boolean, queryClient: QueryClient) {
  let refusal: string | undefined;
  if (signedIn) {
    try {
      await addOnServer(part, quantity, queryClient);
    } catch (error) {
      refusal = reasonOf(error);
    }
  } else {
    refusal = addLocally(part, quantity);
  }
  if (refusal) showToast('error', cartWords.notAdded(part.name, refusal));
  else showToast('success', cartWords.added(part.name, quantity));
}
