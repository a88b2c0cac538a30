import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OwnerAlertSettings } from '@/shared/admin-types';
import { createdAt, rowId } from './columns';

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
    /** When the owner went live (the demo data removed); a shop that went live is never seeded again. */
    wentLiveAt: timestamp('went_live_at', { withTimezone: true, mode: 'date' }),
    /** The owner ticked the setup guide's policies step (only they can tell it is done). */
    setupPoliciesDone: boolean('setup_policies_done').notNull().default(false),
    /** The share (percent) of storefront page views that report their speed (POST /api/vitals); public. */
    vitalsSamplePercent: integer('vitals_sample_percent').notNull().default(100),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('shop_settings_single_row', sql`${t.id} = 1`), check('shop_settings_vitals_sample_percent', sql`${t.vitalsSamplePercent} between 0 and 100`)],
);

export const contactMessages = pgTable('contact_messages', {
  id: rowId(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

export const subscribers = pgTable(
  'subscribers',
  {
    id: rowId(),
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
