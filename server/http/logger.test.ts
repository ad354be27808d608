import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, resolveLogFormat } from './logger.js';

/** A stream that keeps what is written to it. */
function capture() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

describe('resolveLogFormat', () => {
  it.each([
    ['auto', true, 'pretty'],
    ['auto', false, 'json'],
    ['auto', undefined, 'json'],
    ['json', true, 'json'],
    ['pretty', false, 'pretty'],
  ] as const)('when LOG_FORMAT is %s and the output is a terminal: %s, then lines are %s', (setting, isTTY, format) => {
    expect(resolveLogFormat(setting, { isTTY })).toBe(format);
  });
});

describe('the pretty log', () => {
  it('when a request is answered, then a person reads it on one line: time, level, method, URL, status, time taken', () => {
    const out = capture();
    const log = createLogger({ level: 'info', format: 'pretty', destination: out.stream });
    log
      .child({ reqId: 'req-7' })
      .info({ method: 'GET', url: '/api/products?limit=6', statusCode: 200, responseTime: 1.25 }, 'request answered');
    log.warn({ attempt: 2 }, 'redis: sign-in attempts not counted');
    const lines = out.text().trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    // eslint-disable-next-line no-control-regex
    const plain = lines.map((line) => line.replace(/\x1b\[[0-9;]*m/g, ''));
    expect(plain[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: req-7 GET \/api\/products\?limit=6 200 1\.25 ms$/);
    expect(plain[1]).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: redis: sign-in attempts not counted \{"attempt":2\}$/);
    expect(out.text()).not.toContain('"statusCode"');
  });

  it('when an address is in a message, then the pretty line masks it as the JSON one does', () => {
    const out = capture();
    createLogger({ level: 'info', format: 'pretty', destination: out.stream }).info('no account tom.rider@example.com');
    expect(out.text()).toContain('t***@example.com');
    expect(out.text()).not.toContain('tom.rider');
  });
});

describe('the JSON log', () => {
  it('when the level is warn, then request lines are not written at all', () => {
    const lines: string[] = [];
    const log = createLogger({ level: 'warn', format: 'json', destination: { write: (line) => lines.push(line) } });
    log.info({ method: 'GET', url: '/', statusCode: 200, responseTime: 1 }, 'request answered');
    log.warn('slow database');
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['slow database']);
  });
});
