import { type Context, Hono } from 'hono';
import { contactSchema, subscribeSchema } from '@/shared/schemas/shop';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { DataAnswer, MessageAnswer, ShopSettings } from '@/shared/types';
import type { AppEnv, RouteDeps } from '../http/env';
import { clientIp } from '../http/forwarded';
import { jsonBody } from '../http/validate';
import { type RateLimitRule, takeRateLimit } from '../services/accounts/rate-limit';
import { publicSettings, saveContactMessage, subscribe } from '../services/shop/shop';

/** The small public calls the storefront's layout and contact page need. */
export function shopRoutes(deps: RouteDeps) {
  // Each form stores a row: a script must not fill the admin's inbox or the subscriber list.
  const limit = (c: Context<AppEnv>, action: string, rule: RateLimitRule | undefined) =>
    takeRateLimit(deps.db, [`${action}:ip:${clientIp(c, deps.config.trustProxy)}`], rule, deps.clock(), SERVER_MESSAGES.tooManyRequests);
  return new Hono<AppEnv>()
    .get('/settings', async (c) => c.json({ data: await publicSettings(deps) } satisfies DataAnswer<ShopSettings>))
    .post('/contact', jsonBody(contactSchema), async (c) => {
      const input = c.req.valid('json');
      await limit(c, 'contact', deps.config.contactRateLimit);
      return c.json((await saveContactMessage(deps.db, input, deps.clock())) satisfies MessageAnswer, 201);
    })
    .post('/subscribe', jsonBody(subscribeSchema), async (c) => {
      const { email } = c.req.valid('json');
      await limit(c, 'subscribe', deps.config.subscribeRateLimit);
      return c.json((await subscribe(deps.db, email, deps.clock())) satisfies MessageAnswer);
    });
}
