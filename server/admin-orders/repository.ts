import { and, count, desc, eq, exists, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AdminOrdersResponse, OrderStatus } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { contains } from '../db/contains.js';
import { orderLines, orders } from '../db/schema.js';
import { toOrder, type OrderRepository } from '../orders/repository.js';

export interface OrderSearch {
  status?: OrderStatus | undefined;
  /** Already trimmed; empty matches every order. */
  q: string;
  page: number;
  pageSize: number;
}

/** The orders `search` asks for: its status, and `q` in the e-mail, the order id or a part's name. */
function matching(db: Database, { status, q }: OrderSearch): SQL | undefined {
  const byText =
    q === ''
      ? undefined
      : or(
          contains(orders.email, q),
          contains(sql`${orders.id}::text`, q),
          exists(
            db
              .select({ one: sql`1` })
              .from(orderLines)
              .where(and(eq(orderLines.orderId, orders.id), contains(orderLines.productName, q))),
          ),
        );
  return and(status ? eq(orders.status, status) : undefined, byText);
}

/**
 * Every customer's orders as the shop sees them, and the refund's mark on an order. Reads and writes
 * only: the rules are the admin orders service's, and status moves only through orders/status.ts.
 */
export function createAdminOrderRepository(db: Database, orderRepository: OrderRepository) {
  return {
    /** One page of the orders that match, newest first, and how many match in all: three queries. */
    async search(search: OrderSearch): Promise<AdminOrdersResponse> {
      const where = matching(db, search);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.seq))
          .limit(search.pageSize)
          .offset((search.page - 1) * search.pageSize),
        db.select({ total: count() }).from(orders).where(where),
      ]);
      const lines = await orderRepository.linesOf(rows.map(({ id }) => id));
      return {
        items: rows.map((row) => toOrder(row, lines.get(row.id) ?? [])),
        total: counted?.total ?? 0,
      };
    },

    /**
     * Marks a paid order's refund as begun, with the key the gateway is asked with, before the gateway
     * is asked: from then on the order does not ship (status.ts). A mark already there with the same
     * key (a retry after a crash, a second click) stands. Answers whether the order carries the mark.
     */
    async beginRefund(id: string, key: string, tx: Database = db): Promise<boolean> {
      const marked = await tx
        .update(orders)
        .set({ refundId: key })
        .where(and(eq(orders.id, id), eq(orders.status, 'paid'), or(isNull(orders.refundId), eq(orders.refundId, key))))
        .returning({ id: orders.id });
      return marked.length === 1;
    },

    /** Takes the mark away after the gateway refused, so the paid order can ship again. */
    async abandonRefund(id: string, key: string): Promise<void> {
      await db
        .update(orders)
        .set({ refundId: null })
        .where(and(eq(orders.id, id), eq(orders.status, 'paid'), eq(orders.refundId, key)));
    },
  };
}

export type AdminOrderRepository = ReturnType<typeof createAdminOrderRepository>;
