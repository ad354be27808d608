import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A task whose callers need a run that started after they called: one run at a time, and the calls
 * that come while one runs (or waits to start) share the next. However many callers wait, at most
 * two runs are in flight (the one running, the one they wait for); `idle` settles when neither is.
 * With `spacingMs`, a run starts no sooner than that after the last one started, so that callers
 * coming back to back share a few runs a second instead of making one each; when none started
 * lately, a call starts one at once.
 */
export function sharedFromNow<T>(
  task: () => Promise<T>,
  { spacingMs = 0 }: { spacingMs?: number } = {},
): { (): Promise<T>; idle(): Promise<void> } {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  let lastStarted = -Infinity;
  const waitLeft = () => lastStarted + spacingMs - performance.now();
  const next = (): Promise<T> => {
    queued = undefined;
    return call();
  };
  const call = (): Promise<T> => {
    if (queued) return queued;
    if (!running && waitLeft() <= 0) {
      lastStarted = performance.now();
      running = task().finally(() => {
        running = undefined;
      });
      return running;
    }
    queued = (running ? running.catch(() => undefined) : Promise.resolve()).then(() => {
      const wait = waitLeft();
      return wait > 0 ? sleep(wait).then(next) : next();
    });
    return queued;
  };
  return Object.assign(call, {
    idle: async () => {
      await Promise.allSettled([running, queued]);
    },
  });
}
