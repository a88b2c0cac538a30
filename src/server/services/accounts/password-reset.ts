import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { LIMITS } from '@/shared/constants';
import type { AdminSendResetInput, Contact, ResetPasswordInput } from '@/shared/schemas/auth';
import { isId } from '@/shared/schemas/fields';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ResetPasswordAnswer } from '@/shared/types';
import type { Db } from '../../db/client';
import { passwordResets, sessions, users } from '../../db/schema';
import { findUserByEmail, findUserByPhone } from '../../db/users';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { type NotifyContext, queuePasswordReset } from '../../notify/outbox';
import { hashPassword } from '../../passwords';
import { sign } from '../../secret';
import { avatarUrl, createSession } from './auth';
import { clearRateLimits, giveBack, type RateLimitRule, takeLease, takeRateLimit } from './rate-limit';

/*
 * Password reset. A request writes one row per account (a new one replaces the old) with
 * only an HMAC of its secret under the server secret (ARCHITECTURE §8b), and queues the secret, sealed,
 * in the outbox to the address the shopper typed. By e-mail the secret is a link's token (32 random
 * bytes), by SMS a 6-digit code that is good only with the number it went to; wrong codes are
 * counted per account across requests (CodeLimits).
 */

type UserRow = typeof users.$inferSelect;

/** Whether the shop can send a reset this way (a channel configured); a config that does not say (tests) allows both. */
export function canSendReset(config: { passwordReset?: { email: boolean; sms: boolean } }, channel: Contact['channel']): boolean {
  return config.passwordReset?.[channel] ?? true;
}

const linkHash = (secret: Buffer, token: string) => sign(secret, 'password-reset', `link:${token}`);
const codeHash = (secret: Buffer, phone: string, code: string) => sign(secret, 'password-reset', `code:${phone}:${code}`);
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function newSecret(channel: Contact['channel']): string {
  if (channel === 'email') return randomBytes(32).toString('base64url');
  return String(randomInt(10 ** LIMITS.resetCodeDigits)).padStart(LIMITS.resetCodeDigits, '0');
}

const findAccount = (db: Db, contact: Contact) => (contact.channel === 'email' ? findUserByEmail(db, contact.address) : findUserByPhone(db, contact.address));

/** The row's key: one per account; an address no account uses has its own (never usable) row. */
const ownerKeyOf = (user: UserRow | undefined, contact: Contact) => (user ? `user:${user.id}` : `address:${contact.channel}:${contact.address}`);

/** What a request did: tests compare it for known and unknown addresses (never the time it took). */
export interface ResetRequestWork {
  rowWritten: boolean;
  messageQueued: boolean;
}

/** Thrown inside the savepoint of an unknown address's message: written like a real one, then undone. */
class UndoMessage extends Error {}

/**
 * A reset asked for `contact` (what the shopper typed). The same work whether or not an account uses
 * it, so neither the answer nor its time tells them apart: the lookup, a new secret and its hash, one
 * row written and one message written (sealed) in a savepoint, in one transaction. For an address no
 * account uses, the savepoint is rolled back: nothing is sent.
 */
export async function requestPasswordReset(db: Db, ctx: NotifyContext, contact: Contact, account?: UserRow): Promise<ResetRequestWork> {
  const user = account ?? (await findAccount(db, contact));
  const secretValue = newSecret(contact.channel);
  const secretHash = contact.channel === 'email' ? linkHash(ctx.secret, secretValue) : codeHash(ctx.secret, contact.address, secretValue);
  const expiresAt = new Date(ctx.now.getTime() + LIMITS.resetMinutes * 60_000);
  const ownerKey = ownerKeyOf(user, contact);
  const values = { userId: user?.id ?? null, channel: contact.channel, address: contact.address, secretHash, createdAt: ctx.now, expiresAt };
  return db.transaction(async (tx) => {
    // Requests nobody can use any more go as new ones come: the table holds live requests only.
    await tx.delete(passwordResets).where(lt(passwordResets.expiresAt, ctx.now));
    await tx
      .insert(passwordResets)
      .values({ ownerKey, ...values })
      .onConflictDoUpdate({ target: passwordResets.ownerKey, set: values });
    try {
      await tx.transaction(async (savepoint) => {
        const message = { requestId: randomUUID(), channel: contact.channel, address: contact.address, secret: secretValue, expiresAt };
        await queuePasswordReset(savepoint, ctx, { ...message, fullName: user?.fullName ?? '' });
        if (!user) throw new UndoMessage();
      });
    } catch (error) {
      if (!(error instanceof UndoMessage)) throw error;
    }
    return { rowWritten: true, messageQueued: user !== undefined };
  });
}

type ResetRow = typeof passwordResets.$inferSelect;

/** The live request a link's token belongs to. */
async function requestOfLink(db: Db, secret: Buffer, token: string, now: Date): Promise<ResetRow> {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(and(eq(passwordResets.secretHash, linkHash(secret, token)), eq(passwordResets.channel, 'email'), gt(passwordResets.expiresAt, now)));
  if (!row?.userId) throw badRequest(ACCOUNT_TEXTS.resetLinkInvalid);
  return row;
}

/** How long one code check holds its account's turn at most (a process that died mid-check). */
const CODE_CHECK_SECONDS = 30;

/**
 * Limits on SMS codes. Wrong codes count per account (or per number no account uses, alike) across
 * requests: a new request gives no fresh tries. One check at a time per account: parallel guesses are
 * refused, not all compared.
 */
export interface CodeLimits {
  wrongCodes?: RateLimitRule;
}

/**
 * The live request an SMS code belongs to. Each try is counted before the code is compared (so
 * parallel guesses cannot pass the limit) and given back when the code is right. The same answer for
 * a wrong code, an unknown number, a replaced or an expired request.
 */
async function requestOfCode(db: Db, secret: Buffer, contact: Contact, code: string, now: Date, limits: CodeLimits): Promise<ResetRow> {
  const wrong = () => badRequest(ACCOUNT_TEXTS.resetCodeWrong, [{ path: ['code'], message: ACCOUNT_TEXTS.resetCodeWrong }]);
  if (contact.channel !== 'sms') throw wrong();
  const ownerKey = ownerKeyOf(await findUserByPhone(db, contact.address), contact);
  const limited = limits.wrongCodes !== undefined && limits.wrongCodes.max > 0;
  const turnKey = `reset-code:checking:${ownerKey}`;
  const wrongKey = `reset-code:wrong:${ownerKey}`;
  if (limited && !(await takeLease(db, turnKey, CODE_CHECK_SECONDS, now))) {
    throw new AppError(429, SERVER_MESSAGES.checkInProgress, undefined, { 'Retry-After': '1' });
  }
  try {
    await takeRateLimit(db, [wrongKey], limits.wrongCodes, now, ACCOUNT_TEXTS.resetCodesUsedUp);
    const [row] = await db
      .select()
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.ownerKey, ownerKey),
          eq(passwordResets.channel, 'sms'),
          eq(passwordResets.address, contact.address),
          gt(passwordResets.expiresAt, now),
        ),
      );
    if (!row || !sameHash(row.secretHash, codeHash(secret, contact.address, code)) || !row.userId) throw wrong();
    if (limited) await giveBack(db, [wrongKey], now);
    return row;
  } finally {
    if (limited) await clearRateLimits(db, [turnKey]);
  }
}

/**
 * Sets the new password with a link's token or an SMS code: once (the request is deleted in the same
 * transaction), every session of the account revoked, and this device signed in with a new one.
 */
export async function resetPassword(db: Db, secret: Buffer, input: ResetPasswordInput, now: Date, limits: CodeLimits = {}): Promise<ResetPasswordAnswer> {
  const request =
    'token' in input ? await requestOfLink(db, secret, input.token, now) : await requestOfCode(db, secret, input.contact, input.code, now, limits);
  const passwordHash = await hashPassword(input.password);
  const done = await db.transaction(async (tx) => {
    const [used] = await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.id, request.id), eq(passwordResets.secretHash, request.secretHash)))
      .returning();
    if (!used?.userId) return undefined;
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId)).returning();
    if (!user) return undefined;
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    return { user, token: await createSession(tx, user.id, now) };
  });
  // Used by a parallel request a moment ago: a link works once.
  if (!done) throw badRequest('token' in input ? ACCOUNT_TEXTS.resetLinkInvalid : ACCOUNT_TEXTS.resetCodeWrong);
  const { user, token } = done;
  return {
    message: ACCOUNT_TEXTS.passwordResetDone,
    token,
    data: { role: user.role, _id: user.id, fullName: user.fullName, email: user.email, phone: user.phone, avatar: avatarUrl(user.avatar) },
  };
}

/** The admin sends a reset to an account: its own e-mail, or its own phone. */
export async function sendResetToAccount(db: Db, ctx: NotifyContext, userId: string, input: AdminSendResetInput): Promise<string> {
  const [user] = isId(userId) ? await db.select().from(users).where(eq(users.id, userId)) : [];
  if (!user) throw notFound(SERVER_MESSAGES.userNotFound);
  if (input.channel === 'sms' && !user.phone) throw conflict(ACCOUNT_TEXTS.adminResetNoPhone);
  const contact: Contact =
    input.channel === 'sms' && user.phone ? { channel: 'sms', address: user.phone } : { channel: 'email', address: user.email.toLowerCase() };
  await requestPasswordReset(db, ctx, contact, user);
  return ACCOUNT_TEXTS.adminResetSent(contact.address);
}
