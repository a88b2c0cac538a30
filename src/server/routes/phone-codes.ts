import { Hono } from 'hono';
import { phoneCodeRequestSchema, phoneCodeVerifySchema } from '@/shared/schemas/phone-codes';
import type { PhoneCodeAnswer, PhoneTokenAnswer } from '@/shared/types';
import { readOrderActor } from '../http/auth';
import type { AppEnv, RouteDeps } from '../http/env';
import { clientIp } from '../http/forwarded';
import { jsonBody } from '../http/validate';
import { notifyNow } from '../notify/outbox';
import { DEFAULT_PHONE_CODE_LIMITS, requestPhoneCode, verifyPhoneCode } from '../services/orders/phone-verification';

/** A shopper confirms their phone with a code sent by SMS, and gets a phone token for this device's orders. */
export function phoneCodeRoutes(deps: RouteDeps) {
  const { db, config } = deps;
  return new Hono<AppEnv>()
    .post('/phoneCodes', jsonBody(phoneCodeRequestSchema), async (c) => {
      const { phone } = c.req.valid('json');
      const trust = config.buyerTrust;
      const answer = await requestPhoneCode(db, notifyNow(deps), {
        phone,
        ip: clientIp(c, config.trustProxy),
        // Without trust rules (tests that do not check them) codes go wherever the reset by SMS would.
        smsCodes: trust?.smsCodes ?? config.passwordReset?.sms ?? true,
        limits: trust?.phoneCodes ?? DEFAULT_PHONE_CODE_LIMITS,
      });
      return c.json(answer satisfies PhoneCodeAnswer);
    })
    .post('/phoneCodes/verify', jsonBody(phoneCodeVerifySchema), async (c) => {
      const input = c.req.valid('json');
      // A signed-in customer's confirmed phone is kept on the account (a bad bearer token is still a 401).
      const { user } = await readOrderActor(c, deps);
      return c.json((await verifyPhoneCode(db, deps.secret, { ...input, userId: user?.id }, deps.clock())) satisfies PhoneTokenAnswer);
    });
}
