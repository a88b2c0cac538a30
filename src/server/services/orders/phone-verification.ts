import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { LIMITS } from '@/shared/constants';
import { formatMomoNumber } from '@/shared/momo';
import type { PhoneCodeAnswer, PhoneTokenAnswer } from '@/shared/types';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import type { Db } from '../../db/client';
import { phoneCodes, users } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import { type NotifyContext, queuePhoneCode } from '../../notify/outbox';
import { hasSignature, sign } from '../../secret';
import { countFailure, countSoFar, takeRateLimit } from '../accounts/rate-limit';

/*
 * A shopper shows they are real by a code sent to their phone. The newest code sent to a
 * phone is the only one that works (a stranger asking for codes to someone's number only sends that
 * person codes, and the newest still works for them); wrong codes are counted per phone and day
 * across codes, and two checks for one phone at once are refused, so guessing gets nowhere. A right
 * code earns a phone token, signed with the one server secret (ARCHITECTURE §8b), that the device
 * sends with its orders for 90 days.
 */

/** How many codes may be sent: per phone a day, per client address an hour, by the whole shop a day (each SMS costs the shop). */
export interface PhoneCodeLimits {
  perPhonePerDay: number;
  perIpPerHour: number;
  perShopPerDay: number;
  /** The least time between two codes to one phone. */
  resendSeconds: number;
}

export const DEFAULT_PHONE_CODE_LIMITS: PhoneCodeLimits = { perPhonePerDay: 5, perIpPerHour: 10, perShopPerDay: 500, resendSeconds: 60 };

const DAY_SECONDS = 86_400;
/** `+233…` (the schema's form) → `233…` (how orders keep a buyer's phone). */
export const buyerPhoneOf = (e164: string) => e164.replace(/^\+/, '');
const shownPhone = (buyerPhone: string) => formatMomoNumber(`0${buyerPhone.slice(3)}`);
const codeHash = (secret: Buffer, phone: string, code: string) => sign(secret, 'phone-code', `${phone}:${code}`);
const wrongKey = (phone: string) => `phone-code-wrong:${phone}`;

/**
 * `POST /phoneCodes`: a new code to the phone, sent through the outbox in the same transaction that
 * makes it the phone's only code. Refused (429) inside a minute of the last one (which still works),
 * and past the caps per phone, per address and for the shop.
 */
export async function requestPhoneCode(
  db: Db,
  ctx: NotifyContext,
  input: { phone: string; ip: string; smsCodes: boolean; limits: PhoneCodeLimits },
): Promise<PhoneCodeAnswer> {
  if (!input.smsCodes) throw conflict(VERIFICATION_TEXTS.smsUnavailable);
  const phone = buyerPhoneOf(input.phone);
  const { now } = ctx;
  const { limits } = input;
  const [last] = await db.select({ createdAt: phoneCodes.createdAt }).from(phoneCodes).where(eq(phoneCodes.phone, phone));
  const waitMs = last ? last.createdAt.getTime() + limits.resendSeconds * 1000 - now.getTime() : 0;
  if (waitMs > 0) throw new AppError(429, VERIFICATION_TEXTS.codeStillValid, undefined, { 'Retry-After': String(Math.ceil(waitMs / 1000)) });
  await takeRateLimit(db, [`phone-code:ip:${input.ip}`], { max: limits.perIpPerHour, windowSeconds: 3_600 }, now);
  await takeRateLimit(
    db,
    [`phone-code:phone:${phone}`],
    { max: limits.perPhonePerDay, windowSeconds: DAY_SECONDS },
    now,
    VERIFICATION_TEXTS.phoneCodesPerPhone,
  );
  await takeRateLimit(db, ['phone-code:shop'], { max: limits.perShopPerDay, windowSeconds: DAY_SECONDS }, now, VERIFICATION_TEXTS.phoneCodesBusy);

  const code = String(randomInt(10 ** LIMITS.phoneCodeDigits)).padStart(LIMITS.phoneCodeDigits, '0');
  const expiresAt = new Date(now.getTime() + LIMITS.phoneCodeMinutes * 60_000);
  const values = { codeHash: codeHash(ctx.secret, phone, code), createdAt: now, expiresAt };
  await db.transaction(async (tx) => {
    await tx.delete(phoneCodes).where(lt(phoneCodes.expiresAt, now));
    await tx
      .insert(phoneCodes)
      .values({ phone, ...values })
      .onConflictDoUpdate({ target: phoneCodes.phone, set: values });
    await queuePhoneCode(tx, ctx, { requestId: randomUUID(), phone: input.phone, secret: code, expiresAt });
  });
  return { message: VERIFICATION_TEXTS.codeSent(shownPhone(phone)), expiresAt: expiresAt.toISOString() };
}

/** A phone token: the phone and its end, signed. */
export function phoneTokenFor(secret: Buffer, phone: string, expiresAt: Date): string {
  const body = `${phone}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${body}.${sign(secret, 'phone-token', body)}`;
}

/** The phone (`233…`) a token proves, while it is valid; undefined for anything else. */
export function phoneOfToken(secret: Buffer, token: string | undefined, now: Date): string | undefined {
  const match = token ? /^(233\d{9})\.(\d{1,12})\.([\w-]{43})$/.exec(token.trim()) : null;
  if (!match) return undefined;
  const [, phone, expires, signature] = match as unknown as [string, string, string, string];
  if (!hasSignature(secret, 'phone-token', `${phone}.${expires}`, signature)) return undefined;
  return Number(expires) * 1000 > now.getTime() ? phone : undefined;
}

/**
 * `POST /phoneCodes/verify`: the phone's newest code, checked once at a time per phone (a second
 * check while one runs is refused, 429), counted when wrong (10 a day per phone, whatever codes were
 * sent), used up when right. A signed-in customer's confirmed phone is kept on the account, so their
 * orders with it are verified on any device.
 */
export async function verifyPhoneCode(db: Db, secret: Buffer, input: { phone: string; code: string; userId?: string }, now: Date): Promise<PhoneTokenAnswer> {
  const phone = buyerPhoneOf(input.phone);
  const outcome = await db.transaction(async (tx): Promise<'busy' | 'blocked' | 'wrong' | 'right'> => {
    const tried = await tx.execute(sql`select pg_try_advisory_xact_lock(hashtextextended(${`phone-code:${phone}`}, 0)) as locked`);
    if (!(tried as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return 'busy';
    if ((await countSoFar(tx, wrongKey(phone), now)) >= LIMITS.phoneCodeWrongPerDay) return 'blocked';
    const [row] = await tx
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.phone, phone), gt(phoneCodes.expiresAt, now)));
    if (!row || !hasSignature(secret, 'phone-code', `${phone}:${input.code}`, row.codeHash)) {
      await countFailure(tx, wrongKey(phone), DAY_SECONDS, now);
      return 'wrong';
    }
    await tx.delete(phoneCodes).where(eq(phoneCodes.phone, phone));
    if (input.userId) await tx.update(users).set({ verifiedPhone: phone }).where(eq(users.id, input.userId));
    return 'right';
  });
  if (outcome === 'busy') throw new AppError(429, VERIFICATION_TEXTS.codeCheckBusy, undefined, { 'Retry-After': '1' });
  if (outcome === 'blocked') throw new AppError(429, VERIFICATION_TEXTS.codeWrongTooOften);
  if (outcome === 'wrong') throw new AppError(400, VERIFICATION_TEXTS.codeWrong, [{ path: ['code'], message: VERIFICATION_TEXTS.codeWrong }]);
  const expiresAt = new Date(now.getTime() + LIMITS.phoneTokenDays * DAY_SECONDS * 1000);
  return {
    message: VERIFICATION_TEXTS.phoneConfirmed,
    phoneToken: phoneTokenFor(secret, phone, expiresAt),
    phone: `+${phone}`,
    expiresAt: expiresAt.toISOString(),
  };
}
