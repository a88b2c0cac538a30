import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { orders, products, shopSettings, users } from '@/server/db/schema';
import { DEMO_ADMIN } from '@/server/demo/accounts';
import { DEFAULT_SETTINGS } from '@/server/shop-basics';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { setupTestApi, TEST_SECRET } from '../helpers/api';
import { guestOrder } from '../helpers/orders';
import { runScript } from '../helpers/server-process';

/**
 * Issue 42: `npm run go-live` as an owner runs it on the server, a real process against the shop's
 * database (DATABASE_URL): it goes live with `--yes`, keeps a shopper's order, and refuses a shop that
 * is not a demo, or a run without a terminal and without `--yes`, changing nothing.
 */
const api = setupTestApi();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'go-live-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const goLiveCli = (args: string[]) =>
  runScript('src/server/go-live-cli.ts', args, {
    PATH: process.env.PATH,
    DATABASE_URL: api.database.url,
    APP_SECRET: TEST_SECRET.toString('utf8'),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });

/** A demo shop with one demo product, the owner's own admin, and a guest's order of the demo product. */
async function demoShopWithAnOrder(demo = true) {
  await api.db.insert(shopSettings).values({ id: 1, ...DEFAULT_SETTINGS, demoShop: demo });
  const [product] = await api.db
    .insert(products)
    .values({ name: 'Demo Shea Butter', category: 'Skin', pricePesewas: 4500, demo: true })
    .returning({ id: products.id });
  await api.createUser({ role: 'admin', email: 'owner@shop.test' });
  const placed = await guestOrder(api, [{ productId: product?.id as string, quantity: 1 }]);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { orderId: placed.body.order._id };
}

const productCount = async () => (await api.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]?.n ?? 0;
const isDemo = async () => (await api.db.select({ demo: shopSettings.demoShop }).from(shopSettings))[0]?.demo;

describe('npm run go-live', () => {
  it('with --yes: a backup first, the demo product gone, the guest order kept, the shop no longer a demo', async () => {
    const { orderId } = await demoShopWithAnOrder();
    const { code, output } = await goLiveCli(['--yes']);
    expect(output).toContain('Your shop is live.');
    expect(code).toBe(0);
    const backupFile = /Backup written: (\S+)/.exec(output)?.[1];
    expect(backupFile && fs.existsSync(backupFile)).toBe(true);
    expect(await productCount()).toBe(0);
    expect(await isDemo()).toBe(false);
    expect(await api.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId))).toHaveLength(1);
    // The owner's admin stays; no demo admin was ever made here.
    expect((await api.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'))).map((u) => u.email)).toEqual(['owner@shop.test']);
    expect(await api.db.select().from(users).where(eq(users.email, DEMO_ADMIN.email))).toHaveLength(0);
  });

  it('refuses a shop that is not a demo, with the reason, and changes nothing', async () => {
    await demoShopWithAnOrder(false);
    const { code, output } = await goLiveCli(['--yes']);
    expect(code).toBe(1);
    expect(output).toContain(SERVER_MESSAGES.notADemoShop);
    expect(await productCount()).toBe(1);
  });

  it('without a terminal and without --yes asks nothing and changes nothing', async () => {
    await demoShopWithAnOrder();
    const { code, output } = await goLiveCli([]);
    expect(code).toBe(1);
    expect(output).toContain('npm run go-live -- --yes');
    expect(await productCount()).toBe(1);
    expect(await isDemo()).toBe(true);
  });
});
