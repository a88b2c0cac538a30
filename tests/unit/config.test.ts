import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/config';

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

  it('takes Mobile Money settings: the sandbox unless a Paystack secret key is given, a 30-minute hold', () => {
    expect(parseEnv({})).toMatchObject({ UNPAID_ORDER_HOLD_MINUTES: 30, PAYSTACK_BASE_URL: 'https://api.paystack.co', RATE_LIMIT_ORDERS_PER_IP: 60 });
    expect(parseEnv({}).PAYSTACK_SECRET_KEY).toBeUndefined();
    expect(parseEnv({ PAYSTACK_SECRET_KEY: 'sk_test_abc123' }).PAYSTACK_SECRET_KEY).toBe('sk_test_abc123');
    expect(() => parseEnv({ PAYSTACK_SECRET_KEY: 'pk_test_abc123' })).toThrowError(/PAYSTACK_SECRET_KEY: must be a Paystack secret key/);
  });
});
