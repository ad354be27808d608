import { IDEMPOTENCY_KEY_HEADER } from '@contract/paths';
import { ApiError } from './api-client';

/**
 * Placing an order is safe to send again (`POST /api/checkout`, `POST /api/myOrder`): each submit
 * gets one key, and the same key from the same customer answers the first order again rather than
 * making a second. The submit keeps its key through its own retries; a new submit makes a new one.
 */
export function newIdempotencyKey(): string {
  // randomUUID is there on https and localhost only; a store opened on a LAN address over http still
  // has getRandomValues.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const idempotencyHeaders = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });

/** Retries of one submit: this many more tries after the first. */
const ORDER_RETRIES = 2;

/**
 * Whether to send an order again, with the same key: when its fate is unknown (no answer, or the
 * store failed on its side), never when the store refused it (a 4xx will not change by asking again).
 */
export const retryWhileUncertain = (failureCount: number, error: Error) =>
  failureCount < ORDER_RETRIES && !(error instanceof ApiError && error.status < 500);

/** A short pause between tries: 0.5 s, then 1 s. */
export const retryDelay = (failureCount: number) => 500 * 2 ** failureCount;
