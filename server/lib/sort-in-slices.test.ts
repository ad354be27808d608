import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { sortInSlices } from './sort-in-slices.js';

describe('a sort in slices', () => {
  it('when given any list and a comparison, then it gives the order Array.prototype.sort gives, equal items in their order', async () => {
    // Pairs compared by their first number only: the second tells whether equal ones kept their order.
    const byFirst = (a: [number, number], b: [number, number]) => a[0] - b[0];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 3_000, size: 'max' }),
        fc.integer({ min: 0, max: 2 }),
        async (firsts, sliceMs) => {
          const items = firsts.map((first, at): [number, number] => [first, at]);
          const expected = [...items].sort(byFirst);
          expect(await sortInSlices(items, byFirst, sliceMs)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('when the list is long, then it sorts it in place and lets timers run while it sorts', async () => {
    const words = Array.from({ length: 60_000 }, (_, at) => `w${(at * 7919) % 60_000}-${at}`);
    const expected = [...words].sort();
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    const started = performance.now();
    const sorted = await sortInSlices(words, (a, b) => (a < b ? -1 : a > b ? 1 : 0), 1);
    clearInterval(timer);
    expect(sorted).toBe(words);
    expect(words).toEqual(expected);
    // A timer ran between slices (a sort in one go lets none run until it ends).
    expect(ticks).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
