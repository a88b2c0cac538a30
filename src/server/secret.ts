import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFileDurably } from './db/durable-files';

/**
 * The shop's one server secret (ARCHITECTURE §8b): everything the shop signs is signed with it, each
 * use under its own purpose so one signature can never stand in for another.
 */
export type SignPurpose = 'order-token' | 'order-link' | 'outbox-secret' | 'password-reset' | 'guest-buyer' | 'phone-code' | 'phone-token';

/** Where the generated secret lives when APP_SECRET is unset (the embedded database's shop only). */
export function secretFileFor(dataDir: string): string {
  return path.resolve(dataDir, 'app-secret');
}

/**
 * APP_SECRET when set; else the one generated into DATA_DIR on the first start (32 random bytes,
 * mode 0600, on disk before it is used). With DATABASE_URL the variable is required (config.ts):
 * several processes must share it, and a file in one machine's folder cannot be shared.
 */
export async function loadAppSecret(env: { APP_SECRET?: string; DATA_DIR: string }, say?: (line: string) => void): Promise<Buffer> {
  if (env.APP_SECRET) return Buffer.from(env.APP_SECRET, 'utf8');
  const file = secretFileFor(env.DATA_DIR);
  try {
    const stored = fs.readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return Buffer.from(stored, 'utf8');
    throw new Error(
      `${file} is damaged (shorter than 32 characters): restore it from a backup, or delete it to make a new one (guest order links then stop working)`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const made = randomBytes(32).toString('base64url');
  await writeFileDurably(file, `${made}\n`, 0o600);
  say?.(`Made the shop's server secret in ${file}: keep it with the data folder's backups.`);
  return Buffer.from(made, 'utf8');
}

/** HMAC-SHA256 of the value under the secret and purpose, base64url. */
export function sign(secret: Buffer, purpose: SignPurpose, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${value}`).digest('base64url');
}

/** Whether `given` is the signature of the value, compared in constant time. */
export function hasSignature(secret: Buffer, purpose: SignPurpose, value: string, given: string): boolean {
  const expected = Buffer.from(sign(secret, purpose, value));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
