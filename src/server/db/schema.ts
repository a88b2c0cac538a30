import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, real, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The database. Money is integer pesewas; constraints make bad states impossible even if a bug
 * slips past the services: no negative stock, no empty cart lines, one account per e-mail in any case.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'customer'] })
      .notNull()
      .default('customer'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'customer')`),
    check('users_full_name_check', sql`length(${t.fullName}) between 1 and 200`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bearer token, hex; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: ['Hair', 'Skin', 'Cleansers', 'Gifts and Sets', 'Natural Oils', 'Others'] }).notNull(),
    pricePesewas: integer('price_pesewas').notNull(),
    stock: integer('stock').notNull().default(100),
    /** Content-hash keys of the stored images, in display order. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    newArrival: boolean('new_arrival').notNull().default(false),
    rating: real('rating'),
    ratingCount: integer('rating_count').notNull().default(0),
    unitsSold: integer('units_sold').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_price_check', sql`${t.pricePesewas} >= 0`),
    check('products_units_sold_check', sql`${t.unitsSold} >= 0`),
    check('products_rating_check', sql`${t.rating} is null or (${t.rating} >= 0 and ${t.rating} <= 5)`),
    check('products_category_check', sql`${t.category} in ('Hair', 'Skin', 'Cleansers', 'Gifts and Sets', 'Natural Oils', 'Others')`),
    index('products_category_idx').on(t.category),
    index('products_created_idx').on(t.createdAt),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('cart_items_user_product_key').on(t.userId, t.productId), check('cart_items_quantity_check', sql`${t.quantity} > 0`)],
);

/** One row (id = 1): the shop's public details, editable by admins. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    shopName: text('shop_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    whatsapp: text('whatsapp').notNull(),
    address: text('address').notNull(),
    logo: text('logo'),
    socials: jsonb('socials').$type<Record<string, string>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('shop_settings_single_row', sql`${t.id} = 1`)],
);

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const subscribers = pgTable(
  'subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('subscribers_email_lower_key').on(sql`lower(${t.email})`)],
);

/** Fixed-window counters for rate limits, in the database so every app process shares them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true, mode: 'date' }).notNull(),
});
