import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, partOf, rowId } from './columns';

export const users = pgTable(
  'users',
  {
    id: rowId(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'customer'] })
      .notNull()
      .default('customer'),
    /** argon2 hash of the ADMIN_PASSWORD last applied to this account: a changed variable is applied once, a restart never undoes an in-app change. */
    envPasswordHash: text('env_password_hash'),
    /** Optional, `+233` and 9 digits: where a reset code by SMS goes. One account per number. */
    phone: text('phone'),
    /** The profile photo's image key (`/uploads/{key}-{width}.webp`); null when none. */
    avatar: text('avatar'),
    /** A phone (`233` and 9 digits) this customer confirmed by a code: their orders with it are verified. */
    verifiedPhone: text('verified_phone'),
    /** Seeded by the demo: go-live removes exactly these rows. */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_key').on(t.phone),
    check('users_role_check', sql`${t.role} in ('admin', 'customer')`),
    check('users_full_name_check', sql`length(${t.fullName}) between 1 and 200`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: rowId(),
    userId: partOf('user_id', () => users.id),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Live password reset requests: one per account, replaced by the next. Only a hash of the
 * link's token or the SMS code is kept (HMAC under the server secret). A request for an address no
 * account uses writes a row too (`userId` null, never usable): the same work, so nothing tells them apart.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: rowId(),
    /** `user:{id}`, or `address:{channel}:{address}` for an address no account uses. */
    ownerKey: text('owner_key').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** Where it was sent (lower-case e-mail, or `+233…`): a code is only good with the number it went to. */
    address: text('address').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    /** Unused: wrong codes count per account, across requests, in rate_limits; kept to need no migration. */
    wrongTries: integer('wrong_tries').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('password_resets_expires_idx').on(t.expiresAt), check('password_resets_channel_check', sql`${t.channel} in ('email', 'sms')`)],
);

/**
 * The newest code sent to each phone (`233` and 9 digits) to confirm it: one row per phone,
 * replaced by the next, so only the newest code works. Only an HMAC of the code is kept. Wrong codes
 * are counted per phone and day in `rate_limits`, across codes.
 */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    phone: text('phone').primaryKey(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('phone_codes_expires_idx').on(t.expiresAt)],
);
