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
import type { AppEnv, RouteDeps } from '../http/env';
import { idempotencyKeyOf } from '../http/idempotency';
import { jsonBody, queryOf } from '../http/validate';
import { notifyAt } from '../notify/outbox';
import { adminAnswer, listAllOrders, setOrderStatus, setPaymentStatus } from '../services/orders/admin-orders';
import { enterOrder } from '../services/orders/entered-orders';
import { clearFlag } from '../services/orders/order-flags';
import { refundOrder } from '../services/payments/payments';

/** Admin: every order, its status, payment, flags and refunds. */
export function adminOrderRoutes(deps: RouteDeps) {
  const { db } = deps;
  const admin = requireAdmin(deps);
  return (
    new Hono<AppEnv>()
      // An order taken by phone or WhatsApp.
      .post('/adminOrders', admin, jsonBody(enteredOrderSchema), async (c) => {
        const input = c.req.valid('json');
        const { answer, replayed } = await enterOrder(deps, deps.paymentDeps, c.var.user, input, idempotencyKeyOf(c));
        return c.json(answer satisfies EnteredOrderAnswer, 201, replayed ? { 'Idempotent-Replayed': 'true' } : {});
      })
      .get('/getAllOrders', admin, queryOf(adminOrderListQuerySchema), async (c) =>
        c.json((await listAllOrders(db, c.req.valid('query'))) satisfies Listed<'orders', AdminOrder>),
      )
      .patch('/updateOrderStatusById/:id', admin, jsonBody(orderStatusUpdateSchema), async (c) => {
        const { orderStatus } = c.req.valid('json');
        const order = await setOrderStatus(db, c.req.param('id'), orderStatus, notifyAt(deps.paymentDeps, deps.clock()), deps.config);
        return c.json({ message: SERVER_MESSAGES.orderStatusUpdated(order.orderStatus), order } satisfies OrderChangeAnswer<AdminOrder>);
      })
      .patch('/updatePaymentStatusById/:id', admin, jsonBody(paymentStatusUpdateSchema), async (c) => {
        const { paymentStatus } = c.req.valid('json');
        const order = await setPaymentStatus(db, c.req.param('id'), paymentStatus, notifyAt(deps.paymentDeps, deps.clock()));
        return c.json({ message: SERVER_MESSAGES.paymentStatusUpdated(order.paymentStatus), order } satisfies OrderChangeAnswer<AdminOrder>);
      })
      .post('/clearOrderFlag/:flagId', admin, jsonBody(clearOrderFlagSchema), async (c) => {
        const { note } = c.req.valid('json');
        const orderId = await clearFlag(db, c.req.param('flagId'), note, c.var.user.id, deps.clock());
        return c.json({ message: SERVER_MESSAGES.flagCleared, order: await adminAnswer(db, orderId) } satisfies OrderChangeAnswer<AdminOrder>);
      })
      .post('/refundOrder/:id', admin, jsonBody(refundOrderSchema), async (c) => {
        const input = c.req.valid('json');
        const orderId = c.req.param('id');
        const order = await adminAnswer(db, orderId);
        await refundOrder(deps.paymentDeps, order._id, { amountPesewas: toPesewas(input.amount), returnToStock: input.returnToStock ?? false }, deps.clock());
        return c.json({ message: SERVER_MESSAGES.refundStarted, order: await adminAnswer(db, orderId) } satisfies OrderChangeAnswer<AdminOrder>);
      })
  );
}
