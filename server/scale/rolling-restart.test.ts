import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBalancer, type Balancer } from '../test/balancer.js';
import {
  buildServer,
  eventually,
  killServerProcesses,
  sleep,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.js';
import { adminQuery } from '../test/database.js';
import { requireServiceUrl } from './services.js';

const databaseServer = requireServiceUrl('TEST_DATABASE_URL', 'a PostgreSQL server');
const redisUrl = requireServiceUrl('TEST_REDIS_URL', 'a Redis server');
const DRAIN_SECONDS = 1;
const CUSTOMERS = 8;

interface Answer {
  status: number;
  upstream: string;
  at: number;
}

/**
 * A deploy behind a balancer: one of two instances gets SIGTERM while customers browse. The
 * balancer follows the instance's health check, so no customer sees an error.
 */
describe('two instances behind a balancer when one is stopped with SIGTERM', () => {
  const name = `brakehouse_rolling_${randomBytes(5).toString('hex')}`;
  let first: ServerProcess;
  let second: ServerProcess;
  let balancer: Balancer;

  beforeAll(async () => {
    buildServer();
    await adminQuery(`create database ${name}`, databaseServer);
    const url = new URL(databaseServer);
    url.pathname = `/${name}`;
    const env = { REDIS_URL: redisUrl, SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS) };
    first = await startServerProcess(url.toString(), undefined, env);
    second = await startServerProcess(url.toString(), undefined, env);
    balancer = await startBalancer([first.baseUrl, second.baseUrl], { checkEveryMs: 100 });
  });
  afterAll(async () => {
    await balancer?.close();
    killServerProcesses();
    await adminQuery(`drop database if exists ${name} with (force)`, databaseServer);
  });

  it('when it drains first, then every request is answered 200 by one instance or the other, and it exits 0', async () => {
    const answers: Answer[] = [];
    let browsing = true;
    const customers = Array.from({ length: CUSTOMERS }, async () => {
      while (browsing) {
        const response = await fetch(`${balancer.url}/api/products?limit=2`);
        await response.arrayBuffer();
        answers.push({
          status: response.status,
          upstream: response.headers.get('x-upstream') ?? '',
          at: performance.now(),
        });
      }
    });

    await sleep(500);
    const signalled = performance.now();
    first.child.kill('SIGTERM');
    const outOfRotation = await eventually('the balancer takes the stopping instance out', 2_000, async () =>
      balancer.healthy().includes(first.baseUrl) ? undefined : performance.now(),
    );
    const exit = await first.exited;
    const stopped = performance.now();
    await sleep(300);
    browsing = false;
    await Promise.all(customers);

    expect(exit).toBe(0);
    const failures = answers.filter((answer) => answer.status !== 200);
    expect(failures, JSON.stringify(failures.slice(0, 5))).toEqual([]);
    // It drained before it stopped listening, and the balancer saw it early in the drain.
    expect(stopped - signalled).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
    expect(outOfRotation - signalled).toBeLessThan((DRAIN_SECONDS * 1000) / 2);
    expect(
      answers.filter((answer) => answer.upstream === first.baseUrl && answer.at < signalled).length,
    ).toBeGreaterThan(0);
    expect(
      answers.filter((answer) => answer.upstream === second.baseUrl && answer.at > stopped).length,
    ).toBeGreaterThan(0);
    console.log(
      `${answers.length} requests, none failed; out of rotation ${Math.round(outOfRotation - signalled)} ms after SIGTERM, ` +
        `stopped after ${Math.round(stopped - signalled)} ms`,
    );
  });
});
