import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { pageTexts, toastMessages } from '@contract/messages';
import { pagePaths } from '@contract/pages';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { useConfirmedDelete } from '../../../lib/confirmed-delete';
import { formatPrice } from '../../../lib/store-config';
import { useDeleteOrder, useOrders } from '../api';

/** My Order: each unpaid order can be paid or deleted; a paid one shows its transaction id. */
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
          <th scope="col">Payment</th>
        </tr>
      </thead>
      <tbody>
        {orders.data.map((order, index) => (
          <tr key={order._id}>
            <td>{index + 1}</td>
            <td>{order.productName}</td>
            <td>{order.quantity}</td>
            <td>{formatPrice(order.price)}</td>
            <td>
              {order.paid ? (
                <>
                  <Badge bg="success">{pageTexts.paid}</Badge>
                  <div className="small text-body-secondary text-break">Transaction id: {order.transactionId}</div>
                </>
              ) : (
                <div className="d-flex gap-2">
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
