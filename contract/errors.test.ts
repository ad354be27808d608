import { describe, expect, it } from 'vitest';
import { apiErrors, apiMessages } from './errors.js';

describe('the API refusals', () => {
  const refusals = Object.entries(apiErrors);

  it('when a client tests a code, then each refusal has its own, written as a constant', () => {
    const codes = refusals.map(([, refusal]) => refusal.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });

  it.each(refusals)('when %s is answered, then its status is an error status and its message is for people', (_, r) => {
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(600);
    expect(r.message).toMatch(/^[A-Z"'].*\S$/);
  });

  it('when a message is needed alone, then apiMessages gives the same words', () => {
    for (const [name, refusal] of refusals) expect(apiMessages[name as keyof typeof apiMessages]).toBe(refusal.message);
  });
});
