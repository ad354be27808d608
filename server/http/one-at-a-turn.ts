import { setImmediate } from 'node:timers';

/**
 * Work that takes the event loop's own time (a search answered from memory: half a millisecond of
 * CPU, no I/O) taken one piece per turn of the loop: `await turn()` resolves the waiters one at a
 * time, each in its own turn, so that between two of them Node reads the sockets again and answers
 * the cheap requests that came meanwhile (a part's page, the health check, a cart) at once instead
 * of after every search queued before them. The order among the waiters is the order they came.
 */
export function oneAtATurn(): () => Promise<void> {
  const waiting: Array<() => void> = [];
  let scheduled = false;
  const next = () => {
    const resolve = waiting.shift();
    // Scheduled during this turn's check phase: runs in the next turn, after the sockets are read.
    if (waiting.length > 0) setImmediate(next);
    else scheduled = false;
    resolve?.();
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!scheduled) {
        scheduled = true;
        setImmediate(next);
      }
    });
}
