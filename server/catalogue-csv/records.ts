import type { Parser } from 'csv-parse';

/** Records parsed ahead of the reader at most (the parser waits meanwhile). */
const RECORDS_AHEAD = 200;

export interface ParsedRecord {
  record: string[];
  raw?: string;
}

/**
 * The parser's records in order, then its error if it failed: a failure is told after every record
 * before it (a stream's own async iterator would drop the records still buffered). The parser is
 * paused while records wait, so that a slice is parsed only when the ones before it are taken.
 */
export async function* recordsOf(parser: Parser): AsyncGenerator<ParsedRecord> {
  const queue: ParsedRecord[] = [];
  let next = 0;
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const notify = () => {
    wake?.();
    wake = undefined;
  };
  parser.on('data', (record: ParsedRecord) => {
    queue.push(record);
    if (queue.length - next >= RECORDS_AHEAD) parser.pause();
    notify();
  });
  parser.on('error', (error) => {
    failure = error;
    ended = true;
    notify();
  });
  parser.on('end', () => {
    ended = true;
    notify();
  });
  try {
    for (;;) {
      if (next < queue.length) {
        const record = queue[next] as ParsedRecord;
        next += 1;
        if (next === queue.length) [queue.length, next] = [0, 0];
        if (parser.isPaused() && queue.length - next < RECORDS_AHEAD / 2) parser.resume();
        yield record;
      } else if (ended) {
        if (failure !== undefined) throw failure;
        return;
      } else await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    parser.destroy();
  }
}
