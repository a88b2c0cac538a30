import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '@/server/app';
import { openDatabase } from '@/server/db/client';
import { idempotencyKeys, orders } from '@/server/db/schema';
import { createLogger } from '@/server/logger';
import { runOrderExpiry } from '@/server/services/payments/payments';
import { MESSAGES } from '@/shared/messages';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { setupTestApi, testAppConfig } from '../helpers/api';
import { checkoutForm, guestOrder } from '../helpers/orders';
import { orderRow, stockOf } from '../helpers/rows';

// One anonymous order must not be able to hold the shop's stock, and a guest's key or
// token must open nothing but the guest's own order.
const BUYER_UNITS = 10;
const api = setupTestApi({ buyerUnitsPerDay: BUYER_UNITS, codConfirmHours: 48 });
const HOUR = 3_600_000;

const orderCount = async () => (await api.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n ?? 0;

async function productForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe('the most one order may take of a product', () => {
  it("is the product's own limit when the admin set one: the order, the cart and the merge keep to it", async () => {
    const shea = await api.createProduct({ stock: 50, maxPerOrder: 5 });
    const refused = await guestOrder(api, [{ productId: shea.id, quantity: 6 }]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(MESSAGES.atMostPerOrder(5));
    expect(await stockOf(api, shea.id)).toBe(50);
    expect(await orderCount()).toBe(0);

    expect((await guestOrder(api, [{ productId: shea.id, quantity: 5 }])).status).toBe(201);
    expect(await stockOf(api, shea.id)).toBe(45);

    const customer = await api.createUser();
    const token = customer.token;
    const add = await api.json('POST', '/api/addToCart', { token, body: { productId: shea.id, quantity: 6 } });
    expect(add).toMatchObject({ status: 409, body: { message: MESSAGES.atMostPerOrder(5) } });
    expect((await api.json('POST', '/api/addToCart', { token, body: { productId: shea.id, quantity: 4 } })).status).toBe(200);
    const more = await api.json('POST', '/api/addToCart', { token, body: { productId: shea.id, quantity: 2 } });
    expect(more).toMatchObject({ status: 409, body: { message: MESSAGES.atMostPerOrder(5) } });
    expect((await api.json('POST', '/api/setCartItem', { token, body: { productId: shea.id, quantity: 9 } })).status).toBe(409);

    const merged = await api.json('POST', '/api/mergeCart', { token, body: { items: [{ productId: shea.id, quantity: 8 }] } });
    expect(merged.status).toBe(200);
    expect(merged.body.adjusted).toEqual([{ productId: shea.id, quantity: 5, reason: MESSAGES.atMostPerOrder(5) }]);
    expect(merged.body.Cart[0].items[0]).toMatchObject({ quantity: 5, product: { maxPerOrder: 5, stock: 45 } });
  });

  it('is 100 for a product with more stock and no limit of its own (the quantity input never offers more)', async () => {
    const oil = await api.createProduct({ stock: 5000 });
    const refused = await guestOrder(api, [{ productId: oil.id, quantity: 101 }]);
    expect(refused).toMatchObject({ status: 409, body: { message: MESSAGES.atMostPerOrder(100) } });
    expect(await stockOf(api, oil.id)).toBe(5000);
    // Short stock still speaks of stock.
    const soap = await api.createProduct({ stock: 3 });
    expect((await guestOrder(api, [{ productId: soap.id, quantity: 4 }])).body.message).toBe(MESSAGES.onlyNInStock(3));
  });

  it("is set and cleared in the admin's product form, and every product answer carries it", async () => {
    const admin = await api.createUser({ role: 'admin' });
    const shea = await api.createProduct({ stock: 50 });
    const set = await api.json('PATCH', `/api/updateProductInfo/${shea.id}`, { token: admin.token, form: await productForm({ maxPerOrder: '3' }) });
    expect(set.status).toBe(200);
    expect(set.body.data.maxPerOrder).toBe(3);
    expect((await api.json('GET', `/api/getSingleProductById/${shea.id}`)).body.data.maxPerOrder).toBe(3);

    const bad = await api.json('PATCH', `/api/updateProductInfo/${shea.id}`, { token: admin.token, form: await productForm({ maxPerOrder: '101' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual(expect.objectContaining({ path: ['maxPerOrder'], message: PAGE_MESSAGES.productMaxPerOrderInvalid }));

    const cleared = await api.json('PATCH', `/api/updateProductInfo/${shea.id}`, { token: admin.token, form: await productForm({ maxPerOrder: '' }) });
    expect(cleared.body.data.maxPerOrder).toBeNull();
  });
});

describe('units per buyer per day', () => {
  it("count a buyer's phone in any spelling across orders, never the e-mail (e-mails cost nothing to invent), and answer 429 past the limit", async () => {
    const shea = await api.createProduct({ stock: 100 });
    const first = await guestOrder(api, [{ productId: shea.id, quantity: 6 }], { form: { phone: '0241234567', email: 'Akosua@Example.com' } });
    expect(first.status).toBe(201);

    // Same phone written another way, another e-mail: still the same buyer.
    const byPhone = await guestOrder(api, [{ productId: shea.id, quantity: 5 }], { form: { phone: '+233 24 123 4567', email: 'other@example.com' } });
    expect(byPhone.status).toBe(429);
    expect(byPhone.body.message).toBe(SERVER_MESSAGES.buyerDailyLimit(BUYER_UNITS));
    // Same e-mail with another phone: another buyer (whoever typed that e-mail must not block its owner).
    const byEmail = await guestOrder(api, [{ productId: shea.id, quantity: 5 }], { form: { phone: '0551234567', email: 'akosua@EXAMPLE.com' } });
    expect(byEmail.status).toBe(201);
    expect(await stockOf(api, shea.id)).toBe(89);

    // Up to the limit is fine; a stranger is not affected.
    expect((await guestOrder(api, [{ productId: shea.id, quantity: 4 }], { form: { phone: '0241234567' } })).status).toBe(201);
    expect((await guestOrder(api, [{ productId: shea.id, quantity: 9 }], { form: { phone: '0201111111', email: 'kofi@example.com' } })).status).toBe(201);
  });

  it('free up when an order is cancelled and after a day', async () => {
    const shea = await api.createProduct({ stock: 100 });
    const first = await guestOrder(api, [{ productId: shea.id, quantity: 10 }]);
    expect(first.status).toBe(201);
    expect((await guestOrder(api, [{ productId: shea.id, quantity: 1 }])).status).toBe(429);

    const cancelled = await api.json('POST', `/api/cancelOrder/${first.body.order._id}`, { headers: { 'X-Order-Token': first.body.orderToken ?? '' } });
    expect(cancelled.status).toBe(200);
    expect((await guestOrder(api, [{ productId: shea.id, quantity: 10 }])).status).toBe(201);
    api.clock.advance(24 * HOUR + 1000);
    expect((await guestOrder(api, [{ productId: shea.id, quantity: 10 }])).status).toBe(201);
  });

  it('hold when one buyer sends many orders at once: the units placed never pass the limit', async () => {
    const shea = await api.createProduct({ stock: 100 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => guestOrder(api, [{ productId: shea.id, quantity: 3 }])));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
    expect(await stockOf(api, shea.id)).toBe(91);
  });
});

describe('Cash on Delivery orders nobody confirms', () => {
  it('hold their stock for 48 hours, then are cancelled as unconfirmed and give it back; the dashboard counts down', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const shea = await api.createProduct({ stock: 10 });
    const placed = await guestOrder(api, [{ productId: shea.id, quantity: 2 }]);
    expect(placed.body.order.holdExpiresAt).toBe(new Date(api.clock.now.getTime() + 48 * HOUR).toISOString());

    const dashboard = await api.json('GET', '/api/getDashboardStats', { token: admin.token });
    expect(dashboard.body.awaitingConfirmation).toEqual([
      {
        _id: placed.body.order._id,
        orderNumber: placed.body.order.orderNumber,
        fullName: checkoutForm.fullName,
        total: placed.body.order.total,
        confirmBy: placed.body.order.holdExpiresAt,
        verification: 'verified',
        stockHeld: true,
      },
    ]);

    api.clock.advance(47 * HOUR);
    await runOrderExpiry(api.payments, api.clock.now);
    expect((await orderRow(api, placed.body.order._id))?.orderStatus).toBe('Pending');

    api.clock.advance(2 * HOUR);
    await runOrderExpiry(api.payments, api.clock.now);
    expect(await orderRow(api, placed.body.order._id)).toMatchObject({ orderStatus: 'Cancelled', cancelReason: 'unconfirmed' });
    expect(await stockOf(api, shea.id)).toBe(10);
    const seen = await api.json('GET', `/api/getOrderById/${placed.body.order._id}`, { headers: { 'X-Order-Token': placed.body.orderToken ?? '' } });
    expect(seen.body.order).toMatchObject({ orderStatus: 'Cancelled', cancelReason: 'unconfirmed' });
    expect((await api.json('GET', '/api/getDashboardStats', { token: admin.token })).body.awaitingConfirmation).toEqual([]);
  });

  it('stay once an admin confirms them (Processing)', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const shea = await api.createProduct({ stock: 10 });
    const placed = await guestOrder(api, [{ productId: shea.id, quantity: 2 }]);
    const confirmed = await api.json('PATCH', `/api/updateOrderStatusById/${placed.body.order._id}`, {
      token: admin.token,
      body: { orderStatus: 'Processing' },
    });
    expect(confirmed.status).toBe(200);
    api.clock.advance(72 * HOUR);
    await runOrderExpiry(api.payments, api.clock.now);
    expect((await orderRow(api, placed.body.order._id))?.orderStatus).toBe('Processing');
    expect(await stockOf(api, shea.id)).toBe(8);
  });
});

describe('Idempotency-Key replays', () => {
  it("answer the first order only to the same request: another guest's cart under the key gets a 409 that reveals nothing", async () => {
    const shea = await api.createProduct({ stock: 10 });
    const oil = await api.createProduct({ stock: 10 });
    const key = 'a1b2c3d4-0000-4000-8000-00000000k001';
    const first = await guestOrder(api, [{ productId: shea.id, quantity: 1 }], { idempotencyKey: key });
    expect(first.status).toBe(201);

    const other = await guestOrder(api, [{ productId: oil.id, quantity: 2 }], {
      idempotencyKey: key,
      form: { fullName: 'Someone Else', phone: '0201111111', email: 'x@example.com' },
    });
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ message: SERVER_MESSAGES.idempotencyKeyReused });
    const otherMethod = await guestOrder(api, [{ productId: shea.id, quantity: 1 }], { idempotencyKey: key, paymentMethod: 'Mobile Money' });
    expect(otherMethod.status).toBe(409);
    expect(JSON.stringify(otherMethod.body)).not.toContain(first.body.order._id);

    // The shopper who fixes a typo in the phone after a timeout gets the order and its token back.
    const retried = await guestOrder(api, [{ productId: shea.id, quantity: 1 }], { idempotencyKey: key, form: { phone: '0241234568' } });
    expect(retried.status).toBe(201);
    expect(retried.res.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retried.body.order._id).toBe(first.body.order._id);
    expect(retried.body.orderToken).toBe(first.body.orderToken);
    expect(await orderCount()).toBe(1);
    expect(await stockOf(api, shea.id)).toBe(9);
  });
});

describe('guest order tokens', () => {
  it('are derived from the server secret and never stored; one order token opens one order', async () => {
    const shea = await api.createProduct({ stock: 10 });
    const a = await guestOrder(api, [{ productId: shea.id, quantity: 1 }], { idempotencyKey: 'b1b2c3d4-0000-4000-8000-00000000k002' });
    const b = await guestOrder(api, [{ productId: shea.id, quantity: 1 }], { form: { phone: '0201111111', email: 'b@example.com' } });
    const tokenA = a.body.orderToken ?? '';
    expect(tokenA).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await api.json('GET', `/api/getOrderById/${a.body.order._id}`, { headers: { 'X-Order-Token': tokenA } })).status).toBe(200);
    expect((await api.json('GET', `/api/getOrderById/${b.body.order._id}`, { headers: { 'X-Order-Token': tokenA } })).status).toBe(404);

    // Nothing in the database holds the token or its hash.
    const [row] = await api.db.select().from(orders).where(eq(orders.id, a.body.order._id));
    expect(row?.orderTokenHash).toBeNull();
    const keyRows = await api.db.select().from(idempotencyKeys);
    expect(JSON.stringify(keyRows)).not.toContain(tokenA);
    expect(JSON.stringify(row)).not.toContain(tokenA);
  });

  it('placed before tokens were derived keep working with the random token the phone holds', async () => {
    const shea = await api.createProduct({ stock: 10 });
    const placed = await guestOrder(api, [{ productId: shea.id, quantity: 1 }]);
    const legacyToken = 'legacy-random-token-from-before-issue-22-abcdefgh';
    await api.db
      .update(orders)
      .set({ orderTokenHash: createHash('sha256').update(legacyToken).digest('hex') })
      .where(eq(orders.id, placed.body.order._id));
    const seen = await api.json('GET', `/api/getOrderById/${placed.body.order._id}`, { headers: { 'X-Order-Token': legacyToken } });
    expect(seen.status).toBe(200);
    const wrong = await api.json('GET', `/api/getOrderById/${placed.body.order._id}`, { headers: { 'X-Order-Token': `${legacyToken}x` } });
    expect(wrong.status).toBe(404);
  });
});

describe('two app processes on one database', () => {
  it('never make two orders, nor answer one to another guest, for one key sent to both with different carts', async () => {
    const url = api.database.url;
    if (!url) throw new Error('the test database has no URL');
    const second = await openDatabase({ kind: 'postgres', url, maxConnections: 5 });
    try {
      const otherApp = createApp({
        db: second.db,
        log: createLogger('error', () => {}),
        payments: null,
        clock: () => api.clock.now,
        secret: api.secret,
        config: testAppConfig(),
      });
      const shea = await api.createProduct({ stock: 100 });
      const oil = await api.createProduct({ stock: 100 });
      for (let round = 0; round < 10; round++) {
        const key = `race-${round}-0000-4000-8000-000000000000`;
        const viaOther = async () => {
          const res = await otherApp.request('/api/createGuestOrder', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
            body: JSON.stringify({ ...checkoutForm, phone: '0209999999', cart: [{ productId: oil.id, quantity: '1' }] }),
          });
          return { status: res.status, body: (await res.json()) as { order?: { _id: string } } };
        };
        const [here, there] = await Promise.all([guestOrder(api, [{ productId: shea.id, quantity: 1 }], { idempotencyKey: key }), viaOther()]);
        expect([here.status, there.status].sort()).toEqual([201, 409]);
        const winner = here.status === 201 ? here.body.order._id : there.body.order?._id;
        expect(JSON.stringify(here.status === 409 ? here.body : there.body)).not.toContain(winner);
      }
      expect(await orderCount()).toBe(10);
    } finally {
      await second.close();
    }
  });
});
