import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import path from 'node:path';
import { projectRoot } from '../lib/project-root.js';
import { freePorts } from './private-postgres.js';

/** The real server process (`node dist/server/main.js`), as production runs it, for fault tests. */
const root = projectRoot();
/** The ports fault tests may give the server process. */
export const SERVER_PORTS = { from: 3300, to: 3399 };

/** Builds the server and the web app when the sources are newer than dist (a minute the first time). */
export function buildServer() {
  try {
    execFileSync(process.execPath, [path.join(root, 'scripts/build-if-stale.mjs')], { cwd: root, stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`the build failed:\n${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`);
  }
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  output: () => string;
  /** The exit code, or the signal's name when a signal ended it. */
  exited: Promise<number | string | null>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `attempt` every 50 ms until it answers something other than undefined; fails after `limitMs`. */
export async function eventually<T>(what: string, limitMs: number, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const result = await attempt();
    if (result !== undefined) return result;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`);
    await sleep(50);
  }
}

/** `promise`, or an error naming `what` after `ms`. */
export async function within<T>(ms: number, what: string, promise: Promise<T> | undefined): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not done within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const started = new Set<ChildProcess>();

/** Kills, with SIGKILL, every server process still running: for afterAll, whatever happened. */
export function killServerProcesses() {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  started.clear();
}

/**
 * Starts the compiled server on the given PostgreSQL database, on `port` or a free one of 3300-3399,
 * and waits until it is healthy. The same port means the same PUBLIC_URL: its tokens stay valid.
 */
export async function startServerProcess(
  databaseUrl: string,
  port?: number,
  /** More settings (ADMIN_EMAILS, REDIS_URL, a shared PUBLIC_URL behind a balancer, ...). */
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  port ??= (await freePorts(SERVER_PORTS.from, SERVER_PORTS.to))[0] ?? 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_PER_MINUTE: '0',
      AUTH_RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  started.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  const server = { child, port, baseUrl, output: () => output, exited };
  await waitForHealth(server, 30_000);
  return server;
}

async function waitForHealth(server: ServerProcess, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    if ((await probe(server.baseUrl, '/api/health')) === 200) return;
    await sleep(50);
  }
  throw new Error(`no healthy answer from ${server.baseUrl} within ${timeoutMs} ms:\n${server.output()}`);
}

/**
 * One GET on a connection of its own (no keep-alive pool that could hold a stale socket): the
 * status, or the connection's error code (ECONNREFUSED when nothing listens on the port).
 */
export function probe(baseUrl: string, url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(`${baseUrl}${url}`, { agent: false, timeout: 5_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('no answer'), { code: 'TIMEOUT' })));
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((cookie) => cookie?.startsWith('brakehouse.'))
    .join('; ');

/** Signs a new customer up over HTTP, as the web app does, and answers their bearer token. */
export async function registerCustomer(
  baseUrl: string,
  email = `rider-${randomUUID().slice(0, 8)}@example.com`,
): Promise<{ email: string; token: string }> {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'correct horse battery',
      name: 'Test Rider',
      image: '/images/reviewers/default-user.svg',
    }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  return { email, token: await tokenFor(baseUrl, email, cookieOf(signUp)) };
}

/** Signs in with a password (the admin account a server made for its ADMIN_EMAILS, say). */
export async function signInForToken(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ email: string; token: string; cookie: string }> {
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = cookieOf(signIn);
  return { email, token: await tokenFor(baseUrl, email, cookie), cookie };
}

/** `PUT /api/user/{email}` with the session cookie, as the web app asks for its token. */
async function tokenFor(baseUrl: string, email: string, cookie: string): Promise<string> {
  const tokenResponse = await fetch(`${baseUrl}/api/user/${encodeURIComponent(email)}`, {
    method: 'PUT',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ eamil: email }),
  });
  if (tokenResponse.status !== 200)
    throw new Error(`token failed: ${tokenResponse.status} ${await tokenResponse.text()}`);
  return ((await tokenResponse.json()) as { token: string }).token;
}

/** `POST /api/myOrder` with a bearer token: the status and the JSON body, or the connection error. */
export async function placeOrder(
  baseUrl: string,
  token: string,
  productId: string,
  quantity: number,
): Promise<{ status: number; body: { _id?: string; message?: string }; error?: string }> {
  try {
    const response = await fetch(`${baseUrl}/api/myOrder`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ productId, quantity, phoneNumber: '+1 555 0100', address: 'Workshop 7' }),
    });
    return { status: response.status, body: (await response.json()) as { _id?: string; message?: string } };
  } catch (error) {
    return { status: 0, body: {}, error: String((error as Error).cause ?? error) };
  }
}
