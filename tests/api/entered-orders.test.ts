import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, outboxMessages } from '@/server/db/schema';
import { DELIVERY_TEXTS } from '@/shared/delivery';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { ENTERED_ORDER_TEXTS } from '@/shared/schemas/orders';
import type { EnteredOrderAnswer } from '@/shared/types';
import { expectAdminOnly } from '../helpers/admin';
import { setupPaystackApi } from '../helpers/paystack-api';
import { orderRow, stockOf } from '../helpers/rows';

/**
 * Orders the owner takes by phone or WhatsApp and enters in the admin area. Paystack is
 * the local fake (its initialize and Charge API), the outbox the real table.
 */
const { api, fake } = setupPaystackApi({ secret: 'sk_test_entered', timeoutMs: 1_000, config: { providerTimeoutMs: 1_000 } });

const CUSTOMER = { fullName: 'Auntie Akos', phone: '024 555 0101', city: 'Accra', address: 'Madina market, stall 12' };

async function enter(token: string, body: Record<string, unknown>, key = `entered-${Math.random().toString(36).slice(2, 12)}`) {
  return api.json<EnteredOrderAnswer & { errors?: { path: string[]; message: string }[] }>('POST', '/api/adminOrders', {
    token,
    body,
    headers: { 'Idempotency-Key': key },
  });
}

const messagesOf = (orderId: string) => api.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, orderId));

describe('an order entered by the admin', () => {
  it('is placed like a shopper’s, marked as entered, with a placeholder e-mail that is never shown or mailed', async () => {
    const { token, id: adminId } = await api.createUser({ role: 'admin' });
    const product = await api.createProduct({ price: 45.5, stock: 10 });
    const placed = await enter(token, { ...CUSTOMER, payment: 'cash', lines: [{ productId: product.id, quantity: 3 }] });
    expect(placed.status).toBe(201);
    expect(placed.body.message).toBe(ENTERED_ORDER_TEXTS.placed);
    const order = placed.body.order;
    expect(order).toMatchObject({ enteredByAdmin: true, email: '', phone: '0245550101', total: 136.5, paymentStatus: 'Pending', user: null });
    expect(order.paymentMethod.paymentMethod).toBe('Cash on Delivery');
    expect(await stockOf(api, product.id)).toBe(7);

    const row = await orderRow(api, order._id);
    expect(row).toMatchObject({ enteredByAdmin: true, enteredBy: adminId, emailPlaceholder: true, buyerEmail: null, buyerPhone: '233245550101' });
    expect(row?.email).toBe(`order-${order.orderNumber.toLowerCase()}@shop.invalid`);
    // The customer hears by SMS; the placeholder is never mailed.
    const sent = await messagesOf(order._id);
    expect(sent.filter((m) => m.audience === 'shopper').map((m) => [m.kind, m.channel, m.recipient])).toEqual([['order_received', 'sms', '+233245550101']]);
  });

  it('is never found by its placeholder in the orders list search; its number, name and phone-only buyer still find it', async () => {
    const { token } = await api.createUser({ role: 'admin' });
    const product = await api.createProduct({ price: 12, stock: 10 });
    const placed = await enter(token, { ...CUSTOMER, payment: 'cash', lines: [{ productId: product.id, quantity: 1 }] });
    expect(placed.status).toBe(201);
    const { orderNumber } = placed.body.order;
    const search = async (q: string) =>
      (await api.json<{ orders: { orderNumber: string; email: string }[] }>('GET', `/api/getAllOrders?q=${encodeURIComponent(q)}`, { token })).body.orders;
    for (const q of ['shop.invalid', `order-${orderNumber.toLowerCase()}`, '@']) expect(await search(q), q).toEqual([]);
    expect((await search(orderNumber)).map((o) => [o.orderNumber, o.email])).toEqual([[orderNumber, '']]);
    expect((await search('Auntie Akos')).map((o) => o.orderNumber)).toEqual([orderNumber]);
  });

  it('keeps a real e-mail when one is given, and takes the stock once for a double submit', async () => {
    const { token } = await api.createUser({ role: 'admin' });
    const product = await api.createProduct({ price: 20, stock: 5 });
    const body = { ...CUSTOMER, email: 'Akos@Example.com', payment: 'cash', lines: [{ productId: product.id, quantity: 2 }] };
    const [first, second] = await Promise.all([enter(token, body, 'entered-double-1'), enter(token, body, 'entered-double-1')]);
    const statuses = [first.status, second.status].sort();
    // The second waits for the first and answers its order (201), or is told it is being placed (409).
    expect(statuses[0]).toBe(201);
    const ids = new Set([first, second].filter((a) => a.status === 201).map((a) => a.body.order._id));
    expect(ids.size).toBe(1);
    expect(await stockOf(api, product.id)).toBe(3);
    const again = await enter(token, body, 'entered-double-1');
    expect(again.body.order._id).toBe([...ids][0]);
    expect(again.body.order.email).toBe('akos@example.com');
    expect(await stockOf(api, product.id)).toBe(3);
    const all = await api.db.select().from(orders).where(eq(orders.phone, '0245550101'));
    expect(all).toHaveLength(1);
  });

  it('sends the Mobile Money prompt to the wallet given, for the order total, with the placeholder e-mail Paystack needs', async () => {
    const { token } = await api.createUser({ role: 'admin' });
    const product = await api.createProduct({ price: 60, stock: 5 });
    const placed = await enter(token, {
      ...CUSTOMER,
      payment: 'momo_prompt',
      momoPhone: '024 555 0101',
      momoNetwork: 'mtn',
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect(placed.status).toBe(201);
    expect(placed.body.message).toBe(ENTERED_ORDER_TEXTS.promptSent);
    expect(placed.body.charge).toMatchObject({ state: 'approve', phone: '0245550101', network: 'mtn' });
    const charge = fake.requests.find((r) => r.method === 'POST' && r.path === '/charge');
    expect(charge?.body).toMatchObject({
      amount: 6000,
      email: `order-${placed.body.order.orderNumber.toLowerCase()}@shop.invalid`,
      mobile_money: { phone: '0245550101', provider: 'mtn' },
    });
  });

  it('or texts a payment link: the provider’s page, in an SMS to the customer', async () => {
    const { token } = await api.createUser({ role: 'admin' });
    const product = await api.createProduct({ price: 35, stock: 5 });
    const placed = await enter(token, { ...CUSTOMER, payment: 'momo_link', lines: [{ productId: product.id, quantity: 2 }] });
    expect(placed.status).toBe(201);
    expect(placed.body.message).toBe(ENTERED_ORDER_TEXTS.linkSent);
    expect(placed.body.paymentLink).toMatch(/^https:\/\/checkout\.paystack\.com\//);
    expect(fake.initialized.at(-1)).toMatchObject({ amount: 7000 });
    const sms = (await messagesOf(placed.body.order._id)).find((m) => m.kind === 'payment_link');
    expect(sms).toMatchObject({ channel: 'sms', recipient: '+233245550101' });
    expect(sms?.body).toContain(placed.body.paymentLink);
    expect(sms?.body).toContain(placed.body.order.orderNumber);
  });

  it('starts a cash order as Processing (the owner confirmed it on the phone), with no confirmation hold; Pending when asked; Mobile Money as Pending', async () => {
    const { token } = await api.createUser({ role: 'admin' });
    const product = await api.createProduct({ price: 35, stock: 10 });
    const lines = [{ productId: product.id, quantity: 1 }];
    const confirmed = await enter(token, { ...CUSTOMER, payment: 'cash', lines });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.order).toMatchObject({ orderStatus: 'Processing', holdExpiresAt: null, verification: 'verified' });

    const toConfirm = await enter(token, { ...CUSTOMER, payment: 'cash', orderStatus: 'Pending', lines });
    expect(toConfirm.body.order.orderStatus).toBe('Pending');
    // Still to confirm: it waits with the shop's confirmation hold, like a shopper's cash order.
    expect(toConfirm.body.order.holdExpiresAt).not.toBeNull();

    const byLink = await enter(token, { ...CUSTOMER, payment: 'momo_link', lines });
    expect(byLink.body.order.orderStatus).toBe('Pending');
    const refused = await enter(token, { ...CUSTOMER, payment: 'momo_link', orderStatus: 'Processing', lines });
    expect(refused).toMatchObject({ status: 400, body: { errors: [{ path: ['orderStatus'], message: ENTERED_ORDER_TEXTS.momoStartsPending }] } });
  });

  it('asks for the region like the checkout when an option is limited by region (a 400 on the field the form shows)', async () => {
    const { token } = await api.createUser({ role: 'admin' });
    const option = { name: 'Accra rider', regions: ['Greater Accra'], fee: 20, feePaidWith: 'order' };
    expect((await api.json('POST', '/api/deliveryOptions', { token, body: option })).status).toBe(201);
    const product = await api.createProduct({ price: 35, stock: 2 });
    const lines = [{ productId: product.id, quantity: 1 }];
    const unlocated = await enter(token, { ...CUSTOMER, payment: 'cash', lines });
    expect(unlocated).toMatchObject({ status: 400, body: { errors: [{ path: ['region'], message: DELIVERY_TEXTS.regionRequired }] } });
    expect(await stockOf(api, product.id)).toBe(2);
    const located = await enter(token, { ...CUSTOMER, region: 'Greater Accra', payment: 'cash', lines });
    expect(located.status).toBe(409);
    expect(located.body.message).toBe(DELIVERY_TEXTS.optionRequired);
  });

  it('refuses what it cannot take, with the field named, and is the admin’s alone', async () => {
    const { token } = await api.createUser({ role: 'admin' });
    const product = await api.createProduct({ price: 35, stock: 1 });
    const noWallet = await enter(token, { ...CUSTOMER, payment: 'momo_prompt', lines: [{ productId: product.id, quantity: 1 }] });
    expect(noWallet).toMatchObject({ status: 400, body: { errors: [{ path: ['momoPhone'], message: ENTERED_ORDER_TEXTS.walletNeeded }] } });
    const noLines = await enter(token, { ...CUSTOMER, payment: 'cash', lines: [] });
    expect(noLines.body.message).toBe(PAGE_MESSAGES.cartEmpty);
    const badEmail = await enter(token, { ...CUSTOMER, email: 'not an email', payment: 'cash', lines: [{ productId: product.id, quantity: 1 }] });
    expect(badEmail.body.errors?.[0]?.path).toEqual(['email']);
    const tooMany = await enter(token, { ...CUSTOMER, payment: 'cash', lines: [{ productId: product.id, quantity: 2 }] });
    expect(tooMany.status).toBe(409);
    expect(await stockOf(api, product.id)).toBe(1);
    await expectAdminOnly(api, 'POST', '/api/adminOrders', { body: { ...CUSTOMER, payment: 'cash', lines: [{ productId: product.id, quantity: 1 }] } }, () =>
      stockOf(api, product.id),
    );
  });
});
