import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { promoCodes, promoRedemptions } from '@/server/db/schema';
import { runOrderExpiry } from '@/server/services/payments/payments';
import type { PromoCode } from '@/shared/admin-types';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { setupTestApi } from '../helpers/api';
import { checkoutForm, guestOrder } from '../helpers/orders';
import { stockOf } from '../helpers/rows';

/**
 * Promo codes with start and end dates, a total number of uses and one use per customer
 * (by account, phone or e-mail). Every refusal is the spec's 'Invalid promo code', at the promo box
 * and when the order is placed; a cancelled order gives its use back. The clock starts at
 * 2026-11-22T10:00:00Z (Accra is UTC).
 */
const api = setupTestApi();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function adminToken() {
  return (await api.createUser({ role: 'admin' })).token;
}

/** Creates a code as the admin and answers it as the list shows it. */
async function createCode(token: string, body: Record<string, unknown>): Promise<PromoCode> {
  const { status, body: answer } = await api.json('POST', '/api/promoCodes', { token, body: { percent: 20, ...body } });
  expect(status, JSON.stringify(answer)).toBe(201);
  return (answer.data as PromoCode[]).find((c) => c.code === String(body.code).toUpperCase()) as PromoCode;
}

async function listed(token: string, code: string): Promise<PromoCode> {
  const { body } = await api.json('GET', '/api/promoCodes', { token });
  return (body.data as PromoCode[]).find((c) => c.code === code) as PromoCode;
}

const validate = (code: string) => api.json('POST', '/api/validatePromo', { body: { code, subtotal: 100 } });

/** A product of ₵50 with plenty of stock. */
const product = () => api.createProduct({ price: 50, stock: 50 });

/** A guest's order of one item with the code, as a buyer with this phone and e-mail. */
function orderAs(productId: string, code: string, buyer: { phone?: string; email?: string } = {}) {
  return guestOrder(api, [{ productId, quantity: 1 }], { promoCode: code, form: buyer });
}

const refused = { status: 400, body: { message: PAGE_MESSAGES.invalidPromo, errors: [{ path: ['promoCode'], message: PAGE_MESSAGES.invalidPromo }] } };

describe('dates', () => {
  it('a code works from its start to its end, both included; before and after it is Invalid promo code at the box and at the order', async () => {
    const token = await adminToken();
    const shea = await product();
    const code = await createCode(token, { code: 'XMAS20', startsAt: '2026-12-01', endsAt: '2026-12-31' });
    expect(code).toMatchObject({ startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-31T23:59:59.999Z', state: 'scheduled', uses: 0 });

    expect((await validate('xmas20')).body).toMatchObject({ valid: false, message: PAGE_MESSAGES.invalidPromo });
    expect(await orderAs(shea.id, 'XMAS20')).toMatchObject(refused);

    api.clock.now = new Date('2026-12-01T00:00:00.000Z');
    expect((await validate('xmas20')).body).toMatchObject({ valid: true, percent: 20, discount: 20 });
    // (A session does not last weeks: the admin signs in again.)
    expect((await listed(await adminToken(), 'XMAS20')).state).toBe('active');

    api.clock.now = new Date('2026-12-31T23:59:59.000Z');
    const placed = await orderAs(shea.id, 'xmas20');
    expect(placed).toMatchObject({ status: 201, body: { order: { promoCode: 'XMAS20', discount: 10, total: 40 } } });

    api.clock.advance(1_000);
    expect((await validate('XMAS20')).body.valid).toBe(false);
    expect(await orderAs(shea.id, 'XMAS20')).toMatchObject(refused);
    expect(await listed(await adminToken(), 'XMAS20')).toMatchObject({ state: 'expired', uses: 1 });
  });

  it('takes a date and time as Accra time (UTC) without an offset, and converts an offset', async () => {
    const token = await adminToken();
    const code = await createCode(token, { code: 'LUNCH10', startsAt: '2026-11-22T12:00', endsAt: '2026-11-22T14:30:00+01:00' });
    expect(code).toMatchObject({ startsAt: '2026-11-22T12:00:00.000Z', endsAt: '2026-11-22T13:30:00.000Z', state: 'scheduled' });
    api.clock.advance(2 * HOUR);
    expect((await validate('LUNCH10')).body.valid).toBe(true);
    api.clock.advance(2 * HOUR);
    expect((await validate('LUNCH10')).body.valid).toBe(false);
  });
});

describe('total uses', () => {
  it('a code with 2 uses is used up by the second order; validatePromo says so too', async () => {
    const token = await adminToken();
    const shea = await product();
    await createCode(token, { code: 'FIRST2', maxUses: 2 });
    expect((await orderAs(shea.id, 'FIRST2', { phone: '0241111111', email: 'a@example.com' })).status).toBe(201);
    expect(await listed(token, 'FIRST2')).toMatchObject({ uses: 1, maxUses: 2, state: 'active' });
    expect((await validate('FIRST2')).body.valid).toBe(true);
    expect((await orderAs(shea.id, 'FIRST2', { phone: '0242222222', email: 'b@example.com' })).status).toBe(201);
    expect(await listed(token, 'FIRST2')).toMatchObject({ uses: 2, state: 'used_up' });
    expect((await validate('FIRST2')).body).toMatchObject({ valid: false, message: PAGE_MESSAGES.invalidPromo });
    expect(await orderAs(shea.id, 'FIRST2', { phone: '0243333333', email: 'c@example.com' })).toMatchObject(refused);
  });

  it('two orders at once for the last use of a one-use code: exactly one gets the discount, the other is refused', async () => {
    const token = await adminToken();
    const shea = await product();
    await createCode(token, { code: 'ONLYONE', maxUses: 1 });
    const answers = await Promise.all([
      orderAs(shea.id, 'ONLYONE', { phone: '0241111111', email: 'a@example.com' }),
      orderAs(shea.id, 'ONLYONE', { phone: '0242222222', email: 'b@example.com' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.status === 400)?.body).toMatchObject(refused.body);
    expect(answers.find((a) => a.status === 201)?.body.order).toMatchObject({ promoCode: 'ONLYONE', discount: 10 });
    expect(await listed(token, 'ONLYONE')).toMatchObject({ uses: 1, state: 'used_up' });
    expect(await api.db.select().from(promoRedemptions)).toHaveLength(1);
    // The refused order took no stock.
    expect(await stockOf(api, shea.id)).toBe(49);
  });

  it('five orders at once for three uses: three get it', async () => {
    const token = await adminToken();
    const shea = await product();
    await createCode(token, { code: 'THREE', maxUses: 3 });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => orderAs(shea.id, 'THREE', { phone: `024000000${n}`, email: `n${n}@example.com` })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(2);
    expect((await listed(token, 'THREE')).uses).toBe(3);
  });

  it('a cancelled order gives its use back; restoring it takes the use again', async () => {
    const token = await adminToken();
    const shea = await product();
    await createCode(token, { code: 'ONLYONE', maxUses: 1 });
    const first = await orderAs(shea.id, 'ONLYONE');
    expect(first.status).toBe(201);
    expect(await orderAs(shea.id, 'ONLYONE', { phone: '0242222222', email: 'b@example.com' })).toMatchObject(refused);

    // The guest drops the order.
    const cancel = await api.json('POST', `/api/cancelOrder/${first.body.order._id}`, { headers: { 'X-Order-Token': first.body.orderToken as string } });
    expect(cancel.status).toBe(200);
    expect(await listed(token, 'ONLYONE')).toMatchObject({ uses: 0, state: 'active' });
    expect((await validate('ONLYONE')).body.valid).toBe(true);
    const second = await orderAs(shea.id, 'ONLYONE', { phone: '0242222222', email: 'b@example.com' });
    expect(second.status).toBe(201);

    // The shop cancels the second; then restores it, and the use is taken again.
    const setStatus = (orderStatus: string) => api.json('PATCH', `/api/updateOrderStatusById/${second.body.order._id}`, { token, body: { orderStatus } });
    expect((await setStatus('Cancelled')).status).toBe(200);
    expect((await listed(token, 'ONLYONE')).uses).toBe(0);
    expect((await setStatus('Processing')).status).toBe(200);
    expect(await listed(token, 'ONLYONE')).toMatchObject({ uses: 1, state: 'used_up' });
  });

  it('an expired Mobile Money order gives its use back', async () => {
    const token = await adminToken();
    const shea = await product();
    await createCode(token, { code: 'ONLYONE', maxUses: 1 });
    const placed = await guestOrder(api, [{ productId: shea.id, quantity: 1 }], { promoCode: 'ONLYONE', paymentMethod: 'Mobile Money' });
    expect(placed.status).toBe(201);
    expect((await listed(token, 'ONLYONE')).uses).toBe(1);
    api.clock.advance(31 * 60_000);
    expect(await runOrderExpiry(api.payments, api.clock.now)).toMatchObject({ expired: 1 });
    expect((await listed(token, 'ONLYONE')).uses).toBe(0);
  });
});

describe('one per customer', () => {
  it('by phone: the same number written another way is the same customer', async () => {
    const token = await adminToken();
    const shea = await product();
    await createCode(token, { code: 'WELCOME', onePerCustomer: true });
    expect((await orderAs(shea.id, 'WELCOME', { phone: '+233 24 123 4567', email: 'first@example.com' })).status).toBe(201);
    expect(await orderAs(shea.id, 'WELCOME', { phone: '0241234567', email: 'second@example.com' })).toMatchObject(refused);
    // Another customer still gets it; the box, which does not know the buyer, says it is valid.
    expect((await validate('WELCOME')).body.valid).toBe(true);
    expect((await orderAs(shea.id, 'WELCOME', { phone: '0209999999', email: 'other@example.com' })).status).toBe(201);
    expect((await listed(token, 'WELCOME')).uses).toBe(2);
  });

  it('by e-mail, in any case', async () => {
    const token = await adminToken();
    const shea = await product();
    await createCode(token, { code: 'WELCOME', onePerCustomer: true });
    expect((await orderAs(shea.id, 'WELCOME', { phone: '0241111111', email: 'Esi@Example.com' })).status).toBe(201);
    expect(await orderAs(shea.id, 'WELCOME', { phone: '0242222222', email: ' esi@example.COM ' })).toMatchObject(refused);
  });

  it('by account, whatever phone and e-mail the customer types', async () => {
    const token = await adminToken();
    const shea = await product();
    await createCode(token, { code: 'WELCOME', onePerCustomer: true });
    const customer = await api.createUser();
    const order = async (phone: string, email: string) => {
      expect((await api.json('POST', '/api/addToCart', { token: customer.token, body: { productId: shea.id, quantity: 1 } })).status).toBe(200);
      return api.json('POST', '/api/createOrder', { token: customer.token, body: { ...checkoutForm, phone, email, promoCode: 'welcome' } });
    };
    expect((await order('0241111111', 'one@example.com')).status).toBe(201);
    expect(await order('0242222222', 'two@example.com')).toMatchObject(refused);
  });

  it('a cancelled order lets the same customer use the code again', async () => {
    const token = await adminToken();
    const shea = await product();
    await createCode(token, { code: 'WELCOME', onePerCustomer: true });
    const first = await orderAs(shea.id, 'WELCOME');
    await api.json('POST', `/api/cancelOrder/${first.body.order._id}`, { headers: { 'X-Order-Token': first.body.orderToken as string } });
    expect((await orderAs(shea.id, 'WELCOME')).status).toBe(201);
  });

  it('the same customer racing two orders gets the code once', async () => {
    const token = await adminToken();
    const shea = await product();
    await createCode(token, { code: 'WELCOME', onePerCustomer: true });
    const answers = await Promise.all([orderAs(shea.id, 'WELCOME'), orderAs(shea.id, 'WELCOME')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
  });
});

describe('admin', () => {
  it('creates and changes the limits, and lists each code with its uses and state', async () => {
    const token = await adminToken();
    const shea = await product();
    const created = await createCode(token, { code: 'TEN', maxUses: '10', onePerCustomer: false, startsAt: '', endsAt: null });
    expect(created).toMatchObject({ maxUses: 10, startsAt: null, endsAt: null, onePerCustomer: false, uses: 0, state: 'active' });
    for (let n = 1; n <= 3; n++) expect((await orderAs(shea.id, 'TEN', { phone: `024100000${n}`, email: `t${n}@example.com` })).status).toBe(201);
    expect(await listed(token, 'TEN')).toMatchObject({ uses: 3, maxUses: 10, state: 'active' });

    const lowered = await api.json('PATCH', '/api/promoCodes/ten', { token, body: { maxUses: 3, onePerCustomer: true } });
    expect(lowered.status).toBe(200);
    expect(lowered.body.data.find((c: PromoCode) => c.code === 'TEN')).toMatchObject({ maxUses: 3, onePerCustomer: true, uses: 3, state: 'used_up' });

    const cleared = await api.json('PATCH', '/api/promoCodes/TEN', { token, body: { maxUses: null, endsAt: '2026-11-21' } });
    expect(cleared.body.data.find((c: PromoCode) => c.code === 'TEN')).toMatchObject({ maxUses: null, endsAt: '2026-11-21T23:59:59.999Z', state: 'expired' });
    const off = await api.json('PATCH', '/api/promoCodes/TEN', { token, body: { active: false } });
    expect(off.body.data.find((c: PromoCode) => c.code === 'TEN').state).toBe('inactive');
  });

  it('refuses bad dates, an end before the start and bad uses with clear messages, storing nothing', async () => {
    const token = await adminToken();
    const before = await api.db.select().from(promoCodes).orderBy(asc(promoCodes.code));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ startsAt: '2026-02-30' }, 'startsAt', PAGE_MESSAGES.promoStartInvalid],
      [{ startsAt: 'tomorrow' }, 'startsAt', PAGE_MESSAGES.promoStartInvalid],
      [{ startsAt: 20261201 }, 'startsAt', PAGE_MESSAGES.promoStartInvalid],
      [{ endsAt: '2026-12-01T25:00' }, 'endsAt', PAGE_MESSAGES.promoEndInvalid],
      [{ endsAt: '31/12/2026' }, 'endsAt', PAGE_MESSAGES.promoEndInvalid],
      [{ startsAt: '2026-12-10', endsAt: '2026-12-01' }, 'endsAt', PAGE_MESSAGES.promoEndBeforeStart],
      [{ startsAt: '2026-12-10T10:00', endsAt: '2026-12-10T10:00' }, 'endsAt', PAGE_MESSAGES.promoEndBeforeStart],
      [{ maxUses: 0 }, 'maxUses', PAGE_MESSAGES.promoMaxUsesInvalid],
      [{ maxUses: 2.5 }, 'maxUses', PAGE_MESSAGES.promoMaxUsesInvalid],
      [{ maxUses: -1 }, 'maxUses', PAGE_MESSAGES.promoMaxUsesInvalid],
      [{ maxUses: 'ten' }, 'maxUses', PAGE_MESSAGES.promoMaxUsesInvalid],
      [{ maxUses: 1_000_001 }, 'maxUses', PAGE_MESSAGES.promoMaxUsesInvalid],
      [{ onePerCustomer: 'yes' }, 'onePerCustomer', PAGE_MESSAGES.promoOnePerCustomerInvalid],
    ];
    for (const [fields, path, message] of cases) {
      const { status, body } = await api.json('POST', '/api/promoCodes', { token, body: { code: 'NEWCODE', percent: 10, ...fields } });
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(body, JSON.stringify(fields)).toMatchObject({ message, errors: [{ path: [path], message }] });
      const patched = await api.json('PATCH', '/api/promoCodes/SAVE10', { token, body: fields });
      expect(patched.status, JSON.stringify(fields)).toBe(400);
      expect(patched.body.message).toBe(message);
    }
    expect(await api.db.select().from(promoCodes).orderBy(asc(promoCodes.code))).toEqual(before);
  });

  it('checks a new end against the start kept, and a new start against the end kept', async () => {
    const token = await adminToken();
    await createCode(token, { code: 'DEC', startsAt: '2026-12-01', endsAt: '2026-12-31' });
    const early = await api.json('PATCH', '/api/promoCodes/DEC', { token, body: { endsAt: '2026-11-30' } });
    expect(early).toMatchObject({ status: 400, body: { message: PAGE_MESSAGES.promoEndBeforeStart, errors: [{ path: ['endsAt'] }] } });
    const late = await api.json('PATCH', '/api/promoCodes/DEC', { token, body: { startsAt: '2027-01-01' } });
    expect(late.status).toBe(400);
    expect(await listed(token, 'DEC')).toMatchObject({ startsAt: '2026-12-01T00:00:00.000Z', endsAt: '2026-12-31T23:59:59.999Z' });
    const moved = await api.json('PATCH', '/api/promoCodes/DEC', { token, body: { startsAt: '2027-01-01', endsAt: null } });
    expect(moved.status).toBe(200);
    expect(await listed(token, 'DEC')).toMatchObject({ startsAt: '2027-01-01T00:00:00.000Z', endsAt: null });
  });

  it('deleting a code deletes its uses; orders keep their discount', async () => {
    const token = await adminToken();
    const shea = await product();
    await createCode(token, { code: 'GONE', maxUses: 1 });
    const placed = await orderAs(shea.id, 'GONE');
    expect((await api.json('DELETE', '/api/promoCodes/GONE', { token })).status).toBe(200);
    expect(await api.db.select().from(promoRedemptions)).toHaveLength(0);
    await createCode(token, { code: 'GONE', maxUses: 1 });
    expect(await listed(token, 'GONE')).toMatchObject({ uses: 0, state: 'active' });
    const kept = await api.json('GET', `/api/getOrderById/${placed.body.order._id}`, { token });
    expect(kept.body.order).toMatchObject({ promoCode: 'GONE', discount: 10 });
  });

  it('a code without limits takes no lock: many orders at once all get it', async () => {
    const shea = await product();
    const answers = await Promise.all([1, 2, 3, 4].map((n) => orderAs(shea.id, 'SAVE10', { phone: `024200000${n}`, email: `s${n}@example.com` })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
    expect(answers.map((a) => a.body.order.discount)).toEqual([5, 5, 5, 5]);
    expect(await listed(await adminToken(), 'SAVE10')).toMatchObject({ uses: 4, maxUses: null, state: 'active' });
  });
});

describe('time', () => {
  it('a scheduled code becomes active as the clock passes its start', async () => {
    const token = await adminToken();
    await createCode(token, { code: 'SOON', startsAt: new Date(api.clock.now.getTime() + DAY).toISOString() });
    expect((await validate('SOON')).body.valid).toBe(false);
    api.clock.advance(DAY);
    expect((await validate('SOON')).body.valid).toBe(true);
  });
});
