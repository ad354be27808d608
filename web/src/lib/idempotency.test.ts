import { describe, expect, it } from 'vitest';
import { idempotencyKeySchema } from '@contract/checkout';
import { IDEMPOTENCY_KEY_HEADER as contractHeader } from '@contract/paths';
import { ApiError } from './api-client';
import { idempotencyHeaders, newIdempotencyKey, retryWhileUncertain } from './idempotency';

describe('idempotency keys', () => {
  it("when a key is made, then it is one the contract takes, new each time, sent in the contract's header", () => {
    const key = newIdempotencyKey();
    expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
    expect(newIdempotencyKey()).not.toBe(key);
    expect(idempotencyHeaders(key)).toEqual({ [contractHeader]: key });
  });

  it('when the browser has no randomUUID (http on a LAN address), then the key comes from getRandomValues', () => {
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{32}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });

  it('when a try fails, then it is tried again only while its fate is unknown, at most twice', () => {
    expect(retryWhileUncertain(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryWhileUncertain(0, new ApiError(503, 'DATABASE_UNAVAILABLE', 'down'))).toBe(true);
    expect(retryWhileUncertain(2, new TypeError('Failed to fetch'))).toBe(false);
    expect(retryWhileUncertain(0, new ApiError(409, 'PART_UNAVAILABLE', 'gone'))).toBe(false);
    expect(retryWhileUncertain(0, new ApiError(422, 'IDEMPOTENCY_KEY_REUSED', 'used'))).toBe(false);
  });
});
