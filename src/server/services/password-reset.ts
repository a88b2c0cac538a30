import { randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { LIMITS } from '@/shared/constants';
import type { AdminSendResetInput, Contact, ResetPasswordInput } from '@/shared/schemas/auth';
import { isId } from '@/shared/schemas/fields';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ResetPasswordAnswer } from '@/shared/types';
import type { Db } from '../db/client';
import { passwordResets, sessions, users } from '../db/schema';
import { findUserByEmail, findUserByPhone } from '../db/users';
import { badRequest, conflict, notFound } from '../errors';
import { type NotifyContext, queuePasswordReset } from '../notify/outbox';
import { hashPassword } from '../passwords';
import { sign } from '../secret';
import { avatarUrl, createSession } from './auth';

/*
 * Password reset (issue 27). A request writes one row per account (a new one replaces the old) with
 * only an HMAC of its secret under the server secret (ARCHITECTURE §8b), and queues the secret, sealed,
 * in the outbox to the address the shopper typed. By e-mail the secret is a link's token (32 random
 * bytes), by SMS a 6-digit code that is good only with the number it went to and only for a few tries.
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

/**
 * A reset asked for `contact` (what the shopper typed). The same work whether or not an account uses
 * it (the lookup, a new secret and its hash, one row written in one transaction); only a known
 * account's request also queues the message, after which the answer is the same.
 */
export async function requestPasswordReset(db: Db, ctx: NotifyContext, contact: Contact, account?: UserRow): Promise<ResetRequestWork> {
  const user = account ?? (await findAccount(db, contact));
  const secretValue = newSecret(contact.channel);
  const secretHash = contact.channel === 'email' ? linkHash(ctx.secret, secretValue) : codeHash(ctx.secret, contact.address, secretValue);
  const expiresAt = new Date(ctx.now.getTime() + LIMITS.resetMinutes * 60_000);
  const ownerKey = ownerKeyOf(user, contact);
  const values = { userId: user?.id ?? null, channel: contact.channel, address: contact.address, secretHash, wrongTries: 0, createdAt: ctx.now, expiresAt };
  return db.transaction(async (tx) => {
    // Requests nobody can use any more go as new ones come: the table holds live requests only.
    await tx.delete(passwordResets).where(lt(passwordResets.expiresAt, ctx.now));
    await tx
      .insert(passwordResets)
      .values({ ownerKey, ...values })
      .onConflictDoUpdate({ target: passwordResets.ownerKey, set: values });
    if (!user) return { rowWritten: true, messageQueued: false };
    await queuePasswordReset(tx, ctx, {
      requestId: randomUUID(),
      channel: contact.channel,
      address: contact.address,
      fullName: user.fullName,
      secret: secretValue,
      expiresAt,
    });
    return { rowWritten: true, messageQueued: true };
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

/**
 * The live request an SMS code belongs to. Every try is counted before the code is compared (so
 * parallel guesses cannot pass the limit); past the limit the request is dead and a new code is
 * needed. The same answer for a wrong code, an unknown number, a dead or an expired request.
 */
async function requestOfCode(db: Db, secret: Buffer, contact: Contact, code: string, now: Date): Promise<ResetRow> {
  const wrong = () => badRequest(ACCOUNT_TEXTS.resetCodeWrong, [{ path: ['code'], message: ACCOUNT_TEXTS.resetCodeWrong }]);
  if (contact.channel !== 'sms') throw wrong();
  const ownerKey = ownerKeyOf(await findUserByPhone(db, contact.address), contact);
  const [row] = await db
    .update(passwordResets)
    .set({ wrongTries: sql`${passwordResets.wrongTries} + 1` })
    .where(
      and(
        eq(passwordResets.ownerKey, ownerKey),
        eq(passwordResets.channel, 'sms'),
        eq(passwordResets.address, contact.address),
        gt(passwordResets.expiresAt, now),
        lt(passwordResets.wrongTries, LIMITS.resetCodeTries),
      ),
    )
    .returning();
  if (!row || !sameHash(row.secretHash, codeHash(secret, contact.address, code)) || !row.userId) throw wrong();
  return row;
}

/**
 * Sets the new password with a link's token or an SMS code: once (the request is deleted in the same
 * transaction), every session of the account revoked, and this device signed in with a new one.
 */
export async function resetPassword(db: Db, secret: Buffer, input: ResetPasswordInput, now: Date): Promise<ResetPasswordAnswer> {
  const request = 'token' in input ? await requestOfLink(db, secret, input.token, now) : await requestOfCode(db, secret, input.contact, input.code, now);
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
