import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { toPesewas } from '../../shared/money';
import type { Logger } from '../logger';
import { findUserByEmail, hashPassword, verifyPassword } from '../services/auth';
import type { ImageStore } from '../services/images';
import type { Db } from './client';
import { productArtSvg } from './demo-art';
import { DEMO_PRODUCTS, DEMO_SETTINGS } from './demo-catalogue';
import { orders, products, shopSettings, users } from './schema';

/** Demo accounts. Their passwords are printed at start-up only while they still work. */
export const DEMO_ADMIN = { fullName: 'Shop Admin', email: 'admin@nkutonaturals.com.gh', password: 'nkuto-admin-2026' };
export const DEMO_CUSTOMER = { fullName: 'Ama Mensah', email: 'ama@example.com', password: 'nkuto-shopper-2026' };

export interface SeedOptions {
  images: ImageStore;
  log: Logger;
  /** ADMIN_EMAIL / ADMIN_PASSWORD: this admin instead of the demo one. */
  admin?: { email: string; password: string };
}

/** Renders the generated product art and stores it like an upload; runs two at a time. */
async function renderProductImages(images: ImageStore): Promise<string[][]> {
  const result: string[][] = DEMO_PRODUCTS.map(() => []);
  const jobs = DEMO_PRODUCTS.flatMap((product, p) => product.art.map((spec, i) => ({ p, i, svg: productArtSvg(spec, product.name) })));
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (!job) break;
      const png = await sharp(Buffer.from(job.svg)).png({ compressionLevel: 1 }).toBuffer();
      (result[job.p] as string[])[job.i] = await images.save(png);
    }
  };
  await Promise.all([worker(), worker()]);
  return result;
}

/**
 * Fills an empty shop: the demo catalogue with its images, the shop settings, a demo admin (or the
 * configured one) and a demo customer. Parts that already exist are left alone, so it is safe at
 * every start.
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<{ seededProducts: number }> {
  const { log } = options;
  let seededProducts = 0;
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if (count === 0) {
    const [{ orderCount } = { orderCount: 0 }] = await db.select({ orderCount: sql<number>`count(*)::int` }).from(orders);
    const started = performance.now();
    log.info('drawing the demo catalogue images (about 20 s, first start only)', { products: DEMO_PRODUCTS.length });
    const imageKeys = await renderProductImages(options.images);
    // The catalogue goes in as one transaction: a crash mid-seed leaves an empty shop, seeded again next start.
    await db.transaction(async (tx) => {
      const now = Date.now();
      await tx.insert(products).values(
        DEMO_PRODUCTS.map((p, i) => ({
          name: p.name,
          description: p.description,
          category: p.category,
          pricePesewas: toPesewas(p.price),
          stock: p.stock,
          images: imageKeys[i] ?? [],
          newArrival: p.newArrival,
          rating: p.rating,
          ratingCount: p.ratingCount,
          unitsSold: p.unitsSold,
          // Spread creation times so "newest" has a meaningful order; new arrivals are the latest.
          createdAt: new Date(now - (p.newArrival ? i : 60 + i) * 86_400_000),
        })),
      );
      // Recorded with the catalogue: a database that was empty is a demo shop, where the sandbox may simulate Mobile Money.
      if (orderCount === 0)
        await tx
          .insert(shopSettings)
          .values({ id: 1, ...DEMO_SETTINGS, logo: null, demoShop: true })
          .onConflictDoUpdate({ target: shopSettings.id, set: { demoShop: true } });
    });
    seededProducts = DEMO_PRODUCTS.length;
    log.info('seeded demo catalogue', { products: seededProducts, ms: Math.round(performance.now() - started) });
  }

  await db
    .insert(shopSettings)
    .values({ id: 1, ...DEMO_SETTINGS, logo: null })
    .onConflictDoNothing();

  const admin = options.admin ?? DEMO_ADMIN;
  await ensureUser(db, { fullName: DEMO_ADMIN.fullName, email: admin.email, password: admin.password }, 'admin', log);
  await ensureUser(db, DEMO_CUSTOMER, 'customer', log);
  return { seededProducts };
}

async function ensureUser(db: Db, account: { fullName: string; email: string; password: string }, role: 'admin' | 'customer', log: Logger) {
  if (await findUserByEmail(db, account.email)) return;
  await db
    .insert(users)
    .values({ fullName: account.fullName, email: account.email.toLowerCase(), passwordHash: await hashPassword(account.password), role })
    .onConflictDoNothing();
  log.info('created account', { role, email: account.email });
}

/** The demo sign-ins that still work with their published passwords, for the start-up banner. */
export async function workingDemoAccounts(db: Db): Promise<{ role: string; email: string; password: string }[]> {
  const found: { role: string; email: string; password: string }[] = [];
  for (const [role, account] of [
    ['admin', DEMO_ADMIN],
    ['customer', DEMO_CUSTOMER],
  ] as const) {
    const user = await findUserByEmail(db, account.email);
    if (user && (await verifyPassword(user.passwordHash, account.password))) found.push({ role, email: account.email, password: account.password });
  }
  return found;
}
