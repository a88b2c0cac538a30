import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes: OWASP's recommended floor). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for a hash argon2 cannot read. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
