import { Hono } from 'hono';
import { contactSchema, subscribeSchema } from '../../shared/schemas/shop';
import type { AppDeps, AppEnv } from '../http/env';
import { readJson } from '../http/validate';
import { paymentOptions } from '../services/payment-deps';
import { getSettings, saveContactMessage, subscribe } from '../services/shop';

/** The small public calls the storefront's layout and contact page need. */
export function shopRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/settings', async (c) => c.json({ data: { ...(await getSettings(deps.db)), payments: paymentOptions(deps) } }))
    .post('/contact', async (c) => c.json(await saveContactMessage(deps.db, await readJson(c, contactSchema), deps.clock()), 201))
    .post('/subscribe', async (c) => {
      const { email } = await readJson(c, subscribeSchema);
      return c.json(await subscribe(deps.db, email, deps.clock()));
    });
}
