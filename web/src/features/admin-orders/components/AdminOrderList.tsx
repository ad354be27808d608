import { Link, useSearchParams } from 'react-router';
import type { OrderStatus } from '@contract/orders';
import { pagePaths } from '@contract/pages';
import { FetchError } from '../../../components/FetchError';
import { ListSearch } from '../../../components/ListSearch';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { Pager } from '../../../components/Pager';
import { Cell, StackedRow, StackedTable } from '../../../components/StackedTable';
import { formatPrice } from '../../../lib/store-config';
import { OrderStatusBadges, STATUS_LABELS } from '../../orders';
import { useAdminOrders } from '../api';
import { filterFrom, filterParams, ORDERS_PAGE_SIZE, type OrderFilter } from '../url-state';

const placedOn = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));

/** Manage Orders: every customer's orders, newest first, by status and words, a page at a time. */
export function AdminOrderList() {
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const orders = useAdminOrders(filter);
  // A new status or search starts again at the first page.
  const choose = (change: Partial<OrderFilter>) => setParams(filterParams({ ...filter, page: 1, ...change }));

  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <div>
          <label htmlFor="orders-status" className="visually-hidden">
            Status
          </label>
          <select
            id="orders-status"
            className="form-select"
            value={filter.status}
            onChange={(event) => choose({ status: event.target.value as OrderStatus | '' })}
          >
            <option value="">Every status</option>
            {Object.entries(STATUS_LABELS).map(([status, label]) => (
              <option key={status} value={status}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <ListSearch
          list="Orders"
          label="Search orders"
          placeholder="E-mail, order id or part"
          q={filter.q}
          onSearch={(q) => choose({ q })}
          className="flex-grow-1"
        />
      </div>
      {orders.isPending ? (
        <LoadingSpinner />
      ) : orders.isError ? (
        <FetchError what="the orders" error={orders.error} onRetry={() => void orders.refetch()} />
      ) : (
        <>
          <p className="text-body-secondary small mb-2" role="status">
            {orders.data.total === 1 ? '1 order' : `${orders.data.total} orders`}
          </p>
          <StackedTable
            className="table-hover align-middle"
            caption="Orders, newest first"
            columns={['Date', 'Customer', 'Order', { name: 'Total', className: 'text-end' }, 'Status']}
          >
            {orders.data.items.length === 0 && (
              <StackedRow>
                <Cell colSpan={5}>
                  No orders match.{' '}
                  {(filter.status || filter.q) && (
                    <button
                      type="button"
                      className="btn btn-link p-0 align-baseline"
                      onClick={() => choose({ status: '', q: '' })}
                    >
                      Show every order
                    </button>
                  )}
                </Cell>
              </StackedRow>
            )}
            {orders.data.items.map((order) => (
              <StackedRow key={order._id}>
                <Cell label="Date">
                  <time dateTime={order.createdAt}>{placedOn(order.createdAt)}</time>
                </Cell>
                <Cell label="Customer">
                  <span className="break-anywhere">{order.email}</span>
                </Cell>
                <Cell label="Order">
                  <Link to={pagePaths.adminOrder(order._id)}>{order.name}</Link>
                </Cell>
                <Cell label="Total" className="text-end">
                  {formatPrice(order.price)}
                </Cell>
                <Cell label="Status">
                  <OrderStatusBadges order={order} />
                </Cell>
              </StackedRow>
            ))}
          </StackedTable>
          <Pager
            page={filter.page}
            pages={Math.max(1, Math.ceil(orders.data.total / ORDERS_PAGE_SIZE))}
            search={(page) => filterParams({ ...filter, page }).toString()}
          />
        </>
      )}
    </>
  );
}
