import type { EnteredOrderInput } from '@/shared/schemas/orders';
import { ENTERED_ORDER_TEXTS } from '@/shared/schemas/orders';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { EnteredOrderAnswer } from '@/shared/types';
import { AppError, badRequest } from '../../errors';
import { notifyNow, queuePaymentLink } from '../../notify/outbox';
import type { AuthUser } from '../accounts/auth';
import { startCharge } from '../payments/momo-charge';
import type { PaymentDeps } from '../payments/payment-checks';
import { initializePayment } from '../payments/payments';
import { adminAnswer } from './admin-orders';
import type { OrderActor } from './orders';
import { placeOrder } from './orders';

/** What entering an order needs of the app: the database, the shop's order rules and links, the secret, the clock. */
export interface EnteredOrderDeps {
  db: PaymentDeps['db'];
  config: { unpaidOrderHoldMinutes: number; codConfirmHours: number; publicUrl: string; messageLinks?: boolean };
  secret: Buffer;
  clock: () => Date;
}

/** A link the provider answered, made absolute for an SMS (the sandbox answers a path of this shop's). */
const absoluteLink = (link: string, publicUrl: string) => (link.startsWith('/') ? `${publicUrl.replace(/\/$/, '')}${link}` : link);

/**
 * An order the shop takes by phone or WhatsApp, entered by an admin. Placed exactly as a
 * shopper's guest order is (prices from the database, stock taken with conditional updates, one
 * order per Idempotency-Key, the same messages), marked as entered by that admin, with a placeholder
 * e-mail when the customer gave none, started as Processing (cash, unless the admin chose Pending)
 * or Pending (Mobile Money). Then, for Mobile Money, the prompt goes to the wallet given or
 * an SMS carries the provider's payment page. A replayed key answers the first order and sends nothing again.
 * A prompt or link that cannot be sent leaves the order recorded, and the answer says so.
 */
export async function enterOrder(
  deps: EnteredOrderDeps,
  payments: PaymentDeps,
  admin: AuthUser,
  input: EnteredOrderInput,
  idempotencyKey: string | undefined,
): Promise<{ answer: EnteredOrderAnswer; replayed: boolean }> {
  const { payment, momoPhone, momoNetwork, lines, email, orderStatus, ...contact } = input;
  const mobileMoney = payment !== 'cash';
  // The owner took it on the phone: confirmed (Processing) unless they say it is still to confirm;
  // Mobile Money waits for its payment as Pending (only a Pending order can be paid).
  const startStatus = mobileMoney ? 'Pending' : (orderStatus ?? 'Processing');
  if (mobileMoney && !payments.provider) {
    throw badRequest(SERVER_MESSAGES.mobileMoneyUnavailable, [{ path: ['payment'], message: SERVER_MESSAGES.mobileMoneyUnavailable }]);
  }
  const now = deps.clock();
  const { answer: placed, replayed } = await placeOrder(deps.db, {
    form: { ...contact, email: email ?? '', paymentMethod: mobileMoney ? 'Mobile Money' : 'Cash on Delivery' },
    guestCart: lines,
    userId: null,
    enteredBy: admin.id,
    startStatus,
    idempotencyKey,
    holdMinutes: deps.config.unpaidOrderHoldMinutes,
    codConfirmHours: deps.config.codConfirmHours,
    // The owner takes the order on the phone: the per-buyer guard against hoarding is for the storefront.
    buyerUnitsPerDay: 0,
    secret: deps.secret,
    publicUrl: deps.config.publicUrl,
    messageLinks: deps.config.messageLinks,
    now,
  });
  const orderId = placed.order._id;
  const answer: EnteredOrderAnswer = { message: ENTERED_ORDER_TEXTS.placed, order: await adminAnswer(deps.db, orderId) };
  if (replayed || !mobileMoney || placed.order.paymentStatus === 'Paid' || !placed.orderToken) return { answer, replayed };

  // The order's own token: the payment calls check it exactly as for the shopper who placed it.
  const actor: OrderActor = { orderToken: { token: placed.orderToken, secret: deps.secret } };
  try {
    if (payment === 'momo_prompt' && momoPhone && momoNetwork) {
      answer.charge = await startCharge(payments, orderId, actor, { phone: momoPhone, network: momoNetwork }, now);
      answer.message = ENTERED_ORDER_TEXTS.promptSent;
    } else if (payment === 'momo_link') {
      const started = await initializePayment(payments, orderId, actor, now);
      const link = absoluteLink(started.payment_link, deps.config.publicUrl);
      const sent = await deps.db.transaction((tx) => queuePaymentLink(tx, notifyNow(deps), orderId, link));
      answer.paymentLink = link;
      answer.message = sent ? ENTERED_ORDER_TEXTS.linkSent : ENTERED_ORDER_TEXTS.placed;
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    answer.message = ENTERED_ORDER_TEXTS.paymentNotStarted(error.message);
  }
  answer.order = await adminAnswer(deps.db, orderId);
  return { answer, replayed };
}
