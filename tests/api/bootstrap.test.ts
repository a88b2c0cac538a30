import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '@/server/db/client';
import { products, promoCodes, shopSettings, users } from '@/server/db/schema';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '@/server/demo/accounts';
import { DEMO_PRODUCTS } from '@/server/demo/catalogue';
import { silentLogger } from '@/server/logger';
import { isDemoShop } from '@/server/services/shop/shop';
import { DEFAULT_SETTINGS, ensureShopBasics, type ShopBasicsOptions } from '@/server/shop-basics';
import { setupTestApi } from '../helpers/api';
import { createPostgresDatabase } from '../helpers/database';
import { countingStore } from '../helpers/images';

/**
 * What every start makes sure of: the ADMIN_EMAIL admin whatever SEED_DEMO says, its
 * password applied once per value of ADMIN_PASSWORD, the settings row in every shop, the demo
 * accounts only with demo data, one warning line, and the demo catalogue seeded once by processes
 * starting together.
 */
const api = setupTestApi();

const OWNER = 'owner@shop.gh';

/** A start of the server: SEED_DEMO off unless asked for, with or without ADMIN_EMAIL/ADMIN_PASSWORD. */
function start(options: Partial<ShopBasicsOptions> = {}, db = api.db) {
  return ensureShopBasics(db, { images: countingStore(), log: silentLogger, seedDemo: false, ...options });
}

const signIn = (email: string, password: string) => api.json('POST', '/api/login', { body: { email, password } });
/** An admin-only call: 200 while the token is a live admin session. */
const adminCall = async (token: string) => (await api.json('GET', '/api/getAllOrders', { token })).status;
const countOf = async (table: typeof products | typeof users | typeof shopSettings) =>
  (await api.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

describe('the admin of ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('promotes an existing customer with that e-mail, signing out its sessions', async () => {
    const customer = await api.createUser({ email: 'owner@shop.gh', password: 'the-customers-own' });
    expect(await adminCall(customer.token)).toBe(403);

    await start({ admin: { email: 'Owner@Shop.gh', password: 'env-secret-one' } });

    const [row] = await api.db.select().from(users).where(sql`lower(${users.email}) = ${OWNER}`);
    expect(row?.role).toBe('admin');
    expect(await countOf(users)).toBe(1); // the same account, not a second one
    // The token from before the promotion is gone; the account signs in with the environment's password.
    expect(await adminCall(customer.token)).toBe(401);
    expect((await signIn(OWNER, 'the-customers-own')).status).toBe(401);
    const owner = await signIn(OWNER, 'env-secret-one');
    expect(owner.body.data.role).toBe('admin');
    expect(await adminCall(owner.body.token)).toBe(200);
  });

  it('applies a changed ADMIN_PASSWORD once, signing out other sessions, and never undoes a password changed in the app', async () => {
    await start({ admin: { email: OWNER, password: 'env-secret-one' } });
    const first = await signIn(OWNER, 'env-secret-one');
    expect(first.status).toBe(200);

    // A restart with the same value changes nothing.
    await start({ admin: { email: OWNER, password: 'env-secret-one' } });
    expect(await adminCall(first.body.token)).toBe(200);

    // A rotated value is applied, and every session of the account ends.
    await start({ admin: { email: OWNER, password: 'env-secret-two' } });
    expect(await adminCall(first.body.token)).toBe(401);
    expect((await signIn(OWNER, 'env-secret-one')).status).toBe(401);
    const second = await signIn(OWNER, 'env-secret-two');
    expect(second.status).toBe(200);

    // ...once: the next start with it keeps the session.
    await start({ admin: { email: OWNER, password: 'env-secret-two' } });
    expect(await adminCall(second.body.token)).toBe(200);

    // The admin changes the password in the app; restarts with the same environment leave it alone.
    const changed = await api.json('PATCH', '/api/changePassword', {
      token: second.body.token,
      body: { currentPassword: 'env-secret-two', newPassword: 'changed-in-the-app', confirmPassword: 'changed-in-the-app' },
    });
    expect(changed.status).toBe(200);
    await start({ admin: { email: OWNER, password: 'env-secret-two' } });
    await start({ admin: { email: OWNER, password: 'env-secret-two' } });
    expect((await signIn(OWNER, 'changed-in-the-app')).status).toBe(200);
    expect((await signIn(OWNER, 'env-secret-two')).status).toBe(401);
    expect(await adminCall(second.body.token)).toBe(200);
  });
});

describe('an admin from before the applied value was recorded', () => {
  it("keeps its sessions when its password already is the environment's: the value is recorded, nothing reset", async () => {
    const admin = await api.createUser({ email: OWNER, password: 'env-secret-one', role: 'admin' });
    await start({ admin: { email: OWNER, password: 'env-secret-one' } });
    expect(await adminCall(admin.token)).toBe(200);
    const [row] = await api.db.select().from(users).where(sql`lower(${users.email}) = ${OWNER}`);
    expect(row?.envPasswordHash).toBe(row?.passwordHash);
    // A later rotation is still applied.
    await start({ admin: { email: OWNER, password: 'env-secret-two' } });
    expect(await adminCall(admin.token)).toBe(401);
  });
});

describe('a shop without demo data (SEED_DEMO=false)', () => {
  it('gets the configured admin and the settings row, and no demo accounts or products', async () => {
    const { warnings, seededProducts } = await start({ admin: { email: OWNER, password: 'env-secret-one' } });
    expect(seededProducts).toBe(0);
    expect((await signIn(OWNER, 'env-secret-one')).body.data.role).toBe('admin');
    expect(await api.db.select({ email: users.email }).from(users)).toEqual([{ email: OWNER }]);
    expect(await countOf(products)).toBe(0);
    const [settings] = await api.db.select().from(shopSettings);
    expect(settings).toMatchObject({ id: 1, shopName: DEFAULT_SETTINGS.shopName, demoShop: false });
    expect(await isDemoShop(api.db)).toBe(false);
    expect(warnings).toEqual([]);
  });

  it('without an admin in the environment: the settings row, and a warning that there is no admin', async () => {
    const { warnings } = await start();
    expect(await countOf(shopSettings)).toBe(1);
    expect((await api.json('GET', '/api/settings')).body.data.shopName).toBe(DEFAULT_SETTINGS.shopName);
    expect(await countOf(users)).toBe(0);
    expect(warnings).toEqual([expect.stringMatching(/no admin account.*ADMIN_EMAIL and ADMIN_PASSWORD/)]);
  });
});

describe("the spec's SAVE10 code", () => {
  it('is not in a new real shop (the migration leaves it out), only in one made with the demo data', async () => {
    const created = await createPostgresDatabase();
    const fresh = await openDatabase({ kind: 'postgres', url: created.url, maxConnections: 2 });
    try {
      const codes = async () => (await fresh.db.select({ code: promoCodes.code }).from(promoCodes)).map((r) => r.code);
      expect(await codes()).toEqual([]);
      await ensureShopBasics(fresh.db, { images: countingStore(), log: silentLogger, seedDemo: false });
      expect(await codes()).toEqual([]);
      await ensureShopBasics(fresh.db, { images: countingStore(), log: silentLogger, seedDemo: true });
      expect(await codes()).toEqual(['SAVE10']);
    } finally {
      await fresh.close();
      await created.drop();
    }
  }, 60_000);
});

describe('the demo accounts', () => {
  it('are created only with demo data, and warn in one line while a published password works', async () => {
    await api.createProduct(); // a catalogue already there: nothing to draw
    expect(await countOf(users)).toBe(0);
    await start({ seedDemo: false });
    expect(await countOf(users)).toBe(0);
    // Never in a shop that is not a demo (its catalogue is the owner's).
    await start({ seedDemo: true });
    expect(await countOf(users)).toBe(0);
    await api.db.update(shopSettings).set({ demoShop: true });

    const demo = await start({ seedDemo: true });
    expect(demo.seededProducts).toBe(0);
    expect(demo.demoAccounts.map((a) => a.email)).toEqual([DEMO_ADMIN.email, DEMO_CUSTOMER.email]);
    expect(demo.warnings).toHaveLength(1);
    expect(demo.warnings[0]).toContain(DEMO_ADMIN.email);
    expect(demo.warnings[0]).toContain(DEMO_CUSTOMER.email);
    expect(demo.warnings[0]).toMatch(/published passwords/);

    // Every start warns, SEED_DEMO or not, until both are changed.
    expect((await start({ seedDemo: false })).warnings).toEqual(demo.warnings);
    const admin = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    await api.json('PATCH', '/api/changePassword', {
      token: admin.body.token,
      body: { currentPassword: DEMO_ADMIN.password, newPassword: 'a-real-password', confirmPassword: 'a-real-password' },
    });
    const [onlyCustomer] = (await start({ seedDemo: true })).warnings;
    expect(onlyCustomer).toContain(DEMO_CUSTOMER.email);
    expect(onlyCustomer).not.toContain(DEMO_ADMIN.email);
    const customer = await signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await api.json('PATCH', `/api/updateUser/${customer.body.data._id}`, {
      token: customer.body.token,
      body: { password: 'another-password', currentPassword: DEMO_CUSTOMER.password },
    });
    expect((await start({ seedDemo: true })).warnings).toEqual([]);
  });

  it('leave out the demo admin when ADMIN_EMAIL is set', async () => {
    await api.createProduct();
    await start({ seedDemo: false });
    await api.db.update(shopSettings).set({ demoShop: true });
    const { demoAccounts } = await start({ seedDemo: true, admin: { email: OWNER, password: 'env-secret-one' } });
    expect(demoAccounts.map((a) => a.role)).toEqual(['customer']);
    expect((await api.db.select({ email: users.email, role: users.role }).from(users).orderBy(users.email)).map((u) => `${u.role} ${u.email}`)).toEqual([
      `customer ${DEMO_CUSTOMER.email}`,
      `admin ${OWNER}`,
    ]);
  });
});

describe('processes starting together on an empty database', () => {
  const opened: Database[] = [];
  let dropDatabase: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const database of opened) await database.close();
    await dropDatabase?.();
  });

  it('seed the demo catalogue once', async () => {
    const created = await createPostgresDatabase();
    dropDatabase = created.drop;
    // Two app instances: their own pools on the same database, as two processes would have.
    const [one, two] = await Promise.all([
      openDatabase({ kind: 'postgres', url: created.url, maxConnections: 3 }),
      openDatabase({ kind: 'postgres', url: created.url, maxConnections: 3 }),
    ]);
    opened.push(one, two);
    const admin = { email: OWNER, password: 'env-secret-one' };
    const results = await Promise.all([start({ seedDemo: true, admin }, one.db), start({ seedDemo: true, admin }, two.db)]);

    expect(results.map((r) => r.seededProducts).sort((a, b) => a - b)).toEqual([0, DEMO_PRODUCTS.length]);
    const names = (await one.db.select({ name: products.name }).from(products)).map((p) => p.name);
    expect(names).toHaveLength(DEMO_PRODUCTS.length);
    expect(new Set(names).size).toBe(names.length);
    const accounts = await one.db.select({ email: users.email, role: users.role }).from(users).orderBy(users.email);
    expect(accounts).toEqual([
      { email: DEMO_CUSTOMER.email, role: 'customer' },
      { email: OWNER, role: 'admin' },
    ]);
    expect(await isDemoShop(one.db)).toBe(true);
  }, 120_000);
});
