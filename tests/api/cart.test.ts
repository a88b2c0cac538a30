import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, products } from '@/server/db/schema';
import { setupTestApi } from '../helpers/api';

const api = setupTestApi();

const MISSING_ID = '6f1c2b1e-0000-4000-8000-000000000000';

interface Line {
  _id: string;
  quantity: number;
  product: { _id: string; name: string; price: number; productImageUrls: string[]; stock: number };
}

/** The lines of a cart answer. */
const itemsOf = (body: { Cart: { items: Line[] }[] }): Line[] => body.Cart[0]!.items;

/** productId → quantity, straight from the database, for one user. */
async function dbCart(userId: string): Promise<Record<string, number>> {
  const rows = await api.db.select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(asc(cartItems.productId));
  return Object.fromEntries(rows.map((r) => [r.productId, r.quantity]));
}

async function add(token: string, productId: string, quantity: number | string) {
  return api.json('POST', '/api/addToCart', { token, body: { productId, quantity } });
}

describe('GET /api/getMyCart', () => {
  it('answers an empty cart in the spec shape', async () => {
    const user = await api.createUser();
    const { status, body, res } = await api.json('GET', '/api/getMyCart', { token: user.token });
    expect(status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(body).toEqual({ Cart: [{ items: [] }] });
  });

  it('lists the lines with a snapshot of each product, prices in cedis', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ name: 'Raw Shea Butter', price: 45.5, stock: 12 });
    const chebe = await api.createProduct({ name: 'Chebe Oil', price: 80, stock: 3, images: [] });
    await add(user.token, shea.id, 2);
    await add(user.token, chebe.id, 1);

    const { status, body } = await api.json('GET', '/api/getMyCart', { token: user.token });
    expect(status).toBe(200);
    expect(body.message).toBeUndefined();
    const items = itemsOf(body);
    expect(items).toHaveLength(2);
    expect(items.find((l) => l.product._id === shea.id)).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      quantity: 2,
      product: {
        _id: shea.id,
        // Its address, for the cart line's link.
        slug: 'raw-shea-butter',
        name: 'Raw Shea Butter',
        price: 45.5,
        productImageUrls: ['/uploads/0123456789abcdef0123456789abcdef-640.webp'],
        stock: 12,
        maxPerOrder: null,
      },
    });
    expect(items.find((l) => l.product._id === chebe.id)).toMatchObject({
      quantity: 1,
      product: { _id: chebe.id, name: 'Chebe Oil', price: 80, productImageUrls: [], stock: 3 },
    });
  });
});

describe('POST /api/addToCart', () => {
  it('adds a line and answers the whole cart with "{name} added to cart"', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ name: 'Raw Shea Butter', stock: 10 });

    const { status, body } = await add(user.token, shea.id, 2);
    expect(status).toBe(200);
    expect(body.message).toBe('Raw Shea Butter added to cart');
    expect(itemsOf(body)).toEqual([expect.objectContaining({ quantity: 2, product: expect.objectContaining({ _id: shea.id, name: 'Raw Shea Butter' }) })]);
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 2 });
  });

  it('adding the same product again sums the quantities on one line', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });

    const first = await add(user.token, shea.id, 2);
    const second = await add(user.token, shea.id, 3);
    expect(second.status).toBe(200);
    expect(itemsOf(second.body)).toHaveLength(1);
    expect(itemsOf(second.body)[0]).toMatchObject({ _id: itemsOf(first.body)[0]!._id, quantity: 5 });
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 5 });
  });

  it('accepts the quantity as a digit string', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    const { status, body } = await add(user.token, shea.id, '3');
    expect(status).toBe(200);
    expect(itemsOf(body)[0]!.quantity).toBe(3);
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 3 });
  });
});

describe('POST /api/setCartItem', () => {
  it('sets an absolute quantity, replacing what was there', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    await add(user.token, shea.id, 4);

    const { status, body } = await api.json('POST', '/api/setCartItem', { token: user.token, body: { productId: shea.id, quantity: 2 } });
    expect(status).toBe(200);
    expect(body.message).toBe('Quantity updated');
    expect(itemsOf(body)).toEqual([expect.objectContaining({ quantity: 2 })]);
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 2 });
  });

  it('replayed twice leaves one line with that quantity', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });

    for (let i = 0; i < 2; i++) {
      const { status, body } = await api.json('POST', '/api/setCartItem', { token: user.token, body: { productId: shea.id, quantity: 3 } });
      expect(status).toBe(200);
      expect(itemsOf(body)).toEqual([expect.objectContaining({ quantity: 3 })]);
    }
    const rows = await api.db.select().from(cartItems);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, productId: shea.id, quantity: 3 });
  });

  it('replays sent at the same time still leave one line', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });

    const answers = await Promise.all(
      [0, 1, 2].map(() => api.json('POST', '/api/setCartItem', { token: user.token, body: { productId: shea.id, quantity: 4 } })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const rows = await api.db.select().from(cartItems);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ productId: shea.id, quantity: 4 });
  });

  it('quantity 0 removes the line', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    const chebe = await api.createProduct({ stock: 10 });
    await add(user.token, shea.id, 2);
    await add(user.token, chebe.id, 1);

    const { status, body } = await api.json('POST', '/api/setCartItem', { token: user.token, body: { productId: shea.id, quantity: 0 } });
    expect(status).toBe(200);
    expect(body.message).toBe('Item removed from cart');
    expect(itemsOf(body).map((l) => l.product._id)).toEqual([chebe.id]);
    expect(await dbCart(user.id)).toEqual({ [chebe.id]: 1 });
  });

  it('quantity 0 for a line that is not there is fine (a replayed removal)', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    const chebe = await api.createProduct({ stock: 10 });
    await add(user.token, chebe.id, 1);

    for (const productId of [shea.id, MISSING_ID]) {
      const { status, body } = await api.json('POST', '/api/setCartItem', { token: user.token, body: { productId, quantity: 0 } });
      expect(status).toBe(200);
      expect(itemsOf(body).map((l) => l.product._id)).toEqual([chebe.id]);
    }
    expect(await dbCart(user.id)).toEqual({ [chebe.id]: 1 });
  });

  it('refuses a quantity over stock with 409, leaving the line as it was', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 5 });
    await add(user.token, shea.id, 2);

    const { status, body } = await api.json('POST', '/api/setCartItem', { token: user.token, body: { productId: shea.id, quantity: 6 } });
    expect(status).toBe(409);
    expect(body).toEqual({ message: 'Only 5 items available in stock' });
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 2 });
  });
});

describe('PATCH /api/updateCartItem/:lineId', () => {
  it('sets the quantity of one of my lines', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    const lineId = itemsOf((await add(user.token, shea.id, 1)).body)[0]!._id;

    const { status, body } = await api.json('PATCH', `/api/updateCartItem/${lineId}`, { token: user.token, body: { quantity: 7 } });
    expect(status).toBe(200);
    expect(body.message).toBe('Quantity updated');
    expect(itemsOf(body)).toEqual([expect.objectContaining({ _id: lineId, quantity: 7 })]);
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 7 });
  });

  it('quantity 0 removes the line', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    const lineId = itemsOf((await add(user.token, shea.id, 1)).body)[0]!._id;

    const { status, body } = await api.json('PATCH', `/api/updateCartItem/${lineId}`, { token: user.token, body: { quantity: 0 } });
    expect(status).toBe(200);
    expect(itemsOf(body)).toEqual([]);
    expect(await dbCart(user.id)).toEqual({});
  });

  it('refuses more than the stock with 409 and keeps the quantity', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 4 });
    const lineId = itemsOf((await add(user.token, shea.id, 2)).body)[0]!._id;

    const { status, body } = await api.json('PATCH', `/api/updateCartItem/${lineId}`, { token: user.token, body: { quantity: 5 } });
    expect(status).toBe(409);
    expect(body).toEqual({ message: 'Only 4 items available in stock' });
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 2 });
  });

  it('answers 404 for a missing or malformed line id', async () => {
    const user = await api.createUser();
    for (const lineId of [MISSING_ID, 'not-a-line']) {
      const { status, body } = await api.json('PATCH', `/api/updateCartItem/${lineId}`, { token: user.token, body: { quantity: 1 } });
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'Cart item not found' });
    }
  });

  it('refuses a negative, fractional or non-numeric quantity with 400 and keeps the line', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    const lineId = itemsOf((await add(user.token, shea.id, 2)).body)[0]!._id;

    for (const quantity of [-1, 1.5, 'abc', null]) {
      const { status, body } = await api.json('PATCH', `/api/updateCartItem/${lineId}`, { token: user.token, body: { quantity } });
      expect(status, String(quantity)).toBe(400);
      expect(body.message).toBe('Please enter a valid quantity');
      expect(body.errors.length).toBeGreaterThan(0);
    }
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 2 });
  });
});

describe('DELETE /api/removeCartItemById/:lineId', () => {
  it('removes that line only', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    const chebe = await api.createProduct({ stock: 10 });
    const sheaLine = itemsOf((await add(user.token, shea.id, 1)).body)[0]!._id;
    await add(user.token, chebe.id, 2);

    const { status, body } = await api.json('DELETE', `/api/removeCartItemById/${sheaLine}`, { token: user.token });
    expect(status).toBe(200);
    expect(body.message).toBe('Item removed from cart');
    expect(itemsOf(body).map((l) => l.product._id)).toEqual([chebe.id]);
    expect(await dbCart(user.id)).toEqual({ [chebe.id]: 2 });

    const again = await api.json('DELETE', `/api/removeCartItemById/${sheaLine}`, { token: user.token });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Cart item not found' });
  });
});

describe('DELETE /api/clearCart', () => {
  it('empties my cart and leaves other carts alone', async () => {
    const me = await api.createUser();
    const other = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    const chebe = await api.createProduct({ stock: 10 });
    await add(me.token, shea.id, 1);
    await add(me.token, chebe.id, 1);
    await add(other.token, shea.id, 3);

    const { status, body } = await api.json('DELETE', '/api/clearCart', { token: me.token });
    expect(status).toBe(200);
    expect(body).toEqual({ Cart: [{ items: [] }], message: 'Cart cleared' });
    expect(await dbCart(me.id)).toEqual({});
    expect(await dbCart(other.id)).toEqual({ [shea.id]: 3 });
  });
});

describe('POST /api/mergeCart', () => {
  it('adds guest lines, summing duplicates and what was already in the cart', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ name: 'Shea', stock: 20 });
    const chebe = await api.createProduct({ name: 'Chebe', stock: 20 });
    const soap = await api.createProduct({ name: 'Soap', stock: 20 });
    await add(user.token, shea.id, 2);

    const { status, body } = await api.json('POST', '/api/mergeCart', {
      token: user.token,
      body: {
        items: [
          { productId: shea.id, quantity: 3 },
          { productId: chebe.id, quantity: '1' },
          { productId: chebe.id, quantity: 4 },
          { productId: soap.id, quantity: 1 },
        ],
      },
    });
    expect(status).toBe(200);
    expect(body.skipped).toEqual([]);
    expect(body.adjusted).toEqual([]);
    const quantities = Object.fromEntries(itemsOf(body).map((l) => [l.product._id, l.quantity]));
    expect(quantities).toEqual({ [shea.id]: 5, [chebe.id]: 5, [soap.id]: 1 });
    expect(itemsOf(body)).toHaveLength(3);
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 5, [chebe.id]: 5, [soap.id]: 1 });
  });

  it('skips unknown and sold-out products and lowers quantities over stock', async () => {
    const user = await api.createUser();
    const good = await api.createProduct({ stock: 10 });
    const soldOut = await api.createProduct({ stock: 0 });
    const scarce = await api.createProduct({ stock: 3 });
    await add(user.token, scarce.id, 2);

    const { status, body } = await api.json('POST', '/api/mergeCart', {
      token: user.token,
      body: {
        items: [
          { productId: good.id, quantity: 2 },
          { productId: MISSING_ID, quantity: 1 },
          { productId: soldOut.id, quantity: 1 },
          { productId: scarce.id, quantity: 4 },
        ],
      },
    });
    expect(status).toBe(200);
    expect(body.skipped).toEqual(
      expect.arrayContaining([
        { productId: MISSING_ID, reason: 'Invalid product selected' },
        { productId: soldOut.id, reason: 'This product is out of stock' },
      ]),
    );
    expect(body.skipped).toHaveLength(2);
    expect(body.adjusted).toEqual([{ productId: scarce.id, quantity: 3, reason: 'Only 3 items available in stock' }]);
    const quantities = Object.fromEntries(itemsOf(body).map((l) => [l.product._id, l.quantity]));
    expect(quantities).toEqual({ [good.id]: 2, [scarce.id]: 3 });
    expect(await dbCart(user.id)).toEqual({ [good.id]: 2, [scarce.id]: 3 });
  });

  it('an empty guest cart changes nothing', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    await add(user.token, shea.id, 2);
    const { status, body } = await api.json('POST', '/api/mergeCart', { token: user.token, body: { items: [] } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ skipped: [], adjusted: [] });
    expect(itemsOf(body)).toEqual([expect.objectContaining({ quantity: 2 })]);
  });

  it('refuses a malformed guest line with 400 and adds nothing', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    const { status, body } = await api.json('POST', '/api/mergeCart', {
      token: user.token,
      body: {
        items: [
          { productId: shea.id, quantity: 1 },
          { productId: 'nope', quantity: 1 },
        ],
      },
    });
    expect(status).toBe(400);
    expect(body.message).toBe('Invalid product selected');
    expect(body.errors.length).toBeGreaterThan(0);

    const tooMany = await api.json('POST', '/api/mergeCart', {
      token: user.token,
      body: { items: Array.from({ length: 101 }, () => ({ productId: shea.id, quantity: 1 })) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('At most 100 lines.');
    const noItems = await api.json('POST', '/api/mergeCart', { token: user.token, body: {} });
    expect(noItems.status).toBe(400);
    expect(await dbCart(user.id)).toEqual({});
  });
});

describe('stock rules', () => {
  it('addToCart over the stock answers 409 "Only N items available in stock" and changes nothing', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ name: 'Shea', stock: 5 });

    const tooMany = await add(user.token, shea.id, 6);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toEqual({ message: 'Only 5 items available in stock' });
    expect(await dbCart(user.id)).toEqual({});

    // What is already in the cart counts: 3 + 3 > 5.
    await add(user.token, shea.id, 3);
    const more = await add(user.token, shea.id, 3);
    expect(more.status).toBe(409);
    expect(more.body).toEqual({ message: 'Only 5 items available in stock' });
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 3 });

    // Exactly the stock is fine.
    const exact = await add(user.token, shea.id, 2);
    expect(exact.status).toBe(200);
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 5 });
  });

  it('a sold-out product answers 409 "This product is out of stock" on add, set and update', async () => {
    const user = await api.createUser();
    const soldOut = await api.createProduct({ stock: 0 });

    const added = await add(user.token, soldOut.id, 1);
    expect(added.status).toBe(409);
    expect(added.body).toEqual({ message: 'This product is out of stock' });
    const set = await api.json('POST', '/api/setCartItem', { token: user.token, body: { productId: soldOut.id, quantity: 1 } });
    expect(set.status).toBe(409);
    expect(set.body).toEqual({ message: 'This product is out of stock' });
    expect(await dbCart(user.id)).toEqual({});

    // A line whose product sold out since it was added cannot be raised.
    const later = await api.createProduct({ stock: 2 });
    const lineId = itemsOf((await add(user.token, later.id, 1)).body)[0]!._id;
    await api.db.update(products).set({ stock: 0 }).where(eq(products.id, later.id));
    const updated = await api.json('PATCH', `/api/updateCartItem/${lineId}`, { token: user.token, body: { quantity: 2 } });
    expect(updated.status).toBe(409);
    expect(updated.body).toEqual({ message: 'This product is out of stock' });
    expect(await dbCart(user.id)).toEqual({ [later.id]: 1 });
  });

  it('an unknown product (a valid uuid) answers 404 "Invalid product selected"', async () => {
    const user = await api.createUser();
    for (const url of ['/api/addToCart', '/api/setCartItem']) {
      const { status, body } = await api.json('POST', url, { token: user.token, body: { productId: MISSING_ID, quantity: 1 } });
      expect(status).toBe(404);
      expect(body).toEqual({ message: 'Invalid product selected' });
    }
    expect(await api.db.select().from(cartItems)).toEqual([]);
  });

  it('addToCart refuses malformed input with 400, a message and errors, changing nothing', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    await add(user.token, shea.id, 1);
    const cases: [string, Record<string, unknown>, string][] = [
      ['a malformed productId', { productId: 'not-a-uuid', quantity: 1 }, 'Invalid product selected'],
      ['an injection attempt as productId', { productId: "1' or '1'='1", quantity: 1 }, 'Invalid product selected'],
      ['a missing productId', { quantity: 1 }, 'Invalid product selected'],
      ['a missing quantity', { productId: shea.id }, 'Please enter a valid quantity'],
      ['quantity 0', { productId: shea.id, quantity: 0 }, 'Please enter a valid quantity'],
      ['quantity -1', { productId: shea.id, quantity: -1 }, 'Please enter a valid quantity'],
      ['quantity 1.5', { productId: shea.id, quantity: 1.5 }, 'Please enter a valid quantity'],
      ["quantity 'abc'", { productId: shea.id, quantity: 'abc' }, 'Please enter a valid quantity'],
      ["quantity '-1'", { productId: shea.id, quantity: '-1' }, 'Please enter a valid quantity'],
      ['quantity 1e9', { productId: shea.id, quantity: 1e9 }, 'Please enter a valid quantity'],
      ['an empty body', {}, 'Invalid product selected'],
    ];

    for (const [label, body, message] of cases) {
      const res = await api.json('POST', '/api/addToCart', { token: user.token, body });
      expect(res.status, label).toBe(400);
      expect(res.body.message, label).toBe(message);
      expect(Array.isArray(res.body.errors), label).toBe(true);
      expect(res.body.errors.length, label).toBeGreaterThan(0);
    }
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 1 });
  });

  it('setCartItem refuses a negative or fractional quantity with 400', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    await add(user.token, shea.id, 2);
    for (const quantity of [-1, 1.5, 'abc']) {
      const { status, body } = await api.json('POST', '/api/setCartItem', { token: user.token, body: { productId: shea.id, quantity } });
      expect(status).toBe(400);
      expect(body.message).toBe('Please enter a valid quantity');
      expect(body.errors.length).toBeGreaterThan(0);
    }
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 2 });
  });
});

describe('cart authentication', () => {
  /** Every cart call, with a line of the token's owner where one is needed. */
  const calls = (lineId: string, productId: string): [string, string, unknown][] => [
    ['GET', '/api/getMyCart', undefined],
    ['POST', '/api/addToCart', { productId, quantity: 1 }],
    ['POST', '/api/setCartItem', { productId, quantity: 5 }],
    ['PATCH', `/api/updateCartItem/${lineId}`, { quantity: 4 }],
    ['DELETE', `/api/removeCartItemById/${lineId}`, undefined],
    ['DELETE', '/api/clearCart', undefined],
    ['POST', '/api/mergeCart', { items: [{ productId, quantity: 1 }] }],
  ];

  async function setup() {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    const lineId = itemsOf((await add(user.token, shea.id, 2)).body)[0]!._id;
    return { user, shea, lineId };
  }

  async function expectAllRefused(token: string | undefined, lineId: string, productId: string, message: string) {
    for (const [method, url, body] of calls(lineId, productId)) {
      const res = await api.json(method, url, { token, body });
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.message, `${method} ${url}`).toBe(message);
      expect(res.res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  }

  it('refuses every cart call without a token with 401 and changes nothing', async () => {
    const { user, shea, lineId } = await setup();
    await expectAllRefused(undefined, lineId, shea.id, 'Please sign in to continue.');
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 2 });
  });

  it('refuses a garbage token with 401', async () => {
    const { user, shea, lineId } = await setup();
    await expectAllRefused('x'.repeat(43), lineId, shea.id, 'Session expired, please sign in');
    for (const authorization of ['Bearer', 'Bearer not a token', 'Basic dXNlcjpwYXNz', `Bearer ${user.token}x`]) {
      const { status, body } = await api.json('GET', '/api/getMyCart', { headers: { authorization } });
      expect(status, authorization).toBe(401);
      expect(body.message).toEqual(expect.any(String));
    }
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 2 });
  });

  it('refuses an expired token (older than 30 days) with 401', async () => {
    const { user, shea, lineId } = await setup();
    api.clock.advance(29 * 86_400_000);
    expect((await api.json('GET', '/api/getMyCart', { token: user.token })).status).toBe(200);
    api.clock.advance(2 * 86_400_000);
    await expectAllRefused(user.token, lineId, shea.id, 'Session expired, please sign in');
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 2 });
  });

  it('refuses a token after logout with 401', async () => {
    const { user, shea, lineId } = await setup();
    const logout = await api.json('POST', '/api/logout', { token: user.token });
    expect(logout.status).toBe(200);
    await expectAllRefused(user.token, lineId, shea.id, 'Session expired, please sign in');
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 2 });
  });
});

describe('cart ownership', () => {
  it("user B cannot update or remove user A's line, and never sees it", async () => {
    const a = await api.createUser();
    const b = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    const aLine = itemsOf((await add(a.token, shea.id, 2)).body)[0]!._id;

    const update = await api.json('PATCH', `/api/updateCartItem/${aLine}`, { token: b.token, body: { quantity: 5 } });
    expect(update.status).toBe(404);
    expect(update.body).toEqual({ message: 'Cart item not found' });
    const zero = await api.json('PATCH', `/api/updateCartItem/${aLine}`, { token: b.token, body: { quantity: 0 } });
    expect(zero.status).toBe(404);
    const remove = await api.json('DELETE', `/api/removeCartItemById/${aLine}`, { token: b.token });
    expect(remove.status).toBe(404);
    expect(remove.body).toEqual({ message: 'Cart item not found' });
    await api.json('DELETE', '/api/clearCart', { token: b.token });

    expect(await dbCart(a.id)).toEqual({ [shea.id]: 2 });
    const bCart = await api.json('GET', '/api/getMyCart', { token: b.token });
    expect(bCart.body).toEqual({ Cart: [{ items: [] }] });
    const aCart = await api.json('GET', '/api/getMyCart', { token: a.token });
    expect(itemsOf(aCart.body)).toEqual([expect.objectContaining({ _id: aLine, quantity: 2 })]);
  });

  it("B's cart shows only B's lines even for the same product", async () => {
    const a = await api.createUser();
    const b = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    const chebe = await api.createProduct({ stock: 10 });
    await add(a.token, shea.id, 2);
    await add(a.token, chebe.id, 1);
    await add(b.token, shea.id, 4);

    const { body } = await api.json('GET', '/api/getMyCart', { token: b.token });
    expect(itemsOf(body)).toEqual([expect.objectContaining({ quantity: 4, product: expect.objectContaining({ _id: shea.id }) })]);
    expect(await dbCart(a.id)).toEqual({ [shea.id]: 2, [chebe.id]: 1 });
  });
});

describe('cart request bodies', () => {
  it('malformed JSON answers 400 with a message, never 500', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    const lineId = itemsOf((await add(user.token, shea.id, 1)).body)[0]!._id;
    const headers = { 'content-type': 'application/json' };

    for (const [method, url] of [
      ['POST', '/api/addToCart'],
      ['POST', '/api/setCartItem'],
      ['PATCH', `/api/updateCartItem/${lineId}`],
      ['POST', '/api/mergeCart'],
    ] as const) {
      const { status, body } = await api.json(method, url, { token: user.token, headers, rawBody: '{"productId":' });
      expect(status, url).toBe(400);
      expect(body.message).toBe('The request body is not valid JSON.');
    }
    for (const rawBody of ['[1,2]', '"text"', 'null']) {
      const { status, body } = await api.json('POST', '/api/addToCart', { token: user.token, headers, rawBody });
      expect(status, rawBody).toBe(400);
      expect(body.message).toEqual(expect.any(String));
    }
    expect(await dbCart(user.id)).toEqual({ [shea.id]: 1 });
    expect(api.logs.some((line) => line.includes('unhandled error'))).toBe(false);
  });

  it('a body over 100 KB answers 413 with a message', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 10 });
    const rawBody = JSON.stringify({ productId: shea.id, quantity: 1, padding: 'x'.repeat(200 * 1024) });

    const { status, body } = await api.json('POST', '/api/addToCart', { token: user.token, headers: { 'content-type': 'application/json' }, rawBody });
    expect(status).toBe(413);
    expect(body).toEqual({ message: 'The request is too large.' });
    expect(await dbCart(user.id)).toEqual({});
  });
});

describe('racing adds', () => {
  it('never let a line pass the stock, even when sent at the same time', async () => {
    const user = await api.createUser();
    const { id } = await api.createProduct({ stock: 5 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => add(user.token, id, 2)));
    const ok = answers.filter((a) => a.status === 200).length;
    expect(ok).toBe(2);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.message === 'Only 5 items available in stock')).toBe(true);
    expect(await dbCart(user.id)).toEqual({ [id]: 4 });
  });
});
