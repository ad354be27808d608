// autocannon, run from this process, with latencies recorded by us: autocannon's own histogram
// keeps whole milliseconds (and only for 2xx answers), too coarse for answers that take 1-3 ms.
import autocannon, { type Result } from 'autocannon';
import type { Session } from './session.js';

const REQUEST_TIMEOUT_SECONDS = 10;
/** A discarded run per target first: the JIT compiles the hot paths, pools fill, caches warm. */
export const WARM_UP_SECONDS = 1;
/**
 * The measured seconds of each target are split into this many rounds, alternating between the
 * targets: a change in the machine's other load then hits every target alike, not just one.
 */
export const ROUNDS = 5;

type Counts = Record<string, number>;

interface Run {
  result: Result;
  latencies: number[];
  socketErrors: Counts;
}

/** Requests/s and exact latency percentiles (ms) over every answer of a target's rounds. */
export interface LoadSummary {
  seconds: number;
  answered: number;
  requestsPerSecond: number;
  p50: number | undefined;
  p99: number | undefined;
  max: number | undefined;
  statusCodes: Counts;
  non2xx: number;
  /** Socket errors, timeouts included. */
  errors: number;
  timeouts: number;
  socketErrors: Counts;
  /** Requests/s of each measured round, in order (the rounds of measureAlternating). */
  roundRates: number[];
}

/** One autocannon run; answers its raw numbers (see combine()). */
async function runOnce(session: Session, url: string, seconds: number, connections: number): Promise<Run> {
  const latencies: number[] = [];
  const instance = autocannon({ url, connections, duration: seconds, timeout: REQUEST_TIMEOUT_SECONDS });
  const stop = session.own(`load on ${url}`, { close: () => instance.stop() });
  // responseTime: milliseconds from writing the request to the end of its answer, as a float.
  instance.on('response', (_client, _statusCode, _bytes, responseTime) => latencies.push(responseTime));
  const socketErrors: Counts = {};
  instance.on('reqError', (error) => {
    const key = error?.code ?? error?.message ?? String(error);
    socketErrors[key] = (socketErrors[key] ?? 0) + 1;
  });
  const result = await instance;
  await stop();
  return { result, latencies, socketErrors };
}

/**
 * Measures each of `urls` ({ name: url }) for `seconds` in all with `connections`: a warm-up run
 * each, then ROUNDS rounds that visit every target in turn. Answers { name: summary }.
 */
export async function measureAlternating<Name extends string>(
  session: Session,
  { urls, seconds, connections }: { urls: Record<Name, string>; seconds: number; connections: number },
): Promise<Record<Name, LoadSummary>> {
  const names = Object.keys(urls) as Name[];
  for (const name of names) {
    await runOnce(session, urls[name], Math.min(WARM_UP_SECONDS, seconds), connections);
  }
  const rounds = Math.min(ROUNDS, seconds);
  const runs = new Map<Name, Run[]>(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const name of names) {
      runs.get(name)?.push(await runOnce(session, urls[name], seconds / rounds, connections));
    }
  }
  return Object.fromEntries(names.map((name) => [name, combine(runs.get(name) ?? [])])) as Record<Name, LoadSummary>;
}

function combine(runs: Run[]): LoadSummary {
  const sorted = Float64Array.from(runs.flatMap((run) => run.latencies)).sort();
  const sum = (pick: (run: Run) => number) => runs.reduce((total, run) => total + pick(run), 0);
  const statusCodes: Counts = {};
  const socketErrors: Counts = {};
  for (const run of runs) {
    for (const [code, { count }] of Object.entries(run.result.statusCodeStats)) {
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
    }
    for (const [key, count] of Object.entries(run.socketErrors)) socketErrors[key] = (socketErrors[key] ?? 0) + count;
  }
  const seconds = sum((run) => run.result.duration);
  return {
    seconds,
    answered: sorted.length,
    requestsPerSecond: sorted.length / seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length > 0 ? sorted[sorted.length - 1] : undefined,
    statusCodes,
    non2xx: sum((run) => run.result.non2xx),
    // autocannon counts timeouts among its errors.
    errors: sum((run) => run.result.errors),
    timeouts: sum((run) => run.result.timeouts),
    socketErrors,
    roundRates: runs.map((run) => run.latencies.length / run.result.duration),
  };
}

/** The nearest-rank percentile of sorted values; undefined when there are none. */
export function percentile(sorted: ArrayLike<number>, p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** The middle value (the mean of the two middle ones for an even count); undefined when none. */
export function median(values: number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}
