import { Hono } from 'hono';
import { userListQuerySchema } from '@/shared/schemas/customers';
import type { AdminCustomer, CustomerProfile, Listed } from '@/shared/types';
import { requireAdmin } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { readQuery } from '../http/validate';
import { getUserProfile, listUsers } from '../services/admin-customers';

/** Admin: accounts with their order counts and spending. */
export function adminCustomerRoutes(deps: AppDeps) {
  const admin = requireAdmin(deps);
  return new Hono<AppEnv>()
    .get('/getAllUsers', admin, async (c) => c.json((await listUsers(deps.db, readQuery(c, userListQuerySchema))) satisfies Listed<'users', AdminCustomer>))
    .get('/getUserById/:id', admin, async (c) => c.json((await getUserProfile(deps.db, c.req.param('id'))) satisfies CustomerProfile));
}
