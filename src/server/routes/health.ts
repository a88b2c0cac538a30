import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../http/env';

/** A database that hangs rather than refuses must not hold a process manager's probe for long. */
const HEALTH_TIMEOUT_MS = 2_000;

/**
 * For a process manager or a load balancer: 200 while the database answers, 503 when it does not.
 * With several processes it also says whether this one hears the others' catalogue changes
 * (`reconnecting`: its copies live only seconds meanwhile, so it keeps serving).
 */
export function healthRoutes(deps: RouteDeps) {
  return new Hono<AppEnv>().get('/health', async (c) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('health check timed out')), HEALTH_TIMEOUT_MS);
    });
    try {
      await Promise.race([deps.db.execute(sql`select 1`), timeout]);
      const notify = deps.catalogueNotify;
      return c.json({ status: 'ok', database: 'up', ...(notify ? { catalogueNotify: notify.isListening() ? 'listening' : 'reconnecting' } : {}) });
    } catch {
      return c.json({ message: 'The database is not reachable.', status: 'unavailable', database: 'down' }, 503);
    } finally {
      clearTimeout(timer);
    }
  });
}
