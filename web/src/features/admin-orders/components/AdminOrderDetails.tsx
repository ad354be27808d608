import { Link } from 'react-router';
import type { Order } from '@contract/orders';
import { pagePaths } from '@contract/pages';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { PageTitle } from '../../../components/PageTitle';
import { InvoiceButton } from '../../invoices';
import { OrderAddress, OrderHistory, OrderLines, OrderStatusBadges } from '../../orders';
import { useAdminOrder } from '../api';
import { OrderActions } from './OrderActions';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** One order as the shop sees it: what was bought, by whom, where it goes, its payment, its life, and what to do next. */
export function AdminOrderDetails({ orderId }: { orderId: string }) {
  const order = useAdminOrder(orderId);
  if (order.isPending) return <LoadingSpinner />;
  if (order.isError) return <FetchError what="this order" error={order.error} onRetry={() => void order.refetch()} />;
  return <AdminOrderView order={order.data} />;
}

function AdminOrderView({ order }: { order: Order }) {
  return (
    <article aria-labelledby="admin-order-heading">
      <PageTitle title={`Order: ${order.name}`} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="admin-order-heading" className="h4 mb-0">
          Order: {order.name}
        </h2>
        <OrderStatusBadges order={order} />
      </div>
      <p className="text-body-secondary text-break">
        Order {order._id}, placed {when(order.createdAt)} by <a href={`mailto:${order.email}`}>{order.email}</a>
      </p>
      <OrderLines order={order} />
      <div className="row g-4">
        <section className="col-md-4" aria-labelledby="admin-order-address">
          <h3 id="admin-order-address" className="h5">
            Shipping address
          </h3>
          <OrderAddress order={order} />
        </section>
        <section className="col-md-4" aria-labelledby="admin-order-payment">
          <h3 id="admin-order-payment" className="h5">
            Payment
          </h3>
          <OrderPayment order={order} />
        </section>
        <section className="col-md-4" aria-labelledby="admin-order-history">
          <h3 id="admin-order-history" className="h5">
            History
          </h3>
          <OrderHistory order={order} />
        </section>
      </div>
      <section className="mt-4" aria-labelledby="admin-order-actions">
        <h3 id="admin-order-actions" className="h5">
          Actions
        </h3>
        <OrderActions order={order} />
      </section>
      <p className="mt-4 mb-0">
        <Link to={pagePaths.manageOrders}>Back to Manage Orders</Link>
      </p>
    </article>
  );
}

function OrderPayment({ order }: { order: Order }) {
  if (!order.paidAt) return <p className="mb-0">Not paid.</p>;
  return (
    <>
      <dl className="mb-0">
        <dt>Transaction id</dt>
        <dd className="text-break">{order.transactionId}</dd>
        <dt>Paid at</dt>
        <dd>
          <time dateTime={order.paidAt}>{when(order.paidAt)}</time>
        </dd>
        {order.refundedAt && (
          <>
            <dt>Refunded at</dt>
            <dd>
              <time dateTime={order.refundedAt}>{when(order.refundedAt)}</time>
            </dd>
          </>
        )}
      </dl>
      <InvoiceButton order={order} className="mt-2" />
    </>
  );
}
