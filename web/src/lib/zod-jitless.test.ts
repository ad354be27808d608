import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

describe('zod without eval', () => {
  it('when the app has started, then the first schema zod makes is jitless: no `new Function` probe for the CSP to report', async () => {
    vi.resetModules();
    await import('./zod-jitless');
    const probe = vi.spyOn(globalThis, 'Function');
    const { config, z } = await import('zod');

    const schema = z.object({ quantity: z.number().int() });

    expect(schema.safeParse({ quantity: 2 }).success).toBe(true);
    expect(config().jitless).toBe(true);
    expect(probe).not.toHaveBeenCalled();
  });
});
