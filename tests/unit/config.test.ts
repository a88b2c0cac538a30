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
});
