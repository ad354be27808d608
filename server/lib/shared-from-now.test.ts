import { describe, expect, it } from 'vitest';
import { sharedFromNow } from './shared-from-now.js';

/** A task whose runs the test finishes by hand, counted. */
function manualTask() {
  const finishers: Array<() => void> = [];
  let started = 0;
  const task = () => {
    started += 1;
    const run = started;
    return new Promise<number>((resolve) => finishers.push(() => resolve(run)));
  };
  const finish = (run: number) => finishers[run - 1]?.();
  return { task, finish, started: () => started };
}

describe('sharedFromNow', () => {
  it('when nothing runs, then a call starts a run of its own', async () => {
    const { task, finish, started } = manualTask();
    const call = sharedFromNow(task);
    const answer = call();
    expect(started()).toBe(1);
    finish(1);
    expect(await answer).toBe(1);
  });

  it('when calls come while a run is on its way, then they share the next run, not that one', async () => {
    const { task, finish, started } = manualTask();
    const call = sharedFromNow(task);
    const first = call();
    const second = call();
    const third = call();
    expect(started()).toBe(1);
    finish(1);
    expect(await first).toBe(1);
    await Promise.resolve();
    expect(started()).toBe(2);
    finish(2);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
  });

  it('when a run fails, then its callers see the failure and the waiting ones get a run of their own', async () => {
    let runs = 0;
    const call = sharedFromNow(async () => {
      runs += 1;
      if (runs === 1) throw new Error('first run fails');
      return runs;
    });
    const first = call();
    const second = call();
    await expect(first).rejects.toThrow('first run fails');
    expect(await second).toBe(2);
    await call.idle();
    expect(await call()).toBe(3);
  });
});
