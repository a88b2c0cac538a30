import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OwnerAlertSettings } from '@/shared/admin-types';
import { ALERTING_FLAGS, type MessageChannel, type MessageKind, type OrderFlagKind } from '@/shared/back-office';
import { accountPhoneOf } from '@/shared/schemas/auth';
import { orders, outboxMessages, shopSettings } from '../db/schema';
import type { Tx } from '../db/transaction';
import { sign } from '../secret';
import { isLocalAddress, orderLinkCode } from './order-link';
import { type MessageEvent, type MessageTexts, messageTexts, type OrderFacts } from './texts';

/**
 * The writing side of the transactional outbox (ARCHITECTURE §5b, §8b: the one outbox). Every event
 * that tells someone something calls one of these inside its own transaction, so the message exists
 * exactly when the event does; the sender (sender.ts) delivers it after the commit. A row's
 * `dedupeKey` is the event, channel and recipient: an event repeated (a retried webhook, a second
 * process) writes nothing more.
 */

export interface NotifySetup {
  /** The shop's one server secret: signs the order links, seals a message's secret part. */
  secret: Buffer;
  /** The shop's address for links in messages (PUBLIC_URL, else the local default). */
  publicUrl: string;
  /**
   * False: messages leave the shop's links out (a channel really sends while PUBLIC_URL is unset or
   * names this machine, config.ts messageLinksOff), and say how to find the order instead. Absent: true.
   */
  messageLinks?: boolean;
}
export interface NotifyContext extends NotifySetup {
  now: Date;
}

/** The context of an event at `now`. */
export const notifyAt = (setup: NotifySetup, now: Date): NotifyContext => ({
  secret: setup.secret,
  publicUrl: setup.publicUrl,
  messageLinks: setup.messageLinks ?? true,
  now,
});

/** The context of an event a request causes now: the app's secret, address and clock. */
export const notifyNow = (deps: { secret: Buffer; config: { publicUrl: string; messageLinks?: boolean }; clock: () => Date }): NotifyContext =>
  notifyAt({ secret: deps.secret, publicUrl: deps.config.publicUrl, messageLinks: deps.config.messageLinks }, deps.clock());

export const NO_OWNER_ALERTS: OwnerAlertSettings = { phones: [], emails: [], newOrder: true, paymentFlag: true, lowStock: true };

interface QueuedMessage {
  eventKey: string;
  orderId: string | null;
  kind: MessageKind;
  audience: 'shopper' | 'owner';
  channel: MessageChannel;
  recipient: string;
  texts: MessageTexts;
  /** A secret part (a reset link or code): the body carries `{secret}` where it goes. */
  secret?: { value: string; expiresAt: Date };
}

async function shopOf(tx: Tx): Promise<{ shopName: string; alerts: OwnerAlertSettings }> {
  const [row] = await tx.select({ shopName: shopSettings.shopName, alerts: shopSettings.ownerAlerts }).from(shopSettings).where(eq(shopSettings.id, 1));
  return { shopName: row?.shopName ?? 'Nkuto Naturals', alerts: { ...NO_OWNER_ALERTS, ...(row?.alerts ?? {}) } };
}

/** A key for AES-256-GCM, derived from the server secret under its own purpose. */
const sealKey = (secret: Buffer) => Buffer.from(sign(secret, 'outbox-secret', 'aes-256-gcm'), 'base64url');

/** A message's secret part sealed with AES-256-GCM (nonce, tag, ciphertext; base64url). */
export function sealSecret(secret: Buffer, value: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), nonce);
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString('base64url');
}

export function openSecret(secret: Buffer, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

/** Writes one message (nothing when its event, channel and recipient are already in the outbox); whether it wrote one. */
export async function queueMessage(tx: Tx, ctx: NotifyContext, message: QueuedMessage): Promise<boolean> {
  const email = message.channel === 'email';
  const written = await tx
    .insert(outboxMessages)
    .values({
      dedupeKey: `${message.eventKey}:${message.channel}:${message.recipient.toLowerCase()}`,
      orderId: message.orderId,
      kind: message.kind,
      audience: message.audience,
      channel: message.channel,
      recipient: message.recipient,
      subject: email ? message.texts.subject : null,
      body: email ? message.texts.text : message.texts.sms,
      html: email ? message.texts.html : null,
      secretSealed: message.secret ? sealSecret(ctx.secret, message.secret.value) : null,
      secretExpiresAt: message.secret?.expiresAt ?? null,
      nextAttemptAt: ctx.now,
      createdAt: ctx.now,
    })
    .onConflictDoNothing({ target: outboxMessages.dedupeKey })
    .returning({ id: outboxMessages.id });
  return written.length > 0;
}

/** The shopper's phone as E.164 (`+233…`), from the order's normalised buyer phone. */
function smsNumber(buyerPhone: string | null): string | undefined {
  return buyerPhone && /^233\d{9}$/.test(buyerPhone) ? `+${buyerPhone}` : undefined;
}

type OrderRow = typeof orders.$inferSelect;

function factsOf(row: OrderRow): OrderFacts {
  return {
    orderNumber: row.orderNumber,
    fullName: row.fullName,
    totalPesewas: row.totalPesewas,
    paymentMethod: row.paymentMethod,
    paid: row.paymentStatus === 'Paid',
    city: row.city,
    cancelReason: row.cancelReason,
    delivery:
      row.deliveryName !== null && row.deliveryFeePaidWith !== null
        ? { name: row.deliveryName, feePesewas: row.deliveryFeePesewas, paidWith: row.deliveryFeePaidWith, pickup: row.deliveryPickup }
        : null,
  };
}

/** A link to this shop's `path`, or null where messages leave links out. */
const shopLink = (ctx: NotifyContext, path: string): string | null => (ctx.messageLinks === false ? null : `${ctx.publicUrl}${path}`);
const adminOrderLink = (ctx: NotifyContext, orderId: string) => shopLink(ctx, `/admin/orders/${orderId}`);
export const shopperOrderLink = (ctx: NotifyContext, orderId: string) => shopLink(ctx, `/o/${orderLinkCode(ctx.secret, orderId, ctx.now)}`);

async function orderRow(tx: Tx, orderId: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error(`order ${orderId} vanished inside its own transaction`);
  return row;
}

/** To the shopper, by SMS and by e-mail (each when the order has that contact). */
async function queueToShopper(tx: Tx, ctx: NotifyContext, row: OrderRow, eventKey: string, event: MessageEvent, shopName: string): Promise<void> {
  const texts = messageTexts(event, shopName);
  const phone = smsNumber(row.buyerPhone);
  const base = { eventKey, orderId: row.id, kind: event.kind, audience: 'shopper' as const, texts };
  if (phone) await queueMessage(tx, ctx, { ...base, channel: 'sms', recipient: phone });
  // A placeholder e-mail (an order entered without one) is never mailed.
  if (row.email.trim() && !row.emailPlaceholder) await queueMessage(tx, ctx, { ...base, channel: 'email', recipient: row.email.trim() });
}

/**
 * The SMS with a payment link for an order the shop entered (taken by phone or WhatsApp):
 * the shopper pays on the provider's page. One per order and link.
 */
export async function queuePaymentLink(tx: Tx, ctx: NotifyContext, orderId: string, link: string): Promise<boolean> {
  const [row, shop] = [await orderRow(tx, orderId), await shopOf(tx)];
  const phone = smsNumber(row.buyerPhone);
  if (!phone) return false;
  // The sandbox's page on this machine: the phone could not open it (Paystack's own page it can).
  if (ctx.messageLinks === false && isLocalAddress(link)) return false;
  const texts = messageTexts({ kind: 'payment_link', order: factsOf(row), link }, shop.shopName);
  await queueMessage(tx, ctx, {
    eventKey: `order:${orderId}:payment_link:${link}`,
    orderId,
    kind: 'payment_link',
    audience: 'shopper',
    channel: 'sms',
    recipient: phone,
    texts,
  });
  return true;
}

/** To each of the owner's phones and e-mails in the alert settings, when that kind of alert is on. */
async function queueToOwner(
  tx: Tx,
  ctx: NotifyContext,
  eventKey: string,
  orderId: string | null,
  event: MessageEvent,
  shop: { shopName: string; alerts: OwnerAlertSettings },
): Promise<number> {
  const texts = messageTexts(event, shop.shopName);
  const base = { eventKey, orderId, kind: event.kind, audience: 'owner' as const, texts };
  let written = 0;
  for (const phone of shop.alerts.phones) if (await queueMessage(tx, ctx, { ...base, channel: 'sms', recipient: phone })) written += 1;
  for (const email of shop.alerts.emails) if (await queueMessage(tx, ctx, { ...base, channel: 'email', recipient: email })) written += 1;
  return written;
}

/** The server's own alerts: a backup that failed, a disk nearly full, the SMS account out of credit. */
export type SystemAlertEvent = Extract<MessageEvent, { kind: 'owner_backup_failed' | 'owner_disk_full' | 'owner_sms_credit_low' }>;

/**
 * A system alert to the owner, at most one of each kind a (UTC, Ghana's) day: its event key holds the
 * day, and the outbox's unique dedupe key turns a second one (another failure, another process) into
 * nothing. Always on (no toggle: they need the owner whatever else they chose), to the alert phones
 * and e-mails of Settings; when there are none, to the shop's own e-mail and phone (its contact details).
 * Returns how many messages it wrote (0: already told today, or nobody to tell).
 */
export async function queueSystemAlert(tx: Tx, ctx: NotifyContext, event: SystemAlertEvent): Promise<number> {
  const [row] = await tx
    .select({ shopName: shopSettings.shopName, alerts: shopSettings.ownerAlerts, email: shopSettings.email, phone: shopSettings.phone })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  const alerts = { ...NO_OWNER_ALERTS, ...(row?.alerts ?? {}) };
  const shopPhone = row?.phone ? accountPhoneOf(row.phone) : undefined;
  const recipients =
    alerts.phones.length + alerts.emails.length > 0
      ? alerts
      : { ...alerts, phones: shopPhone ? [shopPhone] : [], emails: row?.email?.trim() ? [row.email.trim()] : [] };
  const day = ctx.now.toISOString().slice(0, 10);
  return queueToOwner(tx, ctx, `system:${event.kind}:${day}`, null, event, { shopName: row?.shopName ?? 'Nkuto Naturals', alerts: recipients });
}

export type ShopperOrderEvent = 'order_received' | 'payment_received' | 'order_shipped' | 'order_delivered' | 'order_cancelled';

/**
 * An event of an order the shopper hears of, read from the order as it now is in the transaction. A
 * new order also alerts the owner. One message per order and kind: an order shipped twice (after a
 * step back) is announced once.
 */
export async function queueOrderMessages(tx: Tx, ctx: NotifyContext, orderId: string, kind: ShopperOrderEvent): Promise<void> {
  const [row, shop] = [await orderRow(tx, orderId), await shopOf(tx)];
  const order = factsOf(row);
  const eventKey = `order:${orderId}:${kind}`;
  await queueToShopper(tx, ctx, row, eventKey, { kind, order, link: shopperOrderLink(ctx, orderId) }, shop.shopName);
  if (kind === 'order_received' && shop.alerts.newOrder) {
    await queueToOwner(tx, ctx, eventKey, orderId, { kind: 'owner_new_order', order, adminLink: adminOrderLink(ctx, orderId) }, shop);
  }
}

/** A refund made on an order (its own event: an order may be refunded in parts). */
export async function queueRefundMessages(tx: Tx, ctx: NotifyContext, orderId: string, refundId: string, refundPesewas: number): Promise<void> {
  const [row, shop] = [await orderRow(tx, orderId), await shopOf(tx)];
  await queueToShopper(
    tx,
    ctx,
    row,
    `refund:${refundId}`,
    { kind: 'refund_made', order: factsOf(row), link: shopperOrderLink(ctx, orderId), refundPesewas },
    shop.shopName,
  );
}

/** A payment flag just raised on an order: the owner hears of the kinds that need a person. */
export async function queueFlagAlert(tx: Tx, ctx: NotifyContext, orderId: string, flagId: string, flag: OrderFlagKind, reason: string): Promise<void> {
  if (!(ALERTING_FLAGS as readonly OrderFlagKind[]).includes(flag)) return;
  const shop = await shopOf(tx);
  if (!shop.alerts.paymentFlag) return;
  const row = await orderRow(tx, orderId);
  await queueToOwner(
    tx,
    ctx,
    `flag:${flagId}`,
    orderId,
    { kind: 'owner_payment_flag', order: factsOf(row), adminLink: adminOrderLink(ctx, orderId), flag, reason },
    shop,
  );
}

/** A product an order took down to (or below) the low-stock line: one alert per product and order. */
export async function queueLowStockAlert(tx: Tx, ctx: NotifyContext, product: { id: string; name: string; stock: number }, orderId: string): Promise<void> {
  const shop = await shopOf(tx);
  if (!shop.alerts.lowStock) return;
  await queueToOwner(
    tx,
    ctx,
    `low-stock:${product.id}:${orderId}`,
    orderId,
    { kind: 'owner_low_stock', product, adminLink: shopLink(ctx, '/admin/products/low-stock') },
    shop,
  );
}

export interface PasswordResetMessage {
  /** One request: a new request is a new message. */
  requestId: string;
  channel: 'email' | 'sms';
  /** What the shopper typed (or the account's own, when the admin sends it): never anywhere else. */
  address: string;
  fullName: string;
  /** The link's token or the SMS code: sealed in the row, in the text only on its way out. */
  secret: string;
  expiresAt: Date;
}

/** A password reset: by e-mail a one-time link, by SMS a code. The admin's log shows `{secret}`, never the value. */
export async function queuePasswordReset(tx: Tx, ctx: NotifyContext, reset: PasswordResetMessage): Promise<void> {
  const { shopName } = await shopOf(tx);
  const minutes = Math.round((reset.expiresAt.getTime() - ctx.now.getTime()) / 60_000);
  const event: MessageEvent =
    reset.channel === 'email'
      ? { kind: 'password_reset', by: 'link', fullName: reset.fullName, link: `${ctx.publicUrl}/reset-password#token={secret}`, minutes }
      : { kind: 'password_reset', by: 'code', minutes };
  await queueMessage(tx, ctx, {
    eventKey: `reset:${reset.requestId}`,
    orderId: null,
    kind: 'password_reset',
    audience: 'shopper',
    channel: reset.channel,
    recipient: reset.address,
    texts: messageTexts(event, shopName),
    secret: { value: reset.secret, expiresAt: reset.expiresAt },
  });
}

/** The code that confirms a shopper's phone (one per request: a new code is a new message). */
export async function queuePhoneCode(tx: Tx, ctx: NotifyContext, code: { requestId: string; phone: string; secret: string; expiresAt: Date }): Promise<void> {
  const { shopName } = await shopOf(tx);
  const minutes = Math.round((code.expiresAt.getTime() - ctx.now.getTime()) / 60_000);
  await queueMessage(tx, ctx, {
    eventKey: `phone-code:${code.requestId}`,
    orderId: null,
    kind: 'phone_code',
    audience: 'shopper',
    channel: 'sms',
    recipient: code.phone,
    texts: messageTexts({ kind: 'phone_code', minutes }, shopName),
    secret: { value: code.secret, expiresAt: code.expiresAt },
  });
}
