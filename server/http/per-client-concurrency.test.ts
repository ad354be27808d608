import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/index.js';
import { AppError } from './errors.js';
import { createPerClientConcurrency } from './per-client-concurrency.js';

/** Work that counts how many run at once, and ends when the test says so. */
function gatedWork() {
  let inFlight = 0;
  let most = 0;
  const open: (() => void)[] = [];
  const work = () => {
    inFlight += 1;
    most = Math.max(most, inFlight);
    return new Promise<string>((resolve) => {
      open.push(() => {
        inFlight -= 1;
        resolve('done');
      });
    });
  };
  /** Ends the oldest running piece, then lets the next one start. */
  const finishOne = async () => {
    open.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { work, finishOne, running: () => open.length, most: () => most };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'done',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe('createPerClientConcurrency', () => {
  const limits = { running: 2, waiting: 4, waitMs: 1000, refusal: 'searchBusy' } as const;

  it('when one client starts 6 at once, then 2 run and 4 wait, and all 6 finish in turn, never more than 2 at once', async () => {
    const limit = createPerClientConcurrency(limits);
    const gate = gatedWork();
    const results = Array.from({ length: 6 }, () => outcome(limit.run('203.0.113.1', gate.work)));
    await settle();
    expect(gate.running()).toBe(2);
    for (let finished = 0; finished < 6; finished += 1) await gate.finishOne();
    expect(await Promise.all(results)).toEqual(Array(6).fill('done'));
    expect(gate.most()).toBe(2);
    expect(limit.clients()).toBe(0);
  });

  it('when one client starts more than run and wait, then the rest are refused at once, with the refusal named', async () => {
    const limit = createPerClientConcurrency(limits);
    const gate = gatedWork();
    const results = Array.from({ length: 8 }, () => outcome(limit.run('203.0.113.1', gate.work)));
    expect(await Promise.race([results[6], settle().then(() => 'still waiting')])).toBe(apiErrors.searchBusy.code);
    while (gate.running() > 0) await gate.finishOne();
    expect(await Promise.all(results)).toEqual([...Array(6).fill('done'), 'SEARCH_BUSY', 'SEARCH_BUSY']);
  });

  it('when a wait runs out, then that one is refused and the others still go in turn', async () => {
    const limit = createPerClientConcurrency({ ...limits, waitMs: 30 });
    const gate = gatedWork();
    const results = Array.from({ length: 3 }, () => outcome(limit.run('203.0.113.1', gate.work)));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await results[2]).toBe('SEARCH_BUSY');
    await gate.finishOne();
    await gate.finishOne();
    expect(await Promise.all(results.slice(0, 2))).toEqual(['done', 'done']);
    expect(limit.clients()).toBe(0);
  });

  it('when one client is at its limit, then another is not held by it', async () => {
    const limit = createPerClientConcurrency(limits);
    const busy = gatedWork();
    const busyResults = Array.from({ length: 6 }, () => outcome(limit.run('203.0.113.1', busy.work)));
    expect(await limit.run('203.0.113.2', () => Promise.resolve('other client served'))).toBe('other client served');
    while (busy.running() > 0) await busy.finishOne();
    await Promise.all(busyResults);
  });

  it('when the work fails, then its slot is given back', async () => {
    const limit = createPerClientConcurrency({ ...limits, running: 1, waiting: 0 });
    await expect(limit.run('203.0.113.1', () => Promise.reject(new Error('query failed')))).rejects.toThrow(
      'query failed',
    );
    expect(await limit.run('203.0.113.1', () => Promise.resolve('next'))).toBe('next');
    expect(limit.clients()).toBe(0);
  });
});
