import { describe, expect, it } from 'vitest';
import { roundRatio } from './api-reads.js';

describe('the read ratio of the bench', () => {
  it('is the median of the ratios of rounds measured side by side', () => {
    const store = { roundRates: [10_000, 12_000, 11_000, 9_000, 10_500] };
    const bare = { roundRates: [20_000, 20_000, 20_000, 20_000, 20_000] };
    expect(roundRatio(store, bare)).toBeCloseTo(0.525);
  });

  it('is not moved by one round in which the machine was busy with something else', () => {
    const store = { roundRates: [15_000, 15_000, 15_000, 15_000, 15_000] };
    // The bare server's third round ran while another process took the cores.
    const bare = { roundRates: [25_000, 25_000, 2_500, 25_000, 25_000] };
    // The ratio of the totals would have been 75,000 / 102,500 = 0.73.
    expect(roundRatio(store, bare)).toBeCloseTo(0.6);
  });

  it('leaves out a round the bare server did not answer in', () => {
    expect(roundRatio({ roundRates: [10, 20, 30] }, { roundRates: [20, 0, 40] })).toBeCloseTo(0.625);
    expect(roundRatio({ roundRates: [] }, { roundRates: [] })).toBe(0);
  });
});
