import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import type { OrderFlagKind } from '@/shared/back-office';
import { ORDER_FLAG_LABELS } from '@/shared/back-office-labels';
import type { PaymentMethod } from '@/shared/constants';
import { formatCedis, toCedis } from '@/shared/money';
import { formatGhs, gsm7Length, toGsm7 } from './gsm7';

/** What a message about an order says of it (a snapshot taken in the event's transaction). */
export interface OrderFacts {
  orderNumber: string;
  fullName: string;
  totalPesewas: number;
  paymentMethod: PaymentMethod;
  paid: boolean;
  city: string;
  cancelReason?: 'expired' | 'shopper' | 'admin' | 'unconfirmed' | null;
  /** The delivery option the order was placed with; absent or null: none, the fee to be agreed. */
  delivery?: { name: string; feePesewas: number; paidWith: 'order' | 'rider'; pickup: boolean } | null;
}

/** The e-mails' delivery line: how the order travels and what it costs, or nothing when no option was chosen. */
function deliveryLine(order: OrderFacts): string[] {
  const { delivery } = order;
  if (!delivery) return [];
  const fee = delivery.feePesewas === 0 ? 'free' : money(delivery.feePesewas);
  if (delivery.pickup)
    return [`Delivery: ${delivery.name} (pickup), ${fee}${delivery.paidWith === 'rider' && delivery.feePesewas > 0 ? ', paid at the shop' : ''}.`];
  const paid = delivery.feePesewas === 0 ? '' : delivery.paidWith === 'order' ? ', included in the total' : ', paid to the rider';
  return [`Delivery: ${delivery.name}, ${fee}${paid}.`];
}

/** One message's words for every channel: the SMS (pure GSM-7) and the e-mail (subject, text, HTML). */
export interface MessageTexts {
  sms: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * A link of the shop's own (`link`, `adminLink`) is null when messages leave links out: a channel
 * really sends while PUBLIC_URL is unset or names this machine (config.ts messageLinksOff). The text
 * then says how to find the order instead.
 */
export type MessageEvent =
  | { kind: 'order_received' | 'payment_received' | 'order_shipped' | 'order_delivered' | 'order_cancelled'; order: OrderFacts; link: string | null }
  | { kind: 'refund_made'; order: OrderFacts; link: string | null; refundPesewas: number }
  /** An order the shop entered, paid on the provider's page behind `link`. */
  | { kind: 'payment_link'; order: OrderFacts; link: string }
  | { kind: 'owner_new_order'; order: OrderFacts; adminLink: string | null }
  | { kind: 'owner_payment_flag'; order: OrderFacts; adminLink: string | null; flag: OrderFlagKind; reason: string }
  | { kind: 'owner_low_stock'; product: { name: string; stock: number }; adminLink: string | null }
  /** `{secret}` stands where the link's token or the code goes: filled in only on its way out (sender.ts). */
  | { kind: 'password_reset'; by: 'link'; fullName: string; link: string; minutes: number }
  | { kind: 'password_reset'; by: 'code'; minutes: number }
  /** The code that confirms a shopper's phone; `{secret}` as above. */
  | { kind: 'phone_code'; minutes: number }
  /** The server's own alerts (notify/system-alerts.ts): at most one of each kind a day. */
  | { kind: 'owner_backup_failed'; where: 'local' | 'bucket'; error: string }
  | { kind: 'owner_disk_full'; percent: number; folder: string }
  | { kind: 'owner_sms_credit_low'; detail: string };

/** What a message without a link says instead (GSM-7 only in the SMS's). */
export const NO_LINK_TEXTS = {
  smsFindOrder: `See it under "${ACCOUNT_TEXTS.findOrderPage}" on our website.`,
  emailFindOrder: (orderNumber: string) =>
    `To see your order, open our website, choose "${ACCOUNT_TEXTS.findOrderPage}" and enter ${orderNumber} with your phone number or email.`,
  emailAdminArea: 'Open the admin area to see it.',
} as const;

/** One GSM-7 segment. */
export const SMS_LIMIT = 160;
/** A name is never cut shorter than this to make an SMS fit: past it the SMS takes two segments instead. */
const SHORTEST_NAME = 8;

const CANCEL_WHY: Record<NonNullable<OrderFacts['cancelReason']>, string> = {
  expired: 'it was not paid in time',
  unconfirmed: 'it was not confirmed in time',
  admin: 'the shop cancelled it',
  shopper: 'you cancelled it',
};

/**
 * An SMS whose one long part (the shop's or a product's name) is cut, with '...', until the whole
 * fits one GSM-7 segment; the rest (order number, amount, link) is never cut.
 */
function fitSms(make: (name: string) => string, name: string): string {
  const whole = toGsm7(make(toGsm7(name)));
  if (gsm7Length(whole) <= SMS_LIMIT) return whole;
  const plainName = toGsm7(name);
  const room = SMS_LIMIT - gsm7Length(toGsm7(make(''))) - 3;
  const cut = `${plainName.slice(0, Math.max(SHORTEST_NAME, room)).trimEnd()}...`;
  return toGsm7(make(cut));
}

const money = (pesewas: number) => formatCedis(toCedis(pesewas));
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail: plain text, and the same lines as simple HTML (a link where a line is one). */
function email(shopName: string, subject: string, lines: string[], link?: { href: string; label: string }): Omit<MessageTexts, 'sms'> {
  const text = [...lines, ...(link ? [`${link.label}: ${link.href}`] : []), '', shopName].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#222">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '',
    `<p style="color:#666">${escapeHtml(shopName)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: `${shopName}: ${subject}`, text, html };
}

/** The shopper's e-mail about an order: the link to it, or how to find it when there is none. */
function orderEmail(shopName: string, subject: string, lines: string[], order: OrderFacts, link: string | null) {
  return link
    ? email(shopName, subject, lines, { href: link, label: 'See your order' })
    : email(shopName, subject, [...lines, NO_LINK_TEXTS.emailFindOrder(order.orderNumber)]);
}

/** The owner's e-mail: the admin page's link, or where to look when there is none. */
function ownerEmail(shopName: string, subject: string, lines: string[], adminLink: string | null, label: string) {
  return adminLink ? email(shopName, subject, lines, { href: adminLink, label }) : email(shopName, subject, [...lines, NO_LINK_TEXTS.emailAdminArea]);
}

/** The end of an SMS about an order: its link, or how to find it. */
const smsLink = (link: string | null) => link ?? NO_LINK_TEXTS.smsFindOrder;

/** The words of one message, in short plain English, with the shop's name from Settings. */
export function messageTexts(event: MessageEvent, shopName: string): MessageTexts {
  switch (event.kind) {
    case 'order_received':
    case 'payment_received':
    case 'order_shipped':
    case 'order_delivered':
    case 'order_cancelled':
      return orderProgressTexts(event, shopName);
    case 'payment_link':
    case 'refund_made':
      return orderMoneyTexts(event, shopName);
    case 'owner_new_order':
    case 'owner_payment_flag':
    case 'owner_low_stock':
    case 'owner_backup_failed':
    case 'owner_disk_full':
    case 'owner_sms_credit_low':
      return ownerTexts(event, shopName);
    case 'phone_code':
    case 'password_reset':
      return accountTexts(event, shopName);
  }
}

type EventOf<Kind extends MessageEvent['kind']> = Extract<MessageEvent, { kind: Kind }>;

/** The shopper's messages as an order moves on: received, paid, shipped, delivered, cancelled. */
function orderProgressTexts(
  event: EventOf<'order_received' | 'payment_received' | 'order_shipped' | 'order_delivered' | 'order_cancelled'>,
  shopName: string,
): MessageTexts {
  switch (event.kind) {
    case 'order_received': {
      const { order, link } = event;
      // The SMS says what was ordered and how it is paid; the next steps are in the e-mail and behind the link.
      const how = order.paymentMethod === 'Cash on Delivery' ? 'Cash on Delivery' : order.paid ? 'paid by Mobile Money' : 'to pay by Mobile Money';
      const next =
        order.paymentMethod === 'Cash on Delivery'
          ? 'We will call you to confirm delivery.'
          : order.paid
            ? 'We will call you about delivery.'
            : 'It is confirmed once paid.';
      return {
        sms: fitSms((shop) => `${shop}: order ${order.orderNumber} received, ${formatGhs(order.totalPesewas)}, ${how}. ${smsLink(link)}`, shopName),
        ...orderEmail(
          shopName,
          `order ${order.orderNumber} received`,
          [`Hello ${order.fullName},`, `Thank you for your order ${order.orderNumber}: ${money(order.totalPesewas)}, ${how}.`, ...deliveryLine(order), next],
          order,
          link,
        ),
      };
    }
    case 'payment_received': {
      const { order, link } = event;
      return {
        sms: fitSms((shop) => `${shop}: payment of ${formatGhs(order.totalPesewas)} received for order ${order.orderNumber}. ${smsLink(link)}`, shopName),
        ...orderEmail(
          shopName,
          `payment received for order ${order.orderNumber}`,
          [
            `Hello ${order.fullName},`,
            `We received your payment of ${money(order.totalPesewas)} for order ${order.orderNumber}.`,
            'We will call you about delivery.',
          ],
          order,
          link,
        ),
      };
    }
    case 'order_shipped': {
      const { order, link } = event;
      return {
        sms: fitSms((shop) => `${shop}: your order ${order.orderNumber} is on its way. ${smsLink(link)}`, shopName),
        ...orderEmail(
          shopName,
          `order ${order.orderNumber} is on its way`,
          [`Hello ${order.fullName},`, `Your order ${order.orderNumber} has left the shop and is on its way to you.`],
          order,
          link,
        ),
      };
    }
    case 'order_delivered': {
      const { order, link } = event;
      return {
        sms: fitSms((shop) => `${shop}: order ${order.orderNumber} was delivered. Thank you for shopping with us!`, shopName),
        ...orderEmail(
          shopName,
          `order ${order.orderNumber} delivered`,
          [`Hello ${order.fullName},`, `Your order ${order.orderNumber} was delivered. Thank you for shopping with us!`],
          order,
          link,
        ),
      };
    }
    case 'order_cancelled': {
      const { order, link } = event;
      const why = CANCEL_WHY[order.cancelReason ?? 'admin'];
      return {
        sms: fitSms((shop) => `${shop}: order ${order.orderNumber} was cancelled: ${why}. ${smsLink(link)}`, shopName),
        ...orderEmail(
          shopName,
          `order ${order.orderNumber} cancelled`,
          [`Hello ${order.fullName},`, `Your order ${order.orderNumber} was cancelled: ${why}.`, 'Please order again or call the shop if this is a surprise.'],
          order,
          link,
        ),
      };
    }
  }
}

/** The shopper's messages about money the shop asks for or sends back: a payment link, a refund. */
function orderMoneyTexts(event: EventOf<'payment_link' | 'refund_made'>, shopName: string): MessageTexts {
  switch (event.kind) {
    case 'payment_link': {
      const { order, link } = event;
      return {
        sms: fitSms((shop) => `${shop}: pay ${formatGhs(order.totalPesewas)} for order ${order.orderNumber} by Mobile Money here: ${link}`, shopName),
        ...email(
          shopName,
          `pay for order ${order.orderNumber}`,
          [`Hello ${order.fullName},`, `Pay ${money(order.totalPesewas)} for your order ${order.orderNumber} by Mobile Money on this page.`],
          { href: link, label: 'Pay now' },
        ),
      };
    }
    case 'refund_made': {
      const { order, link, refundPesewas } = event;
      return {
        sms: fitSms((shop) => `${shop}: a refund of ${formatGhs(refundPesewas)} for order ${order.orderNumber} has been made. ${smsLink(link)}`, shopName),
        ...orderEmail(
          shopName,
          `refund for order ${order.orderNumber}`,
          [
            `Hello ${order.fullName},`,
            `We have refunded ${money(refundPesewas)} for order ${order.orderNumber}. It reaches your wallet or account within a few days.`,
          ],
          order,
          link,
        ),
      };
    }
  }
}

/** The owner's messages: orders, payment flags, low stock and the server's own alerts. */
function ownerTexts(
  event: EventOf<'owner_new_order' | 'owner_payment_flag' | 'owner_low_stock' | 'owner_backup_failed' | 'owner_disk_full' | 'owner_sms_credit_low'>,
  shopName: string,
): MessageTexts {
  switch (event.kind) {
    case 'owner_new_order': {
      const { order, adminLink } = event;
      return {
        sms: fitSms((city) => `New order ${order.orderNumber}: ${formatGhs(order.totalPesewas)}, ${order.paymentMethod}, ${city}.`, order.city),
        ...ownerEmail(
          shopName,
          `new order ${order.orderNumber}`,
          [`New order ${order.orderNumber}: ${money(order.totalPesewas)}, ${order.paymentMethod}, ${order.city}.`, ...deliveryLine(order)],
          adminLink,
          'Open the order',
        ),
      };
    }
    case 'owner_payment_flag': {
      const { order, adminLink, flag, reason } = event;
      const label = ORDER_FLAG_LABELS[flag];
      return {
        sms: fitSms((shop) => `${shop}: order ${order.orderNumber} needs you: ${label}. See the admin area.`, shopName),
        ...ownerEmail(
          shopName,
          `order ${order.orderNumber}: ${label}`,
          [`Order ${order.orderNumber} was flagged: ${label}.`, reason],
          adminLink,
          'Open the order',
        ),
      };
    }
    case 'owner_low_stock': {
      const { product, adminLink } = event;
      const left = product.stock === 0 ? 'is out of stock' : `is down to ${product.stock} in stock`;
      return {
        sms: fitSms((name) => `Low stock: ${name} ${left}.`, product.name),
        ...ownerEmail(shopName, `low stock: ${product.name}`, [`${product.name} ${left}.`], adminLink, 'See low stock products'),
      };
    }
    case 'owner_backup_failed': {
      const what = event.where === 'bucket' ? 'The copy to the storage bucket' : 'The backup on the server';
      return {
        sms: fitSms((shop) => `${shop}: today's backup failed. ${what} did not work. Please check the server.`, shopName),
        ...email(shopName, 'the backup failed', [
          `${what} failed today.`,
          `The error: ${event.error}`,
          event.where === 'bucket'
            ? 'The backup on the server itself was made; only the copy off the machine is missing. It is tried again with the next daily backup.'
            : 'It is tried again within the hour. Until one works, the shop has no fresh backup.',
          'See docs/backups.md.',
        ]),
      };
    }
    case 'owner_disk_full':
      return {
        sms: fitSms((shop) => `${shop}: the server's disk is ${event.percent}% full. Free some space soon, or the shop cannot save orders.`, shopName),
        ...email(shopName, `the server's disk is ${event.percent}% full`, [
          `The disk holding ${event.folder} is ${event.percent}% full.`,
          'When it is full, the shop can no longer save orders, photos or backups. Free some space (old files, logs) or give the server a bigger disk.',
        ]),
      };
    case 'owner_sms_credit_low':
      return {
        sms: fitSms((shop) => `${shop}: the SMS account is out of credit. Top it up so customers get their messages.`, shopName),
        ...email(shopName, 'the SMS account needs credit', [
          'The SMS gateway refused a message for lack of credit: customers get no SMS until the account is topped up.',
          `The gateway said: ${event.detail}`,
          "Top up the account in the gateway's dashboard (Hubtel: https://app.hubtel.com).",
        ]),
      };
  }
}

/** A person's account: the code that confirms a phone, and password resets. */
function accountTexts(event: EventOf<'phone_code' | 'password_reset'>, shopName: string): MessageTexts {
  switch (event.kind) {
    case 'phone_code':
      return {
        sms: fitSms((shop) => `${shop}: your code is {secret}. It confirms your phone for your order and works for ${event.minutes} minutes.`, shopName),
        // A code goes by SMS only; these are never sent.
        ...email(shopName, 'your code', ['Your code is {secret}.']),
      };
    case 'password_reset': {
      if (event.by === 'code') {
        return {
          sms: fitSms(
            (shop) => `${shop}: your password reset code is {secret}. It works once, for ${event.minutes} minutes. Did not ask? Ignore this SMS.`,
            shopName,
          ),
          // A code goes by SMS only; these are never sent.
          ...email(shopName, 'your password reset code', [`Your password reset code is {secret}.`]),
        };
      }
      return {
        sms: '',
        ...email(
          shopName,
          'choose a new password',
          [
            `Hello ${event.fullName},`,
            `Somebody, we hope you, asked to reset the password of your account at ${shopName}.`,
            `The link below works once, for ${event.minutes} minutes. If you did not ask, ignore this email: your password stays as it is.`,
          ],
          { href: event.link, label: 'Choose a new password' },
        ),
      };
    }
  }
}
