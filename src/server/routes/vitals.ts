import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { VITALS_BODY_LIMIT, vitalsBeaconSchema } from '@/shared/schemas/vitals';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { AppEnv, RouteDeps } from '../http/env';
import { clientIp } from '../http/forwarded';
import { jsonBody } from '../http/validate';
import { takeRateLimit } from '../services/accounts/rate-limit';
import { recordVitals, VITALS_DEFAULT_PER_DAY } from '../services/shop/vitals';

/**
 * POST /vitals: a storefront page view's speed (navigator.sendBeacon, sent as text/plain or JSON:
 * the body is read as JSON whatever its type). 204 whether it was counted, over the day's cap or
 * had nothing in range; no cookie is read or set and nothing names the shopper.
 */
export function vitalsRoutes(deps: RouteDeps) {
  const perDay = deps.config.vitalsPerDay ?? VITALS_DEFAULT_PER_DAY;
  return new Hono<AppEnv>().post(
    '/vitals',
    bodyLimit({ maxSize: VITALS_BODY_LIMIT, onError: (c) => c.json({ message: SERVER_MESSAGES.bodyTooLarge }, 413) }),
    jsonBody(vitalsBeaconSchema),
    async (c) => {
      const beacon = c.req.valid('json');
      await takeRateLimit(
        deps.db,
        [`vitals:ip:${clientIp(c, deps.config.trustProxy)}`],
        deps.config.vitalsRateLimit,
        deps.clock(),
        SERVER_MESSAGES.tooManyRequests,
      );
      await recordVitals(deps.db, beacon, deps.clock(), perDay);
      return c.body(null, 204);
    },
  );
}
