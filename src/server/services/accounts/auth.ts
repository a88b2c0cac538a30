import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { LIMITS, type Role } from '@/shared/constants';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import type { LoginInput, SignUpInput, UpdateUserInput } from '@/shared/schemas/auth';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { LoginAnswer, User } from '@/shared/types';
import type { Db } from '../../db/client';
import { isUniqueViolation, violatedConstraint } from '../../db/errors';
import { sessions, users } from '../../db/schema';
import type { DbOrTx } from '../../db/transaction';
import { findUserByEmail, findUserByPhone } from '../../db/users';
import { AppError, badRequest, conflict } from '../../errors';
import { hashPassword, verifyPassword } from '../../passwords';
import { imageUrl } from '../catalogue/products';

type UserRow = typeof users.$inferSelect;

export interface AuthUser {
  id: string;
  role: Role;
  fullName: string;
  email: string;
  sessionId: string;
}

/** Avatars are shown small (at most ~96 CSS px), so their URL is the 320 px WebP, as the logo's. */
export const AVATAR_URL_WIDTH = 320;

/** The `avatar` column holds an image key; its URL is the 320 px WebP (null when none). */
export function avatarUrl(key: string | null): string | null {
  return key ? imageUrl(key, AVATAR_URL_WIDTH) : null;
}

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    fullName: row.fullName,
    email: row.email,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    phone: row.phone,
    avatar: avatarUrl(row.avatar),
  };
}

/** Verifying against this when the e-mail is unknown keeps both answers equally slow. */
let dummyHash: Promise<string> | undefined;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new session for the account: the bearer token, of which only the hash is kept. */
export async function createSession(db: DbOrTx, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + LIMITS.sessionDays * 86_400_000),
  });
  return token;
}

export async function login(db: Db, input: LoginInput, now: Date): Promise<LoginAnswer> {
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword(await dummyHash, input.password);
    throw new AppError(401, PAGE_MESSAGES.signInFailed);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new AppError(401, PAGE_MESSAGES.signInFailed);
  const token = await createSession(db, user.id, now);
  return { token, data: { role: user.role, _id: user.id, fullName: user.fullName, email: user.email, phone: user.phone, avatar: avatarUrl(user.avatar) } };
}

/** The 409 of a unique index: the phone's, or else the e-mail's (the only two an account has). */
function takenConflict(error: unknown): AppError | undefined {
  if (!isUniqueViolation(error)) return undefined;
  return conflict(violatedConstraint(error) === 'users_phone_key' ? ACCOUNT_TEXTS.phoneTaken : SERVER_MESSAGES.emailTaken);
}

export async function registerCustomer(db: Db, input: SignUpInput, now: Date, role: Role = 'customer'): Promise<User> {
  if (await findUserByEmail(db, input.email)) throw conflict(SERVER_MESSAGES.emailTaken);
  if (input.phone && (await findUserByPhone(db, input.phone))) throw conflict(ACCOUNT_TEXTS.phoneTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({ fullName: input.fullName, email: input.email, phone: input.phone ?? null, passwordHash, role, createdAt: now })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toUser(row);
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, the loser hears 409.
    throw takenConflict(error) ?? error;
  }
}

/** The user behind a bearer token, or undefined when it is unknown, expired or revoked. */
export async function authenticate(db: Db, token: string, now: Date): Promise<AuthUser | undefined> {
  const [row] = await db
    .select({ sessionId: sessions.id, id: users.id, role: users.role, fullName: users.fullName, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return row;
}

export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

export interface UpdateUserOptions {
  /** Runs before the current password is checked: the one limit on every current-password check. */
  beforePasswordCheck?: () => Promise<void>;
}

export async function updateUser(db: Db, caller: AuthUser, input: UpdateUserInput, now: Date, options: UpdateUserOptions = {}): Promise<User> {
  const [current] = await db.select().from(users).where(eq(users.id, caller.id));
  if (!current) throw new AppError(401, PAGE_MESSAGES.sessionExpired);

  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.fullName !== undefined) changes.fullName = input.fullName;
  const newEmail = input.email !== undefined && input.email.toLowerCase() !== current.email.toLowerCase() ? input.email.toLowerCase() : undefined;
  const newPhone = input.phone !== undefined && input.phone !== current.phone ? input.phone : undefined;
  if (input.password !== undefined || newEmail !== undefined || newPhone !== undefined) {
    // A stolen token alone must not be enough to take the account: a new password, e-mail or phone
    // (where resets go) needs the current one (ARCHITECTURE section 8). Checked before anything else is looked up.
    await options.beforePasswordCheck?.();
    if (!input.currentPassword || !(await verifyPassword(current.passwordHash, input.currentPassword))) {
      throw badRequest(PAGE_MESSAGES.incorrectOldPassword, [{ path: ['currentPassword'], message: PAGE_MESSAGES.incorrectOldPassword }]);
    }
  }
  if (newEmail !== undefined) {
    const other = await findUserByEmail(db, newEmail);
    if (other && other.id !== current.id) throw conflict(SERVER_MESSAGES.emailTaken);
    changes.email = newEmail;
  }
  if (newPhone !== undefined) {
    const other = newPhone === null ? undefined : await findUserByPhone(db, newPhone);
    if (other && other.id !== current.id) throw conflict(ACCOUNT_TEXTS.phoneTaken);
    changes.phone = newPhone;
  }
  if (input.password !== undefined) changes.passwordHash = await hashPassword(input.password);
  if (Object.keys(changes).length === 0) return toUser(current);

  try {
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx.update(users).set(changes).where(eq(users.id, current.id)).returning();
      if (changes.passwordHash) {
        // The caller stays signed in; every other device must sign in with the new password.
        await tx
          .update(sessions)
          .set({ revokedAt: now })
          .where(and(eq(sessions.userId, current.id), ne(sessions.id, caller.sessionId), isNull(sessions.revokedAt)));
      }
      return updated;
    });
    if (!row) throw new Error('update returned no row');
    return toUser(row);
  } catch (error) {
    throw takenConflict(error) ?? error;
  }
}
