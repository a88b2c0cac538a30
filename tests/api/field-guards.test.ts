import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments, products, promoCodes, users } from '@/server/db/schema';
import { setupTestApi } from '../helpers/api';
import { checkoutForm, NEW_ORDER } from '../helpers/orders';

/**
 * Fields only an admin (or the server itself) may set, sent through the calls customers and guests
 * use: role, prices, totals, order and payment status. Each must be ignored or refused.
 */
const api = setupTestApi();

async function roleOf(userId: string) {
  const [row] = await api.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  return row?.role;
}

describe('role', () => {
  it('cannot be chosen at sign-up', async () => {
    const { status, body } = await api.json('POST', '/api/addUser', {
      body: { fullName: 'Sneaky', email: 'sneaky@example.com', password: 'long enough pass', confirmPassword: 'long enough pass', role: 'admin' },
    });
    expect(status).toBe(201);
    expect(body.data.role).toBe('customer');
    expect(await roleOf(body.data._id)).toBe('customer');
  });

  it('cannot be changed through updateUser', async () => {
    const user = await api.createUser();
    const { status, body } = await api.json('PATCH', `/api/updateUser/${user.id}`, { token: user.token, body: { fullName: 'Still Me', role: 'admin' } });
    expect(status).toBe(200);
    expect(body.data.role).toBe('customer');
    expect(await roleOf(user.id)).toBe('customer');
    // And the admin calls still say no.
    expect((await api.json('GET', '/api/getAllOrders', { token: user.token })).status).toBe(403);
  });
});

describe('prices and totals', () => {
  it('come from the database in the cart, whatever price the client sends', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ price: 45.5, stock: 10 });
    const added = await api.json('POST', '/api/addToCart', { token: user.token, body: { productId: shea.id, quantity: 1, price: 0.01 } });
    expect(added.body.Cart[0].items[0].product.price).toBe(45.5);
    const merged = await api.json('POST', '/api/mergeCart', { token: user.token, body: { items: [{ productId: shea.id, quantity: 1, price: 0.01 }] } });
    expect(merged.body.Cart[0].items[0].product.price).toBe(45.5);
  });

  it('come from the database in orders, and order and payment status cannot be sent along', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ price: 45.5, stock: 10 });
    const forged = {
      total: 0.01,
      subtotal: 0.01,
      discount: 45,
      orderStatus: 'Delivered',
      paymentStatus: 'Paid',
      cancelReason: null,
      refunds: [],
      user: { _id: user.id },
    };
    const guest = await api.json('POST', '/api/createGuestOrder', {
      body: { ...checkoutForm, ...forged, cart: [{ productId: shea.id, quantity: '2', price: 0.01, priceAtPurchase: 0.01 }] },
    });
    expect(guest.status).toBe(201);
    expect(guest.body.order).toMatchObject({ subtotal: 91, discount: 0, total: 91, orderStatus: 'Pending', paymentStatus: 'Pending', user: null });

    await api.json('POST', '/api/addToCart', { token: user.token, body: { productId: shea.id, quantity: 1 } });
    const customer = await api.json('POST', '/api/createOrder', { token: user.token, body: { ...checkoutForm, ...forged } });
    expect(customer.status).toBe(201);
    expect(customer.body.order).toMatchObject({ total: 45.5, orderStatus: 'Pending', paymentStatus: 'Pending' });

    const stored = await api.db.select({ total: orders.totalPesewas, pay: orders.paymentStatus, status: orders.orderStatus }).from(orders);
    expect(stored.sort((a, b) => a.total - b.total)).toEqual([
      { total: 4550, pay: 'Pending', status: 'Pending' },
      { total: 9100, pay: 'Pending', status: 'Pending' },
    ]);
  });

  it('are charged as the order says, not as the client asks', async () => {
    const shea = await api.createProduct({ price: 45.5, stock: 10 });
    const placed = await api.json('POST', '/api/createGuestOrder', {
      body: { ...checkoutForm, paymentMethod: 'Mobile Money', cart: [{ productId: shea.id, quantity: '1' }] },
    });
    const headers = { 'X-Order-Token': placed.body.orderToken };
    const started = await api.json('POST', '/api/initializePayment', {
      headers,
      body: { orderId: placed.body.order._id, email: 'x@example.com', total: 1, amount: 100 },
    });
    expect(started.status).toBe(200);
    const [payment] = await api.db.select().from(payments);
    expect(payment?.amountPesewas).toBe(4550);
  });
});

describe('payment and order status', () => {
  it('cannot be set by a customer on their own order through the admin calls', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    await api.json('POST', '/api/addToCart', { token: user.token, body: { productId: shea.id, quantity: 1 } });
    const { body } = await api.json('POST', '/api/createOrder', { token: user.token, body: checkoutForm });
    const orderId = body.order._id;

    expect((await api.json('PATCH', `/api/updatePaymentStatusById/${orderId}`, { token: user.token, body: { paymentStatus: 'Paid' } })).status).toBe(403);
    expect((await api.json('PATCH', `/api/updateOrderStatusById/${orderId}`, { token: user.token, body: { orderStatus: 'Delivered' } })).status).toBe(403);
    const [row] = await api.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ paymentStatus: 'Pending', orderStatus: 'Pending' });
  });

  it('cannot be set on a product through the cart: stock and price stay', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ price: 10, stock: 3 });
    await api.json('POST', '/api/setCartItem', { token: user.token, body: { productId: shea.id, quantity: 2, stock: 1000, price: 0 } });
    const [row] = await api.db.select({ stock: products.stock, price: products.pricePesewas }).from(products);
    expect(row).toEqual({ stock: 3, price: 1000 });
  });
});

/** Every server-owned field a forged body might name, in the API's and the database's spellings. */
const FORGED_ORDER = {
  _id: '00000000-0000-4000-8000-000000000001',
  id: '00000000-0000-4000-8000-000000000001',
  orderNumber: 'NK-FORGED',
  createdAt: '2020-01-01T00:00:00Z',
  paymentStatus: 'Paid',
  payment_status: 'Paid',
  orderStatus: 'Delivered',
  paymentReference: 'NK-FORGED-000000000000',
  paidAt: '2026-01-01T00:00:00Z',
  needsAttention: 'none',
  holdExpiresAt: '2099-01-01T00:00:00Z',
  subtotal: 0.01,
  subtotalPesewas: 1,
  discount: 45,
  discountPesewas: 4500,
  total: 0.01,
  totalPesewas: 1,
  promoPercent: 100,
  items: [{ product: { price: 0.01 }, priceAtPurchase: 0.01, quantity: 1 }],
};

describe('sign-up and the profile', () => {
  it('take no id, role, password hash or dates from the body', async () => {
    const password = 'long enough pass';
    const { status, body } = await api.json('POST', '/api/addUser', {
      body: {
        fullName: 'Sneaky',
        email: 'sneaky2@example.com',
        password,
        confirmPassword: password,
        _id: '00000000-0000-4000-8000-000000000002',
        id: '00000000-0000-4000-8000-000000000002',
        role: 'admin',
        isAdmin: true,
        passwordHash: 'not-a-hash',
        createdAt: '2020-01-01T00:00:00Z',
      },
    });
    expect(status).toBe(201);
    expect(body.data).toMatchObject({ role: 'customer', createdAt: api.clock.now.toISOString() });
    expect(body.data._id).not.toBe('00000000-0000-4000-8000-000000000002');
    expect(body.data).not.toHaveProperty('passwordHash');
    expect((await api.json('POST', '/api/login', { body: { email: 'sneaky2@example.com', password } })).body.data.role).toBe('customer');
  });

  it('keeps id, role, password and dates through updateUser, whatever else the body says', async () => {
    const user = await api.createUser();
    const [before] = await api.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, user.id));
    const { status, body } = await api.json('PATCH', `/api/updateUser/${user.id}`, {
      token: user.token,
      body: {
        fullName: 'Renamed',
        _id: '00000000-0000-4000-8000-000000000003',
        id: '00000000-0000-4000-8000-000000000003',
        role: 'admin',
        isAdmin: true,
        passwordHash: 'not-a-hash',
        createdAt: '2020-01-01T00:00:00Z',
      },
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ _id: user.id, fullName: 'Renamed', role: 'customer', createdAt: before?.createdAt.toISOString() });
    // The password is unchanged: signing in with it still works.
    expect((await api.json('POST', '/api/login', { body: { email: user.email, password: user.password } })).status).toBe(200);
    expect(await roleOf(user.id)).toBe('customer');
  });
});

describe('the cart', () => {
  it('takes only the product and its quantity: no price, stock or product details on any cart call', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ price: 45.5, stock: 10 });
    const forgedProduct = { product: { _id: shea.id, price: 0.01, stock: 1000, name: 'Free' }, price: 0.01, priceAtPurchase: 0.01, stock: 1000 };
    const answers = [
      await api.json('POST', '/api/addToCart', { token: user.token, body: { productId: shea.id, quantity: 1, ...forgedProduct } }),
      await api.json('POST', '/api/setCartItem', { token: user.token, body: { productId: shea.id, quantity: 2, ...forgedProduct } }),
    ];
    const lineId: string = answers[1]?.body.Cart[0].items[0]._id;
    answers.push(await api.json('PATCH', `/api/updateCartItem/${lineId}`, { token: user.token, body: { quantity: 3, ...forgedProduct } }));
    answers.push(await api.json('POST', '/api/mergeCart', { token: user.token, body: { items: [{ productId: shea.id, quantity: 1, ...forgedProduct }] } }));
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      expect(body.Cart[0].items[0].product).toMatchObject({ _id: shea.id, price: 45.5, stock: 10, name: shea.name });
    }
    const [row] = await api.db.select({ stock: products.stock, price: products.pricePesewas, name: products.name }).from(products);
    expect(row).toEqual({ stock: 10, price: 4550, name: shea.name });
  });
});

describe('orders', () => {
  it('a customer order takes its number, prices, owner and statuses from the server, never the body', async () => {
    const user = await api.createUser();
    const other = await api.createUser();
    const shea = await api.createProduct({ price: 45.5, stock: 10 });
    await api.json('POST', '/api/addToCart', { token: user.token, body: { productId: shea.id, quantity: 2 } });
    const { status, body } = await api.json('POST', '/api/createOrder', {
      token: user.token,
      body: { ...checkoutForm, ...FORGED_ORDER, user: { _id: other.id }, userId: other.id },
    });
    expect(status).toBe(201);
    expect(body.order).toMatchObject({
      ...NEW_ORDER,
      subtotal: 91,
      total: 91,
      createdAt: api.clock.now.toISOString(),
      user: { _id: user.id },
      items: [expect.objectContaining({ priceAtPurchase: 45.5, quantity: 2 })],
    });
    expect(body.order._id).not.toBe(FORGED_ORDER._id);
    expect(body.order.orderNumber).toMatch(/^NK-[A-Z0-9]{6}$/);
    expect(body.order.orderNumber).not.toBe(FORGED_ORDER.orderNumber);
    const [row] = await api.db.select().from(orders);
    // The server's own hold (Cash on Delivery waits 48 hours for the admin), not the forged date.
    expect(row).toMatchObject({ userId: user.id, totalPesewas: 9100, paidAt: null, paymentStatus: 'Pending' });
    expect(row?.holdExpiresAt?.getTime()).toBe(api.clock.now.getTime() + 48 * 3_600_000);
  });

  it("a guest order cannot be made another customer's, paid, or held longer", async () => {
    const other = await api.createUser();
    const shea = await api.createProduct({ price: 45.5, stock: 10 });
    const { status, body } = await api.json('POST', '/api/createGuestOrder', {
      body: {
        ...checkoutForm,
        ...FORGED_ORDER,
        paymentMethod: 'Mobile Money',
        user: { _id: other.id },
        userId: other.id,
        cart: [{ productId: shea.id, quantity: '1' }],
      },
    });
    expect(status).toBe(201);
    expect(body.order).toMatchObject({
      user: null,
      total: 45.5,
      paymentStatus: 'Pending',
      orderStatus: 'Pending',
      paymentReference: null,
      cancelReason: null,
      refunds: [],
    });
    const [row] = await api.db.select().from(orders);
    expect(row).toMatchObject({ userId: null, paidAt: null });
    // The hold is the server's 30 minutes, not the body's 2099.
    expect(row?.holdExpiresAt?.getTime()).toBe(api.clock.now.getTime() + 30 * 60_000);
    // Nor is it among that customer's orders.
    expect((await api.json('GET', '/api/getAllMyOrders', { token: other.token })).body.Orders).toEqual([]);
  });

  it('a cancelled order is Cancelled, whatever status the body asks for', async () => {
    const shea = await api.createProduct({ stock: 10 });
    const placed = await api.json('POST', '/api/createGuestOrder', { body: { ...checkoutForm, cart: [{ productId: shea.id, quantity: '1' }] } });
    const { status, body } = await api.json('POST', `/api/cancelOrder/${placed.body.order._id}`, {
      headers: { 'X-Order-Token': placed.body.orderToken },
      body: { orderStatus: 'Delivered', paymentStatus: 'Paid' },
    });
    expect(status).toBe(200);
    expect(body.order).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'Pending' });
  });

  it('a promo is worth what the shop says, not what the body says', async () => {
    await api.db.insert(promoCodes).values({ code: 'SHEA10', percent: 10 });
    const check = await api.json('POST', '/api/validatePromo', { body: { code: 'SHEA10', subtotal: 100, percent: 100, discount: 100 } });
    expect(check.body).toMatchObject({ valid: true, percent: 10, discount: 10 });
    const shea = await api.createProduct({ price: 100, stock: 10 });
    const placed = await api.json('POST', '/api/createGuestOrder', {
      body: { ...checkoutForm, promoCode: 'SHEA10', promoPercent: 100, discount: 100, cart: [{ productId: shea.id, quantity: '1' }] },
    });
    expect(placed.body.order).toMatchObject({ subtotal: 100, discount: 10, total: 90, promoCode: 'SHEA10' });
  });
});

describe('Mobile Money', () => {
  it('starting a payment takes no reference, amount or status from the body', async () => {
    const shea = await api.createProduct({ price: 45.5, stock: 10 });
    const placed = await api.json('POST', '/api/createGuestOrder', {
      body: { ...checkoutForm, paymentMethod: 'Mobile Money', cart: [{ productId: shea.id, quantity: '1' }] },
    });
    const orderId: string = placed.body.order._id;
    const { status, body } = await api.json('POST', '/api/initializePayment', {
      headers: { 'X-Order-Token': placed.body.orderToken },
      body: { orderId, reference: 'NK-FORGED-000000000000', status: 'success', paymentStatus: 'Paid', amount: 1, amountPesewas: 1, total: 0.01 },
    });
    expect(status).toBe(200);
    expect(body.reference).not.toBe('NK-FORGED-000000000000');
    expect(body.reference.startsWith(placed.body.order.orderNumber)).toBe(true);
    const [payment] = await api.db.select().from(payments);
    expect(payment).toMatchObject({ reference: body.reference, amountPesewas: 4550, status: 'pending' });
    const [order] = await api.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.paymentStatus).toBe('Pending');
  });

  it('verifying asks the provider: a status in the query or a body changes nothing', async () => {
    const shea = await api.createProduct({ stock: 10 });
    const placed = await api.json('POST', '/api/createGuestOrder', {
      body: { ...checkoutForm, paymentMethod: 'Mobile Money', cart: [{ productId: shea.id, quantity: '1' }] },
    });
    const headers = { 'X-Order-Token': placed.body.orderToken };
    const started = await api.json('POST', '/api/initializePayment', { headers, body: { orderId: placed.body.order._id } });
    const reference: string = started.body.reference;
    const verified = await api.json('GET', `/api/verifyPayment/${reference}?status=success&paymentStatus=Paid&trxref=${reference}`, { headers });
    expect(verified.body).toMatchObject({ status: 'pending', paymentStatus: 'Pending' });
    // No call settles a payment from what the shopper's browser says.
    expect((await api.json('POST', `/api/verifyPayment/${reference}`, { headers, body: { status: 'success' } })).status).toBe(404);
    // Paystack's webhook needs Paystack's signature.
    const forgedWebhook = JSON.stringify({ event: 'charge.success', data: { reference, status: 'success', amount: 4550, currency: 'GHS' } });
    expect((await api.json('POST', '/api/paystack/webhook', { rawBody: forgedWebhook, headers: { 'content-type': 'application/json' } })).status).toBe(401);
    const [order] = await api.db.select().from(orders);
    expect(order).toMatchObject({ paymentStatus: 'Pending', paidAt: null });
  });
});
