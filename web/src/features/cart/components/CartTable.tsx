import { Link } from 'react-router';
import { cartMessages, type Cart, type CartLine } from '@contract/checkout';
import { pagePaths } from '@contract/pages';
import { PartPicture } from '../../../components/PartPicture';
import { formatPrice } from '../../../lib/store-config';
import { LineQuantity } from './LineQuantity';

interface CartTableProps {
  cart: Cart;
  change: (line: CartLine, quantity: number) => Promise<string | undefined>;
  remove: (line: CartLine) => void;
  removing: boolean;
}

/** The cart's lines: picture, name (to the part's page), unit price, quantity, line total and Remove. */
export function CartTable({ cart, change, remove, removing }: CartTableProps) {
  return (
    <div className="table-responsive">
      <table className="table align-middle cart-table">
        <caption className="visually-hidden">The parts in your cart</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Picture</span>
            </th>
            <th scope="col">Part</th>
            <th scope="col" className="text-end">
              Unit price
            </th>
            <th scope="col">Quantity</th>
            <th scope="col" className="text-end">
              Total
            </th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {cart.lines.map((line) => (
            <tr key={line.productId}>
              <td>
                <PartPicture
                  className="rounded cart-picture"
                  picture={line.picture}
                  alt=""
                  width={80}
                  height={60}
                  sizes="80px"
                />
              </td>
              <td>
                <Link to={pagePaths.part(line.productId)}>{line.name}</Link>
                <div className="small text-body-secondary">
                  {line.sku} · minimum order {line.minimumOderQantity}
                </div>
                {line.quantity > line.availableQantity && (
                  <div className="small text-danger fw-bold">
                    {cartMessages.unavailable(line.name, line.availableQantity)}
                  </div>
                )}
              </td>
              <td className="text-end">{formatPrice(line.unitPrice)}</td>
              <td>
                <LineQuantity
                  key={`${line.productId}-${line.quantity}`}
                  line={line}
                  change={(quantity) => change(line, quantity)}
                />
              </td>
              <td className="text-end fw-bold">{formatPrice(line.lineTotal)}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  disabled={removing}
                  aria-label={`Remove ${line.name}`}
                  onClick={() => remove(line)}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
