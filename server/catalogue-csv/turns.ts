import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long an import works on before it lets the other requests in. */
const TURN_MS = 10;

/**
 * An import's work in turns of about TURN_MS: the function answers at once while the turn lasts,
 * and once it is over, after the requests waiting meanwhile have had theirs (a timer's or a
 * socket's callback, which microtasks would never let in). Time, not a count of lines: a line of a
 * file may be 100 bytes or 20 kB, and a busy machine runs everything slower.
 */
export function turns(turnMs = TURN_MS): () => Promise<void> {
  let started = performance.now();
  return async () => {
    if (performance.now() - started < turnMs) return;
    await nextTurn();
    started = performance.now();
  };
}
