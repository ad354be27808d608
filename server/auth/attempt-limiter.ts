/**
 * Counts attempts per key in fixed one-minute windows, in this process's memory (shared limits
 * across instances come with Redis, issue 7). `max` 0 turns it off.
 */
export function createAttemptLimiter({ max, windowMs = 60_000 }: { max: number; windowMs?: number }) {
  const windows = new Map<string, { count: number; resetAt: number }>();

  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };

  return {
    /** Records an attempt for every key; false when any of them is over the limit. */
    allow(keys: string[], now = Date.now()): boolean {
      if (max <= 0) return true;
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
