import { useState } from 'react';
import type { Product } from '@contract/products';
import { canBeOrdered } from '@contract/rules/orderable';
import { AddToCartButton } from '../../cart';

/** The part page's `Add to cart`: a quantity, starting at the part's minimum order, and the button. */
export function PartQuantityToCart({ part, signedIn }: { part: Product; signedIn: boolean }) {
  const [quantity, setQuantity] = useState(String(part.minimumOderQantity));
  if (!canBeOrdered(part)) {
    return part.availableQantity > 0 ? (
      <p className="text-body-secondary">
        Fewer left than the minimum order of {part.minimumOderQantity}: it cannot be ordered now.
      </p>
    ) : null;
  }
  return (
    <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
      <div>
        <label className="form-label mb-1" htmlFor={`cart-quantity-${part._id}`}>
          Quantity
        </label>
        <input
          id={`cart-quantity-${part._id}`}
          className="form-control add-to-cart-quantity"
          type="number"
          inputMode="numeric"
          min={part.minimumOderQantity}
          max={part.availableQantity}
          step={1}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
      </div>
      <AddToCartButton
        part={part}
        signedIn={signedIn}
        quantity={quantity.trim() === '' ? Number.NaN : Number(quantity)}
        className="btn-lg"
      />
    </div>
  );
}
