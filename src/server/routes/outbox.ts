import { Hono } from 'hono';
import type { OutboxMessage, OwnerAlertSettings } from '@/shared/admin-types';
import { outboxListQuerySchema, ownerAlertsSchema } from '@/shared/schemas/outbox';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ChangeAnswer, DataAnswer, Listed } from '@/shared/types';
import { requireAdmin } from '../http/auth';
import type { AppEnv, RouteDeps } from '../http/env';
import { jsonBody, queryOf } from '../http/validate';
import { getOwnerAlerts, listOutboxMessages, resendOutboxMessage, saveOwnerAlerts } from '../services/shop/outbox';

/** Admin: the messages the shop sends (the outbox's log, resend) and where the owner's alerts go. */
export function outboxRoutes(deps: RouteDeps) {
  const { db } = deps;
  const admin = requireAdmin(deps);
  return new Hono<AppEnv>()
    .get('/outboxMessages', admin, queryOf(outboxListQuerySchema), async (c) =>
      c.json((await listOutboxMessages(db, c.req.valid('query'))) satisfies Listed<'messages', OutboxMessage>),
    )
    .post('/outboxMessages/:id/resend', admin, async (c) =>
      c.json({
        message: SERVER_MESSAGES.messageResent,
        data: await resendOutboxMessage(db, c.req.param('id'), deps.clock(), c.var.user.id),
      } satisfies ChangeAnswer<OutboxMessage>),
    )
    .get('/ownerAlerts', admin, async (c) => c.json({ data: await getOwnerAlerts(db) } satisfies DataAnswer<OwnerAlertSettings>))
    .put('/ownerAlerts', admin, jsonBody(ownerAlertsSchema), async (c) => {
      const input = c.req.valid('json');
      return c.json({
        message: SERVER_MESSAGES.ownerAlertsSaved,
        data: await saveOwnerAlerts(db, input, deps.clock()),
      } satisfies ChangeAnswer<OwnerAlertSettings>);
    });
}
