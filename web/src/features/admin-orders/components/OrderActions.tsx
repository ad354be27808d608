import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { Order } from '@contract/orders';
import { ServerError } from '../../../components/ServerError';
import { formatPrice } from '../../../lib/store-config';
import { showToast } from '../../../lib/toast';
import { STATUS_LABELS } from '../../orders';
import { useCancelOrder, useDeliverOrder, useShipOrder } from '../api';
import { ShipForm } from './ShipForm';

/** What the toast says once a move went through. */
export const moveToasts = {
  shipped: 'Order shipped',
  delivered: 'Order marked delivered',
  cancelled: 'Order cancelled',
  refunded: 'Order refunded',
} as const;

const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/**
 * The moves the order's status allows, and only those: ship a paid order or refund it, mark a shipped
 * one delivered, cancel an unpaid one. Cancelling and refunding ask first, naming the order, in the
 * page. The server decides in the end (it answers 409 to a move the order no longer allows).
 */
export function OrderActions({ order }: { order: Order }) {
  const ship = useShipOrder();
  const deliver = useDeliverOrder();
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string>();
  const busy = ship.isPending || deliver.isPending || cancel.isPending;

  const moved = (done: Order) => {
    setProblem(undefined);
    setConfirming(false);
    if (done.status in moveToasts) showToast('success', moveToasts[done.status as keyof typeof moveToasts]);
  };
  const failed = (error: unknown) => {
    setConfirming(false);
    setProblem(messageOf(error));
  };

  const refund = order.status === 'paid';
  const confirmation = refund
    ? `Refund ${formatPrice(order.price)} to ${order.email} for the order ${order.name}? Its parts go back in stock.`
    : `Cancel the order ${order.name} by ${order.email}? Its parts go back in stock.`;

  return (
    <div>
      {order.status === 'paid' && (
        <ShipForm
          pending={busy}
          onShip={(shipment, refused) =>
            ship.mutate({ id: order._id, shipment }, { onSuccess: moved, onError: refused })
          }
        />
      )}
      {order.status === 'shipped' && (
        <Button
          variant="dark"
          disabled={busy}
          onClick={() => deliver.mutate(order._id, { onSuccess: moved, onError: failed })}
        >
          Mark delivered
        </Button>
      )}
      {(order.status === 'unpaid' || order.status === 'paid') &&
        (confirming ? (
          <div role="group" aria-labelledby="confirm-cancel" className="alert alert-warning mb-0">
            <p id="confirm-cancel">{confirmation}</p>
            <div className="d-flex flex-wrap gap-2">
              <Button
                variant="danger"
                disabled={busy}
                autoFocus
                onClick={() => cancel.mutate(order._id, { onSuccess: moved, onError: failed })}
              >
                {refund ? 'Yes, refund' : 'Yes, cancel the order'}
              </Button>
              <Button variant="outline-dark" disabled={busy} onClick={() => setConfirming(false)}>
                No, keep it
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="outline-danger" disabled={busy} onClick={() => setConfirming(true)}>
            {refund ? 'Refund' : 'Cancel order'}
          </Button>
        ))}
      {(order.status === 'delivered' || order.status === 'cancelled' || order.status === 'refunded') && (
        <p className="mb-0">Nothing more to do: this order is {STATUS_LABELS[order.status].toLowerCase()}.</p>
      )}
      <ServerError message={problem} />
    </div>
  );
}
