import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { toastMessages } from '@contract/messages';
import { pagePaths } from '@contract/pages';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { useConfirmedDelete } from '../../../lib/confirmed-delete';
import { formatPrice } from '../../../lib/store-config';
import { useDeleteOrder, useOrders } from '../api';
import { OrderStatusBadges } from './OrderStatusBadges';

/**
 * My Order: each order's status and a link to its page; an unpaid one can be paid or deleted, a paid
 * one shows `Paid` and its transaction id.
 */
export function OrderList({ email }: { email: string }) {
  const orders = useOrders(email);
  const deleteOrder = useDeleteOrder();
  const confirmDelete = useConfirmedDelete(deleteOrder, toastMessages.orderDeleted);

  if (orders.isPending) return <LoadingSpinner />;
  if (orders.isError)
    return <FetchError what="your orders" error={orders.error} onRetry={() => void orders.refetch()} />;
  if (orders.data.length === 0) return <p>You have no orders yet.</p>;

  return (
    <Table responsive hover>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">Product</th>
          <th scope="col">Quantity</th>
          <th scope="col">Price</th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {orders.data.map((order, index) => (
          <tr key={order._id}>
            <td>{index + 1}</td>
            <td>
              <Link to={pagePaths.orderDetails(order._id)}>{order.productName}</Link>
            </td>
            <td>{order.quantity}</td>
            <td>{formatPrice(order.price)}</td>
            <td>
              {order.status !== 'unpaid' ? (
                <>
                  <OrderStatusBadges order={order} />
                  {order.transactionId && (
                    <div className="small text-body-secondary text-break">Transaction id: {order.transactionId}</div>
                  )}
                </>
              ) : (
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <OrderStatusBadges order={order} />
                  <Link
                    className="btn btn-sm btn-dark"
                    to={pagePaths.payment(order._id)}
                    aria-label={`Pay for ${order.productName}`}
                  >
                    Pay
                  </Link>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-label={`Delete the order for ${order.productName}`}
                    disabled={deleteOrder.isPending}
                    onClick={() => confirmDelete(order._id)}
                  >
                    Delete
                  </Button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
