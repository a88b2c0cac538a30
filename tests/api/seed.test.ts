import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, products, shopSettings, users } from '@/server/db/schema';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '@/server/demo/accounts';
import { silentLogger } from '@/server/logger';
import { isDemoShop } from '@/server/services/shop/shop';
import { seedDemo, workingDemoAccounts } from '@/server/shop-basics';
import { SHOP_CATEGORIES } from '@/shared/constants';
import { setupTestApi } from '../helpers/api';
import { countingStore } from '../helpers/images';
import { guestOrder } from '../helpers/orders';

const api = setupTestApi();

describe('the demo shop', () => {
  it('fills an empty shop with a realistic catalogue, settings and both demo accounts, and marks it a demo shop', async () => {
    expect(await isDemoShop(api.db)).toBe(false);
    const images = countingStore();
    const { seededProducts } = await seedDemo(api.db, { images, log: silentLogger });
    expect(seededProducts).toBeGreaterThanOrEqual(30);

    const { body } = await api.json('GET', '/api/getProducts');
    const list: { category: string; stock: number; newArrival: boolean; productImageUrls: string[]; price: number; description: string }[] = body.data;
    expect(list.length).toBe(seededProducts);
    for (const { category } of SHOP_CATEGORIES) expect(list.filter((p) => p.category === category).length).toBeGreaterThanOrEqual(5);
    expect(list.some((p) => p.stock === 0)).toBe(true);
    expect(list.some((p) => p.stock >= 1 && p.stock <= 5)).toBe(true);
    expect(list.some((p) => p.stock >= 6 && p.stock <= 10)).toBe(true);
    expect(list.filter((p) => p.newArrival).length).toBeGreaterThanOrEqual(3);
    for (const p of list) {
      expect(p.productImageUrls.length).toBeGreaterThanOrEqual(1);
      expect(p.productImageUrls.length).toBeLessThanOrEqual(4);
      expect(p.price).toBeGreaterThan(0);
      expect(p.description.length).toBeGreaterThan(40);
    }
    expect(images.saved).toBe(list.reduce((n, p) => n + p.productImageUrls.length, 0));

    const settings = await api.json('GET', '/api/settings');
    expect(settings.body.data).toMatchObject({ shopName: 'Nkuto Naturals', whatsapp: expect.stringMatching(/^\d{10,15}$/) });
    expect(await workingDemoAccounts(api.db)).toEqual([
      { role: 'admin', email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
      { role: 'customer', email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password },
    ]);
    const login = await api.json('POST', '/api/login', { body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
    expect(login.body.data.role).toBe('admin');
    // Recorded with the catalogue: the sandbox may simulate Mobile Money in this database.
    expect(await isDemoShop(api.db)).toBe(true);
    // A Ghanaian shop's three ways of delivering, and every row the demo made marked for go-live.
    expect(settings.body.data.delivery.map((d: { pickup: boolean; feePaidWith: string }) => [d.pickup, d.feePaidWith])).toEqual([
      [false, 'order'],
      [false, 'rider'],
      [true, 'order'],
    ]);
    const unmarked = await api.db.execute(
      sql`select (select count(*) from products where not demo) + (select count(*) from delivery_options where not demo) + (select count(*) from users where not demo) + (select count(*) from promo_codes where not demo) as n`,
    );
    expect(Number((unmarked as unknown as { rows: { n: string }[] }).rows[0]?.n)).toBe(0);
  });

  it('leaves a shop that has data alone when run again', async () => {
    await seedDemo(api.db, { images: countingStore(), log: silentLogger });
    await api.db.update(shopSettings).set({ shopName: 'Renamed' });
    const again = await seedDemo(api.db, { images: countingStore(), log: silentLogger });
    expect(again.seededProducts).toBe(0);
    const [{ n } = { n: 0 }] = await api.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(n).toBe(2);
    expect((await api.json('GET', '/api/settings')).body.data.shopName).toBe('Renamed');
    expect(await isDemoShop(api.db)).toBe(true);
    const [{ count } = { count: 0 }] = await api.db.select({ count: sql<number>`count(*)::int` }).from(products);
    expect(count).toBeGreaterThanOrEqual(30);
  });

  it('creates the configured admin instead of the demo one, and stops printing a changed demo password', async () => {
    await seedDemo(api.db, { images: countingStore(), log: silentLogger, admin: { email: 'Owner@Shop.gh', password: 'a-strong-secret' } });
    const owner = await api.json('POST', '/api/login', { body: { email: 'owner@shop.gh', password: 'a-strong-secret' } });
    expect(owner.body.data.role).toBe('admin');
    expect((await api.json('POST', '/api/login', { body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } })).status).toBe(401);
    const customer = await api.json('POST', '/api/login', { body: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password } });
    await api.json('PATCH', `/api/updateUser/${customer.body.data._id}`, {
      token: customer.body.token,
      body: { password: 'changed-password', currentPassword: DEMO_CUSTOMER.password },
    });
    expect(await workingDemoAccounts(api.db)).toEqual([]);
  });
});

describe('the demo-shop mark', () => {
  const demoShopColumn = async () => (await api.db.select({ demoShop: shopSettings.demoShop }).from(shopSettings)).map((row) => row.demoShop);

  it('is not recorded for a database that already had orders, even with its products gone', async () => {
    const shea = await api.createProduct({ stock: 5 });
    expect((await guestOrder(api, [{ productId: shea.id, quantity: 1 }])).status).toBe(201);
    await api.db.delete(products);

    const { seededProducts } = await seedDemo(api.db, { images: countingStore(), log: silentLogger });
    expect(seededProducts).toBeGreaterThanOrEqual(30); // the catalogue is still filled in...
    expect(await api.db.select({ id: orders.id }).from(orders)).toHaveLength(1);
    expect(await demoShopColumn()).toEqual([false]); // ...but this is a real shop: no sandbox by default
    expect(await isDemoShop(api.db)).toBe(false);
  });
});

describe('database constraints', () => {
  it('make bad states impossible even past the services', async () => {
    const { id } = await api.createProduct({ stock: 1 });
    await expect(api.db.execute(sql`update products set stock = -1 where id = ${id}`)).rejects.toThrow();
    await expect(api.db.execute(sql`update products set price_pesewas = -5 where id = ${id}`)).rejects.toThrow();
    await api.createUser({ email: 'case@example.com' });
    await expect(api.createUser({ email: 'CASE@example.com' })).rejects.toThrow();
    const user = await api.createUser();
    await expect(api.db.execute(sql`insert into cart_items (user_id, product_id, quantity) values (${user.id}, ${id}, 0)`)).rejects.toThrow();
    await expect(
      api.db.execute(sql`insert into cart_items (user_id, product_id, quantity) values (${user.id}, '6f1c2b1e-0000-4000-8000-000000000000', 1)`),
    ).rejects.toThrow();
  });
});
