import { createMiddleware } from 'hono/factory';
import type { Role } from '../../shared/constants';
import { MESSAGES } from '../../shared/messages';
import { AppError } from '../errors';
import { authenticate } from '../services/auth';
import type { AppDeps, AppEnv } from './env';

/** Tokens are 43 base64url characters; anything else cannot be one of ours. */
const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

/** Puts the signed-in user in `c.var.user`, or answers 401. */
export function requireAuth(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) throw new AppError(401, MESSAGES.signInRequired, undefined, { 'WWW-Authenticate': 'Bearer' });
    const token = BEARER.exec(header)?.[1];
    const user = token ? await authenticate(deps.db, token, deps.clock()) : undefined;
    if (!user) throw new AppError(401, MESSAGES.sessionExpired, undefined, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    c.set('user', user);
    await next();
  });
}

/** After requireAuth: 403 unless the user has one of the roles. */
export function requireRole(...roles: Role[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!roles.includes(c.var.user.role)) throw new AppError(403, MESSAGES.forbidden);
    await next();
  });
}
