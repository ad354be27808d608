import Button from 'react-bootstrap/Button';
import { Link, useSearchParams } from 'react-router';
import { confirmDeleteQuestion, toastMessages } from '@contract/messages';
import { pagePaths } from '@contract/pages';
import { BrowseAllParts, EmptyState } from '../../../components/EmptyState';
import { FetchError } from '../../../components/FetchError';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { Pager } from '../../../components/Pager';
import { Cell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { useConfirmedDelete } from '../../../lib/confirmed-delete';
import { formatPrice } from '../../../lib/store-config';
import { MY_ORDERS_PAGE_SIZE, useDeleteOrder, useOrders } from '../api';
import { OrderStatusBadges } from './OrderStatusBadges';

/** The page of My Order the address asks for (`?page=2`), 1 when it names none or nonsense. */
const pageFrom = (params: URLSearchParams) => {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * My Order: each order's status and a link to its page, the newest first, 50 a page; an unpaid one
 * can be paid or deleted, a paid one shows `Paid` and its transaction id.
 */
export function OrderList({ email }: { email: string }) {
  const [params] = useSearchParams();
  const page = pageFrom(params);
  const orders = useOrders(email, page);
  const deleteOrder = useDeleteOrder();
  const confirmDelete = useConfirmedDelete(deleteOrder, {
    question: confirmDeleteQuestion.order,
    deletedMessage: toastMessages.orderDeleted,
  });

  if (orders.isPending) return <LoadingSpinner />;
  if (orders.isError)
    return <FetchError what="your orders" error={orders.error} onRetry={() => void orders.refetch()} />;
  const { items, total } = orders.data;
  const first = (page - 1) * MY_ORDERS_PAGE_SIZE;
  if (items.length === 0 && total === 0) {
    return (
      <EmptyState title="You have no orders yet." actions={<BrowseAllParts />}>
        Orders you place show here, with their status and invoice.
      </EmptyState>
    );
  }

  return (
    <>
      <StackedTable className="table-hover" columns={['#', 'Product', 'Quantity', 'Price', 'Status']}>
        {items.map((order, index) => (
          <StackedRow key={order._id}>
            <Cell label="#">{first + index + 1}</Cell>
            <Cell label="Product">
              <Link to={pagePaths.orderDetails(order._id)}>{order.productName}</Link>
            </Cell>
            <Cell label="Quantity">{order.quantity}</Cell>
            <Cell label="Price">{formatPrice(order.price)}</Cell>
            <Cell label="Status">
              {order.status !== 'unpaid' ? (
                <>
                  <OrderStatusBadges order={order} />
                  {order.transactionId && (
                    <div className="small text-body-secondary break-anywhere">
                      Transaction id: {order.transactionId}
                    </div>
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
                    onClick={() => confirmDelete.ask({ id: order._id, name: order.productName })}
                  >
                    Delete
                  </Button>
                </div>
              )}
            </Cell>
          </StackedRow>
        ))}
      </StackedTable>
      <Pager
        page={page}
        pages={Math.max(1, Math.ceil(total / MY_ORDERS_PAGE_SIZE))}
        search={(to) => new URLSearchParams({ page: String(to) }).toString()}
      />
      {confirmDelete.dialog}
    </>
  );
}
