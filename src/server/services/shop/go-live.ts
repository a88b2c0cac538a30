import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DemoDataCounts, GoLiveResult } from '@/shared/admin-types';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { Db } from '../../db/client';
import { deliveryOptions, orders, products, promoCodes, shopSettings, users } from '../../db/schema';
import { DEMO_ADMIN } from '../../demo/accounts';
import { AppError } from '../../errors';
import { verifyPassword } from '../../passwords';
import { catalogueChanged } from '../catalogue/catalogue-signal';
import { imageKeyInUse, removeUnusedImages } from '../catalogue/image-cleanup';
import type { ImageStore } from '../catalogue/images';

export interface GoLiveDeps {
  db: Db;
  images?: ImageStore;
  /** Writes a backup of the whole database and answers its file (services/shop/backups.ts backupNow); none: go-live is refused. */
  backup?: () => Promise<{ file: string }>;
}

const count = async (db: Db, table: typeof products | typeof promoCodes | typeof deliveryOptions | typeof orders, where = sql`true`) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(eq(table.demo, true), where));
  return row?.n ?? 0;
};

/** The rows the demo seeded, counted now: what go-live would remove. */
export async function demoDataCounts(db: Db): Promise<DemoDataCounts> {
  const [customers] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.demo, true), eq(users.role, 'customer')));
  return {
    products: await count(db, products),
    customers: customers?.n ?? 0,
    orders: await count(db, orders),
    promoCodes: await count(db, promoCodes),
    deliveryOptions: await count(db, deliveryOptions),
  };
}

/** Whether this admin still signs in with the demo admin's published password. */
async function isPublishedDemoAdmin(user: { email: string; passwordHash: string }): Promise<boolean> {
  return user.email.toLowerCase() === DEMO_ADMIN.email.toLowerCase() && (await verifyPassword(user.passwordHash, DEMO_ADMIN.password));
}

/** Why go-live cannot run now (null: it can). `callerId`: the admin asking through the API. */
export async function goLiveBlockedBy(db: Db, callerId?: string): Promise<string | null> {
  const [settings] = await db.select({ demoShop: shopSettings.demoShop }).from(shopSettings).where(eq(shopSettings.id, 1));
  if (!settings?.demoShop) return SERVER_MESSAGES.notADemoShop;
  const admins = await db.select({ id: users.id, email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.role, 'admin'));
  let ownAdmins = 0;
  for (const admin of admins) {
    const published = await isPublishedDemoAdmin(admin);
    if (admin.id === callerId && published) return SERVER_MESSAGES.goLiveCallerIsDemoAdmin;
    if (!published) ownAdmins++;
  }
  // The demo admin is deleted while its published password works: someone must still be able to sign in.
  return ownAdmins === 0 ? SERVER_MESSAGES.goLiveNeedsOwnAdmin : null;
}

/**
 * Turns the demo into the owner's shop: a backup first (nothing is removed if it fails), then in one
 * transaction every demo-marked row goes (a shopper's order placed in the demo stays: its lines keep
 * their own snapshots), the demo admin goes unless the owner gave it a password of their own, and
 * the settings row stops saying demo, which every process reads before offering the demo's sandbox.
 */
export async function goLive(deps: GoLiveDeps, options: { callerId?: string } = {}): Promise<GoLiveResult> {
  const { db } = deps;
  const blocked = await goLiveBlockedBy(db, options.callerId);
  if (blocked) throw new AppError(409, blocked);
  // Never without a backup first: go-live removes rows for good (a server that cannot take one says where to go live).
  if (!deps.backup) throw new AppError(409, SERVER_MESSAGES.goLiveNoBackup);
  const { file: backupFile } = await deps.backup();

  const outcome = await db.transaction(async (tx) => {
    // Locks the row: two go-lives at once run one after the other, the second refused.
    const [settings] = await tx.select({ demoShop: shopSettings.demoShop }).from(shopSettings).where(eq(shopSettings.id, 1)).for('update');
    if (!settings?.demoShop) throw new AppError(409, SERVER_MESSAGES.notADemoShop);
    const removedOrders = await tx.delete(orders).where(eq(orders.demo, true)).returning({ id: orders.id });
    const removedProducts = await tx.delete(products).where(eq(products.demo, true)).returning({ images: products.images });
    const removedPromos = await tx.delete(promoCodes).where(eq(promoCodes.demo, true)).returning({ code: promoCodes.code });
    const removedDelivery = await tx.delete(deliveryOptions).where(eq(deliveryOptions.demo, true)).returning({ id: deliveryOptions.id });
    // Carts and sessions go with their accounts (cascade); a shopper's orders only lose the link.
    const removedCustomers = await tx
      .delete(users)
      .where(and(eq(users.demo, true), eq(users.role, 'customer')))
      .returning({ id: users.id });
    const demoAdmins = await tx
      .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.demo, true), eq(users.role, 'admin')));
    const deleteIds: string[] = [];
    const keepIds: string[] = [];
    for (const admin of demoAdmins) ((await isPublishedDemoAdmin(admin)) ? deleteIds : keepIds).push(admin.id);
    if (deleteIds.length > 0) await tx.delete(users).where(inArray(users.id, deleteIds));
    // The owner changed its password: it is their account now.
    if (keepIds.length > 0) await tx.update(users).set({ demo: false }).where(inArray(users.id, keepIds));
    await tx.update(shopSettings).set({ demoShop: false, wentLiveAt: sql`now()`, updatedAt: sql`now()` }).where(eq(shopSettings.id, 1));
    return {
      imageKeys: removedProducts.flatMap((p) => p.images),
      counts: {
        products: removedProducts.length,
        customers: removedCustomers.length,
        orders: removedOrders.length,
        promoCodes: removedPromos.length,
        deliveryOptions: removedDelivery.length,
      },
    };
  });

  catalogueChanged(db, { kind: 'all' });
  let images = 0;
  if (deps.images) {
    const unused: string[] = [];
    for (const key of new Set(outcome.imageKeys)) if (!(await imageKeyInUse(db, key))) unused.push(key);
    await removeUnusedImages(db, deps.images, unused);
    images = deps.images.remove ? unused.length : 0;
  }
  return { removed: { ...outcome.counts, images }, backupFile };
}
