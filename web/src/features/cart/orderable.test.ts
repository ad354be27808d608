import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canBeOrdered as contractRule } from '@contract/products';
import { canBeOrdered } from './orderable';

describe("the Add to cart button's rule", () => {
  it('when any stock and minimum are asked about, then it agrees with the contract', () => {
    fc.assert(
      fc.property(fc.nat(1_000), fc.nat(1_000), (availableQantity, minimumOderQantity) => {
        const part = { availableQantity, minimumOderQantity };
        expect(canBeOrdered(part)).toBe(contractRule(part));
      }),
    );
  });
});
