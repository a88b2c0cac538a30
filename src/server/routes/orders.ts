import type { Context } from 'hono';
import { Hono } from 'hono';
import { MESSAGES } from '../../shared/messages';
import { createGuestOrderSchema, createOrderSchema, IDEMPOTENCY_KEY, validatePromoSchema } from '../../shared/schemas/orders';
import { badRequest } from '../errors';
import { readOrderActor, requireAuth } from '../http/auth';
import type { AppDeps, AppEnv } from '../http/env';
import { clientIp } from '../http/forwarded';
import { readJson } from '../http/validate';
import type { CatalogueCache } from '../services/catalogue-cache';
import { cancelUnpaidOrder, findAccessibleOrder, listMyOrders, type PlaceOrderInput, placeOrder, toOrders } from '../services/orders';
import { validatePromo } from '../services/promo';
import { takeRateLimit } from '../services/rate-limit';

function idempotencyKey(c: Context): string | undefined {
  const key = c.req.header('idempotency-key')?.trim();
  if (key === undefined || key === '') return undefined; // the spec's own client sends none
  if (!IDEMPOTENCY_KEY.test(key)) throw badRequest(MESSAGES.invalidIdempotencyKey);
  return key;
}

/** Placing, reading and cancelling orders, for customers (bearer) and guests (order token). */
export function orderRoutes(deps: AppDeps, catalogue: CatalogueCache) {
  const { db, config } = deps;
  const auth = requireAuth(deps);

  const place = async (c: Context<AppEnv>, input: Omit<PlaceOrderInput, 'holdMinutes' | 'now' | 'idempotencyKey'>) => {
    const { answer, replayed } = await placeOrder(db, {
      ...input,
      idempotencyKey: idempotencyKey(c),
      holdMinutes: config.unpaidOrderHoldMinutes,
      now: deps.clock(),
    });
    // Stock changed: the next catalogue answer must show it.
    if (!replayed) catalogue.invalidate();
    return c.json(answer, 201, replayed ? { 'Idempotent-Replayed': 'true' } : {});
  };

  return new Hono<AppEnv>()
    .post('/createOrder', auth, async (c) => {
      const form = await readJson(c, createOrderSchema);
      return place(c, { form, userId: c.var.user.id });
    })
    .post('/createGuestOrder', async (c) => {
      const input = await readJson(c, createGuestOrderSchema);
      // Every guest order holds stock; a script placing many from one address must not empty the shop.
      await takeRateLimit(db, [`guest-order:ip:${clientIp(c, config.trustProxy)}`], config.orderRateLimit, deps.clock());
      const { cart, ...form } = input;
      return place(c, { form, guestCart: cart, userId: null });
    })
    .post('/validatePromo', async (c) => c.json(await validatePromo(db, await readJson(c, validatePromoSchema))))
    .post('/cancelOrder/:id', async (c) => {
      const order = await cancelUnpaidOrder(db, c.req.param('id'), await readOrderActor(c, deps), deps.clock());
      catalogue.invalidate();
      return c.json({ message: MESSAGES.orderCancelled, order });
    })
    .get('/getAllMyOrders', auth, async (c) => c.json({ Orders: await listMyOrders(db, c.var.user.id) }))
    .get('/getOrderById/:id', async (c) => {
      const row = await findAccessibleOrder(db, c.req.param('id'), await readOrderActor(c, deps), { allowAdmin: true });
      const [order] = await toOrders(db, [row]);
      return c.json({ order });
    });
}
