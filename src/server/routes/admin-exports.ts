import { Hono } from 'hono';
import { userListQuerySchema } from '@/shared/schemas/customers';
import { adminOrderListQuerySchema } from '@/shared/schemas/orders';
import { requireAdmin } from '../http/auth';
import type { AppEnv, RouteDeps } from '../http/env';
import { queryOf } from '../http/validate';
import { csvHeaders } from '../services/orders/csv';
import { customersCsv, ordersCsv, subscribersCsv } from '../services/orders/exports';

/**
 * Admin: CSV downloads with the lists' own queries (paging ignored): the orders with their
 * lines, the customers (accounts and guest buyers) and the newsletter subscribers.
 */
export function adminExportRoutes(deps: RouteDeps) {
  const admin = requireAdmin(deps);
  return new Hono<AppEnv>()
    .get('/exportOrders.csv', admin, queryOf(adminOrderListQuerySchema), async (c) =>
      c.body(await ordersCsv(deps.db, c.req.valid('query')), 200, csvHeaders('orders', deps.clock())),
    )
    .get('/exportCustomers.csv', admin, queryOf(userListQuerySchema), async (c) =>
      c.body(await customersCsv(deps.db, deps.secret, c.req.valid('query')), 200, csvHeaders('customers', deps.clock())),
    )
    .get('/exportSubscribers.csv', admin, async (c) => c.body(await subscribersCsv(deps.db), 200, csvHeaders('subscribers', deps.clock())));
}
