import { Hono } from 'hono';
import { MESSAGES } from '../../shared/messages';
import { adminOrderListQuerySchema, orderStatusUpdateSchema, paymentStatusUpdateSchema } from '../../shared/schemas/orders';
import { requireAdmin } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { readJson, readQuery } from '../http/validate';
import { listAllOrders, setOrderStatus, setPaymentStatus } from '../services/admin-orders';
import type { CatalogueCache } from '../services/catalogue-cache';
import { dashboardStats } from '../services/dashboard';

/** Admin: every order, its status and payment, and the dashboard. */
export function adminOrderRoutes(deps: AppDeps, catalogue: CatalogueCache) {
  const { db } = deps;
  const admin = requireAdmin(deps);
  return new Hono<AppEnv>()
    .get('/getAllOrders', admin, async (c) => c.json(await listAllOrders(db, readQuery(c, adminOrderListQuerySchema))))
    .patch('/updateOrderStatusById/:id', admin, async (c) => {
      const { orderStatus } = await readJson(c, orderStatusUpdateSchema);
      const order = await setOrderStatus(db, c.req.param('id'), orderStatus, deps.clock());
      // Cancelling or restoring moves stock: the catalogue must show it.
      catalogue.invalidate();
      return c.json({ message: MESSAGES.orderStatusUpdated(order.orderStatus), order });
    })
    .patch('/updatePaymentStatusById/:id', admin, async (c) => {
      const { paymentStatus } = await readJson(c, paymentStatusUpdateSchema);
      const order = await setPaymentStatus(db, c.req.param('id'), paymentStatus, deps.clock());
      return c.json({ message: MESSAGES.paymentStatusUpdated(order.paymentStatus), order });
    })
    .get('/getDashboardStats', admin, async (c) => c.json(await dashboardStats(db, deps.clock())));
}
