import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { canBeOrdered } from '@contract/rules/orderable';
import type { PartToAdd } from '../add-to-cart';

interface AddToCartButtonProps {
  part: PartToAdd;
  signedIn: boolean;
  /** How many go in; the part's minimum order unless said. */
  quantity?: number;
  /** Adds the part's name to the button's accessible name, where many buttons sit side by side. */
  named?: boolean;
  className?: string;
}

/**
 * `Add to cart`, shown only for a part that can be ordered. The rules and the calls load with the
 * first click, so that the catalogue's first download carries only the button.
 */
export function AddToCartButton({ part, signedIn, quantity, named = false, className = '' }: AddToCartButtonProps) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  if (!canBeOrdered(part)) return null;
  const add = () => {
    setAdding(true);
    import('../add-to-cart')
      .then(({ addToCart }) => addToCart(part, quantity ?? part.minimumOderQantity, signedIn, queryClient))
      .finally(() => setAdding(false));
  };
  return (
    <button
      type="button"
      className={`btn btn-dark ${className}`}
      disabled={adding}
      aria-label={named ? `Add to cart: ${part.name}` : undefined}
      onClick={add}
    >
      Add to cart
    </button>
  );
}
