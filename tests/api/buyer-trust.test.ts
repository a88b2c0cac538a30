import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, outboxMessages, products, rateLimits, users } from '@/server/db/schema';
import { openSecret } from '@/server/notify/outbox';
import { DEFAULT_PHONE_CODE_LIMITS } from '@/server/services/orders/phone-verification';
import { runOrderExpiry } from '@/server/services/payments/payments';
import { LIMITS } from '@/shared/constants';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import { setupTestApi } from '../helpers/api';
import { guestOrder } from '../helpers/orders';

/*
 * Stock is held by buyers who are real. The attacks of the review, as tests: invented
 * buyers (from one address or many) try to take everything; a stranger tries to lock a real shopper
 * out of their code; guesses at a code, in turn and at once.
 */

const SHARE = 30;
const HOLD_MINUTES = 60;
const BUYER_UNITS = 200;
const ORDERS_PER_IP = 60;
const trust = { smsCodes: true, unverifiedHoldMinutes: HOLD_MINUTES, unverifiedSharePercent: SHARE, phoneCodes: DEFAULT_PHONE_CODE_LIMITS };
const api = setupTestApi({ buyerTrust: trust, buyerUnitsPerDay: BUYER_UNITS, orderRateLimit: { max: ORDERS_PER_IP, windowSeconds: 900 } });

const MINUTE = 60_000;
const stockOf = async (id: string) => (await api.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]?.stock;
const from = (ip: string) => ({ 'x-forwarded-for': ip });
/** An invented buyer: a valid-looking phone and e-mail nobody owns. */
const invented = (n: number) => ({ fullName: `Buyer ${n}`, phone: `020${String(1_000_000 + n).slice(-7)}`, email: `buyer${n}@example.com` });

/** The code in the newest phone-code SMS to `phone` (`+233…`), opened from the outbox as the sender would. */
async function newestCode(phone: string): Promise<string> {
  const rows = await api.db
    .select({ sealed: outboxMessages.secretSealed })
    .from(outboxMessages)
    .where(sql`${outboxMessages.kind} = 'phone_code' and ${outboxMessages.recipient} = ${phone}`)
    .orderBy(sql`${outboxMessages.createdAt} desc, ${outboxMessages.id} desc`)
    .limit(1);
  const sealed = rows[0]?.sealed;
  if (!sealed) throw new Error(`no code sent to ${phone}`);
  return openSecret(api.secret, sealed);
}

const askCode = (phone: string, ip = '198.51.100.50') => api.json('POST', '/api/phoneCodes', { body: { phone }, headers: from(ip) });
const checkCode = (phone: string, code: string, token?: string) => api.json('POST', '/api/phoneCodes/verify', { body: { phone, code }, token });

/** A phone confirmed the way a shopper does it: a code, then the token. */
async function phoneToken(phone: string): Promise<string> {
  expect((await askCode(phone)).status).toBe(200);
  const verified = await checkCode(phone, await newestCode(phone));
  expect(verified.status).toBe(200);
  return verified.body.phoneToken;
}

const verifyOrder = (orderId: string, headers: Record<string, string>) => api.json('POST', `/api/orders/${orderId}/verification`, { headers });

/**
 * Every invented buyer takes as much of each product as the shop lets them hold: the most one order
 * may take, then half of it, and so on, until an order holds stock (or the address is refused).
 */
async function emptyTheShop(ids: string[], buyers: number, ipOf: (n: number) => string) {
  for (let n = 0; n < buyers; n++) {
    for (const id of ids) {
      let quantity = Math.min((await stockOf(id)) ?? 0, LIMITS.maxQuantity);
      while (quantity > 0) {
        const placed = await guestOrder(api, [{ productId: id, quantity }], { form: invented(n), headers: from(ipOf(n)) });
        if (placed.status === 429) return;
        expect(placed.status).toBe(201);
        expect(placed.body.order.verification).toBe('required');
        if (placed.body.order.stockHeld) break;
        quantity = Math.floor(quantity / 2);
      }
    }
  }
}

describe('invented buyers', () => {
  it.each([
    // From twenty addresses each stays under the address limit; from one they use it up, and the shopper is offered a code first.
    { from: 'twenty addresses', ipOf: (n: number) => `203.0.113.${n + 1}`, crowded: false },
    { from: 'one address', ipOf: () => '203.0.113.200', crowded: true },
  ])(
    'twenty from $from leave at least 70 % of every product, and a real shopper there still orders and holds stock',
    { timeout: 60_000 },
    async ({ ipOf, crowded }) => {
      const stocks = [100, 20, 3];
      const made = await Promise.all(stocks.map((stock) => api.createProduct({ stock })));
      const ids = made.map((p) => p.id);
      await emptyTheShop(ids, 20, ipOf);
      for (const [i, id] of ids.entries()) {
        const stock = stocks[i] as number;
        expect(await stockOf(id)).toBeGreaterThanOrEqual(Math.ceil(stock * 0.7));
      }

      // A real shopper on the attackers' address: the order is taken at once, then holds once the phone is confirmed.
      const shopper = { fullName: 'Akosua Mensah', phone: '0241234567', email: 'akosua@example.com' };
      const twenty = ids[1] as string;
      const before = (await stockOf(twenty)) as number;
      const placed = await guestOrder(api, [{ productId: twenty, quantity: 2 }], { form: shopper, headers: from(ipOf(0)) });
      expect(placed.status).toBe(crowded ? 429 : 201);
      if (crowded) {
        // The attackers used the address's orders up: the shopper is offered the way through, a code first.
        expect(placed.body).toMatchObject({ message: VERIFICATION_TEXTS.networkBusy, errors: [{ path: ['phoneToken'] }] });
        const token = await phoneToken('+233241234567');
        const again = await guestOrder(api, [{ productId: twenty, quantity: 2 }], { form: shopper, headers: { ...from(ipOf(0)), 'X-Phone-Token': token } });
        expect(again.status).toBe(201);
        expect(again.body.order).toMatchObject({ verification: 'verified', stockHeld: true });
      } else {
        expect(placed.body.order).toMatchObject({ verification: 'required', stockHeld: false });
        expect(await stockOf(twenty)).toBe(before);
        const token = await phoneToken('+233241234567');
        const verified = await verifyOrder(placed.body.order._id, { 'X-Order-Token': placed.body.orderToken ?? '', 'X-Phone-Token': token });
        expect(verified.status).toBe(200);
        expect(verified.body).toMatchObject({ message: VERIFICATION_TEXTS.orderVerified, order: { verification: 'verified', stockHeld: true } });
      }
      expect(await stockOf(twenty)).toBe(before - 2);
    },
  );

  it('past the address limit only unverified orders are refused: a shopper with a confirmed phone still orders from there', async () => {
    const shea = await api.createProduct({ stock: 1000 });
    const ip = '203.0.113.99';
    for (let n = 0; n < ORDERS_PER_IP; n++) {
      expect((await guestOrder(api, [{ productId: shea.id, quantity: 1 }], { form: invented(n), headers: from(ip) })).status).toBe(201);
    }
    expect((await guestOrder(api, [{ productId: shea.id, quantity: 1 }], { form: invented(99), headers: from(ip) })).status).toBe(429);
    const token = await phoneToken('+233241234567');
    const placed = await guestOrder(api, [{ productId: shea.id, quantity: 3 }], {
      form: { phone: '024 123 4567' },
      headers: { ...from(ip), 'X-Phone-Token': token },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ verification: 'verified', stockHeld: true });
  });

  it('hold their share only briefly: the stock goes back after the hold, the order waits, and confirming the phone takes it again', async () => {
    const shea = await api.createProduct({ stock: 10 });
    const placed = await guestOrder(api, [{ productId: shea.id, quantity: 3 }], { form: invented(1) });
    expect(placed.body.order).toMatchObject({ verification: 'required', stockHeld: true });
    expect(await stockOf(shea.id)).toBe(7);

    api.clock.advance(HOLD_MINUTES * MINUTE - 1000);
    await runOrderExpiry(api.payments, api.clock.now);
    expect(await stockOf(shea.id)).toBe(7);
    api.clock.advance(2000);
    await runOrderExpiry(api.payments, api.clock.now);
    expect(await stockOf(shea.id)).toBe(10);
    const [row] = await api.db.select().from(orders).where(eq(orders.id, placed.body.order._id));
    expect(row).toMatchObject({ orderStatus: 'Pending', verification: 'required', stockHeld: false, stockReleaseAt: null });

    const token = await phoneToken('+233201000001');
    const verified = await verifyOrder(placed.body.order._id, { 'X-Order-Token': placed.body.orderToken ?? '', 'X-Phone-Token': token });
    expect(verified.body.order).toMatchObject({ verification: 'verified', stockHeld: true });
    expect(await stockOf(shea.id)).toBe(7);
    // Verified: the long hold (48 h for cash) is the order's own; the job leaves its stock alone.
    api.clock.advance(5 * HOLD_MINUTES * MINUTE);
    await runOrderExpiry(api.payments, api.clock.now);
    expect(await stockOf(shea.id)).toBe(7);
  });

  it('never count against the stranger whose phone they typed: the owner of the phone still orders their full day', async () => {
    const shea = await api.createProduct({ stock: 1000 });
    // A stranger types Akosua's phone on orders of their own (unverified, so inside the share).
    for (let n = 0; n < 5; n++) {
      const stranger = await guestOrder(api, [{ productId: shea.id, quantity: 50 }], {
        form: { ...invented(n), phone: '0241234567' },
        headers: from(`203.0.113.${n}`),
      });
      expect(stranger.status).toBe(201);
    }
    const token = await phoneToken('+233241234567');
    const own = await guestOrder(api, [{ productId: shea.id, quantity: 100 }], { form: { phone: '0241234567' }, headers: { 'X-Phone-Token': token } });
    expect(own.status).toBe(201);
    const more = await guestOrder(api, [{ productId: shea.id, quantity: 100 }], { form: { phone: '0241234567' }, headers: { 'X-Phone-Token': token } });
    expect(more.status).toBe(201);
    // Her own verified orders do count: past the day's 200 units she is told so.
    const past = await guestOrder(api, [{ productId: shea.id, quantity: 1 }], { form: { phone: '0241234567' }, headers: { 'X-Phone-Token': token } });
    expect(past.status).toBe(429);
  });

  it('a token proves only its own phone, and is refused when forged or out of date', async () => {
    const shea = await api.createProduct({ stock: 100 });
    const token = await phoneToken('+233241234567');
    const other = await guestOrder(api, [{ productId: shea.id, quantity: 1 }], { form: { phone: '0551234567' }, headers: { 'X-Phone-Token': token } });
    expect(other.body.order.verification).toBe('required');
    const forged = `${token.slice(0, -2)}xx`;
    expect((await guestOrder(api, [{ productId: shea.id, quantity: 1 }], { headers: { 'X-Phone-Token': forged } })).body.order.verification).toBe('required');
    const wrongPhone = await verifyOrder(other.body.order._id, { 'X-Order-Token': other.body.orderToken ?? '', 'X-Phone-Token': token });
    expect(wrongPhone).toMatchObject({ status: 400, body: { message: VERIFICATION_TEXTS.phoneTokenOtherPhone } });
    api.clock.advance(LIMITS.phoneTokenDays * 24 * 60 * MINUTE + 1000);
    expect((await guestOrder(api, [{ productId: shea.id, quantity: 1 }], { headers: { 'X-Phone-Token': token } })).body.order.verification).toBe('required');
  });

  it('a signed-in customer who confirms a phone has their orders with it verified on any device', async () => {
    const shea = await api.createProduct({ stock: 100 });
    const customer = await api.createUser();
    expect((await askCode('+233241234567')).status).toBe(200);
    expect((await checkCode('+233241234567', await newestCode('+233241234567'), customer.token)).status).toBe(200);
    const [user] = await api.db.select({ verifiedPhone: users.verifiedPhone }).from(users).where(eq(users.id, customer.id));
    expect(user?.verifiedPhone).toBe('233241234567');
    await api.json('POST', '/api/setCartItem', { token: customer.token, body: { productId: shea.id, quantity: 2 } });
    const placed = await api.json('POST', '/api/createOrder', {
      token: customer.token,
      body: { fullName: 'Efua', email: 'efua@example.com', phone: '0241234567', address: '1 Ring Road', city: 'Accra', paymentMethod: 'Cash on Delivery' },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ verification: 'verified', stockHeld: true });
  });

  it('one use per customer needs a confirmed phone: new details each time are not a new customer', async () => {
    const shea = await api.createProduct({ stock: 100 });
    const admin = await api.createUser({ role: 'admin' });
    expect((await api.json('POST', '/api/promoCodes', { token: admin.token, body: { code: 'WELCOME5', percent: 5, onePerCustomer: true } })).status).toBe(201);
    const unverified = await guestOrder(api, [{ productId: shea.id, quantity: 1 }], { promoCode: 'WELCOME5', form: invented(1) });
    expect(unverified).toMatchObject({ status: 400, body: { message: VERIFICATION_TEXTS.promoNeedsPhone } });
    const token = await phoneToken('+233241234567');
    const first = await guestOrder(api, [{ productId: shea.id, quantity: 1 }], {
      promoCode: 'WELCOME5',
      form: { phone: '0241234567' },
      headers: { 'X-Phone-Token': token },
    });
    expect(first.status).toBe(201);
    expect(first.body.order.promoCode).toBe('WELCOME5');
    const again = await guestOrder(api, [{ productId: shea.id, quantity: 1 }], {
      promoCode: 'WELCOME5',
      form: { ...invented(2), phone: '0241234567' },
      headers: { 'X-Phone-Token': token },
    });
    expect(again).toMatchObject({ status: 400, body: { message: PAGE_MESSAGES.invalidPromo } });
  });
});

describe('the shop confirms', () => {
  it('an order that waits without its stock takes it when the shop confirms it, or answers 409 when it is gone', async () => {
    const soap = await api.createProduct({ stock: 3 });
    const admin = await api.createUser({ role: 'admin' });
    // 1 of 3 is past the share (0): the order is taken without stock.
    const placed = await guestOrder(api, [{ productId: soap.id, quantity: 1 }], { form: invented(1) });
    expect(placed.body.order).toMatchObject({ verification: 'required', stockHeld: false });
    const stats = await api.json('GET', '/api/getDashboardStats', { token: admin.token });
    expect(stats.body.unverifiedOrders).toBe(1);
    expect(stats.body.awaitingConfirmation[0]).toMatchObject({ verification: 'required', stockHeld: false });

    const confirmed = await api.json('PATCH', `/api/updateOrderStatusById/${placed.body.order._id}`, {
      token: admin.token,
      body: { orderStatus: 'Processing' },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.order).toMatchObject({ verification: 'verified', stockHeld: true, holdExpiresAt: null });
    expect(await stockOf(soap.id)).toBe(2);

    const late = await guestOrder(api, [{ productId: soap.id, quantity: 2 }], { form: invented(2) });
    expect(late.body.order.stockHeld).toBe(false);
    await api.db.update(products).set({ stock: 1 }).where(eq(products.id, soap.id));
    const short = await api.json('PATCH', `/api/updateOrderStatusById/${late.body.order._id}`, { token: admin.token, body: { orderStatus: 'Processing' } });
    expect(short.status).toBe(409);
    expect((await api.db.select().from(orders).where(eq(orders.id, late.body.order._id)))[0]).toMatchObject({ orderStatus: 'Pending', stockHeld: false });
  });

  it('an order restored from Cancelled to Pending holds anew and lapses again if nobody confirms it', async () => {
    const shea = await api.createProduct({ stock: 10 });
    const admin = await api.createUser({ role: 'admin' });
    const token = await phoneToken('+233241234567');
    const placed = await guestOrder(api, [{ productId: shea.id, quantity: 2 }], { headers: { 'X-Phone-Token': token } });
    const id = placed.body.order._id;
    const status = (orderStatus: string) => api.json('PATCH', `/api/updateOrderStatusById/${id}`, { token: admin.token, body: { orderStatus } });
    expect((await status('Cancelled')).status).toBe(200);
    expect(await stockOf(shea.id)).toBe(10);
    api.clock.advance(24 * 60 * MINUTE);
    const restored = await status('Pending');
    expect(restored.status).toBe(200);
    expect(restored.body.order.holdExpiresAt).toBe(new Date(api.clock.now.getTime() + 48 * 60 * MINUTE).toISOString());
    expect(await stockOf(shea.id)).toBe(8);
    api.clock.advance(48 * 60 * MINUTE + 1000);
    await runOrderExpiry(api.payments, api.clock.now);
    expect((await api.db.select().from(orders).where(eq(orders.id, id)))[0]).toMatchObject({ orderStatus: 'Cancelled', cancelReason: 'unconfirmed' });
    expect(await stockOf(shea.id)).toBe(10);
  });
});

describe('phone codes', () => {
  it('go to Ghana mobile numbers only', async () => {
    for (const phone of ['0302123456', '+447911123456', '12345']) {
      const refused = await askCode(phone);
      expect(refused.status).toBe(400);
    }
    expect((await askCode('0302123456')).body.errors[0].message).toBe(VERIFICATION_TEXTS.mobileOnly);
  });

  it('the newest code works for its owner however often a stranger asks; older ones die', async () => {
    expect((await askCode('+233241234567', '203.0.113.7')).status).toBe(200);
    const strangers = await newestCode('+233241234567');
    const tooSoon = await askCode('+233241234567');
    expect(tooSoon).toMatchObject({ status: 429, body: { message: VERIFICATION_TEXTS.codeStillValid } });
    expect(Number(tooSoon.res.headers.get('retry-after'))).toBeGreaterThan(0);
    api.clock.advance(61_000);
    expect((await askCode('+233241234567')).status).toBe(200);
    const newest = await newestCode('+233241234567');
    if (newest !== strangers) expect((await checkCode('+233241234567', strangers)).status).toBe(400);
    expect((await checkCode('+233241234567', newest)).status).toBe(200);
    // Used up once it worked.
    expect((await checkCode('+233241234567', newest)).status).toBe(400);
  });

  it('wrong codes are counted per phone across codes: the 11th try of the day is refused even with the right code', async () => {
    const phone = '+233241234567';
    expect((await askCode(phone)).status).toBe(200);
    const wrong = (code: string) => String((Number(code) + 1) % 10 ** LIMITS.phoneCodeDigits).padStart(LIMITS.phoneCodeDigits, '0');
    for (let i = 0; i < 6; i++) expect((await checkCode(phone, wrong(await newestCode(phone)))).status).toBe(400);
    // A new code gives no fresh tries.
    api.clock.advance(61_000);
    expect((await askCode(phone)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await checkCode(phone, wrong(await newestCode(phone)))).status).toBe(400);
    const blocked = await checkCode(phone, await newestCode(phone));
    expect(blocked).toMatchObject({ status: 429, body: { message: VERIFICATION_TEXTS.codeWrongTooOften } });
    // A day later the phone's owner gets through again.
    api.clock.advance(24 * 60 * MINUTE);
    expect((await askCode(phone)).status).toBe(200);
    expect((await checkCode(phone, await newestCode(phone))).status).toBe(200);
  });

  it('a check for a phone while another runs is refused at once, not queued', async () => {
    const phone = '+233241234567';
    expect((await askCode(phone)).status).toBe(200);
    const code = await newestCode(phone);
    // Another check holds the phone's lock (a guess in flight on another connection).
    let answer: Awaited<ReturnType<typeof checkCode>> | undefined;
    await api.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'phone-code:233241234567'}, 0))`);
      answer = await checkCode(phone, code);
    });
    expect(answer).toMatchObject({ status: 429, body: { message: VERIFICATION_TEXTS.codeCheckBusy } });
    // Nothing was counted or used: the code still works.
    expect((await checkCode(phone, code)).status).toBe(200);
  });

  it('are capped per phone a day, per address an hour, and for the whole shop a day', async () => {
    const perPhone = DEFAULT_PHONE_CODE_LIMITS.perPhonePerDay;
    for (let i = 0; i < perPhone; i++) {
      expect((await askCode('+233241234567', `203.0.113.${i}`)).status).toBe(200);
      api.clock.advance(61_000);
    }
    expect(await askCode('+233241234567', '203.0.113.99')).toMatchObject({ status: 429, body: { message: VERIFICATION_TEXTS.phoneCodesPerPhone } });
    // The newest code sent still works for the phone's owner.
    expect((await checkCode('+233241234567', await newestCode('+233241234567'))).status).toBe(200);

    const perIp = DEFAULT_PHONE_CODE_LIMITS.perIpPerHour;
    for (let i = 0; i < perIp; i++) expect((await askCode(`+23324${String(2_000_000 + i)}`, '198.51.100.1')).status).toBe(200);
    expect((await askCode('+233249999999', '198.51.100.1')).status).toBe(429);
    expect((await askCode('+233249999999', '198.51.100.2')).status).toBe(200);

    await api.db.update(rateLimits).set({ count: DEFAULT_PHONE_CODE_LIMITS.perShopPerDay }).where(eq(rateLimits.key, 'phone-code:shop'));
    expect(await askCode('+233558888888', '198.51.100.3')).toMatchObject({ status: 429, body: { message: VERIFICATION_TEXTS.phoneCodesBusy } });
  });

  it('the code goes through the outbox by SMS, sealed, and never in the log', async () => {
    expect((await askCode('+233241234567')).status).toBe(200);
    const [row] = await api.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'phone_code'));
    expect(row).toMatchObject({ channel: 'sms', recipient: '+233241234567', status: 'queued' });
    expect(row?.body).toContain('{secret}');
    const code = await newestCode('+233241234567');
    expect(row?.body).not.toContain(code);
    expect(api.logs.join('\n')).not.toContain(code);
  });
});

describe('with no SMS set up', () => {
  const noSms = setupTestApi({ buyerTrust: { ...trust, smsCodes: false }, buyerUnitsPerDay: BUYER_UNITS });

  it('an unverified cash order waits for the shop, and no code can be asked for', async () => {
    const shea = await noSms.createProduct({ stock: 10 });
    const placed = await guestOrder(noSms, [{ productId: shea.id, quantity: 2 }], { form: invented(1) });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ verification: 'waiting_for_shop', stockHeld: true });
    const big = await guestOrder(noSms, [{ productId: shea.id, quantity: 5 }], { form: invented(2) });
    expect(big.body.order).toMatchObject({ verification: 'waiting_for_shop', stockHeld: false });
    expect(await noSms.json('POST', '/api/phoneCodes', { body: { phone: '0241234567' } })).toMatchObject({
      status: 409,
      body: { message: VERIFICATION_TEXTS.smsUnavailable },
    });
  });
});
