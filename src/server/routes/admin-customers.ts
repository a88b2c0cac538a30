import { Hono } from 'hono';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { adminSendResetSchema } from '@/shared/schemas/auth';
import { userListQuerySchema } from '@/shared/schemas/customers';
import type { AdminCustomer, CustomerProfile, Listed, MessageAnswer } from '@/shared/types';
import { conflict } from '../errors';
import { requireAdmin } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { readJson, readQuery } from '../http/validate';
import { notifyNow } from '../notify/outbox';
import { getUserProfile, listUsers } from '../services/admin-customers';
import { canSendReset, sendResetToAccount } from '../services/password-reset';

/** Admin: accounts with their order counts and spending. */
export function adminCustomerRoutes(deps: AppDeps) {
  const admin = requireAdmin(deps);
  return new Hono<AppEnv>()
    .get('/getAllUsers', admin, async (c) => c.json((await listUsers(deps.db, readQuery(c, userListQuerySchema))) satisfies Listed<'users', AdminCustomer>))
    .get('/getUserById/:id', admin, async (c) => c.json((await getUserProfile(deps.db, c.req.param('id'))) satisfies CustomerProfile))
    .post('/sendPasswordReset/:userId', admin, async (c) => {
      const input = await readJson(c, adminSendResetSchema);
      // Only where the shop can send: a reset only logged would leave the admin thinking it went.
      if (!canSendReset(deps.config, input.channel)) throw conflict(ACCOUNT_TEXTS.adminResetCannotSend(input.channel));
      return c.json({ message: await sendResetToAccount(deps.db, notifyNow(deps), c.req.param('userId'), input) } satisfies MessageAnswer);
    });
}
