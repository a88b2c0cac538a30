import { describe, expect, it } from 'vitest';
import { orders, refunds } from '@/server/db/schema';
import { toPesewas } from '@/shared/money';
import type { AdminOrder } from '@/shared/types';
import { setupTestApi } from '../helpers/api';

/**
 * An order's refund state (`refundState`), derived beside the spec's `Pending | Paid` from its
 * processed refunds: in every order answer, in the list's filter and in the CSV export.
 */
const api = setupTestApi();

let counter = 0;
/** A paid (or unpaid) Mobile Money order of `total` cedis with these refunds, written straight into the database. */
async function orderWithRefunds(name: string, total: number, made: { amount: number; status: 'pending' | 'processed' | 'failed' }[], paid = true) {
  counter += 1;
  const [row] = await api.db
    .insert(orders)
    .values({
      orderNumber: `NK-R${String(counter).padStart(5, '0')}`,
      fullName: name,
      email: 'buyer@example.com',
      phone: '0241234567',
      address: '3 Ring Road',
      city: 'Kumasi',
      paymentMethod: 'Mobile Money',
      subtotalPesewas: toPesewas(total),
      totalPesewas: toPesewas(total),
      orderStatus: 'Processing',
      paymentStatus: paid ? 'Paid' : 'Pending',
      paymentReference: paid ? `ref-${counter}` : null,
      stockHeld: true,
      createdAt: new Date(api.clock.now.getTime() - counter * 1000),
    })
    .returning();
  if (!row) throw new Error('no order');
  for (const refund of made) {
    await api.db
      .insert(refunds)
      .values({ orderId: row.id, paymentReference: `ref-${counter}`, amountPesewas: toPesewas(refund.amount), status: refund.status });
  }
  return row;
}

/** The five orders every test reads: by name, their refund state is in the name. */
async function fiveOrders() {
  await orderWithRefunds('Ama None', 100, []);
  await orderWithRefunds('Kofi Partly', 100, [
    { amount: 40, status: 'processed' },
    { amount: 60, status: 'pending' },
  ]);
  await orderWithRefunds('Esi Refunded', 100, [
    { amount: 60, status: 'processed' },
    { amount: 40, status: 'processed' },
  ]);
  await orderWithRefunds('Yaw Partly', 100, [
    { amount: 30, status: 'processed' },
    { amount: 70, status: 'failed' },
  ]);
  await orderWithRefunds('Abena Unpaid', 100, [], false);
}

describe('refundState', () => {
  it('is in every order answer: none, partly (processed refunds short of the total) or refunded; the payment status stays as it was', async () => {
    const admin = await api.createUser({ role: 'admin' });
    await fiveOrders();
    const { status, body } = await api.json<{ orders: AdminOrder[] }>('GET', '/api/getAllOrders', { token: admin.token });
    expect(status).toBe(200);
    expect(body.orders.map((o) => [o.fullName, o.paymentStatus, o.refundState])).toEqual([
      ['Ama None', 'Paid', 'none'],
      ['Kofi Partly', 'Paid', 'partly'],
      ['Esi Refunded', 'Paid', 'refunded'],
      ['Yaw Partly', 'Paid', 'partly'],
      ['Abena Unpaid', 'Pending', 'none'],
    ]);
    const refunded = body.orders.find((o) => o.fullName === 'Esi Refunded');
    const one = await api.json<{ order: AdminOrder }>('GET', `/api/getOrderById/${refunded?._id}`, { token: admin.token });
    expect(one.body.order.refundState).toBe('refunded');
  });

  it('filters the list, alone or with the payment status, and refuses a state it does not know', async () => {
    const admin = await api.createUser({ role: 'admin' });
    await fiveOrders();
    const names = async (query: string) =>
      (await api.json<{ orders: AdminOrder[] }>('GET', `/api/getAllOrders${query}`, { token: admin.token })).body.orders.map((o) => o.fullName);
    expect(await names('?refundState=refunded')).toEqual(['Esi Refunded']);
    expect(await names('?refundState=partly')).toEqual(['Kofi Partly', 'Yaw Partly']);
    // "Paid" as the list's filter means it: paid, nothing sent back.
    expect(await names('?paymentStatus=Paid&refundState=none')).toEqual(['Ama None']);
    expect(await names('?refundState=partly&page=1&limit=1')).toEqual(['Kofi Partly']);
    const refused = await api.json('GET', '/api/getAllOrders?refundState=some', { token: admin.token });
    expect(refused.status).toBe(400);
  });

  it('says Partly refunded or Refunded in the CSV export, with the amount sent back, and follows its filter', async () => {
    const admin = await api.createUser({ role: 'admin' });
    await fiveOrders();
    const res = await api.request('GET', '/api/exportOrders.csv', { token: admin.token });
    const [header, ...rows] = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    const column = (name: string) => (header ?? []).indexOf(name);
    const byCustomer = Object.fromEntries(rows.map((row) => [row[column('Customer')], [row[column('Payment status')], row[column('Refunded')]]]));
    expect(byCustomer).toEqual({
      'Ama None': ['Paid', ''],
      'Kofi Partly': ['Partly refunded', '40'],
      'Esi Refunded': ['Refunded', '100'],
      'Yaw Partly': ['Partly refunded', '30'],
      'Abena Unpaid': ['Pending', ''],
    });
    const filtered = await api.request('GET', '/api/exportOrders.csv?refundState=refunded', { token: admin.token });
    expect((await filtered.text()).split('\r\n').filter((line) => line.includes('Esi Refunded') || line.includes('Kofi Partly'))).toHaveLength(1);
  });
});
