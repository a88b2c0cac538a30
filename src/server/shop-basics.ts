import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, SETUP_LOCK_ID } from './db/client';
import { sessions, shopSettings, users } from './db/schema';
import type { Tx } from './db/transaction';
import { findUserByEmail } from './db/users';
import { DEMO_ADMIN, DEMO_CUSTOMER } from './demo/accounts';
import type { Logger } from './logger';
import { hashPassword, verifyPassword } from './passwords';
import type { ImageStore } from './services/catalogue/images';

/** A new shop's settings row, demo or not: the demo shop's details, which the admin edits under Settings. */
export const DEFAULT_SETTINGS: {
  shopName: 'Nkuto Naturals';
  email: string;
  phone: string;
  whatsapp: string;
  address: string;
  socials: { facebook: string; instagram: string; tiktok: string; x: string };
} = {
  shopName: 'Nkuto Naturals',
  email: 'hello@nkutonaturals.com.gh',
  phone: '+233 24 123 4567',
  whatsapp: '233241234567',
  address: '14 Oxford Street, Osu, Accra, Ghana',
  socials: {
    facebook: 'https://www.facebook.com/nkutonaturals',
    instagram: 'https://www.instagram.com/nkutonaturals',
    tiktok: 'https://www.tiktok.com/@nkutonaturals',
    x: 'https://x.com/nkutonaturals',
  },
};

export interface SeedOptions {
  images: ImageStore;
  log: Logger;
  /** ADMIN_EMAIL / ADMIN_PASSWORD: this admin instead of the demo one. */
  admin?: { email: string; password: string };
}

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
    await tx
      .insert(shopSettings)
      .values({ id: 1, ...DEFAULT_SETTINGS, logo: null })
      .onConflictDoNothing();
    const [settings] = await tx
      .select({ demoShop: shopSettings.demoShop, wentLiveAt: shopSettings.wentLiveAt })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1));
    // A shop that went live is never seeded again, even emptied: that would bring the demo back over a real shop.
    const mayDemo = options.seedDemo && !settings?.wentLiveAt;
    // The demo catalogue and its art load only when asked for: they stay off a production start.
    const seeded = mayDemo ? await (await import('./demo/seed')).seedDemoCatalogue(tx, options.images, log) : 0;
    if (options.admin) await ensureEnvAdmin(tx, options.admin, log);
    // The demo accounts (published passwords) only in a demo shop: never beside a real shop's data.
    const demoShop = seeded > 0 ? await isDemoShopTx(tx) : (settings?.demoShop ?? false);
    if (mayDemo && demoShop) {
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

async function isDemoShopTx(tx: Tx): Promise<boolean> {
  const [row] = await tx.select({ demoShop: shopSettings.demoShop }).from(shopSettings).where(eq(shopSettings.id, 1));
  return row?.demoShop ?? false;
}

/** Creates the account (marked demo: go-live removes it) unless its e-mail exists (a changed demo password is kept). */
async function ensureUser(tx: Tx, account: { fullName: string; email: string; password: string }, role: 'admin' | 'customer', log: Logger) {
  const [existing] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${account.email.toLowerCase()}`);
  if (existing) return;
  await tx
    .insert(users)
    .values({ fullName: account.fullName, email: account.email.toLowerCase(), passwordHash: await hashPassword(account.password), role, demo: true })
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
