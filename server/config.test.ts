import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { DEFAULT_SHIPPING_METHODS } from '../contract/index.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
};

describe('loadConfig', () => {
  it('when nothing is set, then the defaults make a working local store', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      adminEmails: [],
      rateLimitPerMinute: 600,
      authRateLimitPerMinute: 10,
      mediaRateLimitPerMinute: 1200,
      mediaUnusedGraceHours: 24,
      searchesAtOncePerClient: 2,
      logLevel: 'info',
      logFormat: 'auto',
      shutdownDrainSeconds: 5,
      store: { name: 'Brakehouse', currency: 'USD' },
    });
  });

  it('when values are set, then they are parsed and normalised', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://shop@db.internal:5432/shop',
      ADMIN_EMAILS: ' Boss@Shop.example , ops@shop.example,',
      PUBLIC_URL: 'https://shop.example/',
      RATE_LIMIT_PER_MINUTE: '0',
      STORE_CURRENCY: 'EUR',
      LOG_FORMAT: 'json',
      SHUTDOWN_DRAIN_SECONDS: '0',
    });
    expect(config.logFormat).toBe('json');
    expect(config.shutdownDrainSeconds).toBe(0);
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://shop@db.internal:5432/shop');
    expect(config.adminEmails).toEqual(['boss@shop.example', 'ops@shop.example']);
    expect(config.publicUrl).toBe('https://shop.example');
    expect(config.rateLimitPerMinute).toBe(0);
    expect(config.store.currency).toBe('EUR');
  });

  it('when the tax rate and shipping methods are unset, then no tax and the default methods; set, they are read', () => {
    expect(loadConfig({}).store.taxRate).toBe(0);
    expect(loadConfig({}).shippingMethods).toEqual(DEFAULT_SHIPPING_METHODS);
    const config = loadConfig({
      STORE_TAX_RATE: '8.87',
      SHIPPING_METHODS:
        '[{"id":"courier","label":"Courier","price":12.9,"freeFrom":300},{"id":"post","label":"Post","price":4}]',
    });
    expect(config.store.taxRate).toBe(8.87);
    expect(config.shippingMethods).toEqual([
      { id: 'courier', label: 'Courier', price: 12.9, freeFrom: 300 },
      { id: 'post', label: 'Post', price: 4, freeFrom: null },
    ]);
  });

  it('when an empty string is set, then the default applies', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'eighty' }, /^PORT="eighty": must be a port number/],
    [{ PORT: '70000' }, /^PORT="70000": must be a port number from 0 to 65535/],
    [{ DATABASE_URL: 'mysql://x@y/z' }, /^DATABASE_URL=.*must be a postgres:\/\/ URL/],
    [{ ADMIN_EMAILS: 'boss@shop.example,not-an-email' }, /^ADMIN_EMAILS=.*comma-separated list of e-mail/],
    [{ RATE_LIMIT_PER_MINUTE: '-5' }, /^RATE_LIMIT_PER_MINUTE="-5": must be 0 or more/],
    [{ STORE_CURRENCY: 'dollars' }, /^STORE_CURRENCY="dollars": must be a three-letter ISO 4217 code/],
    [{ NODE_ENV: 'staging' }, /^NODE_ENV="staging"/],
    [{ STORE_TAX_RATE: 'twenty' }, /^STORE_TAX_RATE="twenty": must be a number/],
    [{ STORE_TAX_RATE: '-1' }, /^STORE_TAX_RATE="-1": must be 0 or more/],
    [{ STORE_TAX_RATE: '8.8755' }, /^STORE_TAX_RATE="8.8755": must have at most two decimals/],
    [{ SHIPPING_METHODS: '[{"id":"x"' }, /^SHIPPING_METHODS=.*must be JSON/],
    [{ SHIPPING_METHODS: '[]' }, /^SHIPPING_METHODS=.*at least one shipping method/],
    [{ SHIPPING_METHODS: '[{"id":"Fast Mail","label":"F","price":1}]' }, /^SHIPPING_METHODS=.*lowercase letters/],
    [{ SHIPPING_METHODS: '[{"id":"a","label":"A","price":1.005}]' }, /^SHIPPING_METHODS=.*at most two decimals/],
    [
      { SHIPPING_METHODS: '[{"id":"a","label":"A","price":1},{"id":"a","label":"B","price":2}]' },
      /^SHIPPING_METHODS=.*ids must differ/,
    ],
    [{ LOG_FORMAT: 'xml' }, /^LOG_FORMAT="xml": must be auto, json or pretty/],
    [{ SHUTDOWN_DRAIN_SECONDS: '2.5' }, /^SHUTDOWN_DRAIN_SECONDS="2.5": must be a whole number of seconds/],
    [{ SHUTDOWN_DRAIN_SECONDS: '-1' }, /^SHUTDOWN_DRAIN_SECONDS="-1": must be 0 or more/],
    [{ SHUTDOWN_DRAIN_SECONDS: '3600' }, /^SHUTDOWN_DRAIN_SECONDS="3600": must be at most 300/],
    [{ MEDIA_RATE_LIMIT_PER_MINUTE: 'lots' }, /^MEDIA_RATE_LIMIT_PER_MINUTE="lots": must be a whole number/],
    [{ SEARCHES_AT_ONCE_PER_CLIENT: '-1' }, /^SEARCHES_AT_ONCE_PER_CLIENT="-1": must be 0 or more/],
    [{ MEDIA_UNUSED_GRACE_HOURS: '0' }, /^MEDIA_UNUSED_GRACE_HOURS="0": must be at least 1/],
    [{ MEDIA_UNUSED_GRACE_HOURS: '1.5' }, /^MEDIA_UNUSED_GRACE_HOURS="1.5": must be a whole number of hours/],
    [{ MEDIA_UNUSED_GRACE_HOURS: '9000' }, /^MEDIA_UNUSED_GRACE_HOURS="9000": must be at most 8760/],
  ])('when %o, then the problem names the variable and the value', (env, message) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('when several values are bad, then every problem is reported at once', () => {
    expect(problemsOf({ PORT: 'x', STORE_CURRENCY: 'x' })).toHaveLength(2);
  });

  describe('e-mail', () => {
    it("when no mail server is set, then e-mails go to DATA_DIR/mail from the store's name and address", () => {
      expect(
        loadConfig({ DATA_DIR: '/srv/shop', STORE_NAME: 'Pad <Shop>', STORE_CONTACT_EMAIL: 'hi@pads.example' }).mail,
      ).toEqual({
        smtpUrl: undefined,
        from: 'Pad Shop <hi@pads.example>',
        dir: path.resolve('/srv/shop/mail'),
      });
    });

    it('when SMTP_URL and MAIL_FROM are set, then they are used', () => {
      const { mail } = loadConfig({
        SMTP_URL: 'smtps://user:pass@mail.example:465',
        MAIL_FROM: 'Shop <shop@example.com>',
      });
      expect(mail).toMatchObject({ smtpUrl: 'smtps://user:pass@mail.example:465', from: 'Shop <shop@example.com>' });
      expect(loadConfig({ MAIL_FROM: 'shop@example.com' }).mail.from).toBe('shop@example.com');
    });

    it('when SMTP_URL is no SMTP address or MAIL_FROM no sender, then each is named with what is expected', () => {
      expect(problemsOf({ SMTP_URL: 'http://mail.example', MAIL_FROM: 'Shop <no address>' })).toEqual([
        'SMTP_URL="http://mail.example": must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)',
        'MAIL_FROM="Shop <no address>": must be an e-mail address, or a name and an address: Brakehouse <sales@example.com>',
      ]);
      expect(problemsOf({ MAIL_FROM: 'a@b.example\r\nBcc: x@y.example' })).toHaveLength(1);
    });
  });

  describe('Stripe', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
    };

    it('when no Stripe key is set, then the sandbox takes payments', () => {
      expect(loadConfig({}).stripe).toBeUndefined();
    });

    it('when both keys and the webhook secret are set, then Stripe takes payments', () => {
      expect(loadConfig({ ...stripe, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe).toEqual({
        secretKey: 'sk_test_abc123',
        publishableKey: 'pk_test_abc123',
        webhookSecret: 'whsec_abc123',
        apiUrl: 'http://127.0.0.1:12111',
      });
    });

    it.each([
      [
        { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' },
        /set both to take card payments with Stripe/,
      ],
      [{ ...stripe, STRIPE_WEBHOOK_SECRET: '' }, /^STRIPE_WEBHOOK_SECRET: required with Stripe/],
      [{ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123' }, /one is a test key and the other a live key/],
      [{ ...stripe, STRIPE_SECRET_KEY: 'pk_test_abc123' }, /^STRIPE_SECRET_KEY=.*must be a Stripe secret key/],
      [{ ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' }, /^STRIPE_WEBHOOK_SECRET=.*signing secret \(whsec_/],
      [{ ...stripe, STORE_CURRENCY: 'JPY' }, /^STORE_CURRENCY="JPY": prices are kept in hundredths/],
    ])('when %o, then the problem is named', (env, message) => {
      const problems = problemsOf(env);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(message);
    });
  });
});
