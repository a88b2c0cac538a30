import { and, eq, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { toPesewas } from '../../shared/money';
import type { Logger } from '../logger';
import { findUserByEmail, hashPassword, verifyPassword } from '../services/auth';
import type { ImageStore } from '../services/images';
import { type Db, SETUP_LOCK_ID } from './client';
import { productArtSvg } from './demo-art';
import { DEMO_PRODUCTS, DEMO_SETTINGS } from './demo-catalogue';
import { orders, products, promoCodes, sessions, shopSettings, users } from './schema';

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

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface ShopBasicsOptions extends SeedOptions {
  /** SEED_DEMO: the demo catalogue (into an empty shop) and the demo accounts. */
  seedDemo: boolean;
}

export interface ShopBasics {
  seededProducts: number;
  /** The demo sign-ins that still work with their published passwords. */
  demoAccounts: DemoAccount[];
  /** Lines for the start-up banner, each one problem (a published password that still works, no admin). */
  warnings: string[];
}

/** ADMIN_EMAIL and ADMIN_PASSWORD (the configuration allows both or neither). */
export function adminFromEnv(env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string }): SeedOptions['admin'] {
  return env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined;
}

/**
 * What every start makes sure of (the server and the seed CLI), under the migrations' advisory lock
 * so that processes starting together do it once: the shop settings row; the admin of ADMIN_EMAIL /
 * ADMIN_PASSWORD; with demo data, the demo catalogue (into an empty shop only) and the demo accounts.
 * Parts that already exist are left alone.
 */
export async function ensureShopBasics(db: Db, options: ShopBasicsOptions): Promise<ShopBasics> {
  const { log } = options;
  const seededProducts = await underSetupLock(db, log, async (tx) => {
    const seeded = options.seedDemo ? await seedDemoCatalogue(tx, options.images, log) : 0;
    await tx
      .insert(shopSettings)
      .values({ id: 1, ...DEMO_SETTINGS, logo: null })
      .onConflictDoNothing();
    if (options.admin) await ensureEnvAdmin(tx, options.admin, log);
    if (options.seedDemo) {
      // The demo admin only stands in for a configured one.
      if (!options.admin) await ensureUser(tx, DEMO_ADMIN, 'admin', log);
      await ensureUser(tx, DEMO_CUSTOMER, 'customer', log);
    }
    return seeded;
  });

  const demoAccounts = await workingDemoAccounts(db);
  const warnings: string[] = [];
  if (demoAccounts.length > 0) {
    // One line, whichever of the two still work: anyone can read these passwords in the README.
    const plural = demoAccounts.length > 1;
    const who = demoAccounts.map((a) => `${a.email} (${a.role})`).join(' and ');
    const suggestEnv = !options.admin && demoAccounts.some((a) => a.role === 'admin');
    warnings.push(
      `the demo account${plural ? 's' : ''} ${who} still sign${plural ? '' : 's'} in with ${plural ? 'their' : 'its'} published password${plural ? 's' : ''}: change ${plural ? 'them' : 'it'} in the app${suggestEnv ? ', and set ADMIN_EMAIL and ADMIN_PASSWORD for a real admin' : ''}.`,
    );
  }
  const [{ admins } = { admins: 0 }] = await db.select({ admins: sql<number>`count(*)::int` }).from(users).where(eq(users.role, 'admin'));
  if (admins === 0) warnings.push('there is no admin account: set ADMIN_EMAIL and ADMIN_PASSWORD and start again to create one.');
  return { seededProducts, demoAccounts, warnings };
}

/**
 * The demo data on top of the shop basics: the seed CLI's and the benchmarks' entry
 * (ensureShopBasics with seedDemo on).
 */
export async function seedDemo(db: Db, options: SeedOptions): Promise<ShopBasics> {
  return ensureShopBasics(db, { ...options, seedDemo: true });
}

/**
 * Runs `run` in one transaction holding the advisory lock the migrations take (SETUP_LOCK_ID).
 * The lock is tried rather than waited for: a query waiting longer than the pool's query limit would
 * fail, and another process may hold it for the ~20 s of drawing the demo catalogue.
 */
async function underSetupLock<T>(db: Db, log: Logger, run: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await db.transaction(async (tx) => {
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${SETUP_LOCK_ID}::bigint) as locked`);
      if (!(result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return { locked: false as const };
      return { locked: true as const, value: await run(tx) };
    });
    if (outcome.locked) return outcome.value;
    if (attempt === 0) log.info('waiting for another process setting up the shop');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The demo catalogue into an empty shop; the number of products added. */
async function seedDemoCatalogue(tx: Tx, images: ImageStore, log: Logger): Promise<number> {
  const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(products);
  if (count > 0) return 0;
  const [{ orderCount } = { orderCount: 0 }] = await tx.select({ orderCount: sql<number>`count(*)::int` }).from(orders);
  const started = performance.now();
  log.info('drawing the demo catalogue images (about 20 s, first start only)', { products: DEMO_PRODUCTS.length });
  const imageKeys = await renderProductImages(images);
  // Inside the set-up transaction: a crash mid-seed leaves an empty shop, seeded again next start.
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
  // The spec's SAVE10 is demo data: a real shop makes its own codes (a code anyone can read in the spec is a free 10 %).
  await tx.insert(promoCodes).values({ code: 'SAVE10', percent: 10 }).onConflictDoNothing();
  log.info('seeded demo catalogue', { products: DEMO_PRODUCTS.length, ms: Math.round(performance.now() - started) });
  return DEMO_PRODUCTS.length;
}

/**
 * The account of ADMIN_EMAIL is an admin (a customer with that e-mail is promoted). ADMIN_PASSWORD
 * is applied when it differs from the value applied last (kept as an argon2 hash), so rotating it
 * works and a restart never undoes a password changed in the app; applying it, or promoting,
 * signs the account out everywhere.
 */
async function ensureEnvAdmin(tx: Tx, admin: { email: string; password: string }, log: Logger): Promise<void> {
  const email = admin.email.toLowerCase();
  const [user] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  if (!user) {
    const passwordHash = await hashPassword(admin.password);
    await tx.insert(users).values({ fullName: DEMO_ADMIN.fullName, email, passwordHash, envPasswordHash: passwordHash, role: 'admin' });
    log.info('created account', { role: 'admin', email });
    return;
  }
  const promote = user.role !== 'admin';
  // An account from before the applied value was recorded that already has this password: record it, sign no one out.
  if (!promote && !user.envPasswordHash && (await verifyPassword(user.passwordHash, admin.password))) {
    await tx.update(users).set({ envPasswordHash: user.passwordHash }).where(eq(users.id, user.id));
    return;
  }
  const apply = !user.envPasswordHash || !(await verifyPassword(user.envPasswordHash, admin.password));
  if (!promote && !apply) return;
  const changes: Partial<typeof users.$inferInsert> = {};
  if (promote) changes.role = 'admin';
  if (apply) {
    const passwordHash = await hashPassword(admin.password);
    changes.passwordHash = passwordHash;
    changes.envPasswordHash = passwordHash;
  }
  await tx.update(users).set(changes).where(eq(users.id, user.id));
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
  if (promote) log.info('made the ADMIN_EMAIL account an admin', { email });
  if (apply) log.info('applied ADMIN_PASSWORD to the admin account; its sessions were signed out', { email });
}

/** Creates the account unless its e-mail exists (a changed demo password is kept). */
async function ensureUser(tx: Tx, account: { fullName: string; email: string; password: string }, role: 'admin' | 'customer', log: Logger) {
  const [existing] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${account.email.toLowerCase()}`);
  if (existing) return;
  await tx
    .insert(users)
    .values({ fullName: account.fullName, email: account.email.toLowerCase(), passwordHash: await hashPassword(account.password), role })
    .onConflictDoNothing();
  log.info('created account', { role, email: account.email });
}

export interface DemoAccount {
  role: string;
  email: string;
  password: string;
}

/** The demo sign-ins that still work with their published passwords, for the start-up banner. */
export async function workingDemoAccounts(db: Db): Promise<DemoAccount[]> {
  const found: DemoAccount[] = [];
  for (const [role, account] of [
    ['admin', DEMO_ADMIN],
    ['customer', DEMO_CUSTOMER],
  ] as const) {
    const user = await findUserByEmail(db, account.email);
    if (user && (await verifyPassword(user.passwordHash, account.password))) found.push({ role, email: account.email, password: account.password });
  }
  return found;
}
