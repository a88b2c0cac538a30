import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderFlags, orders, payments, products } from '@/server/db/schema';
import { toPesewas } from '@/shared/money';
import { expectAdminOnly } from '../helpers/admin';
import { setupTestApi } from '../helpers/api';
import { guestOrder, mobileMoneyOrder } from '../helpers/orders';
import { openFlagsOf, orderRow as orderRowOf, stockOf as stockOfRow } from '../helpers/rows';

const api = setupTestApi();
const MISSING_ID = '6f1c2b1e-0000-4000-8000-000000000000';
const DAY_MS = 24 * 60 * 60 * 1000;

const stockOf = (productId: string) => stockOfRow(api, productId);
const orderRow = (orderId: string) => orderRowOf(api, orderId);

const ordersTable = () => api.db.select().from(orders).orderBy(orders.id);

let counter = 0;
/** An order row written straight into the database, for list and dashboard figures. */
async function insertOrder(values: {
  total: number;
  userId?: string | null;
  fullName?: string;
  email?: string;
  orderStatus?: 'Pending' | 'Processing' | 'Shipped' | 'Delivered' | 'Cancelled';
  paymentStatus?: 'Pending' | 'Paid';
  createdAt?: Date;
  flag?: 'refund_due';
}) {
  counter += 1;
  const total = toPesewas(values.total);
  const [row] = await api.db
    .insert(orders)
    .values({
      orderNumber: `NK-T${String(counter).padStart(5, '0')}`,
      userId: values.userId ?? null,
      fullName: values.fullName ?? 'Yaw Mensah',
      email: values.email ?? 'yaw@example.com',
      phone: '0241234567',
      address: '3 Ring Road',
      city: 'Kumasi',
      paymentMethod: 'Cash on Delivery',
      subtotalPesewas: total,
      totalPesewas: total,
      orderStatus: values.orderStatus ?? 'Pending',
      paymentStatus: values.paymentStatus ?? 'Pending',
      stockHeld: values.orderStatus !== 'Cancelled',
      createdAt: values.createdAt ?? api.clock.now,
    })
    .returning();
  if (!row) throw new Error('no order');
  if (values.flag) await api.db.insert(orderFlags).values({ orderId: row.id, kind: values.flag, reason: 'test' });
  return row;
}

describe('admin order calls refuse guests and customers', () => {
  it.each([
    ['GET', '/api/getAllOrders', undefined],
    ['PATCH', `/api/updateOrderStatusById/${MISSING_ID}`, { orderStatus: 'Cancelled' }],
    ['PATCH', `/api/updatePaymentStatusById/${MISSING_ID}`, { paymentStatus: 'Paid' }],
    ['GET', '/api/getDashboardStats', undefined],
  ])('%s %s', async (method, url, body) => {
    const shea = await api.createProduct({ stock: 5 });
    const placed = await guestOrder(api, [{ productId: shea.id, quantity: 1 }]);
    const target = url.replace(MISSING_ID, placed.body.order._id);
    await expectAdminOnly(api, method, target, { body }, ordersTable);
    expect(await stockOf(shea.id)).toBe(4);
  });
});

describe('GET /api/getAllOrders', () => {
  it('lists every order, guests and customers, newest first, in the order shape', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const customer = await api.createUser({ fullName: 'Efua Asante' });
    await insertOrder({ total: 10, createdAt: new Date(api.clock.now.getTime() - 2000) });
    await insertOrder({ total: 20, userId: customer.id, createdAt: new Date(api.clock.now.getTime() - 1000) });
    await insertOrder({ total: 30 });

    const { status, body } = await api.json('GET', '/api/getAllOrders', { token: admin.token });
    expect(status).toBe(200);
    expect(body.total).toBeUndefined();
    expect(body.orders.map((o: { total: number }) => o.total)).toEqual([30, 20, 10]);
    expect(body.orders[1].user).toEqual({ _id: customer.id, fullName: 'Efua Asante', email: customer.email });
    expect(body.orders[0]).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'Pending', paymentMethod: { paymentMethod: 'Cash on Delivery' }, items: [] });
  });

  it('searches by order number, name or e-mail in any case, filters by status, and pages', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const at = (secondsAgo: number) => new Date(api.clock.now.getTime() - secondsAgo * 1000);
    const kwame = await insertOrder({ total: 1, fullName: 'Kwame Nkrumah', email: 'kwame@example.com', createdAt: at(3) });
    await insertOrder({ total: 2, fullName: 'Abena Osei', email: 'abena@shop.gh', orderStatus: 'Delivered', createdAt: at(2) });
    await insertOrder({ total: 3, fullName: 'Kofi Annan', email: 'KOFI@example.com', orderStatus: 'Delivered', createdAt: at(1) });

    const search = async (query: string) => (await api.json('GET', `/api/getAllOrders?${query}`, { token: admin.token })).body;
    expect((await search('q=nkrumah')).orders.map((o: { total: number }) => o.total)).toEqual([1]);
    expect((await search(`q=${kwame.orderNumber.toLowerCase()}`)).orders).toHaveLength(1);
    expect((await search('q=EXAMPLE.COM')).orders).toHaveLength(2);
    expect((await search('q=%25')).orders).toHaveLength(0);
    expect((await search('status=Delivered')).orders.map((o: { total: number }) => o.total).sort()).toEqual([2, 3]);
    expect((await search('status=Delivered&q=abena')).orders).toHaveLength(1);

    const page = await search('page=2&limit=2');
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.orders.map((o: { total: number }) => o.total)).toEqual([1]);
  });

  it('refuses an unknown status or bad paging with 400', async () => {
    const admin = await api.createUser({ role: 'admin' });
    for (const query of ['status=Lost', 'page=0', 'limit=1000', 'page=abc']) {
      const { status, body } = await api.json('GET', `/api/getAllOrders?${query}`, { token: admin.token });
      expect(status).toBe(400);
      expect(typeof body.message).toBe('string');
    }
  });
});

describe('PATCH /api/updateOrderStatusById/{id}', () => {
  it('sets any status in any order with the spec message', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const shea = await api.createProduct({ stock: 5 });
    const { body } = await guestOrder(api, [{ productId: shea.id, quantity: 1 }]);
    for (const status of ['Delivered', 'Processing', 'Shipped', 'Pending']) {
      const res = await api.json('PATCH', `/api/updateOrderStatusById/${body.order._id}`, { token: admin.token, body: { orderStatus: status } });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(`Order status updated to ${status}`);
      expect(res.body.order.orderStatus).toBe(status);
    }
    expect(await stockOf(shea.id)).toBe(4);
  });

  it('returns the stock once on cancel and takes it again on restore', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const shea = await api.createProduct({ stock: 10 });
    const { body } = await guestOrder(api, [{ productId: shea.id, quantity: 3 }]);
    const set = (orderStatus: string) => api.json('PATCH', `/api/updateOrderStatusById/${body.order._id}`, { token: admin.token, body: { orderStatus } });

    expect(await stockOf(shea.id)).toBe(7);
    expect((await set('Cancelled')).body.order).toMatchObject({ orderStatus: 'Cancelled', cancelledAt: api.clock.now.toISOString() });
    expect(await stockOf(shea.id)).toBe(10);
    expect((await set('Cancelled')).status).toBe(200);
    expect(await stockOf(shea.id)).toBe(10);
    expect((await set('Processing')).body.order).toMatchObject({ orderStatus: 'Processing', cancelledAt: null });
    expect(await stockOf(shea.id)).toBe(7);
  });

  it('answers 409 and changes nothing when the stock for a restore is gone', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const shea = await api.createProduct({ name: 'Shea', stock: 10 });
    const oil = await api.createProduct({ name: 'Baobab Oil', stock: 10 });
    const { body } = await guestOrder(api, [
      { productId: shea.id, quantity: 2 },
      { productId: oil.id, quantity: 4 },
    ]);
    const url = `/api/updateOrderStatusById/${body.order._id}`;
    await api.json('PATCH', url, { token: admin.token, body: { orderStatus: 'Cancelled' } });
    // Someone else buys most of the oil meanwhile.
    await api.db.update(products).set({ stock: 3 }).where(eq(products.id, oil.id));
    const before = await orderRow(body.order._id);

    const { status, body: refused } = await api.json('PATCH', url, { token: admin.token, body: { orderStatus: 'Shipped' } });
    expect(status).toBe(409);
    expect(refused.message).toBe('Not enough stock to restore this order: Baobab Oil has only 3 left.');
    expect(await orderRow(body.order._id)).toEqual(before);
    expect(await stockOf(shea.id)).toBe(10);
    expect(await stockOf(oil.id)).toBe(3);
  });

  it('answers 409 for a restore when a product has been deleted', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const shea = await api.createProduct({ name: 'Old Shea', stock: 10 });
    const { body } = await guestOrder(api, [{ productId: shea.id, quantity: 1 }]);
    const url = `/api/updateOrderStatusById/${body.order._id}`;
    await api.json('PATCH', url, { token: admin.token, body: { orderStatus: 'Cancelled' } });
    await api.db.delete(products).where(eq(products.id, shea.id));
    const { status, body: refused } = await api.json('PATCH', url, { token: admin.token, body: { orderStatus: 'Pending' } });
    expect(status).toBe(409);
    expect(refused.message).toBe('Old Shea is no longer in the shop, so this order cannot be restored.');
    expect((await orderRow(body.order._id))?.orderStatus).toBe('Cancelled');
  });

  it("flags a paid order 'refund due' when it is cancelled, and clears the flag when it is restored", async () => {
    const admin = await api.createUser({ role: 'admin' });
    const shea = await api.createProduct({ stock: 10 });
    const { body } = await guestOrder(api, [{ productId: shea.id, quantity: 1 }]);
    await api.db.update(orders).set({ paymentStatus: 'Paid' }).where(eq(orders.id, body.order._id));
    const url = `/api/updateOrderStatusById/${body.order._id}`;
    expect(openFlagsOf((await api.json('PATCH', url, { token: admin.token, body: { orderStatus: 'Cancelled' } })).body.order)).toEqual(['refund_due']);
    expect(openFlagsOf((await api.json('PATCH', url, { token: admin.token, body: { orderStatus: 'Pending' } })).body.order)).toEqual([]);
  });

  it('ends an unpaid Mobile Money hold and its open payment when the admin cancels', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const shea = await api.createProduct({ stock: 10 });
    const { order, headers } = await mobileMoneyOrder(api, shea.id, 2);
    const started = await api.json('POST', '/api/initializePayment', { headers, body: { orderId: order._id } });
    expect(started.status).toBe(200);
    const { body } = await api.json('PATCH', `/api/updateOrderStatusById/${order._id}`, { token: admin.token, body: { orderStatus: 'Cancelled' } });
    expect(body.order).toMatchObject({ orderStatus: 'Cancelled', holdExpiresAt: null });
    const [payment] = await api.db.select().from(payments);
    expect(payment?.status).toBe('abandoned');
    expect(await stockOf(shea.id)).toBe(10);
  });

  it('keeps the stock right when an admin and the expiry job cancel the same order at once', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const shea = await api.createProduct({ stock: 10 });
    const { order } = await mobileMoneyOrder(api, shea.id, 4);
    api.clock.advance(31 * 60_000);
    const { runOrderExpiry } = await import('@/server/services/payments/payments');
    await Promise.all([
      runOrderExpiry(api.payments, api.clock.now),
      api.json('PATCH', `/api/updateOrderStatusById/${order._id}`, { token: admin.token, body: { orderStatus: 'Cancelled' } }),
    ]);
    expect((await orderRow(order._id))?.orderStatus).toBe('Cancelled');
    expect(await stockOf(shea.id)).toBe(10);
  });

  it('refuses an unknown status with 400 and a missing order with 404', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const shea = await api.createProduct({ stock: 10 });
    const { body } = await guestOrder(api, [{ productId: shea.id, quantity: 1 }]);
    const bad = await api.json('PATCH', `/api/updateOrderStatusById/${body.order._id}`, { token: admin.token, body: { orderStatus: 'Lost' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Unknown order status/);
    for (const id of [MISSING_ID, 'nope']) {
      const missing = await api.json('PATCH', `/api/updateOrderStatusById/${id}`, { token: admin.token, body: { orderStatus: 'Shipped' } });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Order Not Found');
    }
  });
});

describe('PATCH /api/updatePaymentStatusById/{id}', () => {
  it('marks cash received and ends a hold; back to Pending clears the paid time', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const shea = await api.createProduct({ stock: 10 });
    const { order } = await mobileMoneyOrder(api, shea.id, 1);
    const url = `/api/updatePaymentStatusById/${order._id}`;

    const paid = await api.json('PATCH', url, { token: admin.token, body: { paymentStatus: 'Paid' } });
    expect(paid.status).toBe(200);
    expect(paid.body.message).toBe('Payment status updated to Paid');
    expect(paid.body.order).toMatchObject({ paymentStatus: 'Paid', paidAt: api.clock.now.toISOString(), holdExpiresAt: null });

    // A paid order is never expired, whatever the clock says.
    api.clock.advance(2 * 60 * 60_000);
    const { runOrderExpiry } = await import('@/server/services/payments/payments');
    expect((await runOrderExpiry(api.payments, api.clock.now)).expired).toBe(0);

    const pending = await api.json('PATCH', url, { token: admin.token, body: { paymentStatus: 'Pending' } });
    expect(pending.body.order).toMatchObject({ paymentStatus: 'Pending', paidAt: null });
  });

  it("settles 'refund due' when a cancelled order's payment is set back to Pending", async () => {
    const admin = await api.createUser({ role: 'admin' });
    const row = await insertOrder({ total: 50, paymentStatus: 'Paid', orderStatus: 'Cancelled', flag: 'refund_due' });
    const { body } = await api.json('PATCH', `/api/updatePaymentStatusById/${row.id}`, { token: admin.token, body: { paymentStatus: 'Pending' } });
    expect(body.order).toMatchObject({ paymentStatus: 'Pending' });
    expect(openFlagsOf(body.order)).toEqual([]);
    expect(body.order.flags[0]).toMatchObject({ kind: 'refund_due', clearNote: 'Payment set back to Pending.' });
  });

  it('refuses an unknown payment status with 400', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const row = await insertOrder({ total: 50 });
    const { status } = await api.json('PATCH', `/api/updatePaymentStatusById/${row.id}`, { token: admin.token, body: { paymentStatus: 'Refunded' } });
    expect(status).toBe(400);
    expect((await orderRow(row.id))?.paymentStatus).toBe('Pending');
  });
});

describe('GET /api/getDashboardStats', () => {
  it('adds up exactly what the seeded orders say', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const customers = await Promise.all([api.createUser(), api.createUser(), api.createUser()]);
    const now = api.clock.now.getTime();
    // [total, payment, status, days ago]
    const seeded: [number, 'Paid' | 'Pending', 'Pending' | 'Delivered' | 'Cancelled' | 'Shipped', number][] = [
      [120.5, 'Paid', 'Delivered', 0],
      [80, 'Paid', 'Shipped', 0],
      [45.25, 'Pending', 'Pending', 0],
      [300, 'Paid', 'Cancelled', 1],
      [19.99, 'Paid', 'Delivered', 3],
      [60, 'Paid', 'Delivered', 29],
      [999, 'Paid', 'Delivered', 30],
      [10, 'Pending', 'Cancelled', 5],
    ];
    for (const [i, [total, paymentStatus, orderStatus, daysAgo]] of seeded.entries()) {
      await insertOrder({ total, paymentStatus, orderStatus, userId: customers[i % 3]?.id, createdAt: new Date(now - daysAgo * DAY_MS - i * 1000) });
    }
    await api.createProduct({ name: 'Low A', stock: 0 });
    await api.createProduct({ name: 'Low B', stock: 5 });
    await api.createProduct({ name: 'Fine', stock: 6 });

    const { status, body } = await api.json('GET', '/api/getDashboardStats', { token: admin.token });
    expect(status).toBe(200);

    const sales = seeded.filter(([, pay, st]) => pay === 'Paid' && st !== 'Cancelled');
    const sumCedis = (rows: typeof seeded) => Math.round(rows.reduce((s, [t]) => s + t * 100, 0)) / 100;
    expect(body.totalSales).toBe(sumCedis(sales));
    expect(body.totalOrders).toBe(seeded.length);
    expect(body.totalCustomers).toBe(3);

    expect(body.salesByDay).toHaveLength(30);
    expect(body.salesByDay[29].date).toBe(api.clock.now.toISOString().slice(0, 10));
    const byDaysAgo = (d: number) => body.salesByDay[29 - d].total;
    expect(byDaysAgo(0)).toBe(sumCedis(sales.filter(([, , , d]) => d === 0)));
    expect(byDaysAgo(1)).toBe(0);
    expect(byDaysAgo(3)).toBe(19.99);
    expect(byDaysAgo(29)).toBe(60);
    const chartSum = body.salesByDay.reduce((s: number, d: { total: number }) => s + Math.round(d.total * 100), 0) / 100;
    expect(chartSum).toBe(sumCedis(sales.filter(([, , , d]) => d < 30)));

    expect(body.recentOrders).toHaveLength(5);
    const times = body.recentOrders.map((o: { createdAt: string }) => Date.parse(o.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(body.lowStock.map((p: { name: string }) => p.name)).toEqual(['Low A', 'Low B']);
  });

  it('answers zeros for a new shop', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const { body } = await api.json('GET', '/api/getDashboardStats', { token: admin.token });
    expect(body).toMatchObject({ totalSales: 0, totalOrders: 0, totalCustomers: 0, recentOrders: [], lowStock: [] });
    expect(body.salesByDay.every((d: { total: number }) => d.total === 0)).toBe(true);
  });
});
