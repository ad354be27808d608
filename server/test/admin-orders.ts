// What the admin orders tests do again and again: orders placed as customers place them, moves as
// Manage Orders sends them, and the stock they move.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Order } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { orders, products } from '../db/schema.js';
import { bearer } from './auth.js';

export type AdminMove = 'ship' | 'deliver' | 'cancel';

export const SHIPMENT = { carrier: 'DHL Express', trackingNumber: 'JD014600006281230470' };

const ADDRESS = { fullName: 'Rider One', line1: '12 Apex Road', city: 'Leeds', postalCode: 'LS1 4AP', country: 'GB' };

/** An order of one part through Order Now. */
export async function orderNow(app: FastifyInstance, token: string, productId: string, quantity: number) {
  const placed = await app.inject({
    method: 'POST',
    url: '/api/myOrder',
    headers: bearer(token),
    payload: { productId, quantity, phoneNumber: '555 0100' },
  });
  if (placed.statusCode !== 200) throw new Error(`order failed: ${placed.statusCode} ${placed.body}`);
  return placed.json<Order>();
}

/** An order of several parts through the cart and the checkout. */
export async function checkout(
  app: FastifyInstance,
  token: string,
  lines: readonly { productId: string; quantity: number }[],
) {
  for (const { productId, quantity } of lines) {
    await app.inject({ method: 'PUT', url: `/api/cart/${productId}`, headers: bearer(token), payload: { quantity } });
  }
  const placed = await app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: bearer(token),
    payload: { shippingMethod: 'standard', phoneNumber: '555 0100', address: ADDRESS },
  });
  if (placed.statusCode !== 201) throw new Error(`checkout failed: ${placed.statusCode} ${placed.body}`);
  return placed.json<Order>();
}

/** `POST /api/admin/orders/{id}/{move}` with the caller's token. */
export const adminMove = (app: FastifyInstance, token: string, id: string, move: AdminMove, payload?: object) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/${move}`,
    headers: bearer(token),
    ...(payload && { payload }),
  });

export const stockOf = async (db: Database, productId: string) =>
  (await db.select({ stock: products.availableQuantity }).from(products).where(eq(products.id, productId)))[0]?.stock;

export const storedOrder = async (db: Database, id: string) =>
  (await db.select().from(orders).where(eq(orders.id, id)))[0];
