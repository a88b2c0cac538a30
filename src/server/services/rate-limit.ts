import { sql } from 'drizzle-orm';
import { MESSAGES } from '../../shared/messages';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from '../errors';

export interface RateLimitRule {
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit for each key in a fixed window and refuses with 429 once any key is over its max.
 * The counters live in the database so every app process behind a load balancer shares them.
 */
export async function takeRateLimit(db: Db, keys: string[], rule: RateLimitRule, now: Date): Promise<void> {
  if (rule.max <= 0) return; // 0 turns the limit off (end-to-end tests send everything from one address)
  const resetAt = new Date(now.getTime() + rule.windowSeconds * 1000);
  let retryAfter = 0;
  for (const key of keys) {
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
    if (row && row.count > rule.max) {
      retryAfter = Math.max(retryAfter, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000));
    }
  }
  if (retryAfter > 0) throw new AppError(429, MESSAGES.tooManyAttempts, undefined, { 'Retry-After': String(retryAfter) });
}

/** Old windows are dead weight; the start-up and a periodic sweep drop them. */
export async function sweepRateLimits(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} < ${now.toISOString()}::timestamptz`);
}
