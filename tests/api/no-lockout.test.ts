import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { orders, outboxMessages, users } from '@/server/db/schema';
import { openSecret } from '@/server/notify/outbox';
import { takeLease } from '@/server/services/accounts/rate-limit';
import { placeholderEmail } from '@/server/services/orders/order-email';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { setupTestApi } from '../helpers/api';
import { checkoutForm, guestOrder } from '../helpers/orders';

/**
 * No limit locks out a real person. Each test is the attacker's move first, then the
 * owner's: a stranger's requests, failures or parallel guesses must never leave the owner (of an
 * account, a phone, an order) without a way through, and successes never count.
 */
const WINDOW_SECONDS = 900;
const PER_IP = 30; // the old default per address, which successes used up
const PER_EMAIL = 10;
const CODES_PER_DAY = 10;
const LOOKUPS_PER_ORDER = 30;
const AVATARS = 3;

const api = setupTestApi({
  authRateLimit: {
    perIp: { max: PER_IP, windowSeconds: WINDOW_SECONDS },
    perEmail: { max: PER_EMAIL, windowSeconds: WINDOW_SECONDS },
    failureDelay: { after: 3, baseMs: 250, maxMs: 3_000 },
  },
  resetCodeRateLimit: { max: CODES_PER_DAY, windowSeconds: 86_400 },
  lookupRateLimit: { max: LOOKUPS_PER_ORDER, windowSeconds: 86_400 },
  avatarRateLimit: { max: AVATARS, windowSeconds: 3_600 },
});

type Answer = { status: number; body: { message: string }; res: Response };

function expectRefused(answer: Answer, message: string) {
  expect(answer.status).toBe(429);
  expect(answer.body.message).toBe(message);
  expect(Number(answer.res.headers.get('retry-after'))).toBeGreaterThan(0);
}

const signIn = (email: string, password: string, ip: string) =>
  api.json('POST', '/api/login', { body: { email, password }, headers: { 'x-forwarded-for': ip } });
const forgot = (contact: string, ip: string) => {
  api.clock.advance(1_000); // so the newest message is the last one (the outbox orders by time)
  return api.json('POST', '/api/forgotPassword', { body: { contact }, headers: { 'x-forwarded-for': ip } });
};
const NEW_PASSWORD = 'a-brand-new-password';
const resetWith = (fields: Record<string, unknown>, ip = '198.51.100.99') =>
  api.json('POST', '/api/resetPassword', { body: { ...fields, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, headers: { 'x-forwarded-for': ip } });

/** The link token or code in the newest reset message to `address` (read from the outbox, as the owner's phone would). */
async function newestSecret(address: string): Promise<string> {
  const [row] = await api.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, address)).orderBy(desc(outboxMessages.createdAt)).limit(1);
  if (!row?.secretSealed) throw new Error(`no reset message to ${address}`);
  return openSecret(api.secret, row.secretSealed);
}

async function resetMessagesTo(address: string): Promise<number> {
  return (await api.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, address))).length;
}

async function customerWithPhone(phone: string) {
  const user = await api.createUser({ fullName: 'Efua Mensah', password: 'the-real-one-1' });
  await api.db.update(users).set({ phone }).where(eq(users.id, user.id));
  return { ...user, phone };
}

describe('sign-in counts failures only', () => {
  it(`${PER_IP} successful sign-ins from one carrier address, then a ${PER_IP + 1}st (and anyone else's) still works`, async () => {
    const shoppers = await Promise.all([0, 1, 2].map((i) => api.createUser({ email: `shopper${i}@example.com`, password: 'the-real-one-1' })));
    for (let i = 0; i < PER_IP; i++) {
      const shopper = shoppers[i % shoppers.length];
      expect((await signIn(shopper?.email ?? '', 'the-real-one-1', '41.66.0.1')).status).toBe(200);
    }
    expect((await signIn('shopper0@example.com', 'the-real-one-1', '41.66.0.1')).status).toBe(200);
    expect((await signIn('shopper1@example.com', 'the-real-one-1', '41.66.0.1')).status).toBe(200);
  }, 90_000); // 32 real password checks (argon2) on a busy 2-core machine

  it('failures from one address (many accounts tried) still meet its flood guard', async () => {
    for (let i = 0; i < PER_IP; i++) expect((await signIn(`victim${i}@example.com`, 'guess-guess', '41.66.0.2')).status).toBe(401);
    expectRefused(await signIn('victim99@example.com', 'guess-guess', '41.66.0.2'), SERVER_MESSAGES.tooManyAttempts);
  }, 90_000);

  it('20 parallel wrong sign-ins to one account from 20 addresses are mostly refused (one check at a time), and the owner then signs in', async () => {
    const owner = await api.createUser({ email: 'target@example.com', password: 'the-real-one-1' });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(owner.email, `guess-${i}`, `10.20.0.${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    // One guess is checked at a time: the rest are turned away at once, not merely delayed.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    for (const refused of answers.filter((a) => a.status === 429)) expectRefused(refused, SERVER_MESSAGES.checkInProgress);
    expect((await signIn(owner.email, owner.password, '10.21.0.1')).status).toBe(200);
  });
});

describe('password reset: a stranger cannot block the owner, nor guess the code', () => {
  it(`${PER_EMAIL} reset requests by a stranger: the owner's newest code still works, and asking again says so`, async () => {
    const owner = await customerWithPhone('+233241110001');
    for (let i = 0; i < PER_EMAIL; i++) expect((await forgot('0241110001', `203.0.113.${i}`)).status).toBe(200);
    expect(await resetMessagesTo(owner.phone)).toBe(PER_EMAIL);
    // The owner asks: nothing new is sent, nothing replaced; the answer points at the newest SMS.
    expectRefused(await forgot('0241110001', '41.66.1.1'), ACCOUNT_TEXTS.resetAlreadySent('sms'));
    expect(await resetMessagesTo(owner.phone)).toBe(PER_EMAIL);
    const done = await resetWith({ contact: '0241110001', code: await newestSecret(owner.phone) }, '41.66.1.1');
    expect(done).toMatchObject({ status: 200, body: { data: { _id: owner.id } } });
  });

  it('the same for the e-mailed link', async () => {
    const owner = await api.createUser({ email: 'linked@example.com' });
    for (let i = 0; i < PER_EMAIL; i++) expect((await forgot('linked@example.com', `203.0.113.${i}`)).status).toBe(200);
    expectRefused(await forgot('linked@example.com', '41.66.1.2'), ACCOUNT_TEXTS.resetAlreadySent('email'));
    expect((await resetWith({ token: await newestSecret(owner.email) })).status).toBe(200);
  });

  it(`wrong codes count per account across requests: the ${CODES_PER_DAY + 1}th try is refused even with the right code; the link still works; a day later codes work again`, async () => {
    const owner = await customerWithPhone('+233241110002');
    const wrongTries = async (n: number) => {
      const code = await newestSecret(owner.phone);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < n; i++) {
        expect(await resetWith({ contact: '0241110002', code: wrong }, `203.0.113.${i}`)).toMatchObject({
          status: 400,
          body: { message: ACCOUNT_TEXTS.resetCodeWrong },
        });
      }
    };
    // A new request gives no fresh tries: 4 + 4 + 2 wrong codes over three requests.
    for (const n of [4, 4, 2]) {
      expect((await forgot('0241110002', '203.0.113.50')).status).toBe(200);
      await wrongTries(n);
    }
    const right = await newestSecret(owner.phone);
    expectRefused(await resetWith({ contact: '0241110002', code: right }), ACCOUNT_TEXTS.resetCodesUsedUp);
    expect((await signIn(owner.email, owner.password, '41.66.2.1')).status).toBe(200);
    // The e-mailed link is the way through meanwhile.
    expect((await forgot(owner.email, '41.66.2.1')).status).toBe(200);
    expect((await resetWith({ token: await newestSecret(owner.email) })).status).toBe(200);

    api.clock.advance(86_400_000 + 1_000);
    expect((await forgot('0241110002', '41.66.2.1')).status).toBe(200);
    expect((await resetWith({ contact: '0241110002', code: await newestSecret(owner.phone) })).status).toBe(200);
  });

  it('a guess while another check of the account is in progress is refused, not checked; parallel guesses never pass the limit', async () => {
    const owner = await customerWithPhone('+233241110003');
    await forgot('0241110003', '203.0.113.60');
    const code = await newestSecret(owner.phone);
    const wrongGuess = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

    // Another request is comparing a code for this account (it holds the account's turn, as
    // takeLease leaves it mid-check): a guess now is refused with 'try again', and not counted.
    await takeLease(api.db, `reset-code:checking:user:${owner.id}`, 30, api.clock.now);
    for (const i of [0, 1, 2])
      expectRefused(await resetWith({ contact: '0241110003', code: wrongGuess(i) }, `203.0.113.${70 + i}`), SERVER_MESSAGES.checkInProgress);
    api.clock.advance(31_000); // the turn of a check that never finished runs out

    // Ten at once: each is either compared (a wrong code) or refused as another's turn; however
    // they interleave, no more are compared than the account's tries, and refused ones cost none.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => resetWith({ contact: '0241110003', code: wrongGuess(3 + i) }, `203.0.113.${80 + i}`)),
    );
    const refused = answers.filter((a) => a.status === 429);
    for (const answer of refused) expectRefused(answer, SERVER_MESSAGES.checkInProgress);
    const compared = answers.filter((a) => a.status !== 429);
    for (const answer of compared) expect(answer).toMatchObject({ status: 400, body: { message: ACCOUNT_TEXTS.resetCodeWrong } });
    expect(compared.length).toBeLessThan(CODES_PER_DAY);
    // None of the refused guesses counted: the owner's code still works.
    expect((await resetWith({ contact: '0241110003', code })).status).toBe(200);
  });
});

describe('guest order lookup', () => {
  const lookup = (orderNumber: string, contact: string, ip: string) =>
    api.json('POST', '/api/lookupOrder', { body: { orderNumber, contact }, headers: { 'x-forwarded-for': ip } });

  async function placedOrder() {
    const product = await api.createProduct({ name: 'Shea Butter', stock: 10, price: 40 });
    const { status, body } = await guestOrder(api, [{ productId: product.id, quantity: 1 }]);
    expect(status).toBe(201);
    return body.order as { _id: string; orderNumber: string };
  }

  it(`${PER_EMAIL} wrong lookups by a stranger do not stop the guest finding the order, and found lookups never count`, async () => {
    const order = await placedOrder();
    for (let i = 0; i < PER_EMAIL; i++) expect((await lookup(order.orderNumber, `020000000${i}`, '203.0.113.80')).status).toBe(404);
    expect((await lookup(order.orderNumber, '0200000099', '203.0.113.80')).status).toBe(429);
    for (let i = 0; i < PER_EMAIL + 5; i++) expect((await lookup(order.orderNumber, checkoutForm.phone, '41.66.3.1')).status).toBe(200);
  });

  it(`past ${LOOKUPS_PER_ORDER} wrong tries from many addresses the order number is refused with the way through: its own link`, async () => {
    const order = await placedOrder();
    for (let i = 0; i < LOOKUPS_PER_ORDER; i++)
      expect((await lookup(order.orderNumber, `02000001${String(i).padStart(2, '0')}`, `192.0.2.${i}`)).status).toBe(404);
    expectRefused(await lookup(order.orderNumber, checkoutForm.phone, '41.66.3.2'), ACCOUNT_TEXTS.orderLookupUseLink);
  });

  it('an entered order’s placeholder e-mail never finds it; its phone does', async () => {
    const order = await placedOrder();
    const placeholder = placeholderEmail(order.orderNumber, 'http://localhost:3000');
    // As the admin's entered order without an e-mail stores it (services/orders/orders.ts).
    await api.db.update(orders).set({ email: placeholder, emailPlaceholder: true }).where(eq(orders.id, order._id));
    expect(await lookup(order.orderNumber, placeholder, '203.0.113.90')).toMatchObject({ status: 404, body: { message: ACCOUNT_TEXTS.orderLookupNotFound } });
    expect(await lookup(order.orderNumber, checkoutForm.phone, '41.66.3.3')).toMatchObject({ status: 200, body: { order: { _id: order._id } } });
  });
});

describe('avatar uploads', () => {
  it(`a flood of uploads from one account is refused past ${AVATARS} with 429 and Retry-After; another account is not held back`, async () => {
    const flooder = await api.createUser();
    const other = await api.createUser();
    const photo = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#8a4' } })
      .png()
      .toBuffer();
    const upload = (token: string) => {
      const form = new FormData();
      form.append('avatar', new File([new Uint8Array(photo)], 'me.png', { type: 'image/png' }));
      return api.json('PUT', '/api/myAvatar', { form, token });
    };
    for (let i = 0; i < AVATARS; i++) expect((await upload(flooder.token)).status).toBe(200);
    expectRefused(await upload(flooder.token), SERVER_MESSAGES.tooManyAttempts);
    expect((await upload(other.token)).status).toBe(200);
    api.clock.advance(3_600_000 + 1_000);
    expect((await upload(flooder.token)).status).toBe(200);
  });
});
