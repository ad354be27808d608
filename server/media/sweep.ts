import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/errors.js';
import type { MediaStore } from './store.js';

const HOUR_MS = 60 * 60 * 1000;
/** How often each instance looks: an unused photo goes between its grace and an hour after. */
export const MEDIA_SWEEP_EVERY_MS = HOUR_MS;

/**
 * Removes uploaded photos that no part shows once they are older than the grace (decision 0026):
 * an upload abandoned, a part's photo replaced, a part deleted. The grace keeps a photo just
 * uploaded for a part still being written. Every instance runs it, each at its own moment; the
 * removal is one idempotent statement, so two at once remove each file once.
 */
export function createMediaSweep({
  store,
  graceHours,
  log,
  everyMs = MEDIA_SWEEP_EVERY_MS,
  now = () => Date.now(),
}: {
  store: MediaStore;
  graceHours: number;
  log: FastifyBaseLogger;
  everyMs?: number;
  now?: () => number;
}) {
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  /** One look: the files removed (their names). */
  async function sweep(): Promise<string[]> {
    const removed = await store.removeUnused(new Date(now() - graceHours * HOUR_MS));
    if (removed.length > 0) log.info({ files: removed.length }, 'media: unused photos removed');
    return removed;
  }

  const loggedSweep = () => {
    running = sweep().catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) log.warn({ err: error }, 'media: database unavailable; sweeping later');
      else log.error({ err: error }, 'media: removing unused photos failed; trying later');
    });
    return running;
  };

  function schedule(delayMs: number) {
    if (stopped) return;
    timer = setTimeout(() => void loggedSweep().finally(() => schedule(everyMs)), delayMs);
    timer.unref();
  }

  return {
    sweep,
    start() {
      if (!stopped) return;
      stopped = false;
      // Instances started together look at different moments.
      schedule(everyMs * (0.1 + 0.9 * Math.random()));
    },
    /** Stops looking, and waits for a look in flight. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type MediaSweep = ReturnType<typeof createMediaSweep>;
