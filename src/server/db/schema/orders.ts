import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { ORDER_VERIFICATIONS } from '@/shared/constants';
import { users } from './accounts';
import { promoCodes } from './checkout-options';
import { at, createdAt, partOf, rowId } from './columns';

/**
 * Orders keep everything they need to be read later (names, prices, images as they were), so
 * editing or deleting a product never changes an order. Stock is taken while an order is not
 * Cancelled: cancelling gives it back, leaving Cancelled takes it again.
 */
export const orders = pgTable(
  'orders',
  {
    id: rowId(),
    orderNumber: text('order_number').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    /** Where a rider finds the shopper (all optional). */
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
    /** Entered by an admin (a phone or WhatsApp order), and by whom while that account exists. */
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
    /** Whether the order's lines are taken from stock now (services/orders/stock.ts keeps this true to the stock). */
    stockHeld: boolean('stock_held').notNull().default(true),
    /**
     * Whether the buyer is shown to be real (`verified`: a phone confirmed by a code, or the
     * shop), else what confirms them (`required`: a code; `waiting_for_shop`: the shop, no SMS set up).
     */
    verification: text('verification', { enum: ORDER_VERIFICATIONS }).notNull().default('verified'),
    /** When an unverified order's stock goes back while the order itself waits (null: none held briefly). */
    stockReleaseAt: at('stock_release_at'),
    /**
     * Guests' orders placed before tokens were derived from the server secret: SHA-256 of the random
     * token the shopper's phone still holds. New orders leave it null (services/orders/orders.ts).
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
    /** Seeded by the demo (a shopper's order placed in a demo is not): go-live removes these. */
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
      // A prepaid delivery fee is part of the total; one paid to the rider is not.
      sql`${t.subtotalPesewas} >= 0 and ${t.discountPesewas} >= 0 and ${t.deliveryFeePesewas} >= 0 and ${t.totalPesewas} = ${t.subtotalPesewas} - ${t.discountPesewas} + (case when ${t.deliveryFeePaidWith} = 'order' then ${t.deliveryFeePesewas} else 0 end)`,
    ),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_hold_idx').on(t.holdExpiresAt).where(sql`${t.holdExpiresAt} is not null`),
    index('orders_buyer_phone_idx').on(t.buyerPhone, t.createdAt),
    index('orders_buyer_email_idx').on(t.buyerEmail, t.createdAt),
    index('orders_stock_release_idx').on(t.stockReleaseAt).where(sql`${t.stockReleaseAt} is not null`),
    // The unverified share sums what open unverified orders hold.
    index('orders_unverified_idx').on(t.id).where(sql`${t.verification} <> 'verified' and ${t.stockHeld}`),
  ],
);

/**
 * One row per order placed with a promo code, written in the order's own transaction. A
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
    id: rowId(),
    orderId: partOf('order_id', () => orders.id),
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
