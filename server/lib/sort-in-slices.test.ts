import fc from 'fast-check';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { allAtOnce, inSlices, sortInSlices, sortNumbersSteps } from './sort-in-slices.js';

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

describe('numbers sorted in slices', () => {
  it('when given any numbers, then they end in ascending order, in place, in slices as in one go', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: -1_000, max: 1_000 }), { maxLength: 20_000, size: 'max' }),
        async (numbers) => {
          const expected = Float64Array.from(numbers).sort();
          const values = Float64Array.from(numbers);
          expect(await inSlices(sortNumbersSteps(values), 0)).toBe(values);
          expect(values).toEqual(expected);
          const again = Int32Array.from(numbers);
          expect(Array.from(allAtOnce(sortNumbersSteps(again)))).toEqual(Array.from(expected));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('when many numbers are sorted in slices, then timers run between them', async () => {
    const values = Float64Array.from({ length: 200_000 }, (_, at) => (at * 7919) % 200_003);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 0);
    await inSlices(sortNumbersSteps(values), 1);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
    for (let at = 1; at < values.length; at += 1) expect(values[at - 1]).toBeLessThanOrEqual(values[at] as number);
  });
});
