import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { setupTestApi } from '../helpers/api';
import { checkoutForm, enterOrder, guestOrder } from '../helpers/orders';

const PER_PAIR = 4;
const PER_ORDER = 6;
const api = setupTestApi({
  authRateLimit: { perIp: { max: 8, windowSeconds: 900 }, perEmail: { max: PER_PAIR, windowSeconds: 900 } },
  lookupRateLimit: { max: PER_ORDER, windowSeconds: 86_400 },
});

const lookup = (orderNumber: string, contact: string, ip = '198.51.100.20') =>
  api.json('POST', '/api/lookupOrder', { body: { orderNumber, contact }, headers: { 'x-forwarded-for': ip } });

async function placedOrder() {
  const product = await api.createProduct({ name: 'Black Soap', stock: 10, price: 35 });
  const { status, body } = await guestOrder(api, [{ productId: product.id, quantity: 2 }]);
  expect(status).toBe(201);
  return body.order;
}

describe('guest order lookup', () => {
  it('finds an order by its number and the phone it was placed with, read-only, with the link that opens it again', async () => {
    const order = await placedOrder();
    const found = await lookup(order.orderNumber.toLowerCase().replace('-', ' '), '024 123 4567');
    expect(found.status).toBe(200);
    expect(found.body.order).toMatchObject({ _id: order._id, orderNumber: order.orderNumber, total: 70, orderStatus: 'Pending' });
    expect(found.body.order.items).toMatchObject([{ product: { name: 'Black Soap' }, quantity: 2 }]);
    // Read-only: never the order token that cancels or pays.
    expect(JSON.stringify(found.body)).not.toContain('orderToken');
    const opened = await api.json('GET', `/api/orderByLink/${found.body.link}`);
    expect(opened).toMatchObject({ status: 200, body: { order: { _id: order._id } } });
    const cancel = await api.json('POST', `/api/cancelOrder/${order._id}`, { headers: { 'X-Order-Token': found.body.link } });
    expect(cancel.status).toBe(404);
    expect((await api.json('GET', `/api/orderByLink/${found.body.link}`)).body.order.orderStatus).toBe('Pending');
  });

  it('finds it by the e-mail in any case too', async () => {
    const order = await placedOrder();
    const found = await lookup(order.orderNumber, checkoutForm.email.toUpperCase());
    expect(found).toMatchObject({ status: 200, body: { order: { _id: order._id } } });
  });

  it('never takes the placeholder e-mail of an order the shop entered without one (it follows from the number): the phone finds it', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const product = await api.createProduct({ stock: 5, price: 20 });
    const entered = await enterOrder(api, admin.token, 'entered-lookup-1', { payment: 'cash', lines: [{ productId: product.id, quantity: 1 }] });
    expect(entered.status).toBe(201);
    const { orderNumber } = entered.body.order;
    const guessed = await lookup(orderNumber, `order-${orderNumber.toLowerCase()}@shop.invalid`, '198.51.100.30');
    expect(guessed).toMatchObject({ status: 404, body: { message: ACCOUNT_TEXTS.orderLookupNotFound } });
    expect((await lookup(orderNumber, '0245550101', '198.51.100.30')).status).toBe(200);
  });

  it('gives the same answer for a wrong number and for a wrong phone or e-mail', async () => {
    const order = await placedOrder();
    const answers = [
      await lookup(order.orderNumber, '0200000000'),
      await lookup(order.orderNumber, 'someone.else@example.com'),
      await lookup('NK-ZZZZZZ', checkoutForm.phone),
    ];
    for (const answer of answers) expect(answer).toMatchObject({ status: 404, body: { message: ACCOUNT_TEXTS.orderLookupNotFound } });
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
  });

  it('refuses what is not an order number or a contact, with the field named', async () => {
    const missing = await lookup('', '');
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { path: string[] }) => e.path[0]).sort()).toEqual(['contact', 'orderNumber']);
    expect((await lookup('NK-7K3M9P', 'not a phone')).body.message).toBe(ACCOUNT_TEXTS.contactInvalid);
  });

  // Every lookup used to count per order number, so a stranger's 4 tries (or the guest's own
  // lookups) blocked the guest. Now failures only, per (order number, address), then per order number.
  it(`limits failed tries per order number and address (${PER_PAIR}), per order number (${PER_ORDER}) and per client address`, async () => {
    const order = await placedOrder();
    for (let i = 0; i < PER_PAIR; i++) expect((await lookup(order.orderNumber, `020000000${i}`, '192.0.2.1')).status).toBe(404);
    expect((await lookup(order.orderNumber, '0200000009', '192.0.2.1')).status).toBe(429);
    // The guest elsewhere still finds it.
    expect((await lookup(order.orderNumber, checkoutForm.phone, '192.0.2.50')).status).toBe(200);
    for (let i = PER_PAIR; i < PER_ORDER; i++) expect((await lookup(order.orderNumber, `020000000${i}`, `192.0.2.${i}`)).status).toBe(404);
    expect(await lookup(order.orderNumber, checkoutForm.phone, '192.0.2.51')).toMatchObject({
      status: 429,
      body: { message: ACCOUNT_TEXTS.orderLookupUseLink },
    });
    for (let i = 0; i < 8; i++) expect((await lookup(`NK-AAAAA${i}`, checkoutForm.phone, '192.0.2.77')).status).toBe(404);
    expect((await lookup('NK-BBBBBB', checkoutForm.phone, '192.0.2.77')).status).toBe(429);
  });
});
