import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Role } from '@/shared/constants';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import { AppError } from '../errors';
import { type AuthUser, authenticate } from '../services/accounts/auth';
import type { OrderActor } from '../services/orders/orders';
import type { AppDeps, AppEnv } from './env';

/** Tokens are 43 base64url characters; anything else cannot be one of ours. */
const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;
const ORDER_TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/** The user behind an Authorization header; 401 for a token that is malformed, unknown, expired or revoked. */
async function userFromHeader(deps: AppDeps, header: string): Promise<AuthUser> {
  const token = BEARER.exec(header)?.[1];
  const user = token ? await authenticate(deps.db, token, deps.clock()) : undefined;
  if (!user) throw new AppError(401, PAGE_MESSAGES.sessionExpired, undefined, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
  return user;
}

/** Puts the signed-in user in `c.var.user`, or answers 401. */
export function requireAuth(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) throw new AppError(401, SERVER_MESSAGES.signInRequired, undefined, { 'WWW-Authenticate': 'Bearer' });
    c.set('user', await userFromHeader(deps, header));
    await next();
  });
}

/** After requireAuth: 403 unless the user has one of the roles. */
export function requireRole(...roles: Role[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!roles.includes(c.var.user.role)) throw new AppError(403, SERVER_MESSAGES.forbidden);
    await next();
  });
}

/** Signed in (401) and an admin (403): every admin call. */
export function requireAdmin(deps: AppDeps) {
  const auth = requireAuth(deps);
  const admin = requireRole('admin');
  return createMiddleware<AppEnv>(async (c, next) => {
    await auth(c, async () => {
      await admin(c, next);
    });
  });
}

/**
 * Who acts on an order: the signed-in user if there is a bearer token (a bad one is still 401),
 * and the guest's order token from `X-Order-Token` (never from the URL).
 */
export async function readOrderActor(c: Context<AppEnv>, deps: AppDeps): Promise<OrderActor> {
  const header = c.req.header('authorization');
  const orderToken = c.req.header('x-order-token')?.trim();
  return {
    user: header ? await userFromHeader(deps, header) : undefined,
    orderToken: orderToken && ORDER_TOKEN.test(orderToken) ? { token: orderToken, secret: deps.secret } : undefined,
  };
}
