import { Link } from 'react-router';
import type { Cart, CartLine } from '@contract/checkout';
import { pagePaths } from '@contract/pages';
import { cartMessages } from '@contract/rules/cart';
import { PartPicture } from '../../../components/PartPicture';
import { Cell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { formatPrice } from '../../../lib/store-config';
import { LineQuantity } from './LineQuantity';

interface CartTableProps {
  cart: Cart;
  change: (line: CartLine, quantity: number) => Promise<string | undefined>;
  remove: (line: CartLine) => void;
  removing: boolean;
}

const COLUMNS = [
  { name: 'Picture', hidden: true },
  'Part',
  { name: 'Unit price', className: 'text-end' },
  'Quantity',
  { name: 'Total', className: 'text-end' },
  { name: 'Remove', hidden: true },
];

/** The cart's lines: picture, name (to the part's page), unit price, quantity, line total and Remove. */
export function CartTable({ cart, change, remove, removing }: CartTableProps) {
  return (
    <StackedTable className="align-middle cart-table" caption="The parts in your cart" columns={COLUMNS}>
      {cart.lines.map((line) => (
        <StackedRow key={line.productId}>
          <Cell>
            <PartPicture
              className="rounded cart-picture"
              picture={line.picture}
              alt=""
              width={80}
              height={60}
              sizes="80px"
            />
          </Cell>
          <Cell label="Part">
            <Link to={pagePaths.part(line.productId)}>{line.name}</Link>
            <div className="small text-body-secondary">
              <span className="break-anywhere">{line.sku}</span> · minimum order {line.minimumOderQantity}
            </div>
            {line.quantity > line.availableQantity && (
              <div className="small text-danger fw-bold">
                {cartMessages.unavailable(line.name, line.availableQantity)}
              </div>
            )}
          </Cell>
          <Cell label="Unit price" className="text-end">
            {formatPrice(line.unitPrice)}
          </Cell>
          <Cell label="Quantity">
            <LineQuantity
              key={`${line.productId}-${line.quantity}`}
              line={line}
              change={(quantity) => change(line, quantity)}
            />
          </Cell>
          <Cell label="Total" className="text-end fw-bold">
            {formatPrice(line.lineTotal)}
          </Cell>
          <Cell>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              disabled={removing}
              aria-label={`Remove ${line.name}`}
              onClick={() => remove(line)}
            >
              Remove
            </button>
          </Cell>
        </StackedRow>
      ))}
    </StackedTable>
  );
}
