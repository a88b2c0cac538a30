import { Hono } from 'hono';
import { outboxListQuerySchema, ownerAlertsSchema } from '@/shared/schemas/outbox';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ChangeAnswer, DataAnswer, Listed, OutboxMessage, OwnerAlertSettings } from '@/shared/types';
import { requireAdmin } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { readJson, readQuery } from '../http/validate';
import { getOwnerAlerts, listOutboxMessages, resendOutboxMessage, saveOwnerAlerts } from '../services/outbox';

/** Admin: the messages the shop sends (the outbox's log, resend) and where the owner's alerts go. */
export function outboxRoutes(deps: AppDeps) {
  const { db } = deps;
  const admin = requireAdmin(deps);
  return new Hono<AppEnv>()
    .get('/outboxMessages', admin, async (c) =>
      c.json((await listOutboxMessages(db, readQuery(c, outboxListQuerySchema))) satisfies Listed<'messages', OutboxMessage>),
    )
    .post('/outboxMessages/:id/resend', admin, async (c) =>
      c.json({
        message: SERVER_MESSAGES.messageResent,
        data: await resendOutboxMessage(db, c.req.param('id'), deps.clock(), c.var.user.id),
      } satisfies ChangeAnswer<OutboxMessage>),
    )
    .get('/ownerAlerts', admin, async (c) => c.json({ data: await getOwnerAlerts(db) } satisfies DataAnswer<OwnerAlertSettings>))
    .put('/ownerAlerts', admin, async (c) => {
      const input = await readJson(c, ownerAlertsSchema);
      return c.json({
        message: SERVER_MESSAGES.ownerAlertsSaved,
        data: await saveOwnerAlerts(db, input, deps.clock()),
      } satisfies ChangeAnswer<OwnerAlertSettings>);
    });
}
