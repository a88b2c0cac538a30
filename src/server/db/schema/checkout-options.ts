import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { at, createdAt, rowId } from './columns';

/** Promo codes; SAVE10 (10 %) is inserted by the migration. Codes are stored in upper case. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text('code').primaryKey(),
    percent: integer('percent').notNull(),
    active: boolean('active').notNull().default(true),
    /** The code works from `startsAt` to `endsAt` (both included; null: no bound). */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    /** Uses in all (orders not cancelled, counted from promo_redemptions); null: no limit. */
    maxUses: integer('max_uses'),
    /** One use per customer: by account, normalised phone or lower-cased e-mail (any match). */
    onePerCustomer: boolean('one_per_customer').notNull().default(false),
    /** Seeded by the demo: go-live removes exactly these rows. */
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

/**
 * The shop's delivery options, listed at the checkout in `position` order where they fit
 * the shopper's region and town. Orders keep a snapshot of the one chosen, so editing or deleting an
 * option never changes a past order.
 */
export const deliveryOptions = pgTable(
  'delivery_options',
  {
    id: rowId(),
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
    /** Seeded by the demo: go-live removes exactly these rows. */
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
