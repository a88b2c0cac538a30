import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@/server/db/schema';
import { expectAdminOnly } from '../helpers/admin';
import { setupTestApi } from '../helpers/api';
import { checkoutForm } from '../helpers/orders';

const api = setupTestApi();
const MISSING_ID = '6f1c2b1e-0000-4000-8000-000000000000';

const usersTable = () => api.db.select().from(users).orderBy(users.id);

/** A customer's order through the real calls: cart, then createOrder. */
async function orderAs(token: string, productId: string, quantity: number, form: Partial<Record<keyof typeof checkoutForm, string>> = {}) {
  expect((await api.json('POST', '/api/addToCart', { token, body: { productId, quantity } })).status).toBe(200);
  const { status, body } = await api.json('POST', '/api/createOrder', { token, body: { ...checkoutForm, ...form } });
  expect(status).toBe(201);
  return body.order as { _id: string; total: number };
}

async function markPaid(adminToken: string, orderId: string) {
  expect((await api.json('PATCH', `/api/updatePaymentStatusById/${orderId}`, { token: adminToken, body: { paymentStatus: 'Paid' } })).status).toBe(200);
}

describe('admin customer calls refuse guests and customers', () => {
  it.each([
    ['GET', '/api/getAllUsers'],
    ['GET', `/api/getUserById/${MISSING_ID}`],
  ])('%s %s', async (method, url) => {
    await expectAdminOnly(api, method, url, {}, usersTable);
  });
});

describe('GET /api/getAllUsers', () => {
  it('lists accounts with join date, order count, money received, and contact details from the latest order', async () => {
    const admin = await api.createUser({ role: 'admin', fullName: 'Boss' });
    const efua = await api.createUser({ fullName: 'Efua Asante', email: 'efua@example.com' });
    const quiet = await api.createUser({ fullName: 'Quiet Customer' });
    const shea = await api.createProduct({ price: 50, stock: 50 });

    const first = await orderAs(efua.token, shea.id, 1, { phone: '0200000001', address: 'Old address' });
    api.clock.advance(1000);
    const second = await orderAs(efua.token, shea.id, 2, { phone: '0200000002', address: 'New address' });
    api.clock.advance(1000);
    await orderAs(efua.token, shea.id, 3);
    await markPaid(admin.token, first._id);
    await markPaid(admin.token, second._id);

    const { status, body } = await api.json('GET', '/api/getAllUsers', { token: admin.token });
    expect(status).toBe(200);
    expect(body.users).toHaveLength(3);
    const found = body.users.find((u: { _id: string }) => u._id === efua.id);
    expect(found).toEqual({
      _id: efua.id,
      kind: 'account',
      fullName: 'Efua Asante',
      email: 'efua@example.com',
      role: 'customer',
      createdAt: expect.any(String),
      joinDate: found.createdAt,
      orderCount: 3,
      // Only the paid orders: 50 + 100.
      totalSpent: 150,
      phone: checkoutForm.phone,
      accountPhone: null,
      address: checkoutForm.address,
      lastOrderDate: '2026-11-22T10:00:02.000Z',
      avatar: null,
    });
    expect(body.users.find((u: { _id: string }) => u._id === quiet.id)).toMatchObject({ orderCount: 0, totalSpent: 0, phone: null, address: null });
    // An account's own phone (where reset codes go) comes before the latest order's.
    await api.db.update(users).set({ phone: '+233209876543' }).where(eq(users.id, efua.id));
    const again = await api.json('GET', `/api/getUserById/${efua.id}`, { token: admin.token });
    expect(again.body.user).toMatchObject({ phone: '+233209876543', accountPhone: '+233209876543' });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
  });

  it('searches name or e-mail without regard to case, filters by role, and pages', async () => {
    const admin = await api.createUser({ role: 'admin', fullName: 'Shop Admin', email: 'boss@nkuto.gh' });
    await api.createUser({ fullName: 'Kwabena Darko', email: 'kd@example.com' });
    api.clock.advance(1000);
    await api.createUser({ fullName: 'Adwoa Boateng', email: 'ADWOA@Mail.com' });
    api.clock.advance(1000);
    await api.createUser({ fullName: 'Yaa Asantewaa', email: 'yaa@example.com' });

    const list = async (query: string) => (await api.json('GET', `/api/getAllUsers?${query}`, { token: admin.token })).body;
    expect((await list('q=DARKO')).users.map((u: { fullName: string }) => u.fullName)).toEqual(['Kwabena Darko']);
    expect((await list('q=mail.com')).users.map((u: { fullName: string }) => u.fullName)).toEqual(['Adwoa Boateng']);
    expect((await list('role=admin')).users.map((u: { email: string }) => u.email)).toEqual(['boss@nkuto.gh']);
    expect((await list('role=customer')).users).toHaveLength(3);
    const page = await list('role=customer&page=1&limit=2');
    expect(page).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page.users.map((u: { fullName: string }) => u.fullName)).toEqual(['Yaa Asantewaa', 'Adwoa Boateng']);
    expect((await api.json('GET', '/api/getAllUsers?role=owner', { token: admin.token })).status).toBe(400);
  });
});

describe('money received', () => {
  // Found by fuzzing (tests/api/fuzz): the sum was cast to a 32-bit integer, so past ₵21,474,836.47 both calls were a 500.
  it('adds up past what 32-bit pesewas hold, in the list and the profile', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const bigSpender = await api.createUser({ fullName: 'Big Spender' });
    const gold = await api.createProduct({ price: 1_000_000, stock: 100 });
    for (let i = 0; i < 3; i++) await markPaid(admin.token, (await orderAs(bigSpender.token, gold.id, 10))._id);

    const list = await api.json('GET', '/api/getAllUsers', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.users.find((u: { _id: string }) => u._id === bigSpender.id)).toMatchObject({ orderCount: 3, totalSpent: 30_000_000 });
    const profile = await api.json('GET', `/api/getUserById/${bigSpender.id}`, { token: admin.token });
    expect(profile).toMatchObject({ status: 200, body: { totalOrders: 3, totalSpent: 30_000_000, user: { totalSpent: 30_000_000 } } });
  });
});

describe('GET /api/getUserById/{id}', () => {
  it('answers the profile, its orders newest first and the totals', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const kofi = await api.createUser({ fullName: 'Kofi Boateng' });
    const shea = await api.createProduct({ price: 20, stock: 50 });
    const first = await orderAs(kofi.token, shea.id, 1);
    api.clock.advance(1000);
    const second = await orderAs(kofi.token, shea.id, 2, { phone: '0551234567', address: '7 Cantonments Road' });
    await markPaid(admin.token, second._id);

    const { status, body } = await api.json('GET', `/api/getUserById/${kofi.id}`, { token: admin.token });
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ _id: kofi.id, fullName: 'Kofi Boateng', phone: '0551234567', address: '7 Cantonments Road', orderCount: 2 });
    expect(body.orders.map((o: { _id: string }) => o._id)).toEqual([second._id, first._id]);
    expect(body.totalOrders).toBe(2);
    expect(body.totalSpent).toBe(40);
  });

  it("answers 404 'User not found' for a missing or malformed id", async () => {
    const admin = await api.createUser({ role: 'admin' });
    for (const id of [MISSING_ID, 'not-an-id']) {
      const { status, body } = await api.json('GET', `/api/getUserById/${id}`, { token: admin.token });
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'User not found' });
    }
  });
});
