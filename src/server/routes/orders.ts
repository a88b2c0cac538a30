import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { ACCOUNT_TEXTS } from '@/shared/account-texts';
import { PAGE_MESSAGES } from '@/shared/page-messages';
import { orderLookupSchema } from '@/shared/schemas/auth';
import { createGuestOrderSchema, createOrderSchema, validatePromoSchema } from '@/shared/schemas/orders';
import { SERVER_MESSAGES } from '@/shared/server-messages';
import type { ListAnswer, Order, OrderAnswer, OrderChangeAnswer, OrderLookupAnswer, OrderReadAnswer, PromoAnswer } from '@/shared/types';
import { VERIFICATION_TEXTS } from '@/shared/verification-texts';
import { users } from '../db/schema';
import { AppError, badRequest, notFound } from '../errors';
import { readOrderActor, requireAuth } from '../http/auth';
import type { AppEnv, RouteDeps } from '../http/env';
import { clientIp } from '../http/forwarded';
import { idempotencyKeyOf } from '../http/idempotency';
import { jsonBody } from '../http/validate';
import { orderIdOfLink } from '../notify/order-link';
import { notifyNow } from '../notify/outbox';
import { giveBack, takeRateLimit } from '../services/accounts/rate-limit';
import { lookupOrder } from '../services/orders/order-lookup';
import { verifyOrder } from '../services/orders/order-verification';
import {
  buyerKeys,
  cancelUnpaidOrder,
  findAccessibleOrder,
  listMyOrders,
  loadOrder,
  type PlaceOrderInput,
  placeOrder,
  toAdminOrders,
  toOrders,
} from '../services/orders/orders';
import { phoneOfToken } from '../services/orders/phone-verification';
import { validatePromo } from '../services/orders/promo';
import { offeredProvider } from '../services/payments/payment-deps';
import { isDemoShop } from '../services/shop/shop';

/** The phone this device proved (`X-Phone-Token`), else the signed-in customer's confirmed one. */
async function provenPhone(deps: RouteDeps, c: Context<AppEnv>, userId: string | null): Promise<string | undefined> {
  const fromToken = phoneOfToken(deps.secret, c.req.header('x-phone-token'), deps.clock());
  if (fromToken || !userId) return fromToken;
  const [user] = await deps.db.select({ verifiedPhone: users.verifiedPhone }).from(users).where(eq(users.id, userId));
  return user?.verifiedPhone ?? undefined;
}

/** An order placed as the shop's settings say, answered 201 (or the same order again for a key sent before). */
async function place(
  deps: RouteDeps,
  c: Context<AppEnv>,
  input: Omit<
    PlaceOrderInput,
    'holdMinutes' | 'codConfirmHours' | 'buyerUnitsPerDay' | 'now' | 'idempotencyKey' | 'secret' | 'publicUrl' | 'messageLinks' | 'trust'
  >,
  verifiedPhone: string | undefined,
) {
  const { db, config } = deps;
  // No provider (no Paystack key, not a demo shop), or the demo's sandbox after go-live: Cash on Delivery only.
  if (input.form.paymentMethod === 'Mobile Money' && !offeredProvider(deps.payments, deps.payments?.demoOnly ? await isDemoShop(db) : true)) {
    throw badRequest(SERVER_MESSAGES.mobileMoneyUnavailable, [{ path: ['paymentMethod'], message: SERVER_MESSAGES.mobileMoneyUnavailable }]);
  }
  const trust = config.buyerTrust;
  const { answer, replayed } = await placeOrder(db, {
    ...input,
    idempotencyKey: idempotencyKeyOf(c),
    holdMinutes: config.unpaidOrderHoldMinutes,
    codConfirmHours: config.codConfirmHours,
    buyerUnitsPerDay: config.buyerUnitsPerDay,
    secret: deps.secret,
    publicUrl: config.publicUrl,
    messageLinks: config.messageLinks,
    now: deps.clock(),
    trust: trust && {
      verifiedPhone,
      smsCodes: trust.smsCodes,
      unverifiedHoldMinutes: trust.unverifiedHoldMinutes,
      unverifiedSharePercent: trust.unverifiedSharePercent,
    },
  });
  return c.json(answer satisfies OrderAnswer, 201, replayed ? { 'Idempotent-Replayed': 'true' } : {});
}

/** Placing, reading and cancelling orders, for customers (bearer) and guests (order token). */
export function orderRoutes(deps: RouteDeps) {
  const { db, config } = deps;
  const auth = requireAuth(deps);

  return new Hono<AppEnv>()
    .post('/createOrder', auth, jsonBody(createOrderSchema), async (c) => {
      const form = c.req.valid('json');
      return place(deps, c, { form, userId: c.var.user.id }, await provenPhone(deps, c, c.var.user.id));
    })
    .post('/createGuestOrder', jsonBody(createGuestOrderSchema), async (c) => {
      const input = c.req.valid('json');
      const verifiedPhone = await provenPhone(deps, c, null);
      // A script placing many orders from one address must not empty the shop. A buyer with a proven
      // phone is counted by that phone instead (the per-buyer limit), so a carrier address shared with
      // such a script never stops them.
      if (!verifiedPhone || verifiedPhone !== buyerKeys(input).phone) {
        try {
          await takeRateLimit(db, [`guest-order:ip:${clientIp(c, config.trustProxy)}`], config.orderRateLimit, deps.clock());
        } catch (error) {
          // The way through for a real shopper on that network: confirm the phone, then order (the checkout offers it).
          if (!(error instanceof AppError) || error.status !== 429 || !config.buyerTrust?.smsCodes) throw error;
          throw new AppError(429, VERIFICATION_TEXTS.networkBusy, [{ path: ['phoneToken'], message: VERIFICATION_TEXTS.networkBusy }], error.headers);
        }
      }
      const { cart, ...form } = input;
      return place(deps, c, { form, guestCart: cart, userId: null }, verifiedPhone);
    })
    .post('/orders/:id/verification', async (c) => {
      // The order's buyer proved its phone with a code; its items are put aside until the shop delivers.
      const phone = phoneOfToken(deps.secret, c.req.header('x-phone-token'), deps.clock());
      const answer = await verifyOrder(db, c.req.param('id'), await readOrderActor(c, deps), phone, config, deps.clock());
      return c.json(answer satisfies OrderChangeAnswer);
    })
    .post('/validatePromo', jsonBody(validatePromoSchema), async (c) => {
      const input = c.req.valid('json');
      // Codes must not be found by guessing: each address gets a few tries a window.
      await takeRateLimit(db, [`promo:ip:${clientIp(c, config.trustProxy)}`], config.promoRateLimit, deps.clock());
      return c.json((await validatePromo(db, input, deps.clock())) satisfies PromoAnswer);
    })
    .post('/cancelOrder/:id', async (c) => {
      const order = await cancelUnpaidOrder(db, c.req.param('id'), await readOrderActor(c, deps), notifyNow(deps));
      return c.json({ message: PAGE_MESSAGES.orderCancelled, order } satisfies OrderChangeAnswer);
    })
    .get('/orderByLink/:code', async (c) => {
      // The short link in a message: that one order, read-only, to whoever holds the link.
      const orderId = orderIdOfLink(deps.secret, c.req.param('code'), deps.clock());
      const order = orderId ? await loadOrder(db, orderId) : undefined;
      if (!order) throw notFound(SERVER_MESSAGES.orderLinkInvalid);
      return c.json({ order } satisfies OrderReadAnswer);
    })
    .post('/lookupOrder', jsonBody(orderLookupSchema), async (c) => {
      const input = c.req.valid('json');
      // Failures only (a found order gives its hits back): per client address a flood guard; per
      // (order number, address) pair, so a stranger's tries never touch the guest elsewhere; per order
      // number from anywhere, so many addresses cannot guess one order's contact. Past that the guest
      // still opens the order from the link in the shop's messages (the answer says so).
      const { perIp, perEmail } = config.authRateLimit;
      const now = deps.clock();
      const ip = clientIp(c, config.trustProxy);
      const [ipKey, pairKey, orderKey] = [`lookup:ip:${ip}`, `lookup:pair:${input.orderNumber}|${ip}`, `lookup:order:${input.orderNumber}`];
      await takeRateLimit(db, [ipKey], perIp, now);
      await takeRateLimit(db, [pairKey], perEmail, now);
      await takeRateLimit(db, [orderKey], config.lookupRateLimit, now, ACCOUNT_TEXTS.orderLookupUseLink);
      const answer = await lookupOrder(db, deps.secret, input, now);
      await giveBack(db, [ipKey, pairKey, orderKey], now);
      return c.json(answer satisfies OrderLookupAnswer);
    })
    .get('/getAllMyOrders', auth, async (c) => c.json({ Orders: await listMyOrders(db, c.var.user.id) } satisfies ListAnswer<'Orders', Order>))
    .get('/getOrderById/:id', async (c) => {
      const actor = await readOrderActor(c, deps);
      const row = await findAccessibleOrder(db, c.req.param('id'), actor, { allowAdmin: true });
      // Flags and disputes are for the shop's people only.
      const [order] = actor.user?.role === 'admin' ? await toAdminOrders(db, [row]) : await toOrders(db, [row]);
      // One row makes one order: for the type, which cannot know it.
      if (!order) throw notFound(PAGE_MESSAGES.orderNotFound);
      return c.json({ order } satisfies OrderReadAnswer);
    });
}
