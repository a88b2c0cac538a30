import { randomBytes } from 'node:crypto';
import { contactMessages, deliveryOptions, orders, promoCodes, sessions, shopSettings, subscribers, users } from '@/server/db/schema';
import { hashPassword } from '@/server/passwords';
import { hashToken } from '@/server/services/accounts/auth';
import { LIMITS } from '@/shared/constants';
import { toPesewas } from '@/shared/money';
import type { TestApi } from '../../helpers/api';
import { checkoutForm as spec } from '../../helpers/orders';

/** The spec's form with the region the shop's options ask for once they depend on it (no fee is skipped by leaving it out). */
const checkoutForm = { ...spec, region: 'Greater Accra' } as const;

/**
 * The shop every fuzzed request meets: three accounts with live tokens, tokens that must open no
 * door, products and carts at the limits, orders of each kind (customers', guests' with their order
 * tokens, paid, with a pending Mobile Money payment, a big spender's), promo codes, messages and settings.
 * Built through the database and the API in a few tens of milliseconds, before every endpoint's run.
 */

export const PASSWORD = 'correct horse battery';

export interface Account {
  id: string;
  email: string;
  token: string;
}

export interface GuestOrder {
  id: string;
  orderToken: string;
}

export interface FuzzFixture {
  admin: Account;
  customer: Account;
  otherCustomer: Account;
  /** Well-formed bearer tokens the server must refuse. */
  expiredToken: string;
  revokedToken: string;
  products: { shea: string; soldOut: string; priciest: string };
  /** The customer's own cart line, and the other customer's (10,000 of the priciest product). */
  cartLine: string;
  otherCartLine: string;
  /** The customer's Cash on Delivery order, and the other customer's Mobile Money one. */
  customerOrder: string;
  otherCustomerOrder: string;
  /** A guest's unpaid Mobile Money order with a pending payment (its reference). */
  guestOrder: GuestOrder & { reference: string };
  /** A guest's paid Mobile Money order. */
  paidGuestOrder: GuestOrder & { reference: string };
  /** A guest's cancelled order of two lines; one line's stock has been sold since, so restoring it must fail whole. */
  cancelledOrder: GuestOrder;
  /** An Idempotency-Key the guest order was placed with. */
  usedIdempotencyKey: string;
  promoCodes: string[];
  /** Delivery options: one on, for Kumasi only (most fuzzed towns fit none), and one turned off. */
  deliveryOptions: string[];
}

let passwordHash: Promise<string> | undefined;

async function account(api: TestApi, role: 'admin' | 'customer', email: string): Promise<Account> {
  passwordHash ??= hashPassword(PASSWORD);
  const [row] = await api.db
    .insert(users)
    .values({ fullName: `Fuzz ${role}`, email, passwordHash: await passwordHash, role })
    .returning({ id: users.id });
  if (!row) throw new Error('no user');
  return { id: row.id, email, token: await session(api, row.id) };
}

/** A session straight in the table (argon2 on every login would cost the fuzz its time budget). */
async function session(api: TestApi, userId: string, options: { expired?: boolean; revoked?: boolean } = {}): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = api.clock.now.getTime();
  await api.db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: new Date(now - 86_400_000),
    expiresAt: new Date(options.expired ? now - 1000 : now + 30 * 86_400_000),
    revokedAt: options.revoked ? new Date(now - 1000) : null,
  });
  return token;
}

async function expectCreated<T>(answer: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status < 200 || status > 299) throw new Error(`fixture: ${what} answered ${status} ${JSON.stringify(body)}`);
  return body;
}

async function guestMobileMoneyOrder(api: TestApi, productId: string, idempotencyKey?: string) {
  const placed = await expectCreated(
    api.json('POST', '/api/createGuestOrder', {
      body: { ...checkoutForm, paymentMethod: 'Mobile Money', cart: [{ productId, quantity: 1 }] },
      headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {},
    }),
    'guest order',
  );
  const headers = { 'X-Order-Token': placed.orderToken };
  const started = await expectCreated(api.json('POST', '/api/initializePayment', { headers, body: { orderId: placed.order._id } }), 'payment');
  return { id: placed.order._id as string, orderToken: placed.orderToken as string, reference: started.reference as string };
}

/** The sandbox's Approve button; a file with another provider passes its own way to have a payment approved. */
export async function approveInSandbox(api: TestApi, reference: string): Promise<void> {
  const approved = await api.request('POST', `/pay/sandbox/${reference}`, {
    rawBody: 'outcome=success',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (approved.status !== 303) throw new Error(`fixture: sandbox approval answered ${approved.status}`);
}

export async function buildFixture(
  api: TestApi,
  approvePayment: (reference: string) => Promise<void> = (reference) => approveInSandbox(api, reference),
): Promise<FuzzFixture> {
  const [admin, customer, otherCustomer] = await Promise.all([
    account(api, 'admin', 'admin@nkuto.example'),
    account(api, 'customer', 'ama@example.com'),
    account(api, 'customer', 'kofi@example.com'),
  ]);
  const [expiredToken, revokedToken] = await Promise.all([session(api, customer.id, { expired: true }), session(api, admin.id, { revoked: true })]);

  const shea = await api.createProduct({ name: 'Raw Shea Butter', price: 45.5, stock: 500 });
  const soldOut = await api.createProduct({ name: 'Black Soap', category: 'Cleansers', price: 20, stock: 0 });
  // The largest price and stock the admin form allows: totals must stay within what the database holds.
  const priciest = await api.createProduct({ name: 'Gold Gift Set', category: 'Gifts and Sets', price: 1_000_000, stock: 1_000_000 });

  await api.db.insert(promoCodes).values({ code: 'HALFOFF', percent: 50, active: false });
  await api.db
    .insert(shopSettings)
    .values({ shopName: 'Nkuto Naturals', email: 'hello@nkuto.example', phone: '+233241234567', whatsapp: '233241234567', address: 'Osu, Accra' });
  const options = await api.db
    .insert(deliveryOptions)
    .values([
      { name: 'Kumasi rider', regions: ['Ashanti'], cities: ['Kumasi'], feePesewas: 1800, feePaidWith: 'order' as const, position: 0 },
      { name: 'Old courier', regions: [], cities: [], feePesewas: 3000, feePaidWith: 'rider' as const, active: false, position: 1 },
    ])
    .returning({ id: deliveryOptions.id });
  await api.db.insert(contactMessages).values({ name: 'Efua', email: 'efua@example.com', subject: 'Hello', message: 'Do you ship to Kumasi?' });
  await api.db.insert(subscribers).values({ email: 'news@example.com' });

  const asCustomer = (token: string, method: string, url: string, body: unknown) => expectCreated(api.json(method, url, { token, body }), `${method} ${url}`);
  await asCustomer(customer.token, 'POST', '/api/addToCart', { productId: shea.id, quantity: 1 });
  const customerOrder = await asCustomer(customer.token, 'POST', '/api/createOrder', checkoutForm);
  await asCustomer(otherCustomer.token, 'POST', '/api/addToCart', { productId: shea.id, quantity: 2 });
  const otherOrder = await asCustomer(otherCustomer.token, 'POST', '/api/createOrder', { ...checkoutForm, paymentMethod: 'Mobile Money' });
  const ownCart = await asCustomer(customer.token, 'POST', '/api/addToCart', { productId: shea.id, quantity: 2 });
  // The largest line a cart may hold (one order takes at most 100 of a product), of the dearest product.
  const otherCart = await asCustomer(otherCustomer.token, 'POST', '/api/addToCart', { productId: priciest.id, quantity: 100 });

  // A big spender: three delivered, paid orders at the largest total an order may have.
  await api.db.insert(orders).values(
    ['NK-BIG222', 'NK-BIG333', 'NK-BIG444'].map((orderNumber) => ({
      ...checkoutForm,
      orderNumber,
      userId: otherCustomer.id,
      subtotalPesewas: toPesewas(LIMITS.maxOrderTotal),
      totalPesewas: toPesewas(LIMITS.maxOrderTotal),
      orderStatus: 'Delivered' as const,
      paymentStatus: 'Paid' as const,
      paidAt: api.clock.now,
    })),
  );

  const usedIdempotencyKey = 'fixture-checkout-0001';
  const guestOrder = await guestMobileMoneyOrder(api, shea.id, usedIdempotencyKey);
  const paidGuestOrder = await guestMobileMoneyOrder(api, shea.id);
  await approvePayment(paidGuestOrder.reference);
  await expectCreated(
    api.json('GET', `/api/verifyPayment/${paidGuestOrder.reference}`, { headers: { 'X-Order-Token': paidGuestOrder.orderToken } }),
    'payment verification',
  );

  const lastJar = await api.createProduct({ name: 'Last Jar of Moringa Oil', category: 'Natural Oils', price: 60, stock: 1 });
  const twoLines = [
    { productId: shea.id, quantity: 1 },
    { productId: lastJar.id, quantity: 1 },
  ];
  const cancelled = await expectCreated(api.json('POST', '/api/createGuestOrder', { body: { ...checkoutForm, cart: twoLines } }), 'order to cancel');
  await expectCreated(api.json('POST', `/api/cancelOrder/${cancelled.order._id}`, { headers: { 'X-Order-Token': cancelled.orderToken } }), 'cancellation');
  await expectCreated(api.json('POST', '/api/createGuestOrder', { body: { ...checkoutForm, cart: [{ productId: lastJar.id, quantity: 1 }] } }), 'last jar');

  const fixture: FuzzFixture = {
    admin,
    customer,
    otherCustomer,
    expiredToken,
    revokedToken,
    products: { shea: shea.id, soldOut: soldOut.id, priciest: priciest.id },
    cartLine: ownCart.Cart[0].items[0]._id,
    otherCartLine: otherCart.Cart[0].items[0]._id,
    customerOrder: customerOrder.order._id,
    otherCustomerOrder: otherOrder.order._id,
    guestOrder,
    paidGuestOrder,
    cancelledOrder: { id: cancelled.order._id, orderToken: cancelled.orderToken },
    usedIdempotencyKey,
    promoCodes: ['SAVE10', 'HALFOFF'],
    deliveryOptions: options.map((o) => o.id),
  };
  return fixture;
}
