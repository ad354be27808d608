import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long work done in slices holds the event loop at most, about. */
export const SLICE_MS = 8;
/** Items sorted by native sort before they are merged: a run's sort takes well under a slice. */
const RUN = 512;
/** Comparisons between two looks at the clock. */
const CHECK_EVERY = 1_024;

/**
 * Sorts `items` in place in the order `Array.prototype.sort` gives them with `compare` (stable, as
 * V8's sort is), letting the event loop in whenever a slice has run `sliceMs`: a sort of 100,000
 * names by a comparison function holds the loop some 200 ms in one go, a rider's request with it.
 * Runs of RUN items are sorted natively, then merged pairwise, bottom up.
 */
export async function sortInSlices<T>(items: T[], compare: (a: T, b: T) => number, sliceMs = SLICE_MS): Promise<T[]> {
  const slice = timeSlices(sliceMs);
  let counted = 0;
  const maybeYield = async (work: number) => {
    counted += work;
    if (counted < CHECK_EVERY) return;
    counted = 0;
    if (slice.over()) await slice.next();
  };

  for (let from = 0; from < items.length; from += RUN) {
    const run = items.slice(from, from + RUN).sort(compare);
    for (let at = 0; at < run.length; at += 1) items[from + at] = run[at] as T;
    await maybeYield(RUN * 4);
  }
  let source = items;
  let target = new Array<T>(items.length);
  for (let width = RUN; width < items.length; width *= 2) {
    for (let left = 0; left < items.length; left += 2 * width) {
      const middle = Math.min(left + width, items.length);
      const end = Math.min(left + 2 * width, items.length);
      let a = left;
      let b = middle;
      for (let at = left; at < end; at += 1) {
        // The left run's item first among equals: stable.
        target[at] = (
          b >= end || (a < middle && compare(source[a] as T, source[b] as T) <= 0) ? source[a++] : source[b++]
        ) as T;
        if ((at & (CHECK_EVERY - 1)) === 0) await maybeYield(CHECK_EVERY);
      }
    }
    [source, target] = [target, source];
  }
  if (source !== items) for (let at = 0; at < items.length; at += 1) items[at] = source[at] as T;
  return items;
}

/**
 * Slices of a long loop's time: `over()` once the slice has run `sliceMs`, `next()` lets the event
 * loop in (other requests are answered) and starts the next slice. A loop asks `over()` every so
 * many steps: reading the clock costs some 50 ns.
 */
export function timeSlices(sliceMs = SLICE_MS) {
  let started = performance.now();
  return {
    over: () => performance.now() - started >= sliceMs,
    async next() {
      await nextTurn();
      started = performance.now();
    },
  };
}

/** Numbers sorted natively before they are merged: a run's sort takes well under a slice. */
const NUMBER_RUN = 4_096;

/**
 * The steps of sorting `values` in place in ascending order (as a typed array's own sort): runs of
 * NUMBER_RUN sorted natively, then merged pairwise, bottom up; a step (`yield`) every so many
 * values. `inSlices` takes the steps in slices of the event loop's time, `allAtOnce` in one go.
 */
export function* sortNumbersSteps<A extends Float64Array | Uint32Array | Int32Array>(values: A): Generator<void, A> {
  for (let from = 0; from < values.length; from += NUMBER_RUN) {
    values.subarray(from, from + NUMBER_RUN).sort();
    yield;
  }
  let source = values;
  let target = new (values.constructor as new (length: number) => A)(values.length);
  for (let width = NUMBER_RUN; width < values.length; width *= 2) {
    for (let left = 0; left < values.length; left += 2 * width) {
      const middle = Math.min(left + width, values.length);
      const end = Math.min(left + 2 * width, values.length);
      let a = left;
      let b = middle;
      for (let at = left; at < end; at += 1) {
        target[at] = (
          b >= end || (a < middle && (source[a] as number) <= (source[b] as number)) ? source[a++] : source[b++]
        ) as number;
        if ((at & (NUMBER_RUN - 1)) === 0) yield;
      }
    }
    [source, target] = [target, source];
  }
  if (source !== values) values.set(source);
  return values;
}

/** Takes a job's steps in slices of the event loop's time (timeSlices), and answers what it gives. */
export async function inSlices<T>(steps: Generator<void, T>, sliceMs = SLICE_MS): Promise<T> {
  const slice = timeSlices(sliceMs);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (slice.over()) await slice.next();
  }
}

/** Takes a job's steps in one go (a search that needs what it makes now). */
export function allAtOnce<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}
