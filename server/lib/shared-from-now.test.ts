import { performance } from 'node:perf_hooks';
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

describe('sharedFromNow with a spacing', () => {
  /** A trip that takes `ms`, noting when each was sent. */
  function timedTrip(ms = 5) {
    const sent: number[] = [];
    const trip = async () => {
      sent.push(performance.now());
      await new Promise((resolve) => setTimeout(resolve, ms));
    };
    return { trip, sent };
  }

  it('when nothing was sent lately, then a caller’s trip goes at once', async () => {
    const { trip, sent } = timedTrip();
    const roundTrip = sharedFromNow(trip, { spacingMs: 10_000 });
    const asked = performance.now();
    await roundTrip();
    expect(sent).toHaveLength(1);
    expect((sent[0] as number) - asked).toBeLessThan(50);
  });

  it('when callers come back to back, then those before a trip is sent share it, the later ones the next, sent no sooner than the spacing after', async () => {
    const { trip, sent } = timedTrip();
    const roundTrip = sharedFromNow(trip, { spacingMs: 100 });
    const first = roundTrip(); // sent at once
    await new Promise((resolve) => setTimeout(resolve, 20)); // the first is back: the next waits for the spacing
    const asked = [roundTrip(), roundTrip(), roundTrip()];
    expect(new Set(asked).size).toBe(1);
    await Promise.all([first, ...asked]);
    expect(sent).toHaveLength(2);
    expect((sent[1] as number) - (sent[0] as number)).toBeGreaterThanOrEqual(99);
    // A caller after that trip was sent needs one more: its own, never the one already on its way.
    const later = roundTrip();
    expect(asked).not.toContain(later);
    await later;
    expect(sent).toHaveLength(3);
  });

  it('when a caller comes while a trip is on its way, then the trip sent for it leaves after that one is back', async () => {
    const { trip, sent } = timedTrip(40);
    const back: number[] = [];
    const roundTrip = sharedFromNow(trip, { spacingMs: 0 });
    const first = roundTrip().then(() => back.push(performance.now()));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([first, roundTrip()]);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBeGreaterThanOrEqual(back[0] as number);
  });

  it('when a trip fails, then its callers hear of it and the next caller gets a trip of its own', async () => {
    let trips = 0;
    const roundTrip = sharedFromNow(
      async () => {
        trips += 1;
        if (trips === 1) throw new Error('connection lost');
      },
      { spacingMs: 0 },
    );
    await expect(roundTrip()).rejects.toThrow('connection lost');
    await expect(roundTrip()).resolves.toBeUndefined();
    expect(trips).toBe(2);
  });
});
