import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from './lib/project-root.js';

/**
 * The real process, as `npm start` runs it: compiled server, PGlite in a fresh DATA_DIR.
 */
const root = projectRoot();

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

interface Started {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** Every process a test starts is stopped after it, whether the test passed or not. */
const children = new Set<ChildProcess>();
afterEach(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  children.clear();
});

function startServer(env: Record<string, string>, port: number): Started {
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
  });
  children.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => output, exited };
}

async function waitForHealth(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no healthy answer on port ${port} within ${timeoutMs} ms`);
}

describe('the server process', () => {
  let dataDir: string;
  beforeAll(() => {
    execFileSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], { cwd: root, stdio: 'ignore' });
    dataDir = mkdtempSync(path.join(tmpdir(), 'brakehouse-data-'));
  }, 180_000);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('when a value is bad, then it exits 1 naming the variable, before opening the database', async () => {
    const started = startServer({ DATA_DIR: dataDir, STORE_CURRENCY: 'dollars' }, await freePort());
    expect(await started.exited).toBe(1);
    expect(started.output()).toContain('Invalid configuration');
    expect(started.output()).toContain('STORE_CURRENCY="dollars": must be a three-letter ISO 4217 code');
    expect(started.output()).not.toMatch(/\bat .*\.js:\d+/); // a message, not a stack trace
  });

  it('when DATA_DIR is empty, then the first start serves the seeded catalogue within 5 s', async () => {
    const began = performance.now();
    const started = startServer({ DATA_DIR: dataDir }, await freePort());
    await waitForHealth(started.port, 5_000);
    const elapsed = performance.now() - began;
    const products = (await (await fetch(`http://127.0.0.1:${started.port}/api/products`)).json()) as unknown[];
    expect(products.length).toBeGreaterThanOrEqual(12);
    expect(started.output()).toContain('"seeded":true');
    // Not a terminal: JSON lines, the address in a line of its own.
    const lines = started
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((line) => line.msg)).toContain(`Brakehouse is serving http://localhost:${started.port}`);
    console.log(`first start on an empty DATA_DIR: ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeLessThan(5_000);

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
    // Lines still collected at exit are written out: the requests' lines and the shutdown's.
    expect(started.output()).toContain('shutting down');
    expect(started.output()).toMatch(
      /"method":"GET","url":"\/api\/products","statusCode":200,.*"msg":"request answered"/,
    );
  });

  it('when the log is for a person, then each request is one readable line and the address stands out', async () => {
    const started = startServer({ DATA_DIR: dataDir, LOG_FORMAT: 'pretty' }, await freePort());
    await waitForHealth(started.port, 10_000);
    await fetch(`http://127.0.0.1:${started.port}/api/products?limit=2`);
    started.child.kill('SIGINT');
    expect(await started.exited).toBe(0);
    // eslint-disable-next-line no-control-regex
    const output = started.output().replace(/\x1b\[[0-9;]*m/g, '');
    expect(output).toContain(`\n\n  Brakehouse is serving http://localhost:${started.port}\n\n`);
    expect(output).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: req-\w+ GET \/api\/products\?limit=2 200 [\d.]+ ms$/m);
    expect(output).not.toContain('{"level"');
  });

  it('when SIGTERM comes, then health answers 503 at once, requests are served through the drain, and it exits 0 after it', async () => {
    const started = startServer({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_SECONDS: '2' }, await freePort());
    const base = `http://127.0.0.1:${started.port}`;
    await waitForHealth(started.port, 10_000);
    const signalled = performance.now();
    started.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { code: string }).code).toBe('SHUTTING_DOWN');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const products = await fetch(`${base}/api/products?limit=1`);
    expect(products.status).toBe(200);
    expect(await started.exited).toBe(0);
    const drained = performance.now() - signalled;
    expect(drained).toBeGreaterThanOrEqual(2_000);
    expect(drained).toBeLessThan(6_000);
    expect(started.output()).toContain('draining: health answers 503, requests still served for 2 s');
  });

  it('when Ctrl-C (SIGINT) comes, then it stops without the drain', async () => {
    const started = startServer({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_SECONDS: '30' }, await freePort());
    await waitForHealth(started.port, 10_000);
    const signalled = performance.now();
    started.child.kill('SIGINT');
    expect(await started.exited).toBe(0);
    expect(performance.now() - signalled).toBeLessThan(3_000);
    expect(started.output()).not.toContain('draining');
  });

  it('when started again on the same DATA_DIR, then it keeps the data, and a second process is refused', async () => {
    const started = startServer({ DATA_DIR: dataDir }, await freePort());
    await waitForHealth(started.port, 10_000);
    const products = (await (await fetch(`http://127.0.0.1:${started.port}/api/products`)).json()) as unknown[];
    expect(started.output()).toContain('"seeded":false');
    expect(products.length).toBeGreaterThanOrEqual(12);

    const second = startServer({ DATA_DIR: dataDir }, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`is in use by process ${started.child.pid}`);

    started.child.kill('SIGTERM');
    expect(await started.exited).toBe(0);
  });
});
