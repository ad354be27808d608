import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_SHIPPING_METHODS,
  isWholeCents,
  MAX_PASSWORD_LENGTH,
  normalizeEmail,
  type ShippingMethod,
} from '../contract/index.js';

const DEFAULT_PORT = 3000;
/** Long enough for a balancer that checks health every 2 s and needs two failures to look elsewhere. */
const DEFAULT_DRAIN_SECONDS = 5;
/** The owner's password guards every admin power: longer than a customer's minimum. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;

const limitPerMinute = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number (0 turns the limit off)' })
    .int({ error: 'must be a whole number (0 turns the limit off)' })
    .min(0, { error: 'must be 0 or more' })
    .default(fallback);

const emailList = z
  .string()
  .default('')
  .transform((value) => value.split(',').map(normalizeEmail).filter(Boolean))
  .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' })));

/** SHIPPING_METHODS: the checkout's methods, each with a price and an optional free-from threshold. */
const money = z
  .number({ error: 'price and freeFrom must be numbers' })
  .min(0, { error: 'price and freeFrom must be 0 or more' })
  .max(100_000, { error: 'price and freeFrom must be at most 100000' })
  .refine(isWholeCents, { error: 'price and freeFrom must have at most two decimals' });
const shippingMethodsSetting = z
  .array(
    z.object({
      id: z.string().regex(/^[a-z0-9-]{1,30}$/, { error: 'an id is 1 to 30 lowercase letters, digits or dashes' }),
      label: z
        .string()
        .trim()
        .min(1, { error: 'a label is required' })
        .max(80, { error: 'a label is at most 80 characters' }),
      price: money,
      freeFrom: money.nullable().optional().default(null),
    }),
  )
  .min(1, { error: 'name at least one shipping method' })
  .refine((methods) => new Set(methods.map(({ id }) => id)).size === methods.length, { error: 'ids must differ' });

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
  ADMIN_PASSWORD: z
    .string()
    .min(MIN_ADMIN_PASSWORD_LENGTH, { error: `must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters` })
    .max(MAX_PASSWORD_LENGTH, { error: `must be at most ${MAX_PASSWORD_LENGTH} characters` })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty'], { error: 'must be auto, json or pretty' }).default('auto'),
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(0, { error: 'must be 0 or more' })
    .max(300, { error: 'must be at most 300' })
    .default(DEFAULT_DRAIN_SECONDS),
  RATE_LIMIT_PER_MINUTE: limitPerMinute(600),
  AUTH_RATE_LIMIT_PER_MINUTE: limitPerMinute(10),
  MEDIA_RATE_LIMIT_PER_MINUTE: limitPerMinute(1200),
  SEARCHES_AT_ONCE_PER_CLIENT: z.coerce
    .number({ error: 'must be a whole number (0 turns the limit off)' })
    .int({ error: 'must be a whole number (0 turns the limit off)' })
    .min(0, { error: 'must be 0 or more' })
    .max(100, { error: 'must be at most 100' })
    .default(2),
  SEARCH_INDEX: z
    .enum(['on', 'off'], { error: 'must be on or off' })
    .default('on')
    .transform((value) => value === 'on'),
  MEDIA_UNUSED_GRACE_HOURS: z.coerce
    .number({ error: 'must be a whole number of hours' })
    .int({ error: 'must be a whole number of hours' })
    .min(1, { error: 'must be at least 1' })
    .max(24 * 365, { error: 'must be at most 8760 (a year)' })
    .default(24),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters (e.g. openssl rand -hex 32)' }).optional(),
  ACCESS_TOKEN_TTL_MINUTES: z.coerce
    .number({ error: 'must be a whole number of minutes' })
    .int({ error: 'must be a whole number of minutes' })
    .min(1, { error: 'must be at least 1' })
    .max(24 * 60, { error: 'must be at most 1440 (a day)' })
    .default(60),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'must be a Stripe secret key (sk_test_... or sk_live_...)' })
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, { error: 'must be a Stripe publishable key (pk_test_... or pk_live_...)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { error: "must be the webhook endpoint's signing secret (whsec_...)" })
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  STORE_NAME: z.string().trim().min(1).max(60).default('Brakehouse'),
  STORE_CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('sales@brakehouse.example'),
  STORE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, { error: 'must be a three-letter ISO 4217 code such as USD' })
    .default('USD'),
  STORE_TAX_RATE: z.coerce
    .number({ error: 'must be a number (a percent, such as 20 or 8.875)' })
    .min(0, { error: 'must be 0 or more' })
    .max(100, { error: 'must be at most 100' })
    .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-9, {
      error: 'must have at most two decimals (hundredths of a percent)',
    })
    .default(0),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)' })
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^(?:[^<>@\r\n]+<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, {
      error: 'must be an e-mail address, or a name and an address: Brakehouse <sales@example.com>',
    })
    .optional(),
  SHIPPING_METHODS: z
    .string()
    .optional()
    .transform((text, context) => {
      if (text === undefined || text.trim() === '') return DEFAULT_SHIPPING_METHODS;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        context.addIssue({ code: 'custom', message: 'must be JSON: [{"id","label","price","freeFrom"}]' });
        return z.NEVER;
      }
      const parsed = shippingMethodsSetting.safeParse(value);
      if (!parsed.success) {
        context.addIssue({ code: 'custom', message: parsed.error.issues.map((issue) => issue.message).join('; ') });
        return z.NEVER;
      }
      return parsed.data;
    }),
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
  /**
   * The password of the accounts the store creates at start for `adminEmails` that have none yet;
   * required while such an address exists (checked at start, against the database).
   */
  adminPassword: string | undefined;
  logLevel: string;
  /** `auto`: pretty on a terminal, JSON otherwise. */
  logFormat: 'auto' | 'json' | 'pretty';
  /**
   * After SIGTERM, how long health answers 503 while requests are still served, before the process
   * stops taking new ones and finishes those in flight (0: stop at once).
   */
  shutdownDrainSeconds: number;
  rateLimitPerMinute: number;
  authRateLimitPerMinute: number;
  /** Files under /media/ one client may ask for in a minute (0: no limit). */
  mediaRateLimitPerMinute: number;
  /**
   * Catalogue searches the cache cannot answer that one client may have running at once (0: no
   * limit); a few more wait briefly, any beyond are refused (SEARCH_BUSY).
   */
  searchesAtOncePerClient: number;
  /**
   * Whether each process keeps the catalogue in memory to search it (decision 0039); off, every
   * search runs in the database.
   */
  searchIndex: boolean;
  /**
   * How long an uploaded photo that no part shows is kept before it is removed: long enough for the
   * part it was uploaded for to be written and saved.
   */
  mediaUnusedGraceHours: number;
  trustProxy: boolean;
  /** Shared rate limits across instances; unset, each process counts on its own. */
  redisUrl: string | undefined;
  /** Signs sessions and access tokens; when unset, one is generated and kept in the database. */
  authSecret: string | undefined;
  accessTokenTtlMinutes: number;
  /** Google sign-in, when both its client id and secret are set. */
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  /** Real card payments through Stripe, when its keys are set; otherwise the built-in sandbox. */
  stripe: StripeConfig | undefined;
  store: { name: string; contactEmail: string; currency: string; taxRate: number };
  /** What the checkout offers (SHIPPING_METHODS; DEFAULT_SHIPPING_METHODS unset). */
  shippingMethods: ShippingMethod[];
  mail: MailConfig;
}

export interface MailConfig {
  /** The SMTP server (SMTP_URL); unset, each e-mail is written as an .eml file under `dir`. */
  smtpUrl: string | undefined;
  /** The sender (MAIL_FROM): by default the store's name and contact address. */
  from: string;
  /** Where e-mails are written when there is no SMTP server: DATA_DIR/mail. */
  dir: string;
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Stripe's API by default; tests and stripe-mock point it elsewhere. */
  apiUrl: string | undefined;
}

/** Currencies whose smallest unit is not a hundredth: the store keeps prices in cents. */
const NOT_TWO_DECIMAL_CURRENCIES = new Set(
  'BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF UGX VND VUV XAF XOF XPF BHD JOD KWD OMR TND'.split(' '),
);

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
  if (Boolean(values.GOOGLE_CLIENT_ID) !== Boolean(values.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError([
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both to turn Google sign-in on, or neither to leave it off',
    ]);
  }
  const stripe = stripeConfig(values);
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    adminEmails: values.ADMIN_EMAILS,
    adminPassword: values.ADMIN_PASSWORD,
    logLevel: values.LOG_LEVEL,
    logFormat: values.LOG_FORMAT,
    shutdownDrainSeconds: values.SHUTDOWN_DRAIN_SECONDS,
    rateLimitPerMinute: values.RATE_LIMIT_PER_MINUTE,
    authRateLimitPerMinute: values.AUTH_RATE_LIMIT_PER_MINUTE,
    mediaRateLimitPerMinute: values.MEDIA_RATE_LIMIT_PER_MINUTE,
    searchesAtOncePerClient: values.SEARCHES_AT_ONCE_PER_CLIENT,
    searchIndex: values.SEARCH_INDEX,
    mediaUnusedGraceHours: values.MEDIA_UNUSED_GRACE_HOURS,
    trustProxy: values.TRUST_PROXY,
    redisUrl: values.REDIS_URL,
    authSecret: values.AUTH_SECRET,
    accessTokenTtlMinutes: values.ACCESS_TOKEN_TTL_MINUTES,
    google:
      values.GOOGLE_CLIENT_ID && values.GOOGLE_CLIENT_SECRET
        ? {
            clientId: values.GOOGLE_CLIENT_ID,
            clientSecret: values.GOOGLE_CLIENT_SECRET,
            discoveryUrl: values.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    stripe,
    store: {
      name: values.STORE_NAME,
      contactEmail: values.STORE_CONTACT_EMAIL,
      currency: values.STORE_CURRENCY,
      taxRate: values.STORE_TAX_RATE,
    },
    shippingMethods: values.SHIPPING_METHODS,
    mail: {
      smtpUrl: values.SMTP_URL,
      from: values.MAIL_FROM ?? `${values.STORE_NAME.replace(/[<>"\r\n]/g, '')} <${values.STORE_CONTACT_EMAIL}>`,
      dir: path.join(path.resolve(values.DATA_DIR), 'mail'),
    },
  };
}

/** Stripe is on when both keys are set; then the webhook secret is needed too, and keys must agree. */
function stripeConfig(values: z.infer<typeof envSchema>): StripeConfig | undefined {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey } = values;
  if (!secretKey && !publishableKey) return undefined;
  const problems: string[] = [];
  if (!secretKey || !publishableKey) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: set both to take card payments with Stripe');
  } else if (secretKey.includes('_live_') !== publishableKey.includes('_live_')) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: one is a test key and the other a live key');
  }
  if (!values.STRIPE_WEBHOOK_SECRET) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET: required with Stripe, so that a payment counts even when the customer closes the page ' +
        '(the signing secret of the endpoint <PUBLIC_URL>/api/stripe/webhook)',
    );
  }
  if (NOT_TWO_DECIMAL_CURRENCIES.has(values.STORE_CURRENCY)) {
    problems.push(
      `STORE_CURRENCY="${values.STORE_CURRENCY}": prices are kept in hundredths, which Stripe does not use for it`,
    );
  }
  if (problems.length > 0 || !secretKey || !publishableKey || !values.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(problems);
  }
  return { secretKey, publishableKey, webhookSecret: values.STRIPE_WEBHOOK_SECRET, apiUrl: values.STRIPE_API_URL };
}
