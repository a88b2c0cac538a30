import { Hono } from 'hono';
import type { GoLiveResult, SetupGuide } from '@/shared/admin-types';
import { goLiveSchema, setupTicksSchema } from '@/shared/schemas/setup';
import type { DataAnswer } from '@/shared/types';
import { requireAdmin } from '../http/auth';
import type { AppEnv, RouteDeps } from '../http/env';
import { jsonBody } from '../http/validate';
import { goLive } from '../services/shop/go-live';
import { NO_SETUP_CONFIG, setPoliciesDone, setupGuide } from '../services/shop/setup-guide';

/** Admin: the setup guide and going live. */
export function setupRoutes(deps: RouteDeps) {
  const admin = requireAdmin(deps);
  const config = deps.config.setup ?? NO_SETUP_CONFIG;
  return new Hono<AppEnv>()
    .get('/setupGuide', admin, async (c) => c.json({ data: await setupGuide(deps.db, config, c.var.user.id) } satisfies DataAnswer<SetupGuide>))
    .patch('/setupGuide', admin, jsonBody(setupTicksSchema), async (c) => {
      const input = c.req.valid('json');
      await setPoliciesDone(deps.db, input.policiesDone);
      return c.json({ data: await setupGuide(deps.db, config, c.var.user.id) } satisfies DataAnswer<SetupGuide>);
    })
    .post('/goLive', admin, jsonBody(goLiveSchema), async (c) => {
      c.req.valid('json');
      const result = await goLive({ db: deps.db, images: deps.images, backup: deps.backup }, { callerId: c.var.user.id });
      return c.json({ data: result } satisfies DataAnswer<GoLiveResult>);
    });
}
