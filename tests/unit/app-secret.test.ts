import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '@/server/config';
import { hasSignature, loadAppSecret, secretFileFor, sign } from '@/server/secret';

const SECRET = 'an-app-secret-of-at-least-thirty-two-characters';

describe('the server secret', () => {
  it('is made once into DATA_DIR when APP_SECRET is unset (mode 0600), then read back at every start', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-secret-'));
    const notes: string[] = [];
    const first = await loadAppSecret({ DATA_DIR: dataDir }, (line) => notes.push(line));
    const file = secretFileFor(dataDir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(notes).toEqual([expect.stringContaining(file)]);

    const again = await loadAppSecret({ DATA_DIR: dataDir }, (line) => notes.push(line));
    expect(again.equals(first)).toBe(true);
    expect(notes).toHaveLength(1);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('comes from APP_SECRET when set, and a damaged file stops the start rather than silently making another', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-secret-'));
    expect((await loadAppSecret({ DATA_DIR: dataDir, APP_SECRET: SECRET })).toString()).toBe(SECRET);
    expect(fs.existsSync(secretFileFor(dataDir))).toBe(false);
    fs.writeFileSync(secretFileFor(dataDir), 'short\n');
    await expect(loadAppSecret({ DATA_DIR: dataDir })).rejects.toThrow(/damaged/);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is required with DATABASE_URL (several processes must share it) and must be long', () => {
    expect(() => parseEnv({ DATABASE_URL: 'postgres://localhost/shop' })).toThrow(ConfigError);
    expect(() => parseEnv({ DATABASE_URL: 'postgres://localhost/shop' })).toThrow(/APP_SECRET: required with DATABASE_URL/);
    expect(() => parseEnv({ APP_SECRET: 'too-short' })).toThrow(/APP_SECRET: must be at least 32 characters/);
    expect(parseEnv({ DATABASE_URL: 'postgres://localhost/shop', APP_SECRET: SECRET }).APP_SECRET).toBe(SECRET);
  });

  it('signs each value under its purpose; another secret or value does not verify', () => {
    const secret = Buffer.from(SECRET);
    const token = sign(secret, 'order-token', 'order-1');
    expect(hasSignature(secret, 'order-token', 'order-1', token)).toBe(true);
    expect(hasSignature(secret, 'order-token', 'order-2', token)).toBe(false);
    expect(hasSignature(Buffer.from(`${SECRET}!`), 'order-token', 'order-1', token)).toBe(false);
    expect(hasSignature(secret, 'order-token', 'order-1', `${token.slice(0, -1)}A`)).toBe(token.endsWith('A'));
  });
});
