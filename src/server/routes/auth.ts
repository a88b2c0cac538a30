import { Hono } from 'hono';
import { MESSAGES } from '../../shared/messages';
import { loginSchema, signUpSchema, updateUserSchema } from '../../shared/schemas/auth';
import { AppError } from '../errors';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { clientIp } from '../http/forwarded';
import { readJson } from '../http/validate';
import { login, registerCustomer, revokeSession, updateUser } from '../services/auth';
import { takeRateLimit } from '../services/rate-limit';

export function authRoutes(deps: AppDeps) {
  const { perIp, perEmail } = deps.config.authRateLimit;
  const limit = async (action: string, ip: string, email: string) => {
    const now = deps.clock();
    await takeRateLimit(deps.db, [`${action}:ip:${ip}`], perIp, now);
    await takeRateLimit(deps.db, [`${action}:email:${email}`], perEmail, now);
  };

  return new Hono<AppEnv>()
    .post('/login', async (c) => {
      const input = await readJson(c, loginSchema);
      await limit('login', clientIp(c, deps.config.trustProxy), input.email);
      return c.json(await login(deps.db, input, deps.clock()));
    })
    .post('/addUser', async (c) => {
      const input = await readJson(c, signUpSchema);
      await limit('signup', clientIp(c, deps.config.trustProxy), input.email);
      const user = await registerCustomer(deps.db, input, deps.clock());
      return c.json({ message: MESSAGES.registered, data: user }, 201);
    })
    .post('/logout', requireAuth(deps), async (c) => {
      await revokeSession(deps.db, c.var.user.sessionId, deps.clock());
      return c.json({ message: MESSAGES.loggedOut });
    })
    .patch('/updateUser/:userId', requireAuth(deps), async (c) => {
      // Only the account itself; admins manage other accounts through the admin API.
      if (c.req.param('userId') !== c.var.user.id) throw new AppError(403, MESSAGES.forbidden);
      const input = await readJson(c, updateUserSchema);
      const user = await updateUser(deps.db, c.var.user, input, deps.clock());
      return c.json({ message: MESSAGES.profileUpdated, data: user });
    });
}
