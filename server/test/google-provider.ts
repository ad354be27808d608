import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { projectRoot } from '../lib/project-root.js';
import { TEST_ORIGIN } from './auth.js';

/** The browser tests' stand-in for Google (e2e/support/oidc-provider.mjs): any login, its e-mail verified. */
export interface LocalGoogle {
  /** GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and GOOGLE_DISCOVERY_URL for the test app. */
  env: Record<string, string>;
  close(): void;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the provider for an app whose PUBLIC_URL is TEST_ORIGIN; answers once its discovery document does. */
export async function startLocalGoogle(): Promise<LocalGoogle> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['e2e/support/oidc-provider.mjs'], {
    cwd: projectRoot(),
    env: { ...process.env, OIDC_PORT: String(port), APP_URL: TEST_ORIGIN },
    stdio: 'ignore',
  });
  const discoveryUrl = `http://127.0.0.1:${port}/.well-known/openid-configuration`;
  const until = Date.now() + 15_000;
  for (;;) {
    if ((await fetch(discoveryUrl).catch(() => undefined))?.ok) break;
    if (Date.now() > until) throw new Error('the local OpenID provider did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    env: {
      GOOGLE_CLIENT_ID: 'brakehouse-e2e',
      GOOGLE_CLIENT_SECRET: 'brakehouse-e2e-secret',
      GOOGLE_DISCOVERY_URL: discoveryUrl,
    },
    close: () => void child.kill(),
  };
}

const cookiesOf = (setCookies: readonly string[]) => setCookies.map((cookie) => cookie.split(';')[0] ?? '');

/**
 * Signs in with Google as `email`, as the popup does: the store's start, the provider's login and
 * consent pages (its cookies kept), then the store's callback. Answers the callback's response.
 */
export async function signInWithGoogle(app: FastifyInstance, email: string) {
  const start = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: TEST_ORIGIN },
    payload: { provider: 'google', callbackURL: '/auth/popup-done', disableRedirect: true },
  });
  const storeCookies = cookiesOf([start.headers['set-cookie'] ?? []].flat()).join('; ');
  const jar = new Map<string, string>();
  const providerFetch = async (url: string, form?: Record<string, string>) => {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: form && new URLSearchParams(form).toString(),
    });
    for (const cookie of cookiesOf(response.headers.getSetCookie())) {
      const at = cookie.indexOf('=');
      jar.set(cookie.slice(0, at), cookie.slice(at + 1));
    }
    return response;
  };

  let url = start.json<{ url: string }>().url;
  for (let step = 0; step < 10; step += 1) {
    if (url.startsWith(TEST_ORIGIN)) {
      const { pathname, search } = new URL(url);
      return app.inject({ method: 'GET', url: `${pathname}${search}`, headers: { cookie: storeCookies } });
    }
    const response = await providerFetch(url);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    // An interaction page: its login form, then its consent form.
    const page = await response.text();
    const prompt: Record<string, string> = page.includes('name="login"')
      ? { prompt: 'login', login: email, password: 'any' }
      : { prompt: 'consent' };
    const submitted = await providerFetch(url, prompt);
    url = new URL(submitted.headers.get('location') ?? '', url).toString();
  }
  throw new Error('the Google sign-in did not come back to the store');
}
