import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { promoCodes } from './schema';

/**
 * Every table the app writes, for `seed --reset` and for tests. `catalogue_epoch` is left out on
 * purpose: truncating products draws a new one (a trigger), so phones' older catalogue copies are replaced whole.
 */
export const APP_TABLES = [
  'idempotency_keys',
  'order_flags',
  'refunds',
  'disputes',
  'payments',
  'order_items',
  'promo_redemptions',
  'orders',
  'promo_codes',
  'delivery_options',
  'cart_items',
  'sessions',
  'rate_limits',
  'contact_messages',
  'subscribers',
  'product_tombstones',
  'product_slug_history',
  'products',
  'users',
  'shop_settings',
  'vitals_histograms',
  'vitals_page_views',
  'vitals_days',
];

/** The rows the tests start with: the spec's SAVE10 code (in a real shop it comes only with the demo data, demo/seed.ts). */
export async function insertBaselineRows(db: Db): Promise<void> {
  await db.insert(promoCodes).values({ code: 'SAVE10', percent: 10 }).onConflictDoNothing();
}

export async function resetDatabase(db: Db): Promise<void> {
  await db.execute(sql.raw(`truncate table ${APP_TABLES.map((t) => `"${t}"`).join(', ')} restart identity cascade`));
  await insertBaselineRows(db);
}
