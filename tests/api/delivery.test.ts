import { describe, expect, it } from 'vitest';
import { DELIVERY_TEXTS, type DeliveryOption } from '@/shared/delivery';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { DELIVERY_OPTION_TEXTS } from '@/shared/schemas/delivery';
import type { Order } from '@/shared/types';
import { expectAdminOnly } from '../helpers/admin';
import { guestOrder } from '../helpers/orders';
import { setupPaystackApi } from '../helpers/paystack-api';
import { orderRow, stockOf } from '../helpers/rows';

/**
 * Delivery options: priced on the server from the shop's own options, the fee in the total
 * when paid with the order, a 409 with the delivery as it is now whenever the checkout showed
 * something else, and a snapshot on the order that later edits never touch. Paystack is the local fake.
 */
const { api, fake } = setupPaystackApi({ secret: 'sk_test_delivery', timeoutMs: 1_000, config: { providerTimeoutMs: 1_000 } });

type OptionBody = { name: string; fee: number | string; feePaidWith: 'order' | 'rider' } & Partial<
  Pick<DeliveryOption, 'freeFrom' | 'eta' | 'pickup' | 'active'> & { regions: readonly string[]; cities: readonly string[] }
>;

async function adminToken() {
  return (await api.createUser({ role: 'admin' })).token;
}

/** Creates an option as the admin and answers it (the last of the list the server sends back). */
async function createOption(token: string, body: OptionBody): Promise<DeliveryOption> {
  const { status, body: answer } = await api.json('POST', '/api/deliveryOptions', { token, body });
  expect(status, JSON.stringify(answer)).toBe(201);
  return answer.data.at(-1);
}

const ACCRA = { name: 'Accra (Osu, Labone, East Legon)', regions: ['Greater Accra'], fee: 20, feePaidWith: 'order' } as const;

/** A guest's order of `quantity` items at `price` to `form`'s address. */
async function orderWith(
  form: Record<string, unknown>,
  {
    price = 50,
    quantity = 1,
    paymentMethod = 'Cash on Delivery' as const,
    promoCode,
  }: {
    price?: number;
    quantity?: number;
    paymentMethod?: 'Mobile Money' | 'Cash on Delivery';
    promoCode?: string;
  } = {},
) {
  const product = await api.createProduct({ price, stock: 10 });
  const answer = await guestOrder(api, [{ productId: product.id, quantity }], {
    paymentMethod,
    promoCode,
    form: { city: 'Accra', region: 'Greater Accra', ...form },
  });
  return { ...answer, productId: product.id };
}

describe('an order with a delivery option', () => {
  it('prices the fee on the server and adds a prepaid fee to the total; a fee the client makes up is refused with the real one', async () => {
    const token = await adminToken();
    const accra = await createOption(token, ACCRA);

    const made = await orderWith({ deliveryOptionId: accra._id, deliveryFee: 0 }, { price: 50, quantity: 2 });
    expect(made.status).toBe(409);
    expect(made.body).toMatchObject({ message: DELIVERY_TEXTS.feeChanged('₵20.00'), delivery: { fee: 20, options: [{ _id: accra._id }] } });
    expect(await stockOf(api, made.productId)).toBe(10);

    const placed = await orderWith({ deliveryOptionId: accra._id, deliveryFee: 20 }, { price: 50, quantity: 2 });
    expect(placed.status).toBe(201);
    const order: Order = placed.body.order;
    expect(order).toMatchObject({ subtotal: 100, discount: 0, total: 120, shipping: 20, region: 'Greater Accra' });
    expect(order.delivery).toEqual({ optionId: accra._id, name: ACCRA.name, fee: 20, feePaidWith: 'order', eta: '', pickup: false });

    // Without a shown fee the server's own applies: the client never sets it.
    const unshown = await orderWith({ deliveryOptionId: accra._id }, { price: 50 });
    expect(unshown.body.order).toMatchObject({ subtotal: 50, total: 70, shipping: 20 });
  });

  it('leaves a fee paid to the rider out of the total, and keeps it on the order', async () => {
    const token = await adminToken();
    const rider = await createOption(token, { ...ACCRA, name: 'Accra, pay the rider', fee: 15, feePaidWith: 'rider' });
    const placed = await orderWith({ deliveryOptionId: rider._id, deliveryFee: 15 }, { price: 50 });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ subtotal: 50, total: 50, shipping: 15, delivery: { fee: 15, feePaidWith: 'rider' } });
  });

  it('makes delivery free from the threshold on, counted on the goods after the discount, never discounting delivery', async () => {
    const token = await adminToken();
    const accra = await createOption(token, { ...ACCRA, fee: 25, freeFrom: 90 });
    // ₵100 less SAVE10 is ₵90: exactly the threshold, free.
    const atThreshold = await orderWith({ deliveryOptionId: accra._id, deliveryFee: 0 }, { price: 100, promoCode: 'SAVE10' });
    expect(atThreshold.status).toBe(201);
    expect(atThreshold.body.order).toMatchObject({ subtotal: 100, discount: 10, total: 90, shipping: 0, delivery: { fee: 0 } });
    // ₵99.99 less 10 % (₵10.00) is ₵89.99: one pesewa short, the full fee, not discounted.
    const below = await orderWith({ deliveryOptionId: accra._id, deliveryFee: 25 }, { price: 99.99, promoCode: 'SAVE10' });
    expect(below.status).toBe(201);
    expect(below.body.order).toMatchObject({ subtotal: 99.99, discount: 10, total: 114.99, shipping: 25 });
  });

  it('refuses an option turned off after the checkout loaded, with 409 and the options there are now, and takes no stock', async () => {
    const token = await adminToken();
    const accra = await createOption(token, ACCRA);
    const courier = await createOption(token, { name: 'Courier', regions: ['Greater Accra', 'Ashanti'], fee: 30, feePaidWith: 'order' });
    expect((await api.json('PATCH', `/api/deliveryOptions/${accra._id}`, { token, body: { active: false } })).status).toBe(200);

    const made = await orderWith({ deliveryOptionId: accra._id, deliveryFee: 20 });
    expect(made.status).toBe(409);
    expect(made.body.message).toBe(DELIVERY_TEXTS.optionGone);
    expect(made.body.delivery?.fee).toBeNull();
    expect(made.body.delivery?.options.map((o: DeliveryOption) => o._id)).toEqual([courier._id]);
    expect(await stockOf(api, made.productId)).toBe(10);

    // The public settings offer only what is on.
    const settings = await api.json('GET', '/api/settings');
    expect(settings.body.data.delivery.map((o: DeliveryOption) => o.name)).toEqual(['Courier']);
  });

  it('charges Mobile Money the goods plus the prepaid fee, to the pesewa', async () => {
    const token = await adminToken();
    const accra = await createOption(token, { ...ACCRA, fee: 12.34 });
    const placed = await orderWith({ deliveryOptionId: accra._id, deliveryFee: 12.34 }, { price: 45.5, paymentMethod: 'Mobile Money' });
    expect(placed.status).toBe(201);
    expect(placed.body.order.total).toBe(57.84);
    const headers = { 'X-Order-Token': placed.body.orderToken ?? '' };
    const charged = await api.json('POST', '/api/chargeMobileMoney', {
      headers,
      body: { orderId: placed.body.order._id, phone: '0241234567', network: 'mtn' },
    });
    expect(charged.status).toBe(200);
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/charge');
    expect(sent.map((r) => (r.body as { amount: number }).amount)).toEqual([5784]);
    expect((await orderRow(api, placed.body.order._id))?.totalPesewas).toBe(5784);
  });

  it('keeps the snapshot on the order when the option is edited or deleted', async () => {
    const token = await adminToken();
    const accra = await createOption(token, { ...ACCRA, eta: '1-2 days' });
    const placed = await orderWith({ deliveryOptionId: accra._id, deliveryFee: 20 });
    const orderId = placed.body.order._id;
    await api.json('PATCH', `/api/deliveryOptions/${accra._id}`, { token, body: { fee: 35, name: 'Accra express', eta: 'Same day' } });
    const read = async () => (await api.json('GET', `/api/getOrderById/${orderId}`, { token })).body.order as Order;
    expect(await read()).toMatchObject({ total: 70, shipping: 20, delivery: { name: ACCRA.name, fee: 20, eta: '1-2 days' } });
    expect((await api.json('DELETE', `/api/deliveryOptions/${accra._id}`, { token })).status).toBe(200);
    expect(await read()).toMatchObject({ total: 70, shipping: 20, delivery: { name: ACCRA.name, fee: 20 } });
  });

  it('answers a queued offline order whose fee changed with 409 and the new fee; confirmed with a new key, it is placed once at the new fee', async () => {
    const token = await adminToken();
    const accra = await createOption(token, ACCRA);
    const product = await api.createProduct({ price: 50, stock: 10 });
    const form = { city: 'Accra', region: 'Greater Accra', deliveryOptionId: accra._id, deliveryFee: 20 };
    // Queued offline at ₵20; the shop changes the fee before the phone is back online.
    await api.json('PATCH', `/api/deliveryOptions/${accra._id}`, { token, body: { fee: 25 } });
    const queued = await guestOrder(api, [{ productId: product.id, quantity: 1 }], { form, idempotencyKey: 'queued-order-key-1' });
    expect(queued.status).toBe(409);
    expect(queued.body).toMatchObject({ message: DELIVERY_TEXTS.feeChanged('₵25.00'), delivery: { fee: 25 } });
    expect(await stockOf(api, product.id)).toBe(10);

    const confirmed = await guestOrder(api, [{ productId: product.id, quantity: 1 }], {
      form: { ...form, deliveryFee: 25 },
      idempotencyKey: 'queued-order-key-2',
    });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.order).toMatchObject({ total: 75, shipping: 25 });
    const again = await guestOrder(api, [{ productId: product.id, quantity: 1 }], { form: { ...form, deliveryFee: 25 }, idempotencyKey: 'queued-order-key-2' });
    expect(again.body.order._id).toBe(confirmed.body.order._id);
    expect(await stockOf(api, product.id)).toBe(9);
  });
});

describe('which options an address gets', () => {
  it('takes the order without an option when none serves the address (the fee to be agreed), and asks for one when one does', async () => {
    const token = await adminToken();
    const kumasi = await createOption(token, { name: 'Kumasi rider', regions: ['Ashanti'], cities: ['Kumasi'], fee: 18, feePaidWith: 'order' });

    const accra = await orderWith({});
    expect(accra.status).toBe(201);
    expect(accra.body.order).toMatchObject({ total: 50, delivery: null, shipping: null });

    // Ashanti but not Kumasi: no option fits either.
    const obuasi = await orderWith({ region: 'Ashanti', city: 'Obuasi' });
    expect(obuasi.body.order.delivery).toBeNull();

    const unchosen = await orderWith({ region: 'Ashanti', city: '  kumasi ' });
    expect(unchosen.status).toBe(409);
    expect(unchosen.body).toMatchObject({ message: DELIVERY_TEXTS.optionRequired, delivery: { fee: null, options: [{ _id: kumasi._id }] } });

    // An option for another address is refused as gone.
    const elsewhere = await orderWith({ deliveryOptionId: kumasi._id, deliveryFee: 18 });
    expect(elsewhere).toMatchObject({ status: 409, body: { message: DELIVERY_TEXTS.optionGone } });
    const kumasiOrder = await orderWith({ region: 'Ashanti', city: 'Kumasi', deliveryOptionId: kumasi._id, deliveryFee: 18 });
    expect(kumasiOrder.body.order).toMatchObject({ total: 68, delivery: { name: 'Kumasi rider' } });
  });

  it('asks for the region (400 on the field) wherever an option is limited by region: leaving it out never skips a prepaid fee', async () => {
    const token = await adminToken();
    const accra = await createOption(token, ACCRA);
    // The attack: no region, so no option "serves" the order and it would be taken with no fee.
    const unlocated = await orderWith({ region: undefined }, { paymentMethod: 'Mobile Money' });
    expect(unlocated.status).toBe(400);
    expect(unlocated.body).toEqual({ message: DELIVERY_TEXTS.regionRequired, errors: [{ path: ['region'], message: DELIVERY_TEXTS.regionRequired }] });
    expect(await stockOf(api, unlocated.productId)).toBe(10);

    // An order queued offline before the phone knew the options (no region, no option, no fee): the
    // same 400, which the outbox reports to the shopper and puts the items back in the cart; never a 5xx.
    const product = await api.createProduct({ price: 50, stock: 10 });
    const queued = await guestOrder(api, [{ productId: product.id, quantity: 1 }], { idempotencyKey: 'queued-before-options-1' });
    expect(queued.status).toBe(400);
    expect(queued.body.errors).toEqual([{ path: ['region'], message: DELIVERY_TEXTS.regionRequired }]);

    // A nationwide option alone does not depend on the region: none is asked for.
    const nationwide = await createOption(token, { name: 'Courier', fee: 30, feePaidWith: 'order' });
    expect((await api.json('PATCH', `/api/deliveryOptions/${accra._id}`, { token, body: { active: false } })).status).toBe(200);
    const anywhere = await orderWith({ region: undefined, deliveryOptionId: nationwide._id, deliveryFee: 30 });
    expect(anywhere.status).toBe(201);
    expect(anywhere.body.order).toMatchObject({ total: 80, region: null, delivery: { name: 'Courier' } });
  });

  it('needs no street address for a pickup, and one for anything else', async () => {
    const token = await adminToken();
    const pickup = await createOption(token, { name: 'Pick up at the shop', fee: 0, feePaidWith: 'order', pickup: true });
    const courier = await createOption(token, { name: 'Courier', fee: 30, feePaidWith: 'rider' });
    const picked = await orderWith({ address: '', deliveryOptionId: pickup._id, deliveryFee: 0 });
    expect(picked.status).toBe(201);
    expect(picked.body.order).toMatchObject({ address: '', total: 50, delivery: { pickup: true, fee: 0 } });
    const couriered = await orderWith({ address: '  ', deliveryOptionId: courier._id, deliveryFee: 30 });
    expect(couriered.status).toBe(400);
    expect(couriered.body).toMatchObject({ message: PAGE_MESSAGES.addressRequired, errors: [{ path: ['address'] }] });
    expect(await stockOf(api, couriered.productId)).toBe(10);
  });

  it('normalises a GhanaPost GPS address and refuses one that is not', async () => {
    const placed = await orderWith({ gpsAddress: 'ga 183 8164', landmark: 'Behind the Shell station' });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ gpsAddress: 'GA-183-8164', landmark: 'Behind the Shell station', region: 'Greater Accra' });
    expect((await orderWith({ gpsAddress: 'ak4845780' })).body.order.gpsAddress).toBe('AK-484-5780');
    for (const wrong of ['GA-18-8164', 'G1-183-8164', 'GA183816450', 'Osu, near the castle']) {
      const refused = await orderWith({ gpsAddress: wrong });
      expect(refused.status, wrong).toBe(400);
      expect(refused.body.errors).toEqual([{ path: ['gpsAddress'], message: DELIVERY_TEXTS.gpsInvalid }]);
    }
    const badRegion = await orderWith({ region: 'Greater Kumasi' });
    expect(badRegion.body.errors).toEqual([{ path: ['region'], message: DELIVERY_TEXTS.regionRequired }]);
  });
});

describe("the admin's delivery options", () => {
  it("are the admin's alone, and a refused call changes nothing", async () => {
    const token = await adminToken();
    const accra = await createOption(token, ACCRA);
    const options = async () => (await api.json('GET', '/api/deliveryOptions', { token })).body.data;
    for (const [method, url, body] of [
      ['GET', '/api/deliveryOptions', undefined],
      ['POST', '/api/deliveryOptions', ACCRA],
      ['PUT', '/api/deliveryOptions/order', { ids: [accra._id] }],
      ['PATCH', `/api/deliveryOptions/${accra._id}`, { fee: 1 }],
      ['DELETE', `/api/deliveryOptions/${accra._id}`, undefined],
    ] as const) {
      await expectAdminOnly(api, method, url, body ? { body } : {}, options);
    }
  });

  it('validate every field with its own message', async () => {
    const token = await adminToken();
    const refused = await api.json('POST', '/api/deliveryOptions', {
      token,
      body: { name: ' ', regions: ['Accra'], cities: 'Osu', fee: -1, freeFrom: '12.345', feePaidWith: 'cash' },
    });
    expect(refused.status).toBe(400);
    const byField = Object.fromEntries(refused.body.errors.map((e: { path: string[]; message: string }) => [e.path[0], e.message]));
    expect(byField).toMatchObject({
      name: DELIVERY_OPTION_TEXTS.nameMissing,
      regions: DELIVERY_OPTION_TEXTS.regionsInvalid,
      cities: DELIVERY_OPTION_TEXTS.citiesInvalid,
      fee: DELIVERY_OPTION_TEXTS.feeInvalid,
      freeFrom: DELIVERY_OPTION_TEXTS.freeFromInvalid,
      feePaidWith: DELIVERY_OPTION_TEXTS.paidWithInvalid,
    });
    expect((await api.json('GET', '/api/deliveryOptions', { token })).body.data).toEqual([]);
    const missing = await api.json('PATCH', '/api/deliveryOptions/not-an-id', { token, body: { active: false } });
    expect(missing).toMatchObject({ status: 404, body: { message: DELIVERY_OPTION_TEXTS.notFound } });
  });

  it('are listed in the order the admin sets, towns kept once each, and turned off without leaving the admin list', async () => {
    const token = await adminToken();
    const a = await createOption(token, { ...ACCRA, cities: ['Osu', 'osu', ' Labone ', ''] });
    const b = await createOption(token, { name: 'Courier', fee: '30.50', feePaidWith: 'rider' });
    const c = await createOption(token, { name: 'Pickup', fee: 0, feePaidWith: 'order', pickup: true });
    expect(a.cities).toEqual(['osu', 'Labone']);
    expect(b).toMatchObject({ regions: [], fee: 30.5, freeFrom: null, active: true, pickup: false });

    const reordered = await api.json('PUT', '/api/deliveryOptions/order', { token, body: { ids: [c._id, a._id, b._id] } });
    expect(reordered.body.data.map((o: DeliveryOption) => o.name)).toEqual(['Pickup', ACCRA.name, 'Courier']);
    const partial = await api.json('PUT', '/api/deliveryOptions/order', { token, body: { ids: [c._id, a._id] } });
    expect(partial).toMatchObject({ status: 400, body: { message: DELIVERY_OPTION_TEXTS.orderInvalid } });

    await api.json('PATCH', `/api/deliveryOptions/${a._id}`, { token, body: { active: false } });
    expect((await api.json('GET', '/api/deliveryOptions', { token })).body.data.map((o: DeliveryOption) => [o.name, o.active])).toEqual([
      ['Pickup', true],
      [ACCRA.name, false],
      ['Courier', true],
    ]);
    expect((await api.json('GET', '/api/settings')).body.data.delivery.map((o: DeliveryOption) => o.name)).toEqual(['Pickup', 'Courier']);
  });
});
