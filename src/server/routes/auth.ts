import { type Context, Hono } from 'hono';
import * as z from 'zod/mini';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { forgotPasswordSchema, type LoginInput, loginSchema, resetSchemaFor, signUpSchema, updateUserSchema } from '@/shared/schemas/auth';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ChangeAnswer, ForgotPasswordAnswer, LoginAnswer, MessageAnswer, ResetPasswordAnswer, User } from '@/shared/types';
import { AppError, badRequest } from '../errors';
import { requireAuth } from '../http/auth';
import type { AppDeps, AppEnv, RouteDeps } from '../http/env';
import { clientIp } from '../http/forwarded';
import { jsonBody, parseWith } from '../http/validate';
import { notifyNow } from '../notify/outbox';
import { login, registerCustomer, revokeSession, updateUser } from '../services/accounts/auth';
import { canSendReset, requestPasswordReset, resetPassword } from '../services/accounts/password-reset';
import { clearRateLimits, countFailure, countSoFar, failureDelayMs, giveBack, takeLease, takeRateLimit } from '../services/accounts/rate-limit';

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long one sign-in check holds its e-mail's turn at most (the longest failure delay, argon2, a process that died). */
const SIGN_IN_CHECK_SECONDS = 30;

/**
 * The one limit on checks of a signed-in account's current password, whatever the path (profile
 * changes through updateUser, the admin's changePassword): a stolen token is no guessing oracle.
 */
export function currentPasswordCheck(deps: AppDeps, userId: string): () => Promise<void> {
  return () => takeRateLimit(deps.db, [`current-password:user:${userId}`], deps.config.authRateLimit.perEmail, deps.clock());
}

/**
 * POST /login's password check with its limits. Sign-in counts failures only: each key is taken before the password is checked (so parallel
 * guesses cannot slip past a limit) and given back, or cleared, when it was right. Per client address
 * a generous flood guard (a carrier's shoppers share one); per (e-mail, address) pair a hard limit;
 * per e-mail from anywhere a growing delay, never a refusal. One check at a time per e-mail: a
 * parallel try is refused with 429, so many addresses guessing at once are not all checked. Unknown
 * e-mails are counted alike, so nothing tells them apart.
 */
function signInWithLimits(deps: RouteDeps) {
  const { perIp, perEmail, failureDelay } = deps.config.authRateLimit;
  const sleep = deps.sleep ?? realSleep;
  return async (c: Context<AppEnv>, input: LoginInput) => {
    const ip = clientIp(c, deps.config.trustProxy);
    const now = deps.clock();
    const ipKey = `login:ip:${ip}`;
    const pairKey = `login:pair:${ip}|${input.email}`;
    const accountKey = `login:account:${input.email}`;
    const turnKey = `login:checking:${input.email}`;
    await takeRateLimit(deps.db, [ipKey], perIp, now);
    try {
      await takeRateLimit(deps.db, [pairKey], perEmail, now);
    } catch (error) {
      await giveBack(deps.db, [ipKey], now);
      throw error;
    }
    const oneAtATime = perEmail.max > 0;
    if (oneAtATime && !(await takeLease(deps.db, turnKey, SIGN_IN_CHECK_SECONDS, now))) {
      // Not a checked password: nothing stays counted.
      await giveBack(deps.db, [ipKey, pairKey], now);
      throw new AppError(429, SERVER_MESSAGES.checkInProgress, undefined, { 'Retry-After': '1' });
    }
    try {
      const delayOn = failureDelay !== undefined && failureDelay.maxMs > 0;
      if (delayOn) {
        const wait = failureDelayMs(await countSoFar(deps.db, accountKey, now), failureDelay);
        if (wait > 0) await sleep(wait);
      }
      try {
        const answer = await login(deps.db, input, deps.clock());
        await clearRateLimits(deps.db, [pairKey, accountKey]);
        await giveBack(deps.db, [ipKey], now);
        return answer;
      } catch (error) {
        if (delayOn && error instanceof AppError && error.status === 401) {
          await countFailure(deps.db, accountKey, perEmail.windowSeconds, deps.clock());
        }
        throw error;
      }
    } finally {
      if (oneAtATime) await clearRateLimits(deps.db, [turnKey]);
    }
  };
}

export function authRoutes(deps: RouteDeps) {
  const { perIp, perEmail } = deps.config.authRateLimit;
  const limit = async (action: string, ip: string, email: string) => {
    const now = deps.clock();
    await takeRateLimit(deps.db, [`${action}:ip:${ip}`], perIp, now);
    await takeRateLimit(deps.db, [`${action}:email:${email}`], perEmail, now);
  };

  const signIn = signInWithLimits(deps);

  return new Hono<AppEnv>()
    .post('/login', jsonBody(loginSchema), async (c) => {
      const input = c.req.valid('json');
      return c.json((await signIn(c, input)) satisfies LoginAnswer);
    })
    .post('/addUser', jsonBody(signUpSchema), async (c) => {
      const input = c.req.valid('json');
      await limit('signup', clientIp(c, deps.config.trustProxy), input.email);
      const user = await registerCustomer(deps.db, input, deps.clock());
      return c.json({ message: PAGE_MESSAGES.registered, data: user } satisfies ChangeAnswer<User>, 201);
    })
    .post('/forgotPassword', jsonBody(forgotPasswordSchema), async (c) => {
      const { contact } = c.req.valid('json');
      // Only where the shop can send: with no SMTP (or no SMS gateway) nobody would ever get it.
      if (!canSendReset(deps.config, contact.channel)) {
        throw badRequest(ACCOUNT_TEXTS.resetByUnavailable, [{ path: ['contact'], message: ACCOUNT_TEXTS.resetByUnavailable }]);
      }
      const now = deps.clock();
      // A flood guard per client address; then per address typed (known or not alike; an account has
      // one e-mail and at most one phone). Past that nothing is sent and nothing replaced, so the newest
      // link or code the owner already got still works: a stranger's requests cannot block the owner.
      await takeRateLimit(deps.db, [`reset:ip:${clientIp(c, deps.config.trustProxy)}`], perIp, now);
      await takeRateLimit(deps.db, [`reset:address:${contact.channel}:${contact.address}`], perEmail, now, ACCOUNT_TEXTS.resetAlreadySent(contact.channel));
      await requestPasswordReset(deps.db, notifyNow(deps), contact);
      const message = contact.channel === 'email' ? ACCOUNT_TEXTS.resetLinkSent : ACCOUNT_TEXTS.resetCodeSent;
      return c.json({ message, channel: contact.channel } satisfies ForgotPasswordAnswer);
    })
    .post('/resetPassword', jsonBody(z.record(z.string(), z.unknown())), async (c) => {
      const body = c.req.valid('json');
      const input = parseWith(resetSchemaFor(body), body);
      // A flood guard per client address, counting failures only (one address trying many accounts);
      // codes are also limited per account across requests (password-reset.ts).
      const ipKey = `reset-confirm:ip:${clientIp(c, deps.config.trustProxy)}`;
      const now = deps.clock();
      await takeRateLimit(deps.db, [ipKey], perIp, now);
      const answer = await resetPassword(deps.db, deps.secret, input, now, { wrongCodes: deps.config.resetCodeRateLimit });
      await giveBack(deps.db, [ipKey], now);
      return c.json(answer satisfies ResetPasswordAnswer);
    })
    .post('/logout', requireAuth(deps), async (c) => {
      await revokeSession(deps.db, c.var.user.sessionId, deps.clock());
      return c.json({ message: PAGE_MESSAGES.loggedOut } satisfies MessageAnswer);
    })
    .patch(
      '/updateUser/:userId',
      requireAuth(deps),
      // Only the account itself (before its body is read); admins manage other accounts through the admin API.
      async (c, next) => {
        if (c.req.param('userId') !== c.var.user.id) throw new AppError(403, SERVER_MESSAGES.forbidden);
        await next();
      },
      jsonBody(updateUserSchema),
      async (c) => {
        const input = c.req.valid('json');
        const user = await updateUser(deps.db, c.var.user, input, deps.clock(), { beforePasswordCheck: currentPasswordCheck(deps, c.var.user.id) });
        return c.json({ message: PAGE_MESSAGES.profileUpdated, data: user } satisfies ChangeAnswer<User>);
      },
    );
}
