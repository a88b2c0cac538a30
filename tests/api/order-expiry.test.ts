import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments } from '@/server/db/schema';
import { runOrderExpiry } from '@/server/services/payments/payments';
import { setupTestApi } from '../helpers/api';
import { guestOrder, mobileMoneyOrder } from '../helpers/orders';
import { openFlags, orderRow as orderRowOf, stockOf as stockOfRow } from '../helpers/rows';

const api = setupTestApi();
const HOLD_MS = 30 * 60_000;

const stockOf = (productId: string) => stockOfRow(api, productId);
const orderRow = (orderId: string) => orderRowOf(api, orderId);

const expire = () => runOrderExpiry(api.payments, api.clock.now);

describe('unpaid Mobile Money holds', () => {
  it('keep the stock until the hold runs out, then cancel the order and return the stock exactly once', async () => {
    const shea = await api.createProduct({ stock: 10 });
    const { order } = await mobileMoneyOrder(api, shea.id, 3);
    expect(await stockOf(shea.id)).toBe(7);

    api.clock.advance(HOLD_MS - 1000);
    expect(await expire()).toEqual({ expired: 0, paid: 0 });
    expect((await orderRow(order._id))?.orderStatus).toBe('Pending');
    expect(await stockOf(shea.id)).toBe(7);

    api.clock.advance(2000);
    expect(await expire()).toEqual({ expired: 1, paid: 0 });
    expect(await orderRow(order._id)).toMatchObject({ orderStatus: 'Cancelled', cancelReason: 'expired', holdExpiresAt: null, paymentStatus: 'Pending' });
    expect(await stockOf(shea.id)).toBe(10);

    expect(await expire()).toEqual({ expired: 0, paid: 0 });
    expect(await stockOf(shea.id)).toBe(10);
  });

  it("return each order's stock once when two expiry jobs run at the same time", async () => {
    const shea = await api.createProduct({ stock: 40 });
    const oil = await api.createProduct({ stock: 40 });
    for (let i = 0; i < 12; i++) {
      const { status } = await guestOrder(
        api,
        [
          { productId: shea.id, quantity: 1 + (i % 3) },
          { productId: oil.id, quantity: 1 },
        ],
        { paymentMethod: 'Mobile Money' },
      );
      expect(status).toBe(201);
    }
    expect(await stockOf(shea.id)).toBe(40 - 24);
    expect(await stockOf(oil.id)).toBe(40 - 12);

    api.clock.advance(HOLD_MS + 1000);
    const [first, second] = await Promise.all([expire(), expire()]);
    expect((first?.expired ?? 0) + (second?.expired ?? 0)).toBe(12);
    expect(await stockOf(shea.id)).toBe(40);
    expect(await stockOf(oil.id)).toBe(40);
    const statuses = await api.db.select({ status: orders.orderStatus }).from(orders);
    expect(statuses.every((o) => o.status === 'Cancelled')).toBe(true);
  });

  it('never touch Cash on Delivery orders or paid ones', async () => {
    const shea = await api.createProduct({ stock: 10 });
    const cash = await guestOrder(api, [{ productId: shea.id, quantity: 1 }]);
    const paid = await mobileMoneyOrder(api, shea.id, 1);
    await api.db.update(orders).set({ paymentStatus: 'Paid' }).where(eq(orders.id, paid.order._id));

    api.clock.advance(HOLD_MS * 10);
    expect(await expire()).toEqual({ expired: 0, paid: 0 });
    expect((await orderRow(cash.body.order._id))?.orderStatus).toBe('Pending');
    expect((await orderRow(paid.order._id))?.orderStatus).toBe('Pending');
    expect(await stockOf(shea.id)).toBe(8);
  });

  it('stop a payment from starting once the hold has run out, even before the job has run', async () => {
    const shea = await api.createProduct({ stock: 10 });
    const { order, headers } = await mobileMoneyOrder(api, shea.id, 1);
    api.clock.advance(HOLD_MS + 1);
    const { status, body } = await api.json('POST', '/api/initializePayment', { headers, body: { orderId: order._id } });
    expect(status).toBe(409);
    expect(body.message).toBe('This order can no longer be paid. Please place a new order.');
  });

  it('restore an order whose payment lands after the hold expired, taking its stock again once', async () => {
    const shea = await api.createProduct({ stock: 10 });
    const { order, headers } = await mobileMoneyOrder(api, shea.id, 2);
    const started = await api.json('POST', '/api/initializePayment', { headers, body: { orderId: order._id } });
    expect(started.status).toBe(200);

    api.clock.advance(HOLD_MS + 1000);
    expect((await expire()).expired).toBe(1);
    expect(await stockOf(shea.id)).toBe(10);
    const [payment] = await api.db.select().from(payments);
    expect(payment?.status).toBe('abandoned');

    // The shopper approves in the tab that was still open.
    const approve = await api.request('POST', started.body.payment_link, {
      rawBody: 'outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approve.status).toBe(303);

    // The stock is still there: the order comes back, paid, and takes it again (once).
    expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'Paid', orderStatus: 'Pending', cancelReason: null, cancelledAt: null, stockHeld: true });
    expect(await stockOf(shea.id)).toBe(8);
    expect(await openFlags(api, order._id)).toEqual(['test_payment']);
    const verify = await api.json('GET', `/api/verifyPayment/${started.body.reference}`, { headers });
    expect(verify.body).toEqual({ status: 'success', orderId: order._id, paymentStatus: 'Paid', orderStatus: 'Pending' });
    expect(await stockOf(shea.id)).toBe(8);
  });

  it('flag a payment made after the shopper cancelled differently from one after expiry', async () => {
    const shea = await api.createProduct({ stock: 10 });
    const { order, headers } = await mobileMoneyOrder(api, shea.id, 1);
    const started = await api.json('POST', '/api/initializePayment', { headers, body: { orderId: order._id } });
    expect((await api.json('POST', `/api/cancelOrder/${order._id}`, { headers })).status).toBe(200);
    await api.request('POST', started.body.payment_link, { rawBody: 'outcome=success', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(await orderRow(order._id)).toMatchObject({ paymentStatus: 'Paid', orderStatus: 'Cancelled' });
    expect(await openFlags(api, order._id)).toEqual(['paid_after_cancellation', 'test_payment']);
    expect(await stockOf(shea.id)).toBe(10);
  });
});
