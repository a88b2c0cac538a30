import { Hono } from 'hono';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import type { CustomerListItem, CustomerProfile, GuestBuyerProfile } from '@/shared/admin-types';
import { adminSendResetSchema } from '@/shared/schemas/auth';
import { userListQuerySchema } from '@/shared/schemas/customers';
import type { Listed, MessageAnswer } from '@/shared/types';
import { conflict } from '../errors';
import { requireAdmin } from '../http/auth';
import type { AppEnv, RouteDeps } from '../http/env';
import { jsonBody, queryOf } from '../http/validate';
import { notifyNow } from '../notify/outbox';
import { getUserProfile, listCustomers } from '../services/accounts/admin-customers';
import { canSendReset, sendResetToAccount } from '../services/accounts/password-reset';
import { getGuestBuyerProfile } from '../services/orders/guest-buyers';

/** Admin: accounts and guest buyers with their order counts and spending. */
export function adminCustomerRoutes(deps: RouteDeps) {
  const admin = requireAdmin(deps);
  return new Hono<AppEnv>()
    .get('/getAllUsers', admin, queryOf(userListQuerySchema), async (c) =>
      c.json((await listCustomers(deps.db, deps.secret, c.req.valid('query'))) satisfies Listed<'users', CustomerListItem>),
    )
    .get('/getUserById/:id', admin, async (c) => c.json((await getUserProfile(deps.db, c.req.param('id'))) satisfies CustomerProfile))
    .get('/getGuestBuyer/:key', admin, async (c) => c.json((await getGuestBuyerProfile(deps.db, deps.secret, c.req.param('key'))) satisfies GuestBuyerProfile))
    .post('/sendPasswordReset/:userId', admin, jsonBody(adminSendResetSchema), async (c) => {
      const input = c.req.valid('json');
      // Only where the shop can send: a reset only logged would leave the admin thinking it went.
      if (!canSendReset(deps.config, input.channel)) throw conflict(ACCOUNT_TEXTS.adminResetCannotSend(input.channel));
      return c.json({ message: await sendResetToAccount(deps.db, notifyNow(deps), c.req.param('userId'), input) } satisfies MessageAnswer);
    });
}
