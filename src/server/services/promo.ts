import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '@/shared/messages';
import { discountFor, toCedis, toPesewas } from '@/shared/money';
import type { PromoAnswer } from '@/shared/types';
import type { Db } from '../db/client';
import { promoCodes } from '../db/schema';

type DbOrTx = Pick<Db, 'select'>;

/** An active code, looked up as stored (upper case); callers normalise what the shopper typed. */
export async function findActivePromo(db: DbOrTx, code: string): Promise<{ code: string; percent: number } | undefined> {
  const [promo] = await db
    .select({ code: promoCodes.code, percent: promoCodes.percent })
    .from(promoCodes)
    .where(and(eq(promoCodes.code, code), eq(promoCodes.active, true)));
  return promo;
}

/** The checkout's promo box. An unknown code is an answer, not an error: `valid: false`. */
export async function validatePromo(db: Db, input: { code: string; subtotal?: number }): Promise<PromoAnswer> {
  const promo = await findActivePromo(db, input.code);
  if (!promo) return { valid: false, code: input.code, percent: 0, message: MESSAGES.invalidPromo };
  const answer: PromoAnswer = { valid: true, code: promo.code, percent: promo.percent, message: MESSAGES.promoApplied(promo.percent) };
  // The same rounding as the order itself, so the summary shows what will be charged.
  if (input.subtotal !== undefined) answer.discount = toCedis(discountFor(toPesewas(input.subtotal), promo.percent));
  return answer;
}
