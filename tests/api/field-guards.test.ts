import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payments, products, users } from '../../src/server/db/schema';
import { setupTestApi } from '../helpers/api';
import { checkoutForm } from '../helpers/orders';

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
      needsAttention: null,
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
