import { Link } from 'react-router';
import { pagePaths } from '@contract/pages';
import type { Order } from '@contract/orders';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { PageTitle } from '../../../components/PageTitle';
import { Cell, RowHeader, StackedRow, StackedTable } from '../../../components/StackedTable';
import { countryName } from '../../../lib/countries';
import { formatPrice } from '../../../lib/store-config';
import { useShippingMethods } from '../../checkout';
import { InvoiceButton } from '../../invoices';
import { useOrder } from '../api';
import { OrderHistory } from './OrderHistory';
import { OrderStatusBadges } from './OrderStatusBadges';

/** An order's page: its lines, what it came to, where it goes, and its history; the way to pay while unpaid. */
export function OrderDetails({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  if (order.isPending) return <LoadingSpinner />;
  if (order.isError) return <FetchError what="this order" error={order.error} onRetry={() => void order.refetch()} />;
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: Order }) {
  return (
    <article aria-labelledby="order-heading">
      <PageTitle title={`Order: ${order.name}`} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 id="order-heading" className="h4 mb-0">
          Order: {order.name}
        </h2>
        <OrderStatusBadges order={order} />
      </div>
      {order.status === 'unpaid' && (
        <p>
          <Link className="btn btn-dark" to={pagePaths.payment(order._id)}>
            Pay {formatPrice(order.price)}
          </Link>
        </p>
      )}
      <InvoiceButton order={order} className="mb-3" />
      <OrderLines order={order} />
      <div className="row g-4">
        <section className="col-md-6" aria-labelledby="order-address">
          <h3 id="order-address" className="h5">
            Shipping address
          </h3>
          <OrderAddress order={order} />
        </section>
        <section className="col-md-6" aria-labelledby="order-history">
          <h3 id="order-history" className="h5">
            History
          </h3>
          <OrderHistory order={order} />
          {order.transactionId && (
            <p className="small text-body-secondary text-break mt-2 mb-0">Transaction id: {order.transactionId}</p>
          )}
        </section>
      </div>
      <p className="mt-4 mb-0">
        <Link to={pagePaths.myOrder}>Back to My Order</Link>
      </p>
    </article>
  );
}

/** The order's lines and what they came to: subtotal, shipping, tax and total. */
export function OrderLines({ order }: { order: Order }) {
  const methods = useShippingMethods();
  const method = methods.data?.find((candidate) => candidate.id === order.shippingMethod);
  return (
    <div className="mb-3">
      <StackedTable
        className="align-middle"
        caption="The parts of this order"
        columns={[
          'Part',
          { name: 'Unit price', className: 'text-end' },
          { name: 'Quantity', className: 'text-end' },
          { name: 'Total', className: 'text-end' },
        ]}
        foot={
          <>
            <StackedRow>
              <RowHeader colSpan={3} className="text-end fw-normal">
                Subtotal
              </RowHeader>
              <Cell className="text-end">{formatPrice(order.subtotal)}</Cell>
            </StackedRow>
            <StackedRow>
              <RowHeader colSpan={3} className="text-end fw-normal">
                Shipping{order.shippingMethod ? ` (${method?.label ?? order.shippingMethod})` : ''}
              </RowHeader>
              <Cell className="text-end">{formatPrice(order.shippingCost)}</Cell>
            </StackedRow>
            <StackedRow>
              <RowHeader colSpan={3} className="text-end fw-normal">
                Tax
              </RowHeader>
              <Cell className="text-end">{formatPrice(order.tax)}</Cell>
            </StackedRow>
            <StackedRow>
              <RowHeader colSpan={3} className="text-end">
                Total
              </RowHeader>
              <Cell className="text-end fw-bold">{formatPrice(order.price)}</Cell>
            </StackedRow>
          </>
        }
      >
        {order.lines.map((line, index) => (
          <StackedRow key={`${line.productId ?? 'gone'}-${index}`}>
            <Cell label="Part">
              {line.productId ? <Link to={pagePaths.part(line.productId)}>{line.productName}</Link> : line.productName}
            </Cell>
            <Cell label="Unit price" className="text-end">
              {formatPrice(line.unitPrice)}
            </Cell>
            <Cell label="Quantity" className="text-end">
              {line.quantity}
            </Cell>
            <Cell label="Total" className="text-end">
              {formatPrice(line.lineTotal)}
            </Cell>
          </StackedRow>
        ))}
      </StackedTable>
    </div>
  );
}

/** The checkout's address; a seed order (Order Now) has only the words its form took, if any. */
export function OrderAddress({ order }: { order: Order }) {
  const address = order.shippingAddress;
  if (!address) return <p className="mb-0">{order.address || 'No address given.'}</p>;
  return (
    <address className="mb-0">
      {address.fullName}
      <br />
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {address.postalCode} {address.city}
      <br />
      {countryName(address.country)}
      {order.phoneNumber && (
        <>
          <br />
          {order.phoneNumber}
        </>
      )}
    </address>
  );
}
