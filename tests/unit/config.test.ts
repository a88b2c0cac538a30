import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, messageLinksOff, parseEnv } from '@/server/config';

describe('parseEnv', () => {
  it('runs the demo shop with no settings at all', () => {
    expect(parseEnv({})).toMatchObject({ PORT: 3000, DATA_DIR: './data', SEED_DEMO: true, TRUST_PROXY: false, RATE_LIMIT_AUTH_PER_EMAIL: 10 });
  });

  it('treats empty variables as unset and converts types', () => {
    const env = parseEnv({ PORT: '8080', DATABASE_URL: '', TRUST_PROXY: 'true', RATE_LIMIT_AUTH_PER_IP: '0' });
    expect(env).toMatchObject({ PORT: 8080, TRUST_PROXY: true, RATE_LIMIT_AUTH_PER_IP: 0 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('stops with one clear line per wrong value', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_EMAIL: 'boss@example.com' })).toThrowError(
      /PORT: must be a number[\s\S]*DATABASE_URL: must start with postgres[\s\S]*ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together/,
    );
  });

  // Which provider runs is decided in index.ts: Paystack with a key; the sandbox with PAYMENTS_SANDBOX=true
  // or in a database created as a demo shop; otherwise none (Cash on Delivery only).
  it('takes Mobile Money settings: no key and no sandbox unless asked for, a 30-minute hold', () => {
    expect(parseEnv({})).toMatchObject({
      UNPAID_ORDER_HOLD_MINUTES: 30,
      PAYSTACK_BASE_URL: 'https://api.paystack.co',
      RATE_LIMIT_ORDERS_PER_IP: 60,
      PAYMENTS_SANDBOX: false,
    });
    expect(parseEnv({}).PAYSTACK_SECRET_KEY).toBeUndefined();
    expect(parseEnv({ PAYSTACK_SECRET_KEY: 'sk_test_abc123' }).PAYSTACK_SECRET_KEY).toBe('sk_test_abc123');
    expect(() => parseEnv({ PAYSTACK_SECRET_KEY: 'pk_test_abc123' })).toThrowError(/PAYSTACK_SECRET_KEY: must be a Paystack secret key/);
  });
});

/** The ConfigError parseEnv throws for this environment (fails the test when it passes). */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    parseEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(env)}`);
}

/** The problem lines of a ConfigError (the first line is the heading). */
const problemLines = (error: ConfigError) => error.message.split('\n').slice(1);

describe('payment settings', () => {
  it('stop a live key without an https PUBLIC_URL, naming PUBLIC_URL', () => {
    for (const env of [{ PAYSTACK_SECRET_KEY: 'sk_live_abc' }, { PAYSTACK_SECRET_KEY: 'sk_live_abc', PUBLIC_URL: 'http://shop.example.com' }]) {
      const error = configError(env);
      expect(problemLines(error)).toEqual([expect.stringMatching(/^ {2}PUBLIC_URL: .*https/)]);
    }
  });

  it('take a live key with an https PUBLIC_URL, with no warning', () => {
    const env = parseEnv({ PAYSTACK_SECRET_KEY: 'sk_live_abc', PUBLIC_URL: 'https://shop.example.com' });
    expect(env).toMatchObject({ PAYSTACK_SECRET_KEY: 'sk_live_abc', PUBLIC_URL: 'https://shop.example.com' });
    expect(configWarnings(env)).toEqual([]);
  });

  it('take a test key without https, with one warning about PUBLIC_URL', () => {
    for (const extra of [{}, { PUBLIC_URL: 'http://localhost:3000' }]) {
      const env = parseEnv({ PAYSTACK_SECRET_KEY: 'sk_test_abc', ...extra });
      const warnings = configWarnings(env);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/PUBLIC_URL/);
    }
    expect(configWarnings(parseEnv({ PAYSTACK_SECRET_KEY: 'sk_test_abc', PUBLIC_URL: 'https://shop.example.com' }))).toEqual([]);
    expect(configWarnings(parseEnv({}))).toEqual([]);
  });

  it('warn once, naming PUBLIC_URL, when SMTP or an SMS gateway sends while PUBLIC_URL is unset or names this machine: messages leave their links out', () => {
    const smtp = { SMTP_URL: 'smtp://user:pass@mail.example.com:587', MAIL_FROM: 'Shop <orders@example.com>' };
    const sms = { SMS_PROVIDER: 'hubtel', SMS_API_KEY: 'id:secret', SMS_SENDER_ID: 'Nkuto' };
    for (const channel of [smtp, sms]) {
      for (const local of [{}, { PUBLIC_URL: 'http://localhost:3000' }, { PUBLIC_URL: 'http://127.0.0.1:3000' }, { PUBLIC_URL: 'http://192.168.1.20:3000' }]) {
        const env = parseEnv({ ...channel, ...local });
        expect(messageLinksOff(env), JSON.stringify(local)).toBe(true);
        expect(configWarnings(env)).toEqual([expect.stringMatching(/^PUBLIC_URL: .*links/)]);
      }
      const live = parseEnv({ ...channel, PUBLIC_URL: 'https://shop.example.com' });
      expect(messageLinksOff(live)).toBe(false);
      expect(configWarnings(live)).toEqual([]);
    }
    // Nothing really sends: messages are only logged and listed, where a local link is useful.
    expect(messageLinksOff(parseEnv({}))).toBe(false);
    expect(configWarnings(parseEnv({}))).toEqual([]);
  });

  it("warn in the banner when the shop's own database runs without syncing", () => {
    expect(configWarnings(parseEnv({ UNSAFE_FAST_WRITES: 'true' }))).toEqual([expect.stringMatching(/^UNSAFE_FAST_WRITES: .*power cut/)]);
    // DATABASE_URL's server keeps its own settings: the variable does nothing there.
    expect(configWarnings(parseEnv({ UNSAFE_FAST_WRITES: 'true', DATABASE_URL: 'postgres://localhost/shop', APP_SECRET: 'x'.repeat(32) }))).toEqual([]);
  });

  it('stop a Paystack time limit that is not shorter than the shutdown time limit, naming both', () => {
    for (const env of [
      { PAYSTACK_TIMEOUT_MS: '10000' },
      { PAYSTACK_TIMEOUT_MS: '12000', SHUTDOWN_TIMEOUT_MS: '5000' },
      { PAYSTACK_TIMEOUT_MS: '3000', SHUTDOWN_TIMEOUT_MS: '3000' },
    ]) {
      const lines = problemLines(configError(env));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/PAYSTACK_TIMEOUT_MS/);
      expect(lines[0]).toMatch(/SHUTDOWN_TIMEOUT_MS/);
    }
  });

  it('take the default time limits (8000 ms for Paystack, 10000 ms to stop) and shorter Paystack ones', () => {
    expect(parseEnv({})).toMatchObject({ PAYSTACK_TIMEOUT_MS: 8000, SHUTDOWN_TIMEOUT_MS: 10_000 });
    expect(parseEnv({ PAYSTACK_TIMEOUT_MS: '1000', SHUTDOWN_TIMEOUT_MS: '5000' })).toMatchObject({ PAYSTACK_TIMEOUT_MS: 1000, SHUTDOWN_TIMEOUT_MS: 5000 });
  });

  it('stop the sandbox beside a Paystack key, naming PAYMENTS_SANDBOX', () => {
    for (const key of ['sk_test_abc', 'sk_live_abc']) {
      const lines = problemLines(configError({ PAYMENTS_SANDBOX: 'true', PAYSTACK_SECRET_KEY: key, PUBLIC_URL: 'https://shop.example.com' }));
      expect(lines).toEqual([expect.stringMatching(/^ {2}PAYMENTS_SANDBOX: /)]);
    }
    expect(parseEnv({ PAYMENTS_SANDBOX: 'false', PAYSTACK_SECRET_KEY: 'sk_test_abc' }).PAYMENTS_SANDBOX).toBe(false);
  });

  it('read PAYMENTS_SANDBOX as a yes or no', () => {
    for (const yes of ['true', '1', 'yes']) expect(parseEnv({ PAYMENTS_SANDBOX: yes }).PAYMENTS_SANDBOX).toBe(true);
    for (const no of ['false', '0', 'no', '']) expect(parseEnv({ PAYMENTS_SANDBOX: no }).PAYMENTS_SANDBOX).toBe(false);
    expect(problemLines(configError({ PAYMENTS_SANDBOX: 'maybe' }))).toEqual(['  PAYMENTS_SANDBOX: must be true or false']);
  });

  it('report every payment problem at once, one line each', () => {
    const both = problemLines(configError({ PAYSTACK_SECRET_KEY: 'sk_live_abc', PAYSTACK_TIMEOUT_MS: '20000' }));
    expect(both).toHaveLength(2);
    expect(both.join('\n')).toMatch(/PUBLIC_URL[\s\S]*PAYSTACK_TIMEOUT_MS/);
  });
});

describe('a direct connection beside DATABASE_URL', () => {
  const shared = { DATABASE_URL: 'postgres://shop@pgbouncer:6432/shop', APP_SECRET: 'a-server-secret-of-at-least-32-characters' };

  it('is optional, and taken as a postgres:// URL', () => {
    expect(parseEnv(shared).DATABASE_DIRECT_URL).toBeUndefined();
    expect(parseEnv({ ...shared, DATABASE_DIRECT_URL: 'postgres://shop@db:5432/shop' }).DATABASE_DIRECT_URL).toBe('postgres://shop@db:5432/shop');
    expect(problemLines(configError({ ...shared, DATABASE_DIRECT_URL: 'mysql://db/shop' }))).toEqual([
      expect.stringMatching(/^ {2}DATABASE_DIRECT_URL: must start with postgres/),
    ]);
  });

  it('is refused without DATABASE_URL, rather than ignored while the shop runs its own database', () => {
    expect(problemLines(configError({ DATABASE_DIRECT_URL: 'postgres://shop@db:5432/shop' }))).toEqual([
      expect.stringMatching(/^ {2}DATABASE_DIRECT_URL: only with DATABASE_URL/),
    ]);
  });
});
