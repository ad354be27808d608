import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_LABELS } from '@contract/orders';
import { STATUS_LABELS } from './status-labels';

describe("the words of an order's status", () => {
  it('when My Order shows a status, then it uses the contract words', () => {
    expect(STATUS_LABELS).toEqual(ORDER_STATUS_LABELS);
  });
});
