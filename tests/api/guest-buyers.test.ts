import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@/server/db/schema';
import type { AdminGuestBuyer, CustomerListItem, DashboardStats, GuestBuyerProfile } from '@/shared/admin-types';
import { expectAdminOnly } from '../helpers/admin';
import { setupTestApi } from '../helpers/api';
import { enterOrder, guestOrder } from '../helpers/orders';

/**
 * Guest buyers in Customers: orders placed without an account, one buyer per phone, and
 * per e-mail where the phones differ; their totals counted as accounts' are; `?kind=`; the guest's
 * profile by an opaque key; the dashboard's count of accounts with the guests beside it.
 */
const api = setupTestApi();

async function adminToken() {
  return (await api.createUser({ role: 'admin' })).token;
}

/** A guest's Cash on Delivery order of one item at `price`, as `form` says; answers the order. */
async function guestBuys(form: Record<string, unknown>, price = 50, quantity = 1) {
  const product = await api.createProduct({ price, stock: 20 });
  const { status, body } = await guestOrder(api, [{ productId: product.id, quantity }], { form });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.order;
}

async function markPaid(token: string, orderId: string) {
  expect((await api.json('PATCH', `/api/updatePaymentStatusById/${orderId}`, { token, body: { paymentStatus: 'Paid' } })).status).toBe(200);
}

async function list(token: string, query: string) {
  const { status, body } = await api.json<{ users: CustomerListItem[]; total?: number }>('GET', `/api/getAllUsers${query}`, { token });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

const guestsOf = (items: CustomerListItem[]) => items.filter((item): item is AdminGuestBuyer => item.kind === 'guest');

describe('guest buyers in GET /api/getAllUsers', () => {
  it('groups orders by phone across e-mails, and by e-mail where the phones differ; totals as accounts count them', async () => {
    const token = await adminToken();
    // Ama: one phone, written two ways, two e-mails; the latest order's name wins.
    const a1 = await guestBuys({ fullName: 'Ama Mensah', phone: '0241112222', email: 'ama@example.com' }, 40);
    api.clock.advance(60_000);
    const a2 = await guestBuys({ fullName: 'Ama K. Mensah', phone: '+233 24 111 2222', email: 'AMA.work@example.com', address: '4 Ring Road' }, 25, 2);
    // Kofi: two phones, one e-mail.
    api.clock.advance(60_000);
    await guestBuys({ fullName: 'Kofi Boateng', phone: '0203334444', email: 'kofi@example.com' }, 10);
    api.clock.advance(60_000);
    const k2 = await guestBuys({ fullName: 'Kofi Boateng', phone: '0505556666', email: 'Kofi@Example.com' }, 30);
    // Someone else entirely.
    api.clock.advance(60_000);
    await guestBuys({ fullName: 'Yaw Ofori', phone: '0277778888', email: 'yaw@example.com' }, 15);
    // An account's order is not a guest's.
    const account = await api.createUser({ fullName: 'Efua Account' });
    const product = await api.createProduct({ price: 5, stock: 5 });
    await api.json('POST', '/api/addToCart', { token: account.token, body: { productId: product.id, quantity: 1 } });
    expect(
      (
        await api.json('POST', '/api/createOrder', {
          token: account.token,
          body: { fullName: 'Efua', email: 'efua@example.com', phone: '0241112222', address: 'x', city: 'Accra', paymentMethod: 'Cash on Delivery' },
        })
      ).status,
    ).toBe(201);

    await markPaid(token, a1._id);
    await markPaid(token, a2._id);
    await markPaid(token, k2._id);
    // Paid then cancelled: not money received.
    expect((await api.json('PATCH', `/api/updateOrderStatusById/${k2._id}`, { token, body: { orderStatus: 'Cancelled' } })).status).toBe(200);

    const { users } = await list(token, '?kind=guest');
    expect(users.map((u) => u.fullName)).toEqual(['Yaw Ofori', 'Kofi Boateng', 'Ama K. Mensah']);
    const [yaw, kofi, ama] = guestsOf(users);
    expect(ama).toMatchObject({
      kind: 'guest',
      email: 'ama.work@example.com',
      phone: '+233241112222',
      address: '4 Ring Road',
      orderCount: 2,
      totalSpent: 90,
      phones: ['+233241112222'],
      joinDate: '2026-11-22T10:00:00.000Z',
      lastOrderDate: '2026-11-22T10:01:00.000Z',
    });
    expect([...(ama?.emails ?? [])].sort()).toEqual(['ama.work@example.com', 'ama@example.com']);
    expect(kofi).toMatchObject({ orderCount: 2, totalSpent: 0, emails: ['kofi@example.com'], phone: '+233505556666' });
    expect([...(kofi?.phones ?? [])].sort()).toEqual(['+233203334444', '+233505556666']);
    expect(yaw).toMatchObject({ orderCount: 1, totalSpent: 0 });
    // The key names neither the phone nor the e-mail.
    for (const guest of guestsOf(users)) expect(guest._id).toMatch(/^g[\w-]{24}$/);

    // The guest's profile: their orders and totals.
    const profile = await api.json<GuestBuyerProfile>('GET', `/api/getGuestBuyer/${ama?._id}`, { token });
    expect(profile.status).toBe(200);
    expect(profile.body.user).toEqual(ama);
    expect(profile.body.orders.map((o) => o._id)).toEqual([a2._id, a1._id]);
    expect(profile.body).toMatchObject({ totalOrders: 2, totalSpent: 90 });
  });

  it('never shows the placeholder e-mail of an order the shop entered without one: the buyer is their phone alone', async () => {
    const token = await adminToken();
    const product = await api.createProduct({ price: 30, stock: 20 });
    const enter = async (phone: string, key: string) => {
      const placed = await enterOrder(api, token, key, { phone, payment: 'cash', lines: [{ productId: product.id, quantity: 1 }] });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      return placed.body.order;
    };
    // Akos ordered once online with her e-mail, then twice by phone (the latest order has no e-mail).
    await guestBuys({ fullName: 'Akos Online', phone: '0245550101', email: 'akos@example.com' });
    api.clock.advance(60_000);
    await enter('024 555 0101', 'entered-placeholder-1');
    api.clock.advance(60_000);
    const latest = await enter('0245550101', 'entered-placeholder-2');
    // Esi only ever ordered by phone.
    api.clock.advance(60_000);
    await enter('0201112222', 'entered-placeholder-3');

    const guests = guestsOf((await list(token, '?kind=guest')).users);
    expect(guests.map((g) => [g.fullName, g.email, g.emails, g.orderCount])).toEqual([
      ['Auntie Akos', '', [], 1],
      ['Auntie Akos', 'akos@example.com', ['akos@example.com'], 3],
    ]);
    expect((await list(token, '?kind=guest&q=order-nk')).users).toEqual([]);
    const akos = guests[1] as AdminGuestBuyer;
    const profile = await api.json<GuestBuyerProfile>('GET', `/api/getGuestBuyer/${akos._id}`, { token });
    expect(profile.body.user).toEqual(akos);
    expect(profile.body.orders.map((o) => [o._id === latest._id, o.email])).toEqual([
      [true, ''],
      [false, ''],
      [false, 'akos@example.com'],
    ]);

    // Neither CSV export carries it.
    for (const url of ['/api/exportOrders.csv', '/api/exportCustomers.csv?kind=guest']) {
      const csv = await (await api.request('GET', url, { token })).text();
      expect(csv, url).not.toMatch(/order-nk-/i);
      expect(csv, url).toContain('akos@example.com');
    }
  });

  it('lists accounts only by default (the spec), guests or both with ?kind=, with paging and search across both', async () => {
    const token = await adminToken();
    const abena = await api.createUser({ fullName: 'Abena Account', email: 'abena@example.com' });
    // Signed up a minute before the guest's first order.
    await api.db
      .update(users)
      .set({ createdAt: new Date('2026-11-22T09:59:00Z') })
      .where(eq(users.id, abena.id));
    await guestBuys({ fullName: 'Akua Guest', phone: '0241230000', email: 'akua@example.com' });

    const plain = await list(token, '?role=customer');
    expect(plain.users.map((u) => u.kind)).toEqual(['account']);
    expect((await list(token, '?kind=account&role=customer')).users).toEqual(plain.users);

    const both = await list(token, '?kind=all&role=customer&page=1&limit=1');
    expect(both).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(both.users.map((u) => u.fullName)).toEqual(['Akua Guest']);
    expect((await list(token, '?kind=all&role=customer&page=2&limit=1')).users.map((u) => u.fullName)).toEqual(['Abena Account']);
    // Unpaged: both, newest first (an account by sign-up, a guest by first order).
    expect((await list(token, '?kind=all&role=customer')).users.map((u) => u.fullName)).toEqual(['Akua Guest', 'Abena Account']);

    // Search: a guest by name, e-mail or phone (as 0… or +233…).
    for (const q of ['akua', 'AKUA@EXAMPLE', '0241230000', '+233241230000']) {
      expect(
        (await list(token, `?kind=guest&q=${encodeURIComponent(q)}`)).users.map((u) => u.fullName),
        q,
      ).toEqual(['Akua Guest']);
    }
    expect((await list(token, '?kind=all&q=abena')).users.map((u) => u.fullName)).toEqual(['Abena Account']);
    expect((await list(token, '?kind=guest&q=nobody&page=1&limit=10')).total).toBe(0);

    const refused = await api.json('GET', '/api/getAllUsers?kind=guests', { token });
    expect(refused.status).toBe(400);
  });

  it('answers 404 for an unknown key, and only to admins', async () => {
    const token = await adminToken();
    await guestBuys({ phone: '0249990000', email: 'x@example.com' });
    const [guest] = (await list(token, '?kind=guest')).users;
    for (const key of [`g${'A'.repeat(24)}`, '0249990000', 'x@example.com', 'p:233249990000']) {
      const answer = await api.json('GET', `/api/getGuestBuyer/${encodeURIComponent(key)}`, { token });
      expect(answer.status, key).toBe(404);
      expect(answer.body).toEqual({ message: 'Guest buyer not found' });
    }
    await expectAdminOnly(api, 'GET', `/api/getGuestBuyer/${guest?._id}`);
    await expectAdminOnly(api, 'GET', '/api/getAllUsers?kind=guest');
  });

  it("keeps the dashboard's Total Customers to accounts, with the guest buyers beside it", async () => {
    const token = await adminToken();
    await api.createUser({ fullName: 'One Account' });
    await guestBuys({ phone: '0241000001', email: 'a@example.com' });
    await guestBuys({ phone: '0241000001', email: 'b@example.com' });
    await guestBuys({ phone: '0241000002', email: 'b@example.com' });
    await guestBuys({ phone: '0241000003', email: 'c@example.com' });
    const { status, body } = await api.json<DashboardStats>('GET', '/api/getDashboardStats', { token });
    expect(status).toBe(200);
    expect(body).toMatchObject({ totalCustomers: 1, guestBuyers: 2 });
  });
});
