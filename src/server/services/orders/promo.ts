import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { PromoState } from '@/shared/admin-types';
import { discountFor, toCedis, toPesewas } from '@/shared/money';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { PromoAnswer } from '@/shared/types';
import type { Db } from '../../db/client';
import { orders, promoCodes, promoRedemptions } from '../../db/schema';
import type { Tx } from '../../db/transaction';

type CanSelect = Pick<Db, 'select'>;
type PromoRow = typeof promoCodes.$inferSelect;

/** Who places an order, as one use per customer knows them (orders.ts `buyerKeys`). */
export interface PromoBuyer {
  userId: string | null;
  phone: string;
  email: string;
  /** False when the buyer's phone is not confirmed: one use per customer then cannot be counted, so such codes need a confirmed phone. */
  verified?: boolean;
}

/** Uses of a code (and, given, of one buyer): its redemptions whose order is not cancelled (a cancelled order gives its use back). */
async function countUses(db: CanSelect, code: string, buyer?: SQL): Promise<number> {
  const [row] = await db
    .select({ uses: sql<number>`count(*)::int` })
    .from(promoRedemptions)
    .innerJoin(orders, eq(orders.id, promoRedemptions.orderId))
    .where(and(eq(promoRedemptions.code, code), ne(orders.orderStatus, 'Cancelled'), buyer));
  return row?.uses ?? 0;
}

/** The uses of every code, for the admin list. */
export async function usesByCode(db: CanSelect): Promise<Map<string, number>> {
  const rows = await db
    .select({ code: promoRedemptions.code, uses: sql<number>`count(*)::int` })
    .from(promoRedemptions)
    .innerJoin(orders, eq(orders.id, promoRedemptions.orderId))
    .where(ne(orders.orderStatus, 'Cancelled'))
    .groupBy(promoRedemptions.code);
  return new Map(rows.map((r) => [r.code, r.uses]));
}

/** What checkout makes of a code at `now`, given its uses so far. */
export function promoStateOf(row: Pick<PromoRow, 'active' | 'startsAt' | 'endsAt' | 'maxUses'>, uses: number, now: Date): PromoState {
  if (!row.active) return 'inactive';
  if (row.startsAt && now.getTime() < row.startsAt.getTime()) return 'scheduled';
  if (row.endsAt && now.getTime() > row.endsAt.getTime()) return 'expired';
  if (row.maxUses !== null && uses >= row.maxUses) return 'used_up';
  return 'active';
}

/**
 * A code checkout accepts now, looked up as stored (upper case; callers normalise what the shopper
 * typed): switched on, within its dates and with uses left. Without a transaction this is the promo
 * box's answer (`validatePromo`), which does not know the buyer.
 */
export async function findActivePromo(db: CanSelect, code: string, now: Date): Promise<{ code: string; percent: number } | undefined> {
  const [row] = await db
    .select()
    .from(promoCodes)
    .where(and(eq(promoCodes.code, code), eq(promoCodes.active, true)));
  if (!row) return undefined;
  const uses = row.maxUses === null ? 0 : await countUses(db, row.code);
  if (promoStateOf(row, uses, now) !== 'active') return undefined;
  return { code: row.code, percent: row.percent };
}

/**
 * The code for an order being placed, inside its transaction, or undefined when it does not apply:
 * off, not started, ended, used up, or (one per customer) already used by this buyer's account, phone
 * or e-mail. A code with a limit is locked (`FOR UPDATE`) before its uses are counted, so of two
 * orders racing for its last use the second waits, counts the first's redemption and is refused. Codes
 * without limits are not locked: orders using them never wait on each other.
 */
export async function claimPromo(
  tx: Tx,
  code: string,
  buyer: PromoBuyer,
  now: Date,
): Promise<{ code: string; percent: number } | 'needs_verified_phone' | undefined> {
  const current = and(eq(promoCodes.code, code), eq(promoCodes.active, true));
  const [seen] = await tx.select({ maxUses: promoCodes.maxUses, onePerCustomer: promoCodes.onePerCustomer }).from(promoCodes).where(current);
  if (!seen) return undefined;
  // Without limits a KEY SHARE lock is enough: the code cannot be deleted before the redemption's row points at it.
  const lock = seen.maxUses !== null || seen.onePerCustomer ? 'update' : 'key share';
  const [row] = await tx.select().from(promoCodes).where(current).for(lock);
  if (!row) return undefined;
  // Dates first: they need no count.
  if (promoStateOf(row, 0, now) !== 'active') return undefined;
  if (row.maxUses !== null) {
    if ((await countUses(tx, row.code)) >= row.maxUses) return undefined;
  }
  if (row.onePerCustomer) {
    // New details each time would make anyone a new customer: only a confirmed phone is one.
    if (buyer.verified === false) return 'needs_verified_phone';
    // An order entered without an e-mail has none to match: '' is nobody's address.
    const sameBuyer = sql`(${promoRedemptions.phone} = ${buyer.phone}${buyer.email ? sql` or ${promoRedemptions.email} = ${buyer.email}` : sql``}${
      buyer.userId ? sql` or ${promoRedemptions.userId} = ${buyer.userId}` : sql``
    })`;
    if ((await countUses(tx, row.code, sameBuyer)) > 0) return undefined;
  }
  return { code: row.code, percent: row.percent };
}

/** The order's use of its code, written in the order's own transaction. */
export async function recordRedemption(tx: Tx, code: string, orderId: string, buyer: PromoBuyer, now: Date): Promise<void> {
  await tx.insert(promoRedemptions).values({ code, orderId, userId: buyer.userId, phone: buyer.phone, email: buyer.email, createdAt: now });
}

/** The checkout's promo box. An unknown code is an answer, not an error: `valid: false`. */
export async function validatePromo(db: Db, input: { code: string; subtotal?: number }, now: Date): Promise<PromoAnswer> {
  const promo = await findActivePromo(db, input.code, now);
  if (!promo) return { valid: false, code: input.code, percent: 0, message: PAGE_MESSAGES.invalidPromo };
  const answer: PromoAnswer = { valid: true, code: promo.code, percent: promo.percent, message: PAGE_MESSAGES.promoApplied(promo.percent) };
  // The same rounding as the order itself, so the summary shows what will be charged.
  if (input.subtotal !== undefined) answer.discount = toCedis(discountFor(toPesewas(input.subtotal), promo.percent));
  return answer;
}
