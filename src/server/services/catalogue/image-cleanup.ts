import { eq, like, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, products, shopSettings, users } from '../../db/schema';
import { UPLOADS_PATH } from './image-urls';
import type { ImageStore } from './images';

/**
 * Whether any row still names an image key: images are content-addressed, so the same photo may be
 * a product's, an order line's, the logo or another account's avatar.
 */
export async function imageKeyInUse(db: Db, key: string): Promise<boolean> {
  const asList = sql`${JSON.stringify([key])}::jsonb`;
  const checks = [
    db.select({ one: sql`1` }).from(users).where(eq(users.avatar, key)).limit(1),
    db.select({ one: sql`1` }).from(products).where(sql`${products.images} @> ${asList}`).limit(1),
    db.select({ one: sql`1` }).from(orderItems).where(sql`${orderItems.images} @> ${asList}`).limit(1),
    // Older settings rows hold the logo's `/uploads/{key}-{width}.webp` rather than its key.
    db
      .select({ one: sql`1` })
      .from(shopSettings)
      .where(or(eq(shopSettings.logo, key), like(shopSettings.logo, `${UPLOADS_PATH}/${key}-%`)))
      .limit(1),
  ];
  for (const check of checks) if ((await check).length > 0) return true;
  return false;
}

/**
 * Deletes the files of images a row no longer names, once that row has changed (never before: a
 * failed change must leave its images in place), and only those no other row names. A store
 * without `remove` keeps them.
 */
export async function removeUnusedImages(db: Db, images: ImageStore, keys: Iterable<string>): Promise<void> {
  if (!images.remove) return;
  for (const key of new Set(keys)) if (!(await imageKeyInUse(db, key))) await images.remove(key);
}
