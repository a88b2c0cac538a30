import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DISPUTE_STATUSES, MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES, ORDER_FLAGS, ORDER_VERIFICATIONS, REFUND_STATUSES } from '@/shared/constants';
import { DECLINE_REASONS, MOMO_NETWORK_CODES } from '@/shared/momo';
import type { OwnerAlertSettings } from '@/shared/types';

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
    /** argon2 hash of the ADMIN_PASSWORD last applied to this account: a changed variable is applied once, a restart never undoes an in-app change. */
    envPasswordHash: text('env_password_hash'),
    /** Optional, `+233` and 9 digits: where a reset code by SMS goes. One account per number. */
    phone: text('phone'),
    /** Issue 29: the profile photo's image key (`/uploads/{key}-{width}.webp`); null when none. */
    avatar: text('avatar'),
    /** Issue 41: a phone (`233` and 9 digits) this customer confirmed by a code: their orders with it are verified. */
    verifiedPhone: text('verified_phone'),
    /** Issue 42: seeded by the demo: go-live removes exactly these rows. */
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

/**
 * Live password reset requests (issue 27): one per account, replaced by the next. Only a hash of the
 * link's token or the SMS code is kept (HMAC under the server secret). A request for an address no
 * account uses writes a row too (`userId` null, never usable): the same work, so nothing tells them apart.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `user:{id}`, or `address:{channel}:{address}` for an address no account uses. */
    ownerKey: text('owner_key').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** Where it was sent (lower-case e-mail, or `+233…`): a code is only good with the number it went to. */
    address: text('address').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    /** Unused since issue 41 (wrong codes count per account, across requests, in rate_limits); kept to need no migration. */
    wrongTries: integer('wrong_tries').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('password_resets_expires_idx').on(t.expiresAt), check('password_resets_channel_check', sql`${t.channel} in ('email', 'sms')`)],
);

/**
 * Issue 41: the newest code sent to each phone (`233` and 9 digits) to confirm it: one row per phone,
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
    /** The most one order may take of this product (below the shop-wide 100); null: no limit of its own. */
    maxPerOrder: integer('max_per_order'),
    /** Issue 42: seeded by the demo: go-live removes exactly these rows. */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /**
     * Change tracking for the phones' catalogue sync (services/catalogue-changes.ts): the id (xid8, as
     * bigint) of the transaction that last changed the product's data, and its stock or units sold.
     * Set only by the trigger `products_track_versions` (migration catalogue_tracking); never written by the app.
     * Not indexed on purpose: every order moves stock_version, and an index on it would make each
     * order's update of the product rewrite every index (no HOT update); the scan of 5,000 rows takes 2 to 3 ms.
     */
    dataVersion: bigint('data_version', { mode: 'number' }).notNull().default(0),
    stockVersion: bigint('stock_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('products_stock_check', sql`${t.stock} >= 0`),
    check('products_price_check', sql`${t.pricePesewas} >= 0`),
    check('products_units_sold_check', sql`${t.unitsSold} >= 0`),
    check('products_max_per_order_check', sql`${t.maxPerOrder} is null or ${t.maxPerOrder} between 1 and 100`),
    check('products_rating_check', sql`${t.rating} is null or (${t.rating} >= 0 and ${t.rating} <= 5)`),
    check('products_category_check', sql`${t.category} in ('Hair', 'Skin', 'Cleansers', 'Gifts and Sets', 'Natural Oils', 'Others')`),
    index('products_category_idx').on(t.category),
    index('products_created_idx').on(t.createdAt),
  ],
);

/**
 * Products deleted, with the id (xid8 as bigint) of the deleting transaction: a phone's catalogue
 * sync learns what to drop. Written only by the trigger `products_record_deletion`.
 */
export const productTombstones = pgTable('product_tombstones', {
  productId: uuid('product_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * The catalogue's epoch: a random number, new whenever products were emptied without tombstones
 * (a TRUNCATE: a restore, `seed --reset`). A phone's version carries the epoch it was read in, and
 * one from another epoch gets the whole catalogue. One row; its triggers (migration
 * catalogue_tracking) draw the number on every insert and drop the row before, so rows a restore
 * loads from a backup get a fresh epoch too.
 */
export const catalogueEpoch = pgTable('catalogue_epoch', {
  epoch: bigint('epoch', { mode: 'number' }).notNull().default(0),
});

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
    /** Where the owner's alerts go and which are on: admin-only, never in the public settings answer. */
    ownerAlerts: jsonb('owner_alerts').$type<OwnerAlertSettings>(),
    /** Set when the demo catalogue was seeded into an empty database: the sandbox may simulate payments here. */
    demoShop: boolean('demo_shop').notNull().default(false),
    /** Issue 42: when the owner went live (the demo data removed); a shop that went live is never seeded again. */
    wentLiveAt: timestamp('went_live_at', { withTimezone: true, mode: 'date' }),
    /** Issue 42: the owner ticked the setup guide's policies step (only they can tell it is done). */
    setupPoliciesDone: boolean('setup_policies_done').notNull().default(false),
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

/** Promo codes; SAVE10 (10 %) is inserted by the migration. Codes are stored in upper case. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text('code').primaryKey(),
    percent: integer('percent').notNull(),
    active: boolean('active').notNull().default(true),
    /** Issue 29: the code works from `startsAt` to `endsAt` (both included; null: no bound). */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    /** Uses in all (orders not cancelled, counted from promo_redemptions); null: no limit. */
    maxUses: integer('max_uses'),
    /** One use per customer: by account, normalised phone or lower-cased e-mail (any match). */
    onePerCustomer: boolean('one_per_customer').notNull().default(false),
    /** Issue 42: seeded by the demo: go-live removes exactly these rows. */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('promo_codes_percent_check', sql`${t.percent} between 1 and 100`),
    check('promo_codes_code_check', sql`${t.code} = upper(${t.code}) and length(${t.code}) between 1 and 40`),
    check('promo_codes_max_uses_check', sql`${t.maxUses} is null or ${t.maxUses} >= 1`),
    check('promo_codes_dates_check', sql`${t.startsAt} is null or ${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
  ],
);

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The shop's delivery options (issue 28), listed at the checkout in `position` order where they fit
 * the shopper's region and town. Orders keep a snapshot of the one chosen, so editing or deleting an
 * option never changes a past order.
 */
export const deliveryOptions = pgTable(
  'delivery_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Ghana regions it covers; empty: all of them. */
    regions: jsonb('regions').$type<string[]>().notNull().default([]),
    /** Towns within them it is limited to; empty: every town. */
    cities: jsonb('cities').$type<string[]>().notNull().default([]),
    feePesewas: integer('fee_pesewas').notNull(),
    /** Free when the goods total after the discount reaches this; null: never. */
    freeFromPesewas: integer('free_from_pesewas'),
    eta: text('eta').notNull().default(''),
    feePaidWith: text('fee_paid_with', { enum: ['order', 'rider'] }).notNull(),
    pickup: boolean('pickup').notNull().default(false),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull(),
    /** Issue 42: seeded by the demo: go-live removes exactly these rows. */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('delivery_options_fee_check', sql`${t.feePesewas} >= 0 and (${t.freeFromPesewas} is null or ${t.freeFromPesewas} >= 0)`),
    check('delivery_options_paid_with_check', sql`${t.feePaidWith} in ('order', 'rider')`),
    index('delivery_options_position_idx').on(t.position),
  ],
);

/**
 * Orders keep everything they need to be read later (names, prices, images as they were), so
 * editing or deleting a product never changes an order. Stock is taken while an order is not
 * Cancelled: cancelling gives it back, leaving Cancelled takes it again.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    /** Issue 28: where a rider finds the shopper (all optional). */
    region: text('region'),
    gpsAddress: text('gps_address'),
    landmark: text('landmark'),
    /**
     * The delivery option as it was when the order was placed (no foreign key: the snapshot outlives
     * the option). Null name: none chosen, the fee to be agreed (the spec's default).
     */
    deliveryOptionId: uuid('delivery_option_id'),
    deliveryName: text('delivery_name'),
    deliveryFeePesewas: integer('delivery_fee_pesewas').notNull().default(0),
    deliveryFeePaidWith: text('delivery_fee_paid_with', { enum: ['order', 'rider'] }),
    deliveryEta: text('delivery_eta'),
    deliveryPickup: boolean('delivery_pickup').notNull().default(false),
    /** Issue 29: entered by an admin (a phone or WhatsApp order), and by whom while that account exists. */
    enteredByAdmin: boolean('entered_by_admin').notNull().default(false),
    enteredBy: uuid('entered_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The e-mail is a placeholder derived from the order number (an order entered without one: Paystack
     * needs an address); never shown to the customer and never mailed.
     */
    emailPlaceholder: boolean('email_placeholder').notNull().default(false),
    paymentMethod: text('payment_method', { enum: ['Mobile Money', 'Cash on Delivery'] }).notNull(),
    subtotalPesewas: integer('subtotal_pesewas').notNull(),
    discountPesewas: integer('discount_pesewas').notNull().default(0),
    totalPesewas: integer('total_pesewas').notNull(),
    promoCode: text('promo_code'),
    promoPercent: integer('promo_percent'),
    orderStatus: text('order_status', { enum: ['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled'] })
      .notNull()
      .default('Pending'),
    paymentStatus: text('payment_status', { enum: ['Pending', 'Paid'] })
      .notNull()
      .default('Pending'),
    /** The payment that paid the order, else the latest one started. */
    paymentReference: text('payment_reference'),
    /** Whether the order's lines are taken from stock now (services/stock.ts keeps this true to the stock). */
    stockHeld: boolean('stock_held').notNull().default(true),
    /**
     * Issue 41: whether the buyer is shown to be real (`verified`: a phone confirmed by a code, or the
     * shop), else what confirms them (`required`: a code; `waiting_for_shop`: the shop, no SMS set up).
     */
    verification: text('verification', { enum: ORDER_VERIFICATIONS }).notNull().default('verified'),
    /** When an unverified order's stock goes back while the order itself waits (null: none held briefly). */
    stockReleaseAt: at('stock_release_at'),
    /**
     * Guests' orders placed before tokens were derived from the server secret: SHA-256 of the random
     * token the shopper's phone still holds. New orders leave it null (services/order-token.ts).
     */
    orderTokenHash: text('order_token_hash'),
    /** Who placed it, as the per-buyer unit limit counts them: the phone as +233 digits, the e-mail in lower case. */
    buyerPhone: text('buyer_phone'),
    buyerEmail: text('buyer_email'),
    /**
     * Until when the order holds its stock without an answer: an unpaid Mobile Money order until it is
     * paid, a Cash on Delivery order until an admin confirms it (Processing).
     */
    holdExpiresAt: at('hold_expires_at'),
    cancelReason: text('cancel_reason', { enum: ['expired', 'shopper', 'admin', 'unconfirmed'] }),
    paidAt: at('paid_at'),
    cancelledAt: at('cancelled_at'),
    /** Issue 42: seeded by the demo (a shopper's order placed in a demo is not): go-live removes these. */
    demo: boolean('demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('orders_order_status_check', sql`${t.orderStatus} in ('Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled')`),
    check('orders_payment_status_check', sql`${t.paymentStatus} in ('Pending', 'Paid')`),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('Mobile Money', 'Cash on Delivery')`),
    check('orders_verification_check', sql`${t.verification} in ('verified', 'required', 'waiting_for_shop')`),
    check(
      'orders_totals_check',
      // A prepaid delivery fee is part of the total; one paid to the rider is not (issue 28).
      sql`${t.subtotalPesewas} >= 0 and ${t.discountPesewas} >= 0 and ${t.deliveryFeePesewas} >= 0 and ${t.totalPesewas} = ${t.subtotalPesewas} - ${t.discountPesewas} + (case when ${t.deliveryFeePaidWith} = 'order' then ${t.deliveryFeePesewas} else 0 end)`,
    ),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_hold_idx').on(t.holdExpiresAt).where(sql`${t.holdExpiresAt} is not null`),
    index('orders_buyer_phone_idx').on(t.buyerPhone, t.createdAt),
    index('orders_buyer_email_idx').on(t.buyerEmail, t.createdAt),
    index('orders_stock_release_idx').on(t.stockReleaseAt).where(sql`${t.stockReleaseAt} is not null`),
    // The unverified share (issue 41) sums what open unverified orders hold.
    index('orders_unverified_idx').on(t.id).where(sql`${t.verification} <> 'verified' and ${t.stockHeld}`),
  ],
);

/**
 * Issue 29: one row per order placed with a promo code, written in the order's own transaction. A
 * code's uses are its rows whose order is not cancelled, so a cancelled order gives its use back (and
 * an order restored from Cancelled takes it again). Deleting the code or the order deletes the rows.
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    code: text('code')
      .notNull()
      .references(() => promoCodes.code, { onDelete: 'cascade', onUpdate: 'cascade' }),
    userId: uuid('user_id'),
    /** As `buyerKeys` normalises them: the phone as 233 and nine digits, the e-mail in lower case. */
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('promo_redemptions_code_user_idx').on(t.code, t.userId),
    index('promo_redemptions_code_phone_idx').on(t.code, t.phone),
    index('promo_redemptions_code_email_idx').on(t.code, t.email),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** No foreign key: the line outlives the product. */
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    pricePesewas: integer('price_pesewas').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    unique('order_items_order_position_key').on(t.orderId, t.position),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_price_check', sql`${t.pricePesewas} >= 0`),
  ],
);

/** One Mobile Money attempt on an order, under a reference the provider knows. */
export const payments = pgTable(
  'payments',
  {
    reference: text('reference').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'paystack'] }).notNull(),
    amountPesewas: integer('amount_pesewas').notNull(),
    currency: text('currency').notNull().default('GHS'),
    status: text('status', { enum: ['pending', 'success', 'failed', 'abandoned'] })
      .notNull()
      .default('pending'),
    /** Null while the provider is being asked for it. */
    paymentLink: text('payment_link'),
    /** The sandbox provider's side of the payment (what Approve or Decline chose). */
    sandboxOutcome: text('sandbox_outcome', { enum: ['success', 'failed'] }),
    /** Why a payment the provider called successful was not accepted (amount or currency). */
    failureReason: text('failure_reason'),
    /** When the provider was last asked about it: at most once per 10 s, across processes. */
    lastCheckedAt: at('last_checked_at'),
    /** `page`: the shopper pays on Paystack's page; `charge`: approved on the phone from the shop's own page. */
    channel: text('channel', { enum: ['page', 'charge'] })
      .notNull()
      .default('page'),
    /** A charge's wallet: local form `0XXXXXXXXX`, and the network's Paystack code. */
    momoPhone: text('momo_phone'),
    momoNetwork: text('momo_network', { enum: MOMO_NETWORK_CODES }),
    /** A charge in progress: `starting` until the provider answers, then what the network asks for. */
    chargeState: text('charge_state', { enum: ['starting', 'approve', 'otp'] }),
    /** What the network says to do (Telecel's voucher steps), shown as it is. */
    displayText: text('display_text'),
    /** When the shopper's prompt runs out; the attempt is final after it once the provider is asked again. */
    chargeExpiresAt: at('charge_expires_at'),
    /** Why a charge ended unpaid, for the shopper's words. */
    declineReason: text('decline_reason', { enum: DECLINE_REASONS }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    // One payment in progress per order: two taps on Pay cannot start two charges.
    uniqueIndex('payments_one_pending_per_order').on(t.orderId).where(sql`${t.status} = 'pending'`),
  ],
);

/** Typed admin flags (ARCHITECTURE §8b): one open flag of a kind per order, cleared with a note. */
export const orderFlags = pgTable(
  'order_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_FLAGS }).notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    clearedAt: at('cleared_at'),
    clearNote: text('clear_note'),
    clearedBy: uuid('cleared_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('order_flags_one_open').on(t.orderId, t.kind).where(sql`${t.clearedAt} is null`),
    index('order_flags_open_idx').on(t.kind).where(sql`${t.clearedAt} is null`),
    check('order_flags_kind_check', sql.raw(`kind in (${ORDER_FLAGS.map((k) => `'${k}'`).join(', ')})`)),
  ],
);

/** Money sent back on a paid order: started by an admin or reported by the provider's webhooks. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentReference: text('payment_reference').notNull(),
    /** The provider's refund id; its webhooks name it again. */
    providerRefundId: text('provider_refund_id'),
    amountPesewas: integer('amount_pesewas').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    returnedToStock: boolean('returned_to_stock').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_provider_id_key').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount_check', sql`${t.amountPesewas} > 0`),
  ],
);

/** A chargeback opened by the shopper's bank or network, as the provider reports it. */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentReference: text('payment_reference').notNull(),
    providerDisputeId: text('provider_dispute_id').notNull().unique(),
    amountPesewas: integer('amount_pesewas'),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull(),
    resolution: text('resolution'),
    createdAt: createdAt(),
    resolvedAt: at('resolved_at'),
  },
  (t) => [index('disputes_order_idx').on(t.orderId)],
);

/**
 * Idempotency-Key → order. The key row is inserted first in the order's transaction, so a second
 * request with the same key waits for the first and then finds its order, but only when it asks for
 * the same thing: `requestHash` is the SHA-256 of its cart lines and payment method (not the contact
 * details, which a shopper may correct before retrying).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * The transactional outbox (ARCHITECTURE §5b): each message is written in the transaction of the
 * event that causes it, then delivered after the commit by the sender (notify/sender.ts). One row per
 * event, channel and recipient (`dedupeKey`), so a retried event writes nothing twice.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    audience: text('audience', { enum: ['shopper', 'owner'] }).notNull(),
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    /** A secret part (a reset link or code), AES-GCM under the server secret; erased once sent or expired. */
    secretSealed: text('secret_sealed'),
    secretExpiresAt: at('secret_expires_at'),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** When a sender took it; a row left `sending` long after this was cut off mid-send (a crash). */
    claimedAt: at('claimed_at'),
    /** How often a sender was cut off mid-send with it. */
    cutOffs: integer('cut_offs').notNull().default(0),
    /** When its sender handed it to the channel: a stale `sending` row with it may have gone (notify/sender.ts). */
    handedAt: at('handed_at'),
    /** The admin's resends: how many, the last one's time and admin. */
    resends: integer('resends').notNull().default(0),
    resentAt: at('resent_at'),
    resentBy: uuid('resent_by').references(() => users.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    provider: text('provider'),
    providerId: text('provider_id'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('queued', 'sending')`),
    index('outbox_order_idx').on(t.orderId, t.createdAt),
    index('outbox_created_idx').on(t.createdAt),
    check('outbox_kind_check', inList('kind', MESSAGE_KINDS)),
    check('outbox_channel_check', inList('channel', MESSAGE_CHANNELS)),
    check('outbox_status_check', inList('status', MESSAGE_STATUSES)),
    check('outbox_audience_check', sql`${t.audience} in ('shopper', 'owner')`),
  ],
);
