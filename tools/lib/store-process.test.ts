import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeEnvironment } from './store-process.js';

describe("the harnessed store's environment", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("when the caller's shell names a database and a log level, then the store gets neither unless asked", () => {
    vi.stubEnv('DATABASE_URL', 'postgres://shop@db.example/production');
    vi.stubEnv('LOG_LEVEL', 'debug');
    vi.stubEnv('NODE_OPTIONS', '--max-old-space-size=512');

    const inherited = storeEnvironment({ port: 3450, dataDir: '/tmp/bench', inheritEnvironment: true });
    expect(inherited).not.toHaveProperty('DATABASE_URL');
    expect(inherited).not.toHaveProperty('LOG_LEVEL');
    expect(inherited).toMatchObject({ NODE_OPTIONS: '--max-old-space-size=512', DATA_DIR: '/tmp/bench' });

    const asked = storeEnvironment({ port: 3450, databaseUrl: 'postgres://bench@127.0.0.1/bench_1', logLevel: 'warn' });
    expect(asked).toMatchObject({ DATABASE_URL: 'postgres://bench@127.0.0.1/bench_1', LOG_LEVEL: 'warn' });
  });

  it('when started for a test, then only PATH comes from the shell, and the settings given last win', () => {
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_live_from_the_shell');

    const env = storeEnvironment({
      port: 3301,
      databaseUrl: 'postgres://t@127.0.0.1/t',
      env: { PUBLIC_URL: 'https://shop.example' },
    });
    expect(env).not.toHaveProperty('STRIPE_SECRET_KEY');
    expect(env).toMatchObject({
      PATH: process.env.PATH,
      PORT: '3301',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://shop.example',
      RATE_LIMIT_PER_MINUTE: '0',
      AUTH_RATE_LIMIT_PER_MINUTE: '0',
      SHUTDOWN_DRAIN_SECONDS: '0',
    });
    expect(storeEnvironment({ port: 3301, env: { SHUTDOWN_DRAIN_SECONDS: '2' } }).SHUTDOWN_DRAIN_SECONDS).toBe('2');
  });
});
