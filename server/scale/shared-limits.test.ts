import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttemptLimiter } from '../auth/attempt-limiter.js';
import { createTestApp, type TestApp } from '../test/app.js';
import { attemptLimiterCases } from '../test/attempt-limiter-cases.js';
import { requireServiceUrl } from './services.js';

const redisUrl = requireServiceUrl('TEST_REDIS_URL', 'a Redis server, e.g. redis://127.0.0.1:6379');

describe('limits shared through Redis (REDIS_URL)', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  });
  afterAll(() => redis.quit());

  attemptLimiterCases((options) => createAttemptLimiter({ ...options, redis }));

  it('when two instances count attempts from one IP, then they share one limit, and the window ends', async () => {
    const ip = `shared-${Date.now()}`;
    const instances = [createAttemptLimiter({ max: 3, redis }), createAttemptLimiter({ max: 3, redis })];
    const answers = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      answers.push((await instances[attempt % 2]?.attempt(ip)) !== undefined);
    expect(answers).toEqual([true, true, true, false, false, false]);
    expect(Number(await redis.pttl(`brakehouse:attempts:ip:${ip}`))).toBeGreaterThan(0);
  });

  it('when a sign-in succeeds long after its window ended, then giving its attempt back leaves no key behind', async () => {
    const limiter = createAttemptLimiter({ max: 3, windowMs: 100, redis });
    const ip = `late-${Date.now()}`;
    const attempt = await limiter.attempt(ip, 'late@example.com');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await attempt?.succeeded();
    expect(await redis.exists(`brakehouse:attempts:ip:${ip}`)).toBe(0);
  });

  it('when Redis does not answer, then sign-in stays open and the outage is reported', async () => {
    const away = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    const errors: unknown[] = [];
    const limiter = createAttemptLimiter({ max: 1, redis: away, onRedisError: (error) => errors.push(error) });
    expect(await limiter.attempt('203.0.113.7', 'someone@example.com')).toBeDefined();
    expect(await limiter.attempt('203.0.113.7', 'someone@example.com')).toBeDefined();
    expect(errors.length).toBe(2);
    away.disconnect();
  });

  describe('API requests per IP, across two app instances on one Redis', () => {
    let first: TestApp;
    let second: TestApp;
    beforeAll(async () => {
      const env = { RATE_LIMIT_PER_MINUTE: '4', REDIS_URL: redisUrl };
      [first, second] = await Promise.all([createTestApp({ env }), createTestApp({ env })]);
    });
    afterAll(async () => {
      await Promise.all([first.close(), second.close()]);
    });

    it('when one client alternates between the instances, then the limit counts both together', async () => {
      const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      await redis.del(`brakehouse:requests:${ip}`);
      const statuses = [];
      for (let request = 0; request < 8; request += 1) {
        const app = request % 2 ? second.app : first.app;
        statuses.push((await app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    });
  });
});
