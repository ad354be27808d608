import { describe, expect, it } from 'vitest';
import { attemptLimiterCases } from '../test/attempt-limiter-cases.js';
import { createAttemptLimiter } from './attempt-limiter.js';

describe('in this process (no REDIS_URL)', () => {
  attemptLimiterCases((options) => createAttemptLimiter(options));

  it('when the limit is 0, then nothing is ever refused', async () => {
    const limiter = createAttemptLimiter({ max: 0 });
    for (let i = 0; i < 100; i += 1) expect(await limiter.attempt('203.0.113.1', 'a@example.com')).toBeDefined();
  });
});
