// Section 1, API reads: each read endpoint under autocannon, against the store and against a bare
// node:http server (bare-server.mjs) that answers the very same bytes (headers too) from memory. The ratio of the
// two rates is what the store's framework, validation and database cost on top of HTTP itself, on
// this machine, whatever its speed.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST } from '../lib/store-process.mjs';
import { startCpuMeter } from './cpu.mjs';
import { measureAlternating } from './load.mjs';

export const READ_BUDGET = { minRatio: 0.6, maxP99Ms: 25 };
const BARE_SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-server.mjs');
const BARE_START_TIMEOUT_MS = 10_000;

const endpoints = (productId) => [
  { label: 'GET /api/products?limit=6', path: '/api/products?limit=6' },
  { label: 'GET /api/products/<id>', path: `/api/products/${productId}` },
  { label: 'GET /api/reviews?limit=6', path: '/api/reviews?limit=6' },
];

/**
 * Answers one row per endpoint: { endpoint, bytes, store, bare, ratio, otherWork } where store and
 * bare are load.mjs summaries (requests/s, p50, p99...) and otherWork the share of the machine that
 * other processes took meanwhile (cpu.mjs). `ourPids()` answers the store's processes.
 */
export async function benchApiReads(session, { baseUrl, barePort, productId, seconds, connections, ourPids, log }) {
  const targets = endpoints(productId);
  // autocannon asks for no compression, so neither does the capture: the bare server must send the
  // bytes the store sends to autocannon.
  const answers = await Promise.all(targets.map((target) => capture(`${baseUrl}${target.path}`)));
  const bare = await startBareServer(session, barePort, targets, answers);
  const bareUrl = `http://${HOST}:${barePort}`;
  try {
    await checkBareAnswers(bareUrl, targets, answers);
    const rows = [];
    for (const [index, target] of targets.entries()) {
      log(`  ${target.label}: store and bare server, in turns...`);
      const pids = [bare.pid, ...(await ourPids())];
      const meter = startCpuMeter(pids);
      const measured = await measureAlternating(session, {
        urls: { store: `${baseUrl}${target.path}`, bare: `${bareUrl}${target.path}` },
        seconds,
        connections,
      });
      const otherWork = meter.stop([bare.pid, ...(await ourPids())]);
      rows.push({
        endpoint: target.label,
        bytes: answers[index].body.length,
        ...measured,
        ratio: measured.store.requestsPerSecond / measured.bare.requestsPerSecond,
        otherWork,
      });
    }
    return rows;
  } finally {
    await bare.stop();
  }
}

/**
 * Headers that belong to the connection or the moment rather than to the answer: node:http writes
 * its own (date, keep-alive...), for the bare server as for the store.
 */
const PER_CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

async function capture(url) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200)
    throw new Error(`GET ${url} answered ${response.status}: ${body.toString().slice(0, 200)}`);
  if (response.headers.get('content-encoding')) throw new Error(`GET ${url} was compressed although not asked to`);
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !PER_CONNECTION_HEADERS.has(name)));
  return { status: response.status, headers, body };
}

async function startBareServer(session, port, targets, answers) {
  const child = fork(BARE_SERVER, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = session.own(`bare server ${child.pid}`, {
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    kill: () => child.kill('SIGKILL'),
  });
  const routes = targets.map((target, index) => ({
    path: target.path,
    status: answers[index].status,
    headers: answers[index].headers,
    body: answers[index].body.toString('base64'),
  }));
  const listening = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code, signal) => reject(new Error(`the bare server exited (${signal ?? code})`)));
    setTimeout(() => reject(new Error('the bare server did not start')), BARE_START_TIMEOUT_MS).unref();
  });
  child.send({ host: HOST, port, routes });
  try {
    await listening;
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop, pid: child.pid };
}

/**
 * The yardstick must answer byte for byte what the store answers (status, headers, body), or the
 * ratio means nothing: the security headers alone cost a third of a bare server's rate.
 */
async function checkBareAnswers(bareUrl, targets, answers) {
  const same = (a, b) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
  for (const [index, target] of targets.entries()) {
    const got = await capture(`${bareUrl}${target.path}`);
    if (!got.body.equals(answers[index].body) || !same(got.headers, answers[index].headers)) {
      throw new Error(`the bare server's answer to ${target.path} differs from the store's`);
    }
  }
}
