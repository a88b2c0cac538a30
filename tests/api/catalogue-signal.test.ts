import { describe, expect, it } from 'vitest';
import { runOrderExpiry } from '@/server/services/payments/payments';
import { setupTestApi } from '../helpers/api';
import { guestOrder, mobileMoneyOrder } from '../helpers/orders';

/**
 * The one "catalogue changed" signal: with the catalogue cached for a minute, every change of stock
 * shows in the next catalogue answer, whichever service made it (an order, a cancel, the hold
 * expiry, an admin restoring an order, a late payment restoring one, a product edit).
 */
const api = setupTestApi({ catalogueCacheMs: 60_000 });

async function shownStock(productId: string): Promise<number | undefined> {
  const { body } = await api.json('GET', '/api/getProducts');
  return body.data.find((p: { _id: string }) => p._id === productId)?.stock;
}

describe('the catalogue cache hears every stock change', () => {
  it('from placing, cancelling, expiring, restoring and paying late', async () => {
    const shea = await api.createProduct({ stock: 10 });
    // The cache is filled first, so a missed signal would leave 10 showing.
    expect(await shownStock(shea.id)).toBe(10);

    const cash = await guestOrder(api, [{ productId: shea.id, quantity: 2 }]);
    expect(await shownStock(shea.id)).toBe(8);

    await api.json('POST', `/api/cancelOrder/${cash.body.order._id}`, { headers: { 'X-Order-Token': cash.body.orderToken ?? '' } });
    expect(await shownStock(shea.id)).toBe(10);

    const admin = await api.createUser({ role: 'admin' });
    await api.json('PATCH', `/api/updateOrderStatusById/${cash.body.order._id}`, { token: admin.token, body: { orderStatus: 'Processing' } });
    expect(await shownStock(shea.id)).toBe(8);

    const held = await mobileMoneyOrder(api, shea.id, 3);
    const started = await api.json('POST', '/api/initializePayment', { headers: held.headers, body: { orderId: held.order._id } });
    expect(await shownStock(shea.id)).toBe(5);
    api.clock.advance(31 * 60_000);
    expect((await runOrderExpiry(api.payments, api.clock.now)).expired).toBe(1);
    expect(await shownStock(shea.id)).toBe(8);

    // The shopper approves after the hold: the order comes back and takes its stock again.
    await api.request('POST', started.body.payment_link, { rawBody: 'outcome=success', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(await shownStock(shea.id)).toBe(5);
  });

  it('from an admin editing a product', async () => {
    const shea = await api.createProduct({ stock: 10 });
    expect(await shownStock(shea.id)).toBe(10);
    const admin = await api.createUser({ role: 'admin' });
    const form = new FormData();
    form.set('stock', '4');
    const res = await api.request('PATCH', `/api/updateProductInfo/${shea.id}`, { token: admin.token, form });
    expect(res.status).toBe(200);
    expect(await shownStock(shea.id)).toBe(4);
  });
});
