import { Hono } from 'hono';
import { userListQuerySchema } from '@/shared/schemas/customers';
import { adminOrderListQuerySchema } from '@/shared/schemas/orders';
import { requireAdmin } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { readQuery } from '../http/validate';
import { csvHeaders } from '../services/csv';
import { customersCsv, ordersCsv, subscribersCsv } from '../services/exports';

/**
 * Admin: CSV downloads (issue 29) with the lists' own queries (paging ignored): the orders with their
 * lines, the customers (accounts and guest buyers) and the newsletter subscribers.
 */
export function adminExportRoutes(deps: AppDeps) {
  const admin = requireAdmin(deps);
  return new Hono<AppEnv>()
    .get('/exportOrders.csv', admin, async (c) =>
      c.body(await ordersCsv(deps.db, readQuery(c, adminOrderListQuerySchema)), 200, csvHeaders('orders', deps.clock())),
    )
    .get('/exportCustomers.csv', admin, async (c) =>
      c.body(await customersCsv(deps.db, deps.secret, readQuery(c, userListQuerySchema)), 200, csvHeaders('customers', deps.clock())),
    )
    .get('/exportSubscribers.csv', admin, async (c) => c.body(await subscribersCsv(deps.db), 200, csvHeaders('subscribers', deps.clock())));
}
