import type { Order, OrderEvent } from '@contract/orders';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** What each move of an order's life says; shipping names the carrier and the tracking number. */
function eventText(event: OrderEvent, order: Pick<Order, 'carrier' | 'trackingNumber'>): string {
  switch (event.status) {
    case 'placed':
      return 'Placed';
    case 'paid':
      return 'Paid';
    case 'shipped': {
      const carrier = order.carrier ? ` with ${order.carrier}` : '';
      const tracking = order.trackingNumber ? `, tracking number ${order.trackingNumber}` : '';
      return `Shipped${carrier}${tracking}`;
    }
    case 'delivered':
      return 'Delivered';
    case 'cancelled':
      return 'Cancelled';
    case 'refunded':
      return 'Refunded';
  }
}

/** The order's life, oldest first: placed, paid, shipped, delivered (or cancelled, refunded). */
export function OrderHistory({ order }: { order: Pick<Order, 'history' | 'carrier' | 'trackingNumber'> }) {
  return (
    <ol className="list-unstyled order-history mb-0">
      {order.history.map((event) => (
        <li key={`${event.status}-${event.at}`} className="mb-2">
          <span className="fw-bold">{eventText(event, order)}</span>
          <br />
          <time className="small text-body-secondary" dateTime={event.at}>
            {when(event.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
