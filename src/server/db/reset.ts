import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** Every table the app writes, for `seed --reset` and for tests. */
export const APP_TABLES = ['cart_items', 'sessions', 'rate_limits', 'contact_messages', 'subscribers', 'products', 'users', 'shop_settings'];

export async function resetDatabase(db: Db): Promise<void> {
  await db.execute(sql.raw(`truncate table ${APP_TABLES.map((t) => `"${t}"`).join(', ')} restart identity cascade`));
}
