import { describe, expect, it, vi } from 'vitest';
import { IMPORT_ALLOWANCE, ImportLimits, limitsFor } from './limits.js';

describe('what one catalogue file may hold', () => {
  const size = { parts: 93_000, fitmentRows: 930_000, exportBytes: 23_500_000 };

  it('when a file stays within the allowance, then the store is never measured', async () => {
    const measure = vi.fn(async () => size);
    const limits = new ImportLimits(measure);
    expect(await limits.allows('bytes', IMPORT_ALLOWANCE.bytes)).toBe(true);
    expect(await limits.allows('lines', IMPORT_ALLOWANCE.lines)).toBe(true);
    expect(await limits.allows('fitmentRows', IMPORT_ALLOWANCE.fitmentRows)).toBe(true);
    expect(measure).not.toHaveBeenCalled();
  });

  it('when a file passes the allowance, then the store is measured once and the file may hold its export and the allowance', async () => {
    const measure = vi.fn(async () => size);
    const limits = new ImportLimits(measure);
    // The export of 93,000 parts (23.5 MB) is over the allowance alone, and within the limit.
    expect(await limits.allows('bytes', size.exportBytes)).toBe(true);
    expect(await limits.allows('lines', size.parts)).toBe(true);
    expect(await limits.allows('fitmentRows', size.fitmentRows)).toBe(true);
    expect(await limits.allows('bytes', size.exportBytes + IMPORT_ALLOWANCE.bytes + 1)).toBe(false);
    expect(await limits.allows('lines', size.parts + IMPORT_ALLOWANCE.lines + 1)).toBe(false);
    expect(measure).toHaveBeenCalledTimes(1);
    expect(limits.known('fitmentRows')).toBe(limitsFor(size).fitmentRows);
  });

  it('when the store is empty, then a supplier file of 10,000 parts and 100,000 fitment rows fits and a million fitment rows do not', async () => {
    const limits = new ImportLimits(async () => ({ parts: 0, fitmentRows: 0, exportBytes: 0 }));
    expect(await limits.allows('lines', 10_000)).toBe(true);
    expect(await limits.allows('fitmentRows', 100_000)).toBe(true);
    expect(await limits.allows('fitmentRows', 1_000_000)).toBe(false);
  });
});
