import { describe, expect, it } from 'vitest';
import { CART_LINES, compareStored, linesMatch, MAX_LINE_QUANTITY, pickCart } from './checkout.js';

/** A repeatable stand-in for Math.random. */
const seeded = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

describe('the carts of the checkout bench', () => {
  it('when a cart is picked, then it holds different products, each 1 to the most units, the rest spare', () => {
    const random = seeded(7);
    for (let run = 0; run < 200; run += 1) {
      const { lines, spares } = pickCart(['A', 'B', 'C', 'D', 'E'], random);
      expect(lines).toHaveLength(CART_LINES);
      expect(new Set([...lines.map((line) => line.product), ...spares])).toEqual(new Set(['A', 'B', 'C', 'D', 'E']));
      for (const { quantity } of lines) {
        expect(quantity).toBeGreaterThanOrEqual(1);
        expect(quantity).toBeLessThanOrEqual(MAX_LINE_QUANTITY);
      }
    }
  });

  it("when an order's lines are the cart's in another order, then they match; a changed quantity does not", () => {
    const cart = [
      { productId: 'a', quantity: 1 },
      { productId: 'b', quantity: 3 },
      { productId: 'c', quantity: 2 },
    ];
    expect(linesMatch([cart[2], cart[0], cart[1]] as typeof cart, cart)).toBe(true);
    expect(linesMatch([{ productId: 'a', quantity: 2 }, cart[1], cart[2]] as typeof cart, cart)).toBe(false);
    expect(linesMatch(cart.slice(0, 2), cart)).toBe(false);
  });
});

describe('the stored orders of the checkout bench', () => {
  it('when the table holds what was answered, then nothing is missing, extra or half-made', () => {
    const orders = [
      { id: 'o1', lines: 3, units: 6, line_units: 6 },
      { id: 'o2', lines: 3, units: 4, line_units: 4 },
    ];
    expect(compareStored(orders, new Set(['o1', 'o2']))).toEqual({
      orders: 2,
      byLineCount: { 3: 2 },
      summaryMismatch: 0,
      missing: 0,
      extra: 0,
    });
  });

  it('when an order is half-made or not answered, then it is counted as such', () => {
    const orders = [
      { id: 'o1', lines: 2, units: 6, line_units: 4 },
      { id: 'o3', lines: 3, units: 5, line_units: 5 },
    ];
    expect(compareStored(orders, new Set(['o1', 'o2']))).toEqual({
      orders: 2,
      byLineCount: { 2: 1, 3: 1 },
      summaryMismatch: 1,
      missing: 1,
      extra: 1,
    });
  });
});
