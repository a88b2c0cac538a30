import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { orders, outboxMessages } from '@/server/db/schema';
import { createSmtpEmail } from '@/server/notify/email-smtp';
import { smsSegments } from '@/server/notify/gsm7';
import { orderLinkCode } from '@/server/notify/order-link';
import { notifyAt, queueMessage, queueOrderMessages } from '@/server/notify/outbox';
import { CUT_OFF, createOutboxSender, SECRET_EXPIRED, type SenderChannels } from '@/server/notify/sender';
import { createHubtelSms } from '@/server/notify/sms-hubtel';
import { raiseFlag } from '@/server/services/orders/order-flags';
import { runOrderExpiry } from '@/server/services/payments/payments';
import { expectAdminOnly } from '../helpers/admin';
import { setupTestApi, type TestApi } from '../helpers/api';
import { setupMessageSinks } from '../helpers/message-sinks';
import { checkoutForm, guestOrder, mobileMoneyOrder } from '../helpers/orders';

const api = setupTestApi();
const sinks = setupMessageSinks();

function liveChannels(): SenderChannels {
  return {
    sms: createHubtelSms({ apiKey: sinks.gateway.apiKey, senderId: 'NkutoShop', baseUrl: sinks.gateway.url }),
    email: createSmtpEmail({ url: sinks.smtp.url, from: 'Nkuto Naturals <orders@nkuto.test>' }),
  };
}

function senderFor(t: TestApi, channels: SenderChannels = liveChannels(), options = {}, db = t.db) {
  return createOutboxSender({
    db,
    log: { info() {}, warn() {}, error() {}, debug() {} } as never,
    secret: t.secret,
    channels,
    clock: () => t.clock.now,
    options: { baseDelayMs: 1_000, maxDelayMs: 60_000, maxAttempts: 3, staleMs: 60_000, timeoutMs: 3_000, ...options },
  });
}

const rows = () => api.db.select().from(outboxMessages).orderBy(outboxMessages.createdAt, outboxMessages.kind, outboxMessages.channel);

async function placeCashOrder(quantity = 1, stock = 20) {
  const product = await api.createProduct({ name: 'Raw Shea Butter', stock, price: 110 });
  const { status, body } = await guestOrder(api, [{ productId: product.id, quantity }]);
  expect(status).toBe(201);
  return { order: body.order, product };
}

async function setOwnerAlerts(alerts: Partial<{ phones: string[]; emails: string[]; newOrder: boolean; paymentFlag: boolean; lowStock: boolean }>) {
  const admin = await api.createUser({ role: 'admin' });
  const body = { phones: [], emails: [], newOrder: true, paymentFlag: true, lowStock: true, ...alerts };
  const saved = await api.json('PUT', '/api/ownerAlerts', { token: admin.token, body });
  expect(saved.status).toBe(200);
  return admin;
}

/** An SMS with a secret part (as a reset code will be), written as an event would write it; it lives `ttlMs`. */
function queueSecretSms(orderId: string, sms: string, secret: string, ttlMs: number) {
  return api.db.transaction((tx) =>
    queueMessage(tx, notifyAt({ secret: api.secret, publicUrl: 'http://localhost:3000' }, api.clock.now), {
      eventKey: `test:${sms}`,
      orderId,
      kind: 'order_received',
      audience: 'shopper',
      channel: 'sms',
      recipient: '+233241234567',
      texts: { sms, subject: '', text: '', html: '' },
      secret: { value: secret, expiresAt: new Date(api.clock.now.getTime() + ttlMs) },
    }),
  );
}

describe('writing messages in the event’s own transaction', () => {
  it('a new Cash on Delivery order writes the shopper’s SMS and e-mail and the owner’s alerts, once each', async () => {
    await setOwnerAlerts({ phones: ['0201112222'], emails: ['owner@nkuto.test'] });
    const { order } = await placeCashOrder();
    const written = await rows();
    expect(written.map((r) => `${r.audience} ${r.kind} ${r.channel} ${r.recipient}`).sort()).toEqual([
      'owner owner_new_order email owner@nkuto.test',
      'owner owner_new_order sms +233201112222',
      `shopper order_received email ${checkoutForm.email}`,
      'shopper order_received sms +233241234567',
    ]);
    expect(written.every((r) => r.status === 'queued' && r.orderId === order._id)).toBe(true);
    const sms = written.find((r) => r.audience === 'shopper' && r.channel === 'sms');
    expect(sms?.body).toContain(order.orderNumber);
    expect(sms?.body).toContain('GHS 110.00');
    expect(sms?.body).toContain('Cash on Delivery');
    expect(sms?.body).toMatch(/http:\/\/localhost:3000\/o\/[A-Za-z0-9_-]{36}$/);
    const ownerSms = written.find((r) => r.kind === 'owner_new_order' && r.channel === 'sms');
    expect(ownerSms?.body).toBe(`New order ${order.orderNumber}: GHS 110.00, Cash on Delivery, Accra.`);
  });

  it('an event rolled back leaves no message, and an order refused for stock writes none', async () => {
    const { order } = await placeCashOrder();
    await api.db.delete(outboxMessages);
    await expect(
      api.db.transaction(async (tx) => {
        await queueOrderMessages(tx, notifyAt({ secret: api.secret, publicUrl: 'http://localhost:3000' }, api.clock.now), order._id, 'order_shipped');
        throw new Error('the event failed after its message was written');
      }),
    ).rejects.toThrow('the event failed');
    expect(await rows()).toEqual([]);

    const scarce = await api.createProduct({ stock: 1 });
    const refused = await guestOrder(api, [{ productId: scarce.id, quantity: 2 }]);
    expect(refused.status).toBe(409);
    expect(await rows()).toEqual([]);
  });

  it('a replayed order (same Idempotency-Key) and a status set twice write nothing more', async () => {
    const product = await api.createProduct({ stock: 10 });
    const first = await guestOrder(api, [{ productId: product.id, quantity: 1 }], { idempotencyKey: 'key-for-one-order' });
    const again = await guestOrder(api, [{ productId: product.id, quantity: 1 }], { idempotencyKey: 'key-for-one-order' });
    expect(again.body.order._id).toBe(first.body.order._id);
    expect(await rows()).toHaveLength(2);

    const admin = await api.createUser({ role: 'admin' });
    const ship = () => api.json('PATCH', `/api/updateOrderStatusById/${first.body.order._id}`, { token: admin.token, body: { orderStatus: 'Shipped' } });
    await ship();
    await api.json('PATCH', `/api/updateOrderStatusById/${first.body.order._id}`, { token: admin.token, body: { orderStatus: 'Processing' } });
    await ship();
    const shipped = (await rows()).filter((r) => r.kind === 'order_shipped');
    expect(shipped.map((r) => r.channel).sort()).toEqual(['email', 'sms']);
  });

  it('shipped, delivered and cancelled by the shop each tell the shopper, with the reason', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const set = (id: string, orderStatus: string) => api.json('PATCH', `/api/updateOrderStatusById/${id}`, { token: admin.token, body: { orderStatus } });
    const { order } = await placeCashOrder();
    await set(order._id, 'Shipped');
    await set(order._id, 'Delivered');
    const other = await placeCashOrder();
    await set(other.order._id, 'Cancelled');
    const sms = (kind: string, id: string) =>
      api.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.kind, kind as never), eq(outboxMessages.orderId, id), eq(outboxMessages.channel, 'sms')));
    expect((await sms('order_shipped', order._id))[0]?.body).toMatch(new RegExp(`^Nkuto Naturals: your order ${order.orderNumber} is on its way\\. http`));
    expect((await sms('order_delivered', order._id))[0]?.body).toContain('was delivered');
    expect((await sms('order_cancelled', other.order._id))[0]?.body).toContain('was cancelled: the shop cancelled it.');
  });

  it('an unpaid Mobile Money order whose hold runs out tells the shopper it was not paid in time', async () => {
    const product = await api.createProduct({ stock: 5 });
    const placed = await guestOrder(api, [{ productId: product.id, quantity: 1 }], { paymentMethod: 'Mobile Money' });
    api.clock.advance(31 * 60_000);
    await runOrderExpiry(api.payments, api.clock.now);
    const [cancelled] = await api.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, 'order_cancelled'), eq(outboxMessages.orderId, placed.body.order._id), eq(outboxMessages.channel, 'sms')));
    expect(cancelled?.body).toContain('was cancelled: it was not paid in time.');
  });

  it('an order that takes a product down to the low-stock line alerts the owner once; a payment marked by hand thanks the shopper', async () => {
    await setOwnerAlerts({ emails: ['owner@nkuto.test'] });
    const product = await api.createProduct({ name: 'Baobab Oil', stock: 7, price: 80 });
    await guestOrder(api, [{ productId: product.id, quantity: 2 }]); // 5 left: at the line
    await guestOrder(api, [{ productId: product.id, quantity: 1 }]); // 4 left: already below
    const lowStock = (await rows()).filter((r) => r.kind === 'owner_low_stock');
    expect(lowStock).toHaveLength(1);
    expect(lowStock[0]?.subject).toBe('Nkuto Naturals: low stock: Baobab Oil');
    expect(lowStock[0]?.body).toContain('Baobab Oil is down to 5 in stock.');
  });

  it('owner alerts that are switched off are not written', async () => {
    await setOwnerAlerts({ phones: ['0201112222'], newOrder: false, lowStock: false });
    await placeCashOrder(1, 6);
    expect((await rows()).filter((r) => r.audience === 'owner')).toEqual([]);
  });
});

describe('the sender', () => {
  it('delivers SMS to the gateway and e-mail to a real SMTP server, then marks them sent', async () => {
    const { order } = await placeCashOrder();
    const sender = senderFor(api);
    expect(await sender.runOnce()).toBe(2);
    expect(sinks.gateway.sent).toHaveLength(1);
    expect(sinks.gateway.sent[0]?.to).toBe('233241234567');
    expect(sinks.gateway.sent[0]?.sender).toBe('NkutoShop');
    expect(smsSegments(sinks.gateway.sent[0]?.text ?? '')).toEqual(expect.objectContaining({ encoding: 'GSM-7', segments: 1 }));
    const [mail] = await sinks.smtp.waitFor(1);
    expect(mail?.to).toEqual([checkoutForm.email]);
    expect(mail?.subject).toBe(`Nkuto Naturals: order ${order.orderNumber} received`);
    expect(mail?.text).toContain('₵110.00');
    expect(mail?.html).toContain('<a href="http://localhost:3000/o/');
    const written = await rows();
    expect(written.map((r) => `${r.status} ${r.lastError}`)).toEqual(['sent null', 'sent null']);
    // The e-mail's Message-ID names its outbox row: a copy sent twice can be recognised.
    const emailRow = written.find((r) => r.channel === 'email');
    expect(mail?.messageId).toBe(`<${emailRow?.id}@nkuto.test>`);
    expect(await sender.runOnce()).toBe(0);
    expect(sinks.gateway.sent).toHaveLength(1);
  });

  it('with nothing configured, messages go to the log only (status logged) and nobody is sent anything', async () => {
    await placeCashOrder();
    await senderFor(api, { sms: null, email: null }).runOnce();
    expect((await rows()).map((r) => `${r.status} ${r.provider}`)).toEqual(['logged log', 'logged log']);
    expect(sinks.gateway.requests).toEqual([]);
    expect(sinks.smtp.received).toEqual([]);
  });

  it("failures that certainly sent nothing (Hubtel's own 5xx and 429, a refused connection) are tried again with a doubling wait, then the message fails", async () => {
    await placeCashOrder();
    await api.db.delete(outboxMessages).where(eq(outboxMessages.channel, 'email'));
    const sender = senderFor(api);
    sinks.gateway.fail(500, 1);
    await sender.runOnce();
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row?.nextAttemptAt.getTime()).toBe(api.clock.now.getTime() + 1_000);
    expect(await sender.runOnce()).toBe(0); // not due yet
    api.clock.advance(1_000);
    await sinks.gateway.down();
    try {
      await sender.runOnce(); // connection refused: nothing reached the gateway
    } finally {
      await sinks.gateway.up();
    }
    [row] = await rows();
    expect(row).toMatchObject({ status: 'queued', attempts: 2 });
    expect(row?.lastError).toMatch(/could not be reached/);
    expect(row?.nextAttemptAt.getTime()).toBe(api.clock.now.getTime() + 2_000);
    api.clock.advance(2_000);
    sinks.gateway.fail(429, 1);
    await sender.runOnce(); // and the third try was the last
    [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(sinks.gateway.sent).toEqual([]);
    expect(sinks.gateway.requests).toHaveLength(2); // the refused connection never got there
  });

  describe('an SMS whose answer is lost is never sent again by itself (outcome unknown)', () => {
    const cases = [
      ['no answer within the limit', () => sinks.gateway.loseAnswer('timeout'), /did not answer within 300 ms/],
      ["a proxy's 504 page instead of Hubtel's answer", () => sinks.gateway.loseAnswer('proxy-5xx'), /HTTP 504 without Hubtel's answer/],
      ["a proxy's 502 page (the message never reached Hubtel, but nothing says so)", () => sinks.gateway.html(1), /HTTP 502 without Hubtel's answer/],
      ['a 2xx without a message id', () => sinks.gateway.loseAnswer('no-id'), /HTTP 200 without a message id/],
      ['the connection reset after the request went', () => sinks.gateway.loseAnswer('reset'), /connection broke after the request was sent/],
    ] as const;
    it.each(cases)('%s', async (_case, breakIt, reason) => {
      await placeCashOrder();
      await api.db.delete(outboxMessages).where(eq(outboxMessages.channel, 'email'));
      const sender = senderFor(api, liveChannels(), { timeoutMs: 300 });
      breakIt();
      await sender.runOnce();
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'unknown', attempts: 1, provider: 'hubtel' });
      expect(row?.lastError).toMatch(reason);
      expect(row?.lastError).toMatch(/may have sent/);
      // However long the sender keeps running, the gateway hears of it once.
      for (let i = 0; i < 4; i++) {
        api.clock.advance(31 * 60_000);
        expect(await sender.runOnce()).toBe(0);
      }
      expect(sinks.gateway.requests).toHaveLength(1);
      expect((await rows())[0]).toMatchObject({ status: 'unknown', attempts: 1 });
    });
  });

  it('a refusal the gateway gives for good (a number that has not approved messages) fails at once with its reason', async () => {
    await placeCashOrder();
    sinks.gateway.block('233241234567');
    sinks.smtp.refuse(550);
    await senderFor(api).runOnce();
    const written = await rows();
    expect(written.map((r) => `${r.channel} ${r.status} ${r.attempts}`)).toEqual(['email failed 1', 'sms failed 1']);
    expect(written.find((r) => r.channel === 'sms')?.lastError).toMatch(/approval/i);
    expect(written.find((r) => r.channel === 'email')?.lastError).toMatch(/550/);
  });

  it('an SMTP server that says "try later" (4xx) is tried again', async () => {
    await placeCashOrder();
    await api.db.delete(outboxMessages).where(eq(outboxMessages.channel, 'sms'));
    sinks.smtp.refuse(451);
    const sender = senderFor(api);
    await sender.runOnce();
    expect((await rows())[0]).toMatchObject({ status: 'queued', attempts: 1 });
    api.clock.advance(1_000);
    await sender.runOnce();
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await sinks.smtp.waitFor(1)).toHaveLength(1);
  });

  describe('e-mail', () => {
    async function oneEmail() {
      await placeCashOrder();
      await api.db.delete(outboxMessages).where(eq(outboxMessages.channel, 'sms'));
    }

    it.each([
      ['the "250 OK" never comes', 'timeout', /did not answer within 500 ms after the whole message was sent/],
      ['the connection drops after the whole message went', 'drop', /connection failed .* after the whole message was sent/],
    ] as const)('%s: outcome unknown, never sent again by itself', async (_case, how, reason) => {
      await oneEmail();
      const sender = senderFor(api, liveChannels(), { timeoutMs: 500 });
      sinks.smtp.loseAnswer(how);
      await sender.runOnce();
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'unknown', attempts: 1, provider: 'smtp' });
      expect(row?.lastError).toMatch(reason);
      for (let i = 0; i < 3; i++) {
        api.clock.advance(31 * 60_000);
        expect(await sender.runOnce()).toBe(0);
      }
      expect(sinks.smtp.received).toHaveLength(1);
    });

    it('a connection lost before the message went, and a refused connection, are tried again', async () => {
      await oneEmail();
      const sender = senderFor(api);
      sinks.smtp.dropBeforeData(1);
      await sender.runOnce();
      expect((await rows())[0]).toMatchObject({ status: 'queued', attempts: 1 });
      expect((await rows())[0]?.lastError).toMatch(/before the message was sent/);
      api.clock.advance(1_000);
      const closed = createSmtpEmail({ url: 'smtp://shop:secret@127.0.0.1:1', from: 'Nkuto Naturals <orders@nkuto.test>' });
      await senderFor(api, { sms: null, email: closed }).runOnce();
      expect((await rows())[0]).toMatchObject({ status: 'queued', attempts: 2 });
      api.clock.advance(2_000);
      await sender.runOnce();
      expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 3 });
      expect(await sinks.smtp.waitFor(1)).toHaveLength(1);
    });
  });

  it('a message left "sending" by a process that died after handing it over is not sent again (outcome unknown); one it never handed over is sent', async () => {
    await placeCashOrder();
    await api.db.delete(outboxMessages).where(eq(outboxMessages.channel, 'email'));
    const [sms] = await rows();
    // A sender claimed it, handed it to the gateway, and the process died before marking it sent.
    await api.db.update(outboxMessages).set({ status: 'sending', claimedAt: api.clock.now, handedAt: api.clock.now, attempts: 1 });
    const sender = senderFor(api);
    expect(await sender.runOnce()).toBe(0); // the claim is still fresh: its sender may be alive
    api.clock.advance(60_001);
    await sender.runOnce();
    expect((await rows())[0]).toMatchObject({ status: 'unknown', cutOffs: 1, attempts: 2, lastError: CUT_OFF });
    api.clock.advance(31 * 60_000);
    expect(await sender.runOnce()).toBe(0);
    expect(sinks.gateway.requests).toEqual([]);

    // Claimed in a batch, but the process died before this one's turn: it never went, so it goes now.
    await api.db.update(outboxMessages).set({ status: 'sending', claimedAt: api.clock.now, handedAt: null, attempts: 1, cutOffs: 0 });
    api.clock.advance(60_001);
    await sender.runOnce();
    expect((await rows())[0]).toMatchObject({ status: 'sent', cutOffs: 1, attempts: 1 });
    expect(sinks.gateway.sent.map((s) => s.reference)).toEqual([sms?.id]);
  });

  it('two senders on their own connections never send one message twice (FOR UPDATE SKIP LOCKED)', async () => {
    const product = await api.createProduct({ stock: 100 });
    for (let i = 0; i < 30; i++) await guestOrder(api, [{ productId: product.id, quantity: 1 }], { form: { phone: `02400000${String(i).padStart(2, '0')}` } });
    await api.db.delete(outboxMessages).where(eq(outboxMessages.channel, 'email'));
    // Three pools, as three server processes would have. Both senders read one clock, so their claims
    // carry the same time and nothing but the row lock tells them apart.
    const url = api.database.url ?? '';
    const [poolA, poolB, blocker] = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url, maxConnections: 2 })));
    try {
      const channels = { sms: liveChannels().sms, email: null };
      const one = senderFor(api, channels, { batch: 4 }, poolA?.db);
      const two = senderFor(api, channels, { batch: 4 }, poolB?.db);
      // A barrier: a third session holds every row while both senders start their claims, so the two
      // claims meet on the same rows. With the lock they skip what is held; without it both would wait,
      // then both take the same rows and send them.
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked!: () => void;
      const held = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holding = blocker?.db.transaction(async (tx) => {
        await tx.execute(sql`select id from outbox_messages for update`);
        locked();
        await released;
      });
      await held;
      const racing = Promise.all([one.runOnce(), two.runOnce()]);
      // With the lock both claims skip the held rows and end at once; without it they wait on them.
      await Promise.race([racing, new Promise((resolve) => setTimeout(resolve, 2_000))]);
      release();
      await holding;
      const duringTheHold = await racing;
      // Then a free race: each sender drains on its own, the gateway slow enough that claims overlap.
      sinks.gateway.setDelay(15);
      const drain = async (sender: ReturnType<typeof senderFor>) => {
        while ((await sender.runOnce()) > 0);
      };
      await Promise.all([drain(one), drain(two)]);
      expect(sinks.gateway.requests).toHaveLength(30);
      expect(new Set(sinks.gateway.sent.map((s) => s.reference)).size).toBe(30);
      expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
      // The barrier held: both claims ran while every row was held (and skipped them all).
      expect(duringTheHold).toEqual([0, 0]);
    } finally {
      await Promise.all([poolA, poolB, blocker].map((pool) => pool?.close()));
    }
  });

  it('a secret part is kept sealed, filled in only on its way out, never shown to the admin, and erased once sent', async () => {
    const { order } = await placeCashOrder();
    await api.db.delete(outboxMessages);
    await queueSecretSms(order._id, 'Your code is {secret}.', '482913', 30 * 60_000);
    const [stored] = await rows();
    expect(JSON.stringify(stored)).not.toContain('482913');
    expect(stored?.secretSealed).toBeTruthy();
    const admin = await api.createUser({ role: 'admin' });
    const listed = await api.json('GET', '/api/outboxMessages', { token: admin.token });
    expect(JSON.stringify(listed.body)).not.toContain('482913');
    expect(JSON.stringify(listed.body)).not.toContain(stored?.secretSealed ?? 'x');

    await senderFor(api).runOnce();
    expect(sinks.gateway.sent[0]?.text).toBe('Your code is 482913.');
    const [sent] = await rows();
    expect(sent).toMatchObject({ status: 'sent', secretSealed: null, body: 'Your code is {secret}.' });
    expect(api.logs.join('\n')).not.toContain('482913');
    // Gone for good: it cannot be sent again.
    const resend = await api.json('POST', `/api/outboxMessages/${sent?.id}/resend`, { token: admin.token });
    expect(resend.status).toBe(409);
  });

  it('a secret part that expires before it is sent is erased and the message fails', async () => {
    const { order } = await placeCashOrder();
    await api.db.delete(outboxMessages);
    await queueSecretSms(order._id, 'Code {secret}', '111222', 60_000);
    sinks.gateway.fail(503, 1);
    const sender = senderFor(api, liveChannels(), { baseDelayMs: 120_000 });
    await sender.runOnce();
    api.clock.advance(120_000);
    await sender.runOnce();
    const [row] = await rows();
    expect(row).toMatchObject({ secretSealed: null, status: 'failed', lastError: SECRET_EXPIRED });
    expect(sinks.gateway.sent).toEqual([]);
  });
});

describe('the admin’s message log', () => {
  it('lists an order’s messages with their state, and resends one', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const { order } = await placeCashOrder();
    await placeCashOrder();
    sinks.gateway.block('233241234567');
    await senderFor(api).runOnce();
    const listed = await api.json('GET', `/api/outboxMessages?orderId=${order._id}`, { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.messages).toHaveLength(2);
    const sms = listed.body.messages.find((m: { channel: string }) => m.channel === 'sms');
    expect(sms).toMatchObject({ orderNumber: order.orderNumber, kind: 'order_received', status: 'failed', recipient: '+233241234567' });
    expect(sms.lastError).toMatch(/approval/i);
    const all = await api.json('GET', '/api/outboxMessages?page=1&limit=3', { token: admin.token });
    expect(all.body).toMatchObject({ total: 4, page: 1, limit: 3 });

    sinks.gateway.reset();
    const resent = await api.json('POST', `/api/outboxMessages/${sms._id}/resend`, { token: admin.token });
    expect(resent.status).toBe(200);
    expect(resent.body.data).toMatchObject({ status: 'queued', attempts: 0 });
    await senderFor(api).runOnce();
    expect(sinks.gateway.sent.map((s) => s.reference)).toEqual([sms._id]);
  });

  it('resends a message whose outcome is unknown once, on the admin’s word: recorded, and a second click while queued does nothing more', async () => {
    const admin = await api.createUser({ role: 'admin' });
    await placeCashOrder();
    await api.db.delete(outboxMessages).where(eq(outboxMessages.channel, 'email'));
    sinks.gateway.loseAnswer('no-id');
    await senderFor(api).runOnce();
    const unknown = await api.json('GET', '/api/outboxMessages?status=unknown', { token: admin.token });
    expect(unknown.body.messages).toHaveLength(1);
    const [message] = unknown.body.messages;
    expect(message).toMatchObject({ status: 'unknown', resends: 0, resentAt: null });
    expect(message.lastError).toMatch(/may have sent/);

    const clicks = await Promise.all([1, 2].map(() => api.json('POST', `/api/outboxMessages/${message._id}/resend`, { token: admin.token })));
    expect(clicks.map((c) => c.status)).toEqual([200, 200]);
    expect(clicks.map((c) => c.body.data.status)).toEqual(['queued', 'queued']);
    const again = await api.json('POST', `/api/outboxMessages/${message._id}/resend`, { token: admin.token });
    expect(again.body.data).toMatchObject({ status: 'queued', resends: 1, resentAt: api.clock.now.toISOString() });
    const [row] = await rows();
    expect(row).toMatchObject({ resends: 1, resentBy: admin.id, lastError: null, handedAt: null });

    const sender = senderFor(api);
    await sender.runOnce();
    api.clock.advance(31 * 60_000);
    await sender.runOnce();
    // The lost first copy and the one resend: two requests, never more.
    expect(sinks.gateway.requests).toHaveLength(2);
    expect((await rows())[0]).toMatchObject({ status: 'sent', resends: 1 });
  });

  it('is admin-only, like the owner’s alert settings; the public settings never carry the owner’s contacts', async () => {
    await expectAdminOnly(api, 'GET', '/api/outboxMessages');
    await expectAdminOnly(api, 'POST', '/api/outboxMessages/00000000-0000-4000-8000-000000000000/resend');
    await expectAdminOnly(api, 'GET', '/api/ownerAlerts');
    await expectAdminOnly(api, 'PUT', '/api/ownerAlerts', { body: { phones: [], emails: [], newOrder: true, paymentFlag: true, lowStock: true } });
    await setOwnerAlerts({ phones: ['0201112222'], emails: ['owner@nkuto.test'] });
    const publicSettings = await api.json('GET', '/api/settings');
    expect(JSON.stringify(publicSettings.body)).not.toMatch(/owner@nkuto\.test|201112222|ownerAlerts/);
  });

  it('refuses bad alert settings with the field named and changes nothing', async () => {
    const admin = await setOwnerAlerts({ phones: ['0201112222'] });
    const bad = await api.json('PUT', '/api/ownerAlerts', {
      token: admin.token,
      body: { phones: ['12345'], emails: ['not an e-mail'], newOrder: true, paymentFlag: true, lowStock: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: unknown[] }) => e.path[0]).sort()).toEqual(['emails', 'lowStock', 'phones']);
    const kept = await api.json('GET', '/api/ownerAlerts', { token: admin.token });
    expect(kept.body.data.phones).toEqual(['+233201112222']);
  });
});

describe('the short order link', () => {
  it('opens that one order read-only for 30 days; a changed, truncated or stale code opens nothing', async () => {
    const { order } = await placeCashOrder();
    const code = orderLinkCode(api.secret, order._id, api.clock.now);
    expect(code).toHaveLength(36);
    const opened = await api.json('GET', `/api/orderByLink/${code}`);
    expect(opened.status).toBe(200);
    expect(opened.body.order).toMatchObject({ _id: order._id, orderNumber: order.orderNumber });
    expect(opened.body.order.flags).toBeUndefined();

    const flipped = code.slice(0, 30) + (code[30] === 'A' ? 'B' : 'A') + code.slice(31);
    for (const bad of [
      flipped,
      code.slice(0, 35),
      `${code}A`,
      orderLinkCode(Buffer.from('another-secret-of-at-least-32-characters!!'), order._id, api.clock.now),
    ]) {
      const refused = await api.json('GET', `/api/orderByLink/${bad}`);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ message: 'This order link is not valid or has expired. Sign in, or ask the shop for your order.' });
    }
    api.clock.advance(30 * 86_400_000);
    expect((await api.json('GET', `/api/orderByLink/${code}`)).status).toBe(200);
    api.clock.advance(2 * 86_400_000);
    expect((await api.json('GET', `/api/orderByLink/${code}`)).status).toBe(404);
  });

  it('the link in the SMS is that code', async () => {
    const { order } = await placeCashOrder();
    const [sms] = await api.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.orderId, order._id)));
    const code = sms?.body.split('/o/')[1] ?? '';
    expect((await api.json('GET', `/api/orderByLink/${code}`)).body.order._id).toBe(order._id);
    expect(await api.db.select({ n: sql<number>`count(*)::int` }).from(orders)).toEqual([{ n: 1 }]);
  });
});

describe('payments, refunds and flags', () => {
  /** A guest's Mobile Money order paid on the sandbox page, as the shopper's tap would. */
  async function paidMobileMoneyOrder() {
    const product = await api.createProduct({ stock: 10, price: 110 });
    const placed = await mobileMoneyOrder(api, product.id, 1);
    const started = await api.json('POST', '/api/initializePayment', { headers: placed.headers, body: { orderId: placed.order._id } });
    await api.request('POST', `/pay/sandbox/${encodeURIComponent(started.body.reference)}`, {
      rawBody: new URLSearchParams({ outcome: 'success' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const verified = await api.json('GET', `/api/verifyPayment/${encodeURIComponent(started.body.reference)}`, { headers: placed.headers });
    expect(verified.body.paymentStatus).toBe('Paid');
    return placed.order;
  }

  it('a Mobile Money payment thanks the shopper once, however often it is verified; a refund made tells them the amount', async () => {
    const order = await paidMobileMoneyOrder();
    const paidSms = await api.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.kind, 'payment_received'), eq(outboxMessages.channel, 'sms')));
    expect(paidSms.map((r) => r.body)).toEqual([
      expect.stringMatching(new RegExp(`^Nkuto Naturals: payment of GHS 110\\.00 received for order ${order.orderNumber}\\. http`)),
    ]);

    const admin = await api.createUser({ role: 'admin' });
    const refunded = await api.json('POST', `/api/refundOrder/${order._id}`, { token: admin.token, body: { amount: 40 } });
    expect(refunded.status).toBe(200);
    const refundMessages = await api.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'refund_made'));
    expect(refundMessages.map((r) => r.channel).sort()).toEqual(['email', 'sms']);
    expect(refundMessages.find((r) => r.channel === 'sms')?.body).toContain(`a refund of GHS 40.00 for order ${order.orderNumber} has been made`);
  });

  it('a payment flag raised alerts the owner once while it stays open; a bookkeeping flag does not', async () => {
    await setOwnerAlerts({ phones: ['0201112222'] });
    const { order } = await placeCashOrder();
    const raise = (kind: 'paid_twice' | 'test_payment') =>
      api.db.transaction((tx) =>
        raiseFlag(
          tx,
          order._id,
          kind,
          'Paid again through a second reference.',
          notifyAt({ secret: api.secret, publicUrl: 'http://localhost:3000' }, api.clock.now),
        ),
      );
    await raise('paid_twice');
    await raise('paid_twice'); // a webhook delivered twice: the flag is open, nothing new
    await raise('test_payment');
    const alerts = await api.db.select().from(outboxMessages).where(eq(outboxMessages.kind, 'owner_payment_flag'));
    expect(alerts.map((r) => `${r.channel} ${r.recipient}`)).toEqual(['sms +233201112222']);
    expect(alerts[0]?.body).toBe(`Nkuto Naturals: order ${order.orderNumber} needs you: Paid twice. See the admin area.`);
  });
});
