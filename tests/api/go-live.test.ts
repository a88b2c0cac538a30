import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { restoreBackup } from '@/server/db/backup';
import { migrationsFolder } from '@/server/db/client';
import { cartItems, deliveryOptions, products, promoCodes, shopSettings, users } from '@/server/db/schema';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '@/server/demo/accounts';
import { silentLogger } from '@/server/logger';
import { sandboxProvider } from '@/server/payments/sandbox';
import type { ImageStore } from '@/server/services/catalogue/images';
import { backupNow } from '@/server/services/shop/backups';
import { goLive } from '@/server/services/shop/go-live';
import { setupGuide } from '@/server/services/shop/setup-guide';
import { DEFAULT_SETTINGS, ensureShopBasics } from '@/server/shop-basics';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { expectAdminOnly } from '../helpers/admin';
import { setupTestApi } from '../helpers/api';
import { createPostgresDatabase } from '../helpers/database';
import { guestOrder } from '../helpers/orders';

/** Go-live turns the demo into the owner's shop; the demo never comes back. */

const backupsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'go-live-backups-'));
const stored = new Set<string>();
const images: ImageStore = {
  async save() {
    throw new Error('not used');
  },
  async remove(key: string) {
    stored.delete(key);
  },
};
const api = setupTestApi(
  {},
  {
    // The sandbox a demo shop gets at start-up (index.ts): offered only while the shop is a demo.
    paymentProvider: (db) => sandboxProvider(db, { demoOnly: true }),
    images,
    backup: (database) => () => backupNow(database.url ?? '', backupsDir, 0),
  },
);
afterAll(() => fs.rmSync(backupsDir, { recursive: true, force: true }));

const DEMO_IMAGES = ['a'.repeat(32), 'b'.repeat(32)];
beforeEach(() => stored.clear());

/** A demo shop as the seed leaves it (its catalogue written directly: drawing the art takes 20 s), with both demo accounts. */
async function demoShop() {
  await api.db.insert(shopSettings).values({ id: 1, ...DEFAULT_SETTINGS, demoShop: true });
  const rows = await api.db
    .insert(products)
    .values([
      { name: 'Demo Shea Butter', category: 'Skin', pricePesewas: 4500, images: [DEMO_IMAGES[0] as string], demo: true },
      { name: 'Demo Black Soap', category: 'Cleansers', pricePesewas: 2500, images: [DEMO_IMAGES[1] as string], demo: true },
    ])
    .returning({ id: products.id });
  for (const key of DEMO_IMAGES) stored.add(key);
  // The migration's SAVE10 is there already; the seed marks it demo.
  await api.db
    .insert(promoCodes)
    .values({ code: 'SAVE10', percent: 10, demo: true })
    .onConflictDoUpdate({ target: promoCodes.code, set: { demo: true } });
  const [pickup] = await api.db
    .insert(deliveryOptions)
    .values({ name: 'Pickup at the shop', feePesewas: 0, feePaidWith: 'order', pickup: true, position: 0, demo: true })
    .returning({ id: deliveryOptions.id });
  await ensureShopBasics(api.db, { seedDemo: true, images, log: silentLogger });
  const [customer] = await api.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  await api.db.insert(cartItems).values({ userId: customer?.id as string, productId: rows[0]?.id as string, quantity: 1 });
  return { productIds: rows.map((r) => r.id), pickupId: pickup?.id as string };
}

const count = async (table: typeof products | typeof users | typeof promoCodes | typeof deliveryOptions | typeof cartItems) =>
  (await api.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

const signIn = (email: string, password: string) => api.json('POST', '/api/login', { body: { email, password } });

describe('going live', () => {
  it('removes every demo row and image, keeps a shopper order, and stops the demo sandbox at once', async () => {
    const { productIds, pickupId } = await demoShop();
    const owner = await api.createUser({ role: 'admin', email: 'owner@shop.gh' });
    const placed = await guestOrder(api, [{ productId: productIds[0] as string, quantity: 1 }], { form: { deliveryOptionId: pickupId } });
    expect(placed.status).toBe(201);
    const momoInDemo = await guestOrder(api, [{ productId: productIds[0] as string, quantity: 1 }], {
      paymentMethod: 'Mobile Money',
      form: { deliveryOptionId: pickupId },
    });
    expect(momoInDemo.status).toBe(201);
    expect((await api.json('GET', '/api/settings')).body.data.payments.mobileMoney).toBe(true);

    const guide = await api.json('GET', '/api/setupGuide', { token: owner.token });
    expect(guide.body.data).toMatchObject({
      demoShop: true,
      canGoLive: true,
      demoData: { products: 2, customers: 1, promoCodes: 1, deliveryOptions: 1, orders: 0 },
    });

    const live = await api.json('POST', '/api/goLive', { token: owner.token, body: { confirm: true } });
    expect(live.status).toBe(200);
    expect(live.body.data.removed).toEqual({ products: 2, customers: 1, orders: 0, promoCodes: 1, deliveryOptions: 1, images: 1 });
    expect(fs.existsSync(live.body.data.backupFile)).toBe(true);
    expect(await count(products)).toBe(0);
    expect(await count(promoCodes)).toBe(0);
    expect(await count(deliveryOptions)).toBe(0);
    expect(await count(cartItems)).toBe(0);
    // The kept order still shows its product's picture (its line names the image); the other goes.
    expect([...stored]).toEqual([DEMO_IMAGES[0]]);
    expect((await api.db.select({ email: users.email }).from(users)).map((u) => u.email)).toEqual(['owner@shop.gh']);
    expect((await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(401);
    expect((await signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).status).toBe(401);

    // The guest's order stays, readable with its lines (their own snapshots).
    const order = await api.json('GET', `/api/getOrderById/${placed.body.order._id}`, { headers: { 'X-Order-Token': placed.body.orderToken ?? '' } });
    expect(order.status).toBe(200);
    expect(order.body.order.items).toHaveLength(1);

    // A Mobile Money order placed in the demo starts no new payment through the demo's sandbox.
    const pay = await api.json('POST', '/api/initializePayment', {
      headers: { 'X-Order-Token': momoInDemo.body.orderToken ?? '' },
      body: { orderId: momoInDemo.body.order._id },
    });
    expect(pay).toMatchObject({ status: 409, body: { message: SERVER_MESSAGES.mobileMoneyUnavailable } });

    const settings = await api.json('GET', '/api/settings');
    expect(settings.body.data).toMatchObject({ demoShop: false, payments: { mobileMoney: false, testPayments: false } });
    const momo = await api.createProduct();
    const refused = await guestOrder(api, [{ productId: momo.id, quantity: 1 }], { paymentMethod: 'Mobile Money' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(SERVER_MESSAGES.mobileMoneyUnavailable);

    // A restart with SEED_DEMO and an empty catalogue brings nothing back.
    await api.db.delete(products);
    const again = await ensureShopBasics(api.db, { seedDemo: true, images, log: silentLogger });
    expect(again.seededProducts).toBe(0);
    expect(await count(products)).toBe(0);
    expect(await count(users)).toBe(1);
    expect((await api.json('POST', '/api/goLive', { token: owner.token, body: { confirm: true } })).status).toBe(409);
  });

  it('keeps the demo admin whose password the owner changed, unmarked', async () => {
    await demoShop();
    const demoAdmin = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const changed = await api.json('PATCH', `/api/updateUser/${demoAdmin.body.data._id}`, {
      token: demoAdmin.body.token,
      body: { password: 'my-own-secret-2026', currentPassword: DEMO_ADMIN.password },
    });
    expect(changed.status).toBe(200);
    const owner = await signIn(DEMO_ADMIN.email, 'my-own-secret-2026');
    expect((await api.json('POST', '/api/goLive', { token: owner.body.token, body: { confirm: true } })).status).toBe(200);
    const [kept] = await api.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    expect(kept).toMatchObject({ role: 'admin', demo: false });
  });

  it('is refused while only the demo admin with its published password exists, or when it asks', async () => {
    await demoShop();
    const demoAdmin = await signIn(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const asked = await api.json('POST', '/api/goLive', { token: demoAdmin.body.token, body: { confirm: true } });
    expect(asked).toMatchObject({ status: 409, body: { message: SERVER_MESSAGES.goLiveCallerIsDemoAdmin } });
    // The CLI's path (no caller): nobody would be left to sign in.
    await expect(goLive({ db: api.db, images, backup: async () => ({ file: 'unused' }) })).rejects.toThrow(SERVER_MESSAGES.goLiveNeedsOwnAdmin);
    await api.createUser({ role: 'admin', email: 'owner@shop.gh' });
    const stillAsked = await api.json('POST', '/api/goLive', { token: demoAdmin.body.token, body: { confirm: true } });
    expect(stillAsked.status).toBe(409);
    expect(await count(products)).toBe(2);
  });

  it('is refused in a shop that is not a demo, changing nothing; the demo accounts are never made there', async () => {
    await api.db.insert(shopSettings).values({ id: 1, ...DEFAULT_SETTINGS, demoShop: false });
    await api.createProduct();
    await ensureShopBasics(api.db, { seedDemo: true, images, log: silentLogger });
    const owner = await api.createUser({ role: 'admin' });
    const users0 = await count(users);
    const refused = await api.json('POST', '/api/goLive', { token: owner.token, body: { confirm: true } });
    expect(refused).toMatchObject({ status: 409, body: { message: SERVER_MESSAGES.notADemoShop } });
    expect(await count(products)).toBe(1);
    expect(await count(users)).toBe(users0);
    expect((await api.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email))).length).toBe(0);
  });

  it('asks for confirm: true, and is for admins only', async () => {
    await demoShop();
    const owner = await api.createUser({ role: 'admin' });
    const bad = await api.json('POST', '/api/goLive', { token: owner.token, body: { confirm: false } });
    expect(bad.status).toBe(400);
    expect(await count(products)).toBe(2);
    await expectAdminOnly(api, 'POST', '/api/goLive', { body: { confirm: true } }, () => count(products));
    await expectAdminOnly(api, 'GET', '/api/setupGuide');
    await expectAdminOnly(api, 'PATCH', '/api/setupGuide', { body: { policiesDone: true } });
  });

  it('takes a backup first that restores the demo', async () => {
    await demoShop();
    const owner = await api.createUser({ role: 'admin' });
    const live = await api.json('POST', '/api/goLive', { token: owner.token, body: { confirm: true } });
    const target = await createPostgresDatabase();
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      await restoreBackup(client, live.body.data.backupFile, { migrationsFolder: migrationsFolder() });
      const { rows } = await client.query('select count(*)::int as n from products where demo');
      expect(rows[0].n).toBe(2);
      const { rows: settings } = await client.query('select demo_shop from shop_settings');
      expect(settings[0].demo_shop).toBe(true);
    } finally {
      await client.end();
      await target.drop();
    }
  });
});

describe('the setup guide', () => {
  it('lists what a fresh demo lacks, days-long steps marked, and stores the policies tick', async () => {
    await demoShop();
    const owner = await api.createUser({ role: 'admin' });
    const { body } = await api.json('GET', '/api/setupGuide', { token: owner.token });
    const steps = Object.fromEntries(body.data.steps.map((s: { id: string }) => [s.id, s]));
    expect(body.data.steps.map((s: { id: string }) => s.id)).toEqual([
      'shop-details',
      'admin-account',
      'payments',
      'messages',
      'delivery',
      'products',
      'policies',
      'going-online',
      'go-live',
    ]);
    expect(steps['shop-details'].done).toBe(false);
    expect(steps['admin-account'].done).toBe(true);
    expect(steps.payments.missing).toEqual([{ text: expect.stringContaining('Paystack'), takesDays: true }]);
    expect(steps.delivery.done).toBe(false);
    expect(steps.products.done).toBe(false);
    expect(steps.policies).toMatchObject({ done: false, ownerTicks: true });
    expect(steps['going-online'].missing.some((g: { text: string }) => g.text.includes('Backups stay on this machine'))).toBe(true);
    // The sender ID takes days to be approved: asked for on day one, before any SMS key is set.
    expect(steps.messages.missing).toContainEqual({ text: expect.stringContaining('sender ID'), takesDays: true });
    expect(steps['go-live'].done).toBe(false);

    const ticked = await api.json('PATCH', '/api/setupGuide', { token: owner.token, body: { policiesDone: true } });
    expect(ticked.body.data.steps.find((s: { id: string }) => s.id === 'policies').done).toBe(true);
    expect((await api.json('PATCH', '/api/setupGuide', { token: owner.token, body: { policiesDone: 'yes' } })).status).toBe(400);
  });

  it('a configured shop: a live key, https behind Caddy and a bucket are done; the sender ID waits until a text has gone out', async () => {
    await demoShop();
    const guide = await setupGuide(api.db, {
      paystackKey: 'live',
      smsProvider: true,
      smtp: true,
      publicUrl: 'https://shop.example.com',
      trustProxy: true,
      storageUrl: true,
    });
    const steps = Object.fromEntries(guide.steps.map((s) => [s.id, s]));
    expect(steps.payments).toMatchObject({ done: true, missing: [] });
    expect(steps['going-online']).toMatchObject({ done: true, missing: [] });
    expect(steps.messages?.missing).toEqual([{ text: expect.stringContaining('approved your sender ID'), takesDays: true }]);
    // A test key: Paystack has not verified the business yet.
    const onTestKey = await setupGuide(api.db, {
      paystackKey: 'test',
      smsProvider: true,
      smtp: true,
      publicUrl: 'http://shop.example.com',
      trustProxy: false,
      storageUrl: true,
    });
    const testSteps = Object.fromEntries(onTestKey.steps.map((s) => [s.id, s]));
    expect(testSteps.payments?.missing).toEqual([{ text: expect.stringContaining('live key'), takesDays: true }]);
    expect(testSteps['going-online']?.missing.map((g) => g.text)).toEqual([expect.stringContaining('https://'), expect.stringContaining('TRUST_PROXY')]);
  });
});
