import { Hono } from 'hono';
import { toPesewas } from '@/shared/money';
import {
  adminOrderListQuerySchema,
  clearOrderFlagSchema,
  enteredOrderSchema,
  orderStatusUpdateSchema,
  paymentStatusUpdateSchema,
  refundOrderSchema,
} from '@/shared/schemas/orders';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { AdminOrder, EnteredOrderAnswer, Listed, OrderChangeAnswer } from '@/shared/types';
import { requireAdmin } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { idempotencyKeyOf } from '../http/idempotency';
import { readJson, readQuery } from '../http/validate';
import { notifyAt } from '../notify/outbox';
import { adminAnswer, listAllOrders, setOrderStatus, setPaymentStatus } from '../services/admin-orders';
import { enterOrder } from '../services/entered-orders';
import { clearFlag } from '../services/order-flags';
import type { PaymentDeps } from '../services/payment-checks';
import { refundOrder } from '../services/payments';

/** Admin: every order, its status, payment, flags and refunds. */
export function adminOrderRoutes(deps: AppDeps, payments: PaymentDeps) {
  const { db } = deps;
  const admin = requireAdmin(deps);
  return (
    new Hono<AppEnv>()
      // Issue 29: an order taken by phone or WhatsApp.
      .post('/adminOrders', admin, async (c) => {
        const input = await readJson(c, enteredOrderSchema);
        const { answer, replayed } = await enterOrder(deps, payments, c.var.user, input, idempotencyKeyOf(c));
        return c.json(answer satisfies EnteredOrderAnswer, 201, replayed ? { 'Idempotent-Replayed': 'true' } : {});
      })
      .get('/getAllOrders', admin, async (c) =>
        c.json((await listAllOrders(db, readQuery(c, adminOrderListQuerySchema))) satisfies Listed<'orders', AdminOrder>),
      )
      .patch('/updateOrderStatusById/:id', admin, async (c) => {
        const { orderStatus } = await readJson(c, orderStatusUpdateSchema);
        const order = await setOrderStatus(db, c.req.param('id'), orderStatus, notifyAt(payments, deps.clock()), deps.config);
        return c.json({ message: SERVER_MESSAGES.orderStatusUpdated(order.orderStatus), order } satisfies OrderChangeAnswer<AdminOrder>);
      })
      .patch('/updatePaymentStatusById/:id', admin, async (c) => {
        const { paymentStatus } = await readJson(c, paymentStatusUpdateSchema);
        const order = await setPaymentStatus(db, c.req.param('id'), paymentStatus, notifyAt(payments, deps.clock()));
        return c.json({ message: SERVER_MESSAGES.paymentStatusUpdated(order.paymentStatus), order } satisfies OrderChangeAnswer<AdminOrder>);
      })
      .post('/clearOrderFlag/:flagId', admin, async (c) => {
        const { note } = await readJson(c, clearOrderFlagSchema);
        const orderId = await clearFlag(db, c.req.param('flagId'), note, c.var.user.id, deps.clock());
        return c.json({ message: SERVER_MESSAGES.flagCleared, order: await adminAnswer(db, orderId) } satisfies OrderChangeAnswer<AdminOrder>);
      })
      .post('/refundOrder/:id', admin, async (c) => {
        const input = await readJson(c, refundOrderSchema);
        const orderId = c.req.param('id');
        const order = await adminAnswer(db, orderId);
        await refundOrder(payments, order._id, { amountPesewas: toPesewas(input.amount), returnToStock: input.returnToStock ?? false }, deps.clock());
        return c.json({ message: SERVER_MESSAGES.refundStarted, order: await adminAnswer(db, orderId) } satisfies OrderChangeAnswer<AdminOrder>);
      })
  );
}
