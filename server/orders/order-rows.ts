import { asc, eq, inArray } from 'drizzle-orm';
import { fromCents, type Order, type OrderEvent } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { orderLines, orders } from '../db/schema.js';

/**
 * Orders as the API answers them, from their rows: the one mapping, read by the repository and by
 * the state machine (which takes an order's picture for its e-mail in the move's transaction).
 */
export type OrderRow = typeof orders.$inferSelect;
export type LineRow = typeof orderLines.$inferSelect;

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** The order's moves so far, oldest first, from the time each one stamped. */
function historyOf(row: OrderRow): OrderEvent[] {
  const events: [OrderEvent['status'], Date | null][] = [
    ['placed', row.createdAt],
    ['paid', row.paidAt],
    ['cancelled', row.cancelledAt],
    ['shipped', row.shippedAt],
    ['refunded', row.refundedAt],
    ['delivered', row.deliveredAt],
  ];
  return events
    .filter((event): event is [OrderEvent['status'], Date] => event[1] !== null)
    .sort((a, b) => a[1].getTime() - b[1].getTime())
    .map(([status, at]) => ({ status, at: at.toISOString() }));
}

export const toOrder = (row: OrderRow, lines: readonly LineRow[]): Order => ({
  _id: row.id,
  email: row.email,
  productId: row.productId,
  name: row.productName,
  productName: row.productName,
  unitPrice: fromCents(row.unitPriceCents),
  quantity: row.quantity,
  price: fromCents(row.priceCents),
  phoneNumber: row.phoneNumber,
  address: row.address,
  paid: row.paid,
  transactionId: row.transactionId,
  createdAt: row.createdAt.toISOString(),
  status: row.status,
  lines: lines.map((line) => ({
    productId: line.productId,
    productName: line.productName,
    unitPrice: fromCents(line.unitPriceCents),
    quantity: line.quantity,
    lineTotal: fromCents(line.lineTotalCents),
  })),
  subtotal: fromCents(row.subtotalCents),
  shippingMethod: row.shippingMethod,
  shippingCost: fromCents(row.shippingCents),
  tax: fromCents(row.taxCents),
  shippingAddress: row.shippingAddress ?? null,
  carrier: row.carrier,
  trackingNumber: row.trackingNumber,
  paidAt: iso(row.paidAt),
  shippedAt: iso(row.shippedAt),
  deliveredAt: iso(row.deliveredAt),
  cancelledAt: iso(row.cancelledAt),
  refundedAt: iso(row.refundedAt),
  invoiceNumber: row.invoiceNumber,
  history: historyOf(row),
});

/** An order with what only the server needs: its owner, its total in cents and its payment. */
export type StoredOrder = Order & { userId: string; priceCents: number; paymentIntentId: string | null };

export const toStoredOrder = (row: OrderRow, lines: readonly LineRow[]): StoredOrder => ({
  ...toOrder(row, lines),
  userId: row.userId,
  priceCents: row.priceCents,
  paymentIntentId: row.paymentIntentId,
});

/** The lines of these orders, by order, in their order. */
export async function linesOf(tx: Database, ids: readonly string[]): Promise<Map<string, LineRow[]>> {
  const byOrder = new Map<string, LineRow[]>();
  if (ids.length === 0) return byOrder;
  const rows = await tx
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...ids]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

/** One order with its lines, in the caller's transaction. */
export async function readOrder(tx: Database, id: string): Promise<StoredOrder | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id));
  if (!row) return undefined;
  return toStoredOrder(row, (await linesOf(tx, [row.id])).get(row.id) ?? []);
}
