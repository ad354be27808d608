// The API calls tests make again and again, as the web app makes them.
import type { FastifyInstance } from 'fastify';
import { bearer } from './auth.js';

/** A customer's POST with their bearer token. */
export const postAs = (app: FastifyInstance, token: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** `PATCH /api/myOrder/{id}` as the payment page sends it after the card went through. */
export const markPaidAs = (app: FastifyInstance, token: string, orderId: string, transactionId: string) =>
  app.inject({
    method: 'PATCH',
    url: `/api/myOrder/${orderId}`,
    headers: bearer(token),
    payload: { order: { paid: true }, transactionId },
  });

export const deleteOrderAs = (app: FastifyInstance, token: string, orderId: string) =>
  app.inject({ method: 'DELETE', url: `/api/myOrder/${orderId}`, headers: bearer(token) });
