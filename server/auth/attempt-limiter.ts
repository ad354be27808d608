import type { Redis } from 'ioredis';

export interface AttemptLimiter {
  /** Records an attempt for every key; false when any of them is over the limit. */
  allow(keys: string[]): Promise<boolean>;
}

interface LimiterOptions {
  /** Attempts per key per window; 0 turns the limit off. */
  max: number;
  windowMs?: number;
  /** Shared by every instance when set; otherwise this process's memory. */
  redis?: Redis | undefined;
  onRedisError?: (error: unknown) => void;
}

/** Sign-in and sign-up attempts per key (an IP, an e-mail) in fixed windows. */
export function createAttemptLimiter({ max, windowMs = 60_000, redis, onRedisError }: LimiterOptions): AttemptLimiter {
  if (max <= 0) return { allow: async () => true };
  return redis ? redisWindows(redis, max, windowMs, onRedisError) : memoryWindows(max, windowMs);
}

function memoryWindows(max: number, windowMs: number): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };
  return {
    async allow(keys) {
      const now = Date.now();
      if (windows.size > 10_000) sweep(now);
      let allowed = true;
      for (const key of keys) {
        let window = windows.get(key);
        if (!window || window.resetAt <= now) {
          window = { count: 0, resetAt: now + windowMs };
          windows.set(key, window);
        }
        window.count += 1;
        if (window.count > max) allowed = false;
      }
      return allowed;
    },
  };
}

/**
 * The same windows in Redis, so that N instances behind a load balancer share one limit. If Redis
 * does not answer, sign-in stays open (logged): a cache outage must not lock every customer out.
 */
function redisWindows(redis: Redis, max: number, windowMs: number, onError?: (error: unknown) => void): AttemptLimiter {
  return {
    async allow(keys) {
      try {
        const pipeline = redis.pipeline();
        for (const key of keys) {
          const name = `brakehouse:attempts:${key}`;
          pipeline.set(name, 0, 'PX', windowMs, 'NX'); // starts the window on the first attempt
          pipeline.incr(name);
        }
        const results = (await pipeline.exec()) ?? [];
        const counts = results
          .filter((_, index) => index % 2 === 1)
          .map(([error, count]) => {
            if (error) throw error;
            return Number(count);
          });
        return counts.every((count) => count <= max);
      } catch (error) {
        onError?.(error);
        return true;
      }
    },
  };
}
