import { Hono } from 'hono';
import { addToCartSchema, mergeCartSchema, setCartItemSchema, updateCartItemSchema } from '@/shared/schemas/cart';
import type { CartAnswer, MergeCartAnswer } from '@/shared/types';
import { requireAuth } from '../http/auth';
import type { AppEnv, RouteDeps } from '../http/env';
import { jsonBody } from '../http/validate';
import { addToCart, clearCart, getCart, mergeCart, removeCartLine, setCartItem, updateCartLine } from '../services/orders/cart';

/** The signed-in customer's cart; every call answers the whole cart. */
export function cartRoutes(deps: RouteDeps) {
  const { db } = deps;
  // Per route, not `.use()`: a sub-app's middleware would also catch the other /api routes it is mounted beside.
  const auth = requireAuth(deps);
  return new Hono<AppEnv>()
    .get('/getMyCart', auth, async (c) => c.json((await getCart(db, c.var.user.id)) satisfies CartAnswer))
    .post('/addToCart', auth, jsonBody(addToCartSchema), async (c) => c.json((await addToCart(db, c.var.user.id, c.req.valid('json'))) satisfies CartAnswer))
    .post('/setCartItem', auth, jsonBody(setCartItemSchema), async (c) =>
      c.json((await setCartItem(db, c.var.user.id, c.req.valid('json'))) satisfies CartAnswer),
    )
    .patch('/updateCartItem/:lineId', auth, jsonBody(updateCartItemSchema), async (c) => {
      const { quantity } = c.req.valid('json');
      return c.json((await updateCartLine(db, c.var.user.id, c.req.param('lineId'), quantity)) satisfies CartAnswer);
    })
    .delete('/removeCartItemById/:lineId', auth, async (c) => c.json((await removeCartLine(db, c.var.user.id, c.req.param('lineId'))) satisfies CartAnswer))
    .delete('/clearCart', auth, async (c) => c.json((await clearCart(db, c.var.user.id)) satisfies CartAnswer))
    .post('/mergeCart', auth, jsonBody(mergeCartSchema), async (c) =>
      c.json((await mergeCart(db, c.var.user.id, c.req.valid('json'))) satisfies MergeCartAnswer),
    );
}
