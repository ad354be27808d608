import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { normalizeEmail } from '../../contract/index.js';

/** A distributed attack on one account is refused from new places once this many times the limit failed. */
export const ACCOUNT_LIMIT_FACTOR = 10;
/** How long a place (an IP) that signed in to an account is known to it. */
export const KNOWN_PLACE_MS = 30 * 24 * 60 * 60_000;

/**
 * One attempt let through. When a password was right, `succeeded` gives back what the attempt
 * counted, so that only wrong guesses add up, and remembers the place it came from.
 */
export interface Attempt {
  succeeded(): Promise<void>;
}

export interface AttemptLimiter {
  /**
   * Counts an attempt of `ip`, and when it checks a password, against `account` (an e-mail or a
   * user id). Answers undefined when it is refused. A caller refused for its own IP charges nothing
   * to the account; one IP alone can never lock an account; when many IPs together pass the
   * account's limit, only places that signed in to it before still get through.
   */
  attempt(ip: string, account?: string): Promise<Attempt | undefined>;
}

/** Counters in fixed windows, in this process or in Redis. */
interface CounterStore {
  /** Adds one to the key's window (started on the first hit); answers the count. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Takes one back, if the window is still open. */
  unhit(key: string): Promise<void>;
  mark(key: string, ttlMs: number): Promise<void>;
  isMarked(key: string): Promise<boolean>;
}

interface LimiterOptions {
  /** Attempts per IP, and per account from one IP, per window; 0 turns the limits off. */
  max: number;
  windowMs?: number;
  /** Shared by every instance when set; otherwise this process's memory. */
  redis?: Redis | undefined;
  onRedisError?: (error: unknown) => void;
}

const ALLOWED: Attempt = { succeeded: async () => undefined };
/** Keys carry a digest, never the address itself, and stay short whatever the caller sent. */
const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

export function createAttemptLimiter({ max, windowMs = 60_000, redis, onRedisError }: LimiterOptions): AttemptLimiter {
  if (max <= 0) return { attempt: async () => ALLOWED };
  const store = redis ? redisCounters(redis) : memoryCounters();
  const accountMax = max * ACCOUNT_LIMIT_FACTOR;

  async function attempt(ip: string, account?: string): Promise<Attempt | undefined> {
    if ((await store.hit(`ip:${ip}`, windowMs)) > max) return undefined;
    if (account === undefined) return ALLOWED;
    const who = digest(normalizeEmail(account));
    const place = digest(ip);
    const fromHere = `account-ip:${who}:${place}`;
    if ((await store.hit(fromHere, windowMs)) > max) return undefined;
    const everywhere = `account:${who}`;
    const known = `known:${who}:${place}`;
    if ((await store.hit(everywhere, windowMs)) > accountMax && !(await store.isMarked(known))) {
      await store.unhit(everywhere);
      await store.unhit(fromHere);
      return undefined;
    }
    return {
      async succeeded() {
        const counted = [`ip:${ip}`, fromHere, everywhere];
        await Promise.all([...counted.map((key) => store.unhit(key)), store.mark(known, KNOWN_PLACE_MS)]);
      },
    };
  }

  if (!redis) return { attempt };
  // If Redis does not answer, attempts are let through (logged): a cache outage must not lock every
  // customer out.
  return {
    async attempt(ip, account) {
      try {
        const allowed = await attempt(ip, account);
        if (!allowed) return undefined;
        return {
          succeeded: () => allowed.succeeded().catch((error: unknown) => onRedisError?.(error)),
        };
      } catch (error) {
        onRedisError?.(error);
        return ALLOWED;
      }
    },
  };
}

/** At most this many keys per map: past it, expired ones go, then the oldest. */
const MAX_MEMORY_KEYS = 100_000;

function memoryCounters(): CounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const marks = new Map<string, number>();
  const prune = <T>(map: Map<string, T>, expired: (value: T) => boolean) => {
    if (map.size < MAX_MEMORY_KEYS) return;
    for (const [key, value] of map) if (expired(value)) map.delete(key);
    for (const key of map.keys()) {
      if (map.size < MAX_MEMORY_KEYS) break;
      map.delete(key);
    }
  };
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        prune(windows, (value) => value.resetAt <= now);
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count;
    },
    async unhit(key) {
      const window = windows.get(key);
      if (window && window.resetAt > Date.now() && window.count > 0) window.count -= 1;
    },
    async mark(key, ttlMs) {
      const now = Date.now();
      prune(marks, (expiresAt) => expiresAt <= now);
      marks.delete(key); // re-inserted last: the oldest go first
      marks.set(key, now + ttlMs);
    },
    async isMarked(key) {
      return (marks.get(key) ?? 0) > Date.now();
    },
  };
}

const PREFIX = 'brakehouse:attempts:';
/** Takes one back only while the window's key exists (a DECR on a missing key would make one forever). */
const UNHIT_SCRIPT = "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0";

/** The same windows in Redis, so that N instances behind a load balancer share one limit. */
function redisCounters(redis: Redis): CounterStore {
  return {
    async hit(key, windowMs) {
      const name = PREFIX + key;
      const results = await redis.multi().set(name, 0, 'PX', windowMs, 'NX').incr(name).exec();
      const [error, count] = results?.[1] ?? [new Error('redis: no answer')];
      if (error) throw error;
      return Number(count);
    },
    async unhit(key) {
      await redis.eval(UNHIT_SCRIPT, 1, PREFIX + key);
    },
    async mark(key, ttlMs) {
      await redis.set(PREFIX + key, 1, 'PX', ttlMs);
    },
    async isMarked(key) {
      return (await redis.exists(PREFIX + key)) === 1;
    },
  };
}
