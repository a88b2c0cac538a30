import { describe, expect, it } from 'vitest';
import { isGsm7, smsSegments } from '@/server/notify/gsm7';
import { isLocalAddress } from '@/server/notify/order-link';
import { type MessageEvent, messageTexts, NO_LINK_TEXTS, type OrderFacts } from '@/server/notify/texts';
import { LIMITS } from '@/shared/constants';
import { toPesewas } from '@/shared/money';

/** The longest shop name Settings accepts, with characters GSM-7 lacks (Akan ɛ and ɔ, a curly quote, ₵). */
const LONGEST_SHOP_NAME = `Ɔbaa Pa’s Natural Shea & Cocoa Butter Ɛmporium ₵ `.repeat(4).slice(0, LIMITS.maxNameLength);
/** A link as long as a real one: a long shop address and the 36-character code. */
const LINK = `https://www.nkuto-naturals-ghana.com/o/${'A'.repeat(36)}`;
const ADMIN_LINK = 'https://www.nkuto-naturals-ghana.com/admin/orders/0b6c9a57-3a1e-4a3b-9d2f-6a1f4c2b8e11';

const order = {
  orderNumber: 'NK-7KQ2MZ',
  fullName: 'Ɛfua Mensah-Bɔatɛng',
  totalPesewas: toPesewas(LIMITS.maxOrderTotal), // the largest total an order may have
  paymentMethod: 'Cash on Delivery' as const,
  paid: false,
  city: 'Sekondi-Takoradi, Western Region (near the Market Circle)',
  cancelReason: 'unconfirmed' as const,
};

const EVENTS: MessageEvent[] = [
  { kind: 'order_received', order, link: LINK },
  { kind: 'order_received', order: { ...order, paymentMethod: 'Mobile Money' }, link: LINK },
  { kind: 'order_received', order: { ...order, paymentMethod: 'Mobile Money', paid: true }, link: LINK },
  { kind: 'payment_received', order, link: LINK },
  { kind: 'order_shipped', order, link: LINK },
  { kind: 'order_delivered', order, link: LINK },
  { kind: 'order_cancelled', order, link: LINK },
  { kind: 'order_cancelled', order: { ...order, cancelReason: 'expired' }, link: LINK },
  { kind: 'order_cancelled', order: { ...order, cancelReason: 'admin' }, link: LINK },
  { kind: 'refund_made', order, link: LINK, refundPesewas: toPesewas(LIMITS.maxOrderTotal) },
  // A Paystack checkout page is as long as this (https://checkout.paystack.com/ and a 15-character code), the sandbox's longer.
  { kind: 'payment_link', order, link: `https://www.nkuto-naturals-ghana.com/pay/sandbox/NK-7KQ2MZ-${'a'.repeat(12)}` },
  { kind: 'owner_new_order', order, adminLink: ADMIN_LINK },
  { kind: 'owner_payment_flag', order, adminLink: ADMIN_LINK, flag: 'paid_after_expiry', reason: 'Paid after the hold ran out.' },
  {
    kind: 'owner_low_stock',
    product: { name: 'Ɔdɛɛfoɔ Premium Unrefined Raw Shea Butter from Tamale, Northern Region — 500 g jar “family size”', stock: 5 },
    adminLink: ADMIN_LINK,
  },
];

describe('SMS texts', () => {
  it.each(EVENTS.map((event) => [`${event.kind}${'order' in event ? ` (${event.order.paymentMethod}, ${event.order.cancelReason})` : ''}`, event] as const))(
    '%s fits one GSM-7 segment with the longest shop name',
    (_name, event) => {
      const { sms } = messageTexts(event, LONGEST_SHOP_NAME);
      expect(isGsm7(sms)).toBe(true);
      expect(smsSegments(sms)).toEqual({ encoding: 'GSM-7', units: sms.length, segments: 1 });
      expect(sms.length).toBeLessThanOrEqual(160);
      // What the message is for is never cut: the order number, the amount, the link.
      if ('order' in event && event.kind !== 'owner_new_order') expect(sms).toContain(event.order.orderNumber);
      if ('link' in event && event.link) expect(sms.endsWith(event.link) || event.kind === 'order_delivered').toBe(true);
    },
  );

  it('reads prices as GHS, never ₵, and keeps a short shop name whole', () => {
    const { sms } = messageTexts({ kind: 'order_received', order: { ...order, totalPesewas: 11_000 }, link: LINK }, 'Nkuto Naturals');
    expect(sms).toBe(`Nkuto Naturals: order NK-7KQ2MZ received, GHS 110.00, Cash on Delivery. ${LINK}`);
  });

  it('turns Akan letters, curly quotes and dashes into plain ones', () => {
    const { sms } = messageTexts({ kind: 'order_shipped', order, link: LINK }, 'Ɔbaa Pa’s Shea — Ɛkuba');
    expect(sms.startsWith("Obaa Pa's Shea - Ekuba: your order NK-7KQ2MZ is on its way.")).toBe(true);
  });
});

describe('e-mail texts', () => {
  it('carry the shop name, the order number and the amount in cedis, and escape what they show in HTML', () => {
    const texts = messageTexts({ kind: 'payment_received', order: { ...order, fullName: '<Ama & Kofi>', totalPesewas: 11_050 }, link: LINK }, 'Nkuto Naturals');
    expect(texts.subject).toBe('Nkuto Naturals: payment received for order NK-7KQ2MZ');
    expect(texts.text).toContain('We received your payment of ₵110.50 for order NK-7KQ2MZ.');
    expect(texts.text).toContain(`See your order: ${LINK}`);
    expect(texts.html).toContain('Hello &#60;Ama &#38; Kofi&#62;,');
    expect(texts.html).not.toContain('<Ama');
    expect(texts.html).toContain(`<a href="${LINK}">See your order</a>`);
  });
});

describe('the delivery line', () => {
  const received = (delivery: OrderFacts['delivery']) =>
    messageTexts({ kind: 'order_received', order: { ...order, totalPesewas: 12_000, delivery }, link: LINK }, 'Nkuto Naturals').text;

  it('says how the order travels and what delivery costs, in the shopper e-mail and the owner e-mail', () => {
    expect(received({ name: 'Accra (Osu)', feePesewas: 2000, paidWith: 'order', pickup: false })).toContain(
      'Delivery: Accra (Osu), ₵20.00, included in the total.',
    );
    expect(received({ name: 'Courier', feePesewas: 3050, paidWith: 'rider', pickup: false })).toContain('Delivery: Courier, ₵30.50, paid to the rider.');
    expect(received({ name: 'Accra (Osu)', feePesewas: 0, paidWith: 'order', pickup: false })).toContain('Delivery: Accra (Osu), free.');
    expect(received({ name: 'Pick up at the shop', feePesewas: 0, paidWith: 'order', pickup: true })).toContain(
      'Delivery: Pick up at the shop (pickup), free.',
    );
    expect(received(null)).not.toContain('Delivery:');
    const owner = messageTexts(
      {
        kind: 'owner_new_order',
        order: { ...order, delivery: { name: 'Courier', feePesewas: 3050, paidWith: 'rider', pickup: false } },
        adminLink: ADMIN_LINK,
      },
      'Nkuto Naturals',
    );
    expect(owner.text).toContain('Delivery: Courier, ₵30.50, paid to the rider.');
  });
});

describe('messages with no link (a real channel sends, but PUBLIC_URL is unset or names this machine)', () => {
  const linkless: MessageEvent[] = [
    { kind: 'order_received', order, link: null },
    { kind: 'order_received', order: { ...order, paymentMethod: 'Mobile Money' }, link: null },
    { kind: 'payment_received', order, link: null },
    { kind: 'order_shipped', order, link: null },
    { kind: 'order_delivered', order, link: null },
    { kind: 'order_cancelled', order, link: null },
    { kind: 'refund_made', order, link: null, refundPesewas: toPesewas(LIMITS.maxOrderTotal) },
    { kind: 'owner_new_order', order, adminLink: null },
    { kind: 'owner_payment_flag', order, adminLink: null, flag: 'paid_after_expiry', reason: 'Paid after the hold ran out.' },
    { kind: 'owner_low_stock', product: { name: 'Shea Butter', stock: 5 }, adminLink: null },
  ];

  it.each(linkless.map((event) => [event.kind, event] as const))(
    '%s: the SMS and the e-mail carry no address, and say how to find the order',
    (_kind, event) => {
      const texts = messageTexts(event, LONGEST_SHOP_NAME);
      for (const part of [texts.sms, texts.text, texts.html]) {
        expect(part).not.toMatch(/https?:|localhost|null|undefined/);
      }
      expect(texts.html).not.toContain('<a ');
      expect(isGsm7(texts.sms)).toBe(true);
      expect(texts.sms.length).toBeLessThanOrEqual(160);
      if (event.kind !== 'owner_new_order' && event.kind !== 'owner_payment_flag' && event.kind !== 'owner_low_stock') {
        expect(texts.sms).toContain(order.orderNumber);
        expect(texts.text).toContain(order.orderNumber);
        if (event.kind !== 'order_delivered') expect(texts.sms).toContain(NO_LINK_TEXTS.smsFindOrder);
        expect(texts.text).toContain(NO_LINK_TEXTS.emailFindOrder(order.orderNumber));
      }
    },
  );

  it('the SMS of a short shop name reads whole', () => {
    const { sms } = messageTexts({ kind: 'order_received', order: { ...order, totalPesewas: 11_000 }, link: null }, 'Nkuto Naturals');
    expect(sms).toBe(`Nkuto Naturals: order NK-7KQ2MZ received, GHS 110.00, Cash on Delivery. ${NO_LINK_TEXTS.smsFindOrder}`);
  });
});

describe('isLocalAddress', () => {
  it('names this machine and private networks, never a public address', () => {
    for (const local of [
      'http://localhost:3000',
      'http://shop.localhost',
      'http://127.0.0.1:3000',
      'http://0.0.0.0:3000',
      'http://10.0.0.5',
      'http://172.16.4.1',
      'http://172.31.255.255',
      'http://192.168.1.20:8080',
      'http://169.254.1.1',
      'http://[::1]:3000',
      'http://[fd00::1]',
      'http://[fe80::1]',
      'not a url',
    ]) {
      expect(isLocalAddress(local), local).toBe(true);
    }
    for (const open of [
      'https://shop.example.com',
      'https://www.nkuto-naturals-ghana.com/o/x',
      'http://41.215.160.10',
      'http://172.32.0.1',
      'https://checkout.paystack.com/abc',
    ]) {
      expect(isLocalAddress(open), open).toBe(false);
    }
  });
});
