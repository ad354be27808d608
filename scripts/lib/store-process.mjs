// The real, built store as a child process on loopback, and the API calls that set it up as the web
// app would: shared by `npm run soak` and `npm run bench`.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { root } from '../build-if-stale.mjs';

export const HOST = '127.0.0.1';
export const DEFAULT_AVATAR = '/images/reviewers/default-user.svg';
const SERVER_START_TIMEOUT_MS = 90_000;
// main.ts gives requests in flight 10 s after SIGTERM; past that the server is killed.
const SERVER_STOP_TIMEOUT_MS = 12_000;
const REQUEST_TIMEOUT_SECONDS = 10;

/** A whole number from the environment, or the fallback; exits with a message when it is not one. */
export function wholeNumber(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    console.error(`${name}=${JSON.stringify(raw)}: must be a whole number from ${min} to ${max}`);
    process.exit(1);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// The server

/** Refuses to start when something already listens there: the load would hit that instead. */
export function assertPortFree(port, portVariable) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () =>
      reject(new Error(`port ${port} on ${HOST} is in use; choose another with ${portVariable}`)),
    );
    probe.listen(port, HOST, () => probe.close(() => resolve()));
  });
}

/**
 * The environment the store runs with: the caller's (PATH, NODE_OPTIONS...) except DATABASE_URL, so
 * that a measurement never writes to the store's real database by accident; `databaseUrl` opts in
 * to one. No rate limits (the load comes from one address), warnings and errors logged only.
 */
export function storeEnv({ port, baseUrl, dataDir, databaseUrl, extraEnv = {} }) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  Object.assign(env, {
    PORT: String(port),
    HOST,
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    ...extraEnv,
  });
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/**
 * Starts `node <entry>` (the compiled server by default; `scripts/start.mjs` is `npm start`) of the
 * project in `rootDir` (this one by default) with storeEnv(options). Answers { child, exit, logLines,
 * recentLog }; `exit` is set once it exits.
 */
export function startServer({ entry = 'dist/server/main.js', rootDir = root, logPrefix = '[server]', ...options }) {
  const child = spawn(process.execPath, [path.join(rootDir, entry)], {
    cwd: rootDir,
    env: storeEnv(options),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = { child, exit: undefined, logLines: 0, recentLog: [] };
  child.once('exit', (code, signal) => (server.exit = { code, signal }));
  forwardLog(server, child.stdout, logPrefix);
  forwardLog(server, child.stderr, logPrefix);
  return server;
}

/** The server logs warnings and errors only; show them as they come and keep the last few. */
function forwardLog(server, stream, logPrefix) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines.filter(Boolean)) {
      server.logLines += 1;
      server.recentLog = [...server.recentLog.slice(-19), line];
      console.error(`${logPrefix} ${line}`);
    }
  });
}

export const isRunning = (server) => server !== undefined && server.exit === undefined;

export async function waitUntilHealthy(baseUrl, server) {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!isRunning(server)) {
      throw new Error(`the server exited while starting (${describeExit(server.exit)})${recentLog(server)}`);
    }
    const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (response?.status === 200) return;
    await sleep(250);
  }
  throw new Error(`GET /api/health did not answer 200 within ${SERVER_START_TIMEOUT_MS / 1000} s${recentLog(server)}`);
}

export const describeExit = (exit) => (exit?.signal ? `signal ${exit.signal}` : `exit code ${exit?.code}`);
export const recentLog = (server) =>
  server.recentLog.length > 0 ? `; its last output:\n  ${server.recentLog.join('\n  ')}` : '';

/** SIGTERM lets the server finish what is in flight and close its database; SIGKILL if it hangs. */
export async function stopServer(server) {
  if (!isRunning(server)) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const stoppedInTime = await Promise.race([exited.then(() => true), sleep(SERVER_STOP_TIMEOUT_MS, false)]);
  if (!stoppedInTime) {
    server.child.kill('SIGKILL');
    await exited;
  }
}

/** A process's resident memory in kB, from /proc (Linux); undefined once it is gone. */
export function readRssKb(pid) {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Set-up through the API, as the web app does it

/** One JSON API call; throws with the answer's status and start of body unless it is 2xx. */
export async function call(baseUrl, method, urlPath, { headers = {}, json } = {}) {
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method,
    headers: json === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: json === undefined ? undefined : JSON.stringify(json),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_SECONDS * 1000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${urlPath} answered ${response.status}: ${text.slice(0, 300)}`);
  return { response, body: text ? JSON.parse(text) : undefined };
}

/**
 * Signs a user up (better-auth) and trades the session cookie for a bearer token, as the web app
 * does. Answers { email, token, role }.
 */
export async function registerUser(baseUrl, { email, password = `user-${randomUUID()}`, name, image }) {
  // better-auth refuses requests without a trusted Origin (its CSRF check).
  const signUp = await call(baseUrl, 'POST', '/api/auth/sign-up/email', {
    headers: { origin: baseUrl },
    json: { email, password, name, image },
  });
  return tokenFor(baseUrl, email, signUp.response);
}

/**
 * Signs in with a password: the admin account the store made at start for its ADMIN_EMAILS (with
 * ADMIN_PASSWORD). Answers { email, token, role }.
 */
export async function signInUser(baseUrl, { email, password }) {
  const signIn = await call(baseUrl, 'POST', '/api/auth/sign-in/email', {
    headers: { origin: baseUrl },
    json: { email, password },
  });
  return tokenFor(baseUrl, email, signIn.response);
}

async function tokenFor(baseUrl, email, sessionResponse) {
  const cookie = sessionResponse.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .filter((pair) => pair.startsWith('brakehouse.'))
    .join('; ');
  if (!cookie) throw new Error(`signing in ${email} set no brakehouse.* session cookie`);
  const tokenCall = await call(baseUrl, 'PUT', `/api/user/${encodeURIComponent(email)}`, {
    headers: { origin: baseUrl, cookie },
    json: { eamil: email }, // sic: the API's field name
  });
  return { email, token: tokenCall.body.token, role: tokenCall.body.role };
}
