import type { Cart, OrderTotals, ShippingMethod } from '@contract/checkout';
import { fromCents } from '@contract/money';
import { formatPrice, storeConfig } from '../../../lib/store-config';

interface CheckoutSummaryProps {
  cart: Cart;
  method: ShippingMethod | undefined;
  /** The contract's `orderTotals` of the cart (in cents), the sum the checkout sends as expected. */
  totals: OrderTotals;
}

/** What the order will come to: the same sum the server makes when the order is placed. */
export function CheckoutSummary({ cart, method, totals }: CheckoutSummaryProps) {
  const money = (cents: number) => formatPrice(fromCents(cents));
  return (
    <section aria-labelledby="order-summary" className="card shadow-sm mb-3">
      <div className="card-body">
        <h2 id="order-summary" className="h5">
          Order summary
        </h2>
        <ul className="list-unstyled small mb-3">
          {cart.lines.map((line) => (
            <li key={line.productId} className="d-flex justify-content-between gap-2">
              <span>
                {line.quantity} × {line.name}
              </span>
              <span>{formatPrice(line.lineTotal)}</span>
            </li>
          ))}
        </ul>
        <dl className="row mb-0 checkout-totals">
          <dt className="col-7 fw-normal">Subtotal</dt>
          <dd className="col-5 text-end">{money(totals.subtotalCents)}</dd>
          <dt className="col-7 fw-normal">Shipping</dt>
          <dd className="col-5 text-end">{method ? money(totals.shippingCents) : 'Choose a method'}</dd>
          <dt className="col-7 fw-normal">Tax{storeConfig.taxRate > 0 ? ` (${storeConfig.taxRate}%)` : ''}</dt>
          <dd className="col-5 text-end">{money(totals.taxCents)}</dd>
          <dt className="col-7 fs-5">Total</dt>
          <dd className="col-5 text-end fs-5 fw-bold mb-0">{money(totals.totalCents)}</dd>
        </dl>
      </div>
    </section>
  );
}
