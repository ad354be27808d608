import path from 'node:path';
import { z } from 'zod';

const DEFAULT_PORT = 3000;

const limitPerMinute = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number (0 turns the limit off)' })
    .int({ error: 'must be a whole number (0 turns the limit off)' })
    .min(0, { error: 'must be 0 or more' })
    .default(fallback);

const emailList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' })));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a port number' })
    .min(0, { error: 'must be a port number from 0 to 65535' })
    .max(65535, { error: 'must be a port number from 0 to 65535' })
    .default(DEFAULT_PORT),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  ADMIN_EMAILS: emailList,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: limitPerMinute(600),
  AUTH_RATE_LIMIT_PER_MINUTE: limitPerMinute(10),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  STORE_NAME: z.string().trim().min(1).max(60).default('Brakehouse'),
  STORE_CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('sales@brakehouse.example'),
  STORE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'must be a three-letter ISO 4217 code such as USD' })
    .default('USD'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  adminEmails: string[];
  logLevel: string;
  rateLimitPerMinute: number;
  authRateLimitPerMinute: number;
  trustProxy: boolean;
  store: { name: string; contactEmail: string; currency: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the environment once, at start; every problem is named with its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
      }),
    );
  }
  const values = parsed.data;
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    adminEmails: values.ADMIN_EMAILS,
    logLevel: values.LOG_LEVEL,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerMinute: values.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: values.TRUST_PROXY,
    store: {
      name: values.STORE_NAME,
      contactEmail: values.STORE_CONTACT_EMAIL,
      currency: values.STORE_CURRENCY,
    },
  };
}
