import { describe, expect, it } from 'vitest';
import { outboxMessages } from '@/server/db/schema';
import { NO_LINK_TEXTS } from '@/server/notify/texts';
import { ENTERED_ORDER_TEXTS } from '@/shared/schemas/orders';
import { setupTestApi } from '../helpers/api';
import { enterOrder, guestOrder } from '../helpers/orders';

/**
 * A shop whose SMTP or SMS gateway really sends while PUBLIC_URL is unset or names this machine
 * (config.ts messageLinksOff, `messageLinks: false`): no message carries a link to it, whichever
 * event wrote it (an order placed, a status the admin set, a low-stock alert, an entered order's
 * payment link on the sandbox's local page). The texts name the order and the lookup page instead.
 */
const api = setupTestApi({ messageLinks: false });

describe('messages of a shop with no public address', () => {
  it('carry no link to this machine, by SMS or e-mail, to the shopper or the owner', async () => {
    const admin = await api.createUser({ role: 'admin' });
    const alerts = { phones: ['+233201234567'], emails: ['owner@example.com'], newOrder: true, paymentFlag: true, lowStock: true };
    expect((await api.json('PUT', '/api/ownerAlerts', { token: admin.token, body: alerts })).status).toBe(200);
    const product = await api.createProduct({ name: 'Raw Shea Butter', stock: 6, price: 110 });

    const placed = await guestOrder(api, [{ productId: product.id, quantity: 2 }]);
    expect(placed.status).toBe(201);
    const { orderNumber, _id: orderId } = placed.body.order;
    const shipped = await api.json('PATCH', `/api/updateOrderStatusById/${orderId}`, { token: admin.token, body: { orderStatus: 'Shipped' } });
    expect(shipped.status).toBe(200);

    // An order the shop enters with a payment link: the sandbox's page is on this machine, so no SMS carries it.
    const entered = await enterOrder(api, admin.token, 'entered-no-public-url', { payment: 'momo_link', lines: [{ productId: product.id, quantity: 1 }] });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    expect(entered.body.message).toBe(ENTERED_ORDER_TEXTS.placed);

    const messages = await api.db.select().from(outboxMessages);
    expect(new Set(messages.map((m) => `${m.audience}:${m.kind}:${m.channel}`))).toEqual(
      new Set([
        'shopper:order_received:sms',
        'shopper:order_received:email',
        'shopper:order_shipped:sms',
        'shopper:order_shipped:email',
        'owner:owner_new_order:sms',
        'owner:owner_new_order:email',
        'owner:owner_low_stock:sms',
        'owner:owner_low_stock:email',
      ]),
    );
    for (const message of messages) {
      const label = `${message.kind} ${message.channel}`;
      expect(`${message.body} ${message.html ?? ''}`, label).not.toMatch(/https?:|localhost|127\.0\.0\.1/);
      if (message.audience !== 'shopper' || message.orderId !== orderId) continue;
      expect(message.body, label).toContain(orderNumber);
      expect(message.body, label).toContain(message.channel === 'sms' ? NO_LINK_TEXTS.smsFindOrder : NO_LINK_TEXTS.emailFindOrder(orderNumber));
    }
  });
});
