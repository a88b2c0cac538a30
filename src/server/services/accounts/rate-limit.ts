import { and, eq, inArray, sql } from 'drizzle-orm';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import type { DbOrTx } from '../../db/transaction';
import { AppError } from '../../errors';

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/** A growing wait before answering for a key that keeps failing: never a refusal. */
export interface FailureDelayRule {
  /** Failures answered without a wait. */
  after: number;
  /** The first wait; each further failure doubles it. */
  baseMs: number;
  /** The longest wait; 0 turns the delay off. */
  maxMs: number;
}

/** Adds one to a key's counter in its window (a new window once the old one has ended). */
async function hit(db: DbOrTx, key: string, windowSeconds: number, now: Date) {
  const resetAt = new Date(now.getTime() + windowSeconds * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning();
  return row;
}

/**
 * Counts one hit for each key in a fixed window and refuses with 429 once any key is over its max.
 * The counters live in the database so every app process behind a load balancer shares them.
 */
export async function takeRateLimit(
  db: Db,
  keys: string[],
  rule: RateLimitRule | undefined,
  now: Date,
  message: string = SERVER_MESSAGES.tooManyAttempts,
): Promise<void> {
  if (!rule || rule.max <= 0) return; // 0 turns the limit off (end-to-end tests send everything from one address)
  let retryAfter = 0;
  for (const key of keys) {
    const row = await hit(db, key, rule.windowSeconds, now);
    if (row && row.count > rule.max) {
      retryAfter = Math.max(retryAfter, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
    }
  }
  if (retryAfter > 0) throw new AppError(429, message, undefined, { 'Retry-After': String(retryAfter) });
}

/** One more failure for a key (shared by every process); the count in the window so far. */
export async function countFailure(db: DbOrTx, key: string, windowSeconds: number, now: Date): Promise<number> {
  return (await hit(db, key, windowSeconds, now))?.count ?? 0;
}

/** A key's count in its live window; 0 when it has none or its window has ended. */
export async function countSoFar(db: DbOrTx, key: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), sql`${rateLimits.resetAt} > ${now.toISOString()}::timestamptz`));
  return row?.count ?? 0;
}

/**
 * Gives back one hit taken before a check that turned out not to be a failure (a right password, a
 * found order): taking first means parallel tries cannot slip past a limit, giving back means only
 * failures stay counted.
 */
export async function giveBack(db: Db, keys: string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(inArray(rateLimits.key, keys), sql`${rateLimits.resetAt} > ${now.toISOString()}::timestamptz`));
}

/**
 * One check at a time per key (an account's password or reset code), shared by every process: true
 * when this caller now holds it. A holder that died frees it after `seconds`. Parallel guesses are
 * refused instead of all being checked at once.
 */
export async function takeLease(db: Db, key: string, seconds: number, now: Date): Promise<boolean> {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: new Date(now.getTime() + seconds * 1000) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { count: 1, resetAt: sql`excluded.reset_at` },
      setWhere: sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ key: rateLimits.key });
  return row !== undefined;
}

/** Forgets keys' counts (a sign-in that succeeded) or frees leases. */
export async function clearRateLimits(db: Db, keys: string[]): Promise<void> {
  if (keys.length > 0) await db.delete(rateLimits).where(inArray(rateLimits.key, keys));
}

/** The wait before answering after `failures` failures: none for the first few, then doubling up to the cap. */
export function failureDelayMs(failures: number, rule: FailureDelayRule | undefined): number {
  if (!rule || rule.maxMs <= 0 || failures <= rule.after) return 0;
  return Math.min(rule.maxMs, rule.baseMs * 2 ** Math.min(failures - rule.after - 1, 20));
}

/** Old windows are dead weight; the start-up and a periodic sweep drop them. */
export async function sweepRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < ${now.toISOString()}::timestamptz`);
}
