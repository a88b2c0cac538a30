import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { diskImageStore } from '@/server/services/catalogue/images';
import { setupTestApi } from '../helpers/api';
import { checkoutForm, mobileMoneyOrder } from '../helpers/orders';

/**
 * The server's own defences, on the whole app: the security headers on every kind of answer, what
 * /uploads will serve, and where tokens may never go (URLs, redirects, logs).
 */
const clientDir = mkdtempSync(path.join(os.tmpdir(), 'shop-client-'));
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(
  path.join(clientDir, 'index.html'),
  '<!doctype html><title>Nkuto Naturals</title><style>h1{color:green}</style><div id="root"><h1>Home</h1></div>',
);
writeFileSync(path.join(clientDir, 'shell.html'), '<!doctype html><title>Nkuto Naturals</title><div id="root"></div>');
writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log("app")');
writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"Nkuto Naturals"}');
const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'shop-uploads-'));

// The default test config: http://localhost:3000 behind a trusted proxy.
const api = setupTestApi({ clientDir, uploadsDir });

/** The policy, directive by directive: nothing more may be allowed than this. */
const EXPECTED_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

function directives(policy: string | null): Record<string, string[]> {
  const parsed: Record<string, string[]> = {};
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) parsed[name] = values;
  }
  return parsed;
}

function expectSecurityHeaders(res: Response, label: string) {
  const header = (name: string) => res.headers.get(name);
  expect(directives(header('content-security-policy')), label).toEqual(EXPECTED_CSP);
  expect(header('x-content-type-options'), label).toBe('nosniff');
  expect(header('referrer-policy'), label).toBe('strict-origin-when-cross-origin');
  expect(header('x-frame-options'), label).toBe('DENY');
  expect(header('cross-origin-opener-policy'), label).toBe('same-origin-allow-popups');
  expect(header('cross-origin-resource-policy'), label).toBe('same-origin');
  const permissions = header('permissions-policy') ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) expect(permissions, label).toContain(`${feature}=()`);
  // Plain http (the test app's public address, no X-Forwarded-Proto): never HSTS.
  expect(header('strict-transport-security'), label).toBeNull();
}

const pngOf = (background: string) =>
  sharp({ create: { width: 700, height: 500, channels: 3, background } })
    .png()
    .toBuffer();

async function adminToken(): Promise<string> {
  return (await api.createUser({ role: 'admin' })).token;
}

/** `POST /api/addProduct` with one file in `images`, as the admin's product form sends it. */
function uploadProduct(token: string, file: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ name: 'Shea Butter', description: 'Raw.', category: 'Skin', price: '45.50', stock: '5' }))
    form.append(key, value);
  form.append('images', new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
  return api.json('POST', '/api/addProduct', { token, form });
}

describe('security headers', () => {
  it('are on every kind of answer: pages, files, API answers and errors, uploads, the sandbox payment page', async () => {
    const key = await diskImageStore(uploadsDir).save(await pngOf('#c8a165'));
    const { order, headers } = await mobileMoneyOrder(api, (await api.createProduct({ stock: 5 })).id);
    const started = await api.json('POST', '/api/initializePayment', { headers, body: { orderId: order._id } });
    const payPage: string = started.body.payment_link;
    const answers: [string, number, Promise<Response>][] = [
      ['the home page', 200, api.request('GET', '/')],
      ['a client route', 200, api.request('GET', '/products')],
      ['a HEAD of the home page', 200, api.request('HEAD', '/')],
      ['a script', 200, api.request('GET', '/assets/app-abc123.js')],
      ['the service worker', 200, api.request('GET', '/sw.js')],
      ['the manifest', 200, api.request('GET', '/manifest.webmanifest')],
      ['a missing file', 404, api.request('GET', '/assets/missing.js')],
      ['the catalogue', 200, api.request('GET', '/api/getProducts')],
      ['a call without its token', 401, api.request('GET', '/api/getMyCart')],
      ['a malformed body', 400, api.request('POST', '/api/login', { rawBody: '{', headers: { 'content-type': 'application/json' } })],
      ['an unknown API path', 404, api.request('GET', '/api/nope')],
      ['an image', 200, api.request('GET', `/uploads/${key}-640.webp`)],
      ['a missing image', 404, api.request('GET', '/uploads/nope.html')],
      ['the sandbox payment page', 200, api.request('GET', payPage)],
      ['a missing sandbox payment', 404, api.request('GET', '/pay/sandbox/NK-AAAAAA-000000000000')],
    ];
    for (const [label, status, answer] of answers) {
      const res = await answer;
      expect(res.status, label).toBe(status);
      expectSecurityHeaders(res, label);
    }
    const approved = await api.request('POST', payPage, {
      rawBody: 'outcome=success',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approved.status).toBe(303);
    expectSecurityHeaders(approved, 'the sandbox redirect');
  });

  it('add HSTS when the trusted proxy says the browser came over https', async () => {
    const res = await api.request('GET', '/api/getProducts', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect((await api.request('GET', '/', { headers: { 'x-forwarded-proto': 'http' } })).headers.get('strict-transport-security')).toBeNull();
  });

  it('are on a server error too, whose log line holds no query parameters', async () => {
    // The order is written to the idempotency key last; made to fail, that query's parameters would
    // hold the key, and the order's insert before it the shopper's details.
    const refuseTokens = sql`alter table idempotency_keys add constraint test_refuses_tokens check (order_id is null)`;
    const acceptTokens = sql`alter table idempotency_keys drop constraint test_refuses_tokens`;
    const shea = await api.createProduct({ stock: 5 });
    await api.db.execute(refuseTokens);
    try {
      const res = await api.request('POST', '/api/createGuestOrder', {
        body: { ...checkoutForm, cart: [{ productId: shea.id, quantity: '1' }] },
        headers: { 'Idempotency-Key': 'security-test-key-1' },
      });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: expect.any(String) });
      expectSecurityHeaders(res, 'a server error');
    } finally {
      await api.db.execute(acceptTokens);
    }
    const line = api.logs.find((l) => l.includes('unhandled error')) ?? '';
    expect(line).toContain('update \\"idempotency_keys\\"');
    expect(line).toContain('test_refuses_tokens');
    expect(line).not.toContain('params');
    expect(line).not.toMatch(/[A-Za-z0-9_-]{43}/); // an order token's shape
    expect(line).not.toContain('security-test-key-1');
  });
});

describe('uploads', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await adminToken();
  });

  /** Every stored file, which must all be WebP written by the server (never the uploaded bytes). */
  const storedFiles = () => readdirSync(uploadsDir);

  it('refuse HTML and SVG, whatever name and type they are sent with', async () => {
    admin = await adminToken();
    const before = storedFiles();
    const refused = [
      { bytes: Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), name: 'photo.png', type: 'image/png' },
      { bytes: Buffer.from('<html><body onload="alert(1)">'), name: 'photo.html', type: 'text/html' },
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>'),
        name: 'logo.svg',
        type: 'image/svg+xml',
      },
      {
        bytes: Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"/>'),
        name: 'cat.jpg',
        type: 'image/jpeg',
      },
    ];
    for (const file of refused) {
      const { status, body } = await uploadProduct(admin, file);
      expect(status, file.name).toBe(400);
      expect(body.message).toMatch(/image/i);
    }
    expect(storedFiles()).toEqual(before);
  });

  it('re-encode a polyglot (a real image carrying HTML) into clean WebP served as image/webp with nosniff', async () => {
    admin = await adminToken();
    const payload = '<html><script>window.__xss=1</script></html>';
    const polyglots = [
      { bytes: Buffer.concat([await pngOf('#a0522d'), Buffer.from(payload)]), name: 'photo.png', type: 'image/png' },
      {
        bytes: Buffer.concat([
          await sharp({ create: { width: 640, height: 480, channels: 3, background: '#556b2f' } })
            .jpeg()
            .toBuffer(),
          Buffer.from(payload),
        ]),
        name: 'photo.html',
        type: 'text/html',
      },
    ];
    for (const file of polyglots) {
      const { status, body } = await uploadProduct(admin, file);
      expect(status, file.name).toBe(201);
      const url: string = body.data.productImageUrls[0];
      expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}-640\.webp$/);
      for (const width of ['320', '640', '1200']) {
        const res = await api.request('GET', url.replace('-640.', `-${width}.`));
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/webp');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.subarray(0, 4).toString('latin1') + bytes.subarray(8, 12).toString('latin1')).toBe('RIFFWEBP');
        expect(bytes.includes('<script')).toBe(false);
      }
    }
    for (const name of storedFiles()) {
      expect(name).toMatch(/^[a-f0-9]{32}-((320|640|1200)\.webp|share\.jpg)$/);
      expect(readFileSync(path.join(uploadsDir, name)).includes('<script')).toBe(false);
    }
  });

  it('answer any other name under /uploads with a JSON 404, never the app or a file', async () => {
    const key = await diskImageStore(uploadsDir).save(await pngOf('#8fbc8f'));
    writeFileSync(path.join(uploadsDir, 'planted.html'), '<script>alert(1)</script>');
    const probes = [
      `/uploads/${key}-640.png`,
      `/uploads/${key}.webp`,
      `/uploads/${key}-640.WEBP`,
      `/uploads/${key}-640.webp.html`,
      '/uploads/planted.html',
      '/uploads/evil',
      '/uploads/',
      '/uploads',
      '/uploads/a/b',
      `/uploads/x/${key}-640.webp`,
      '/uploads/..%2f..%2fpackage.json',
    ];
    for (const probe of probes) {
      const res = await api.request('GET', probe);
      expect(res.status, probe).toBe(404);
      expect(res.headers.get('content-type'), probe).toContain('application/json');
      expect(await res.json(), probe).toEqual({ message: 'Not found' });
    }
    expect((await api.request('GET', `/uploads/${key}-640.webp`)).status).toBe(200);
  });
});

describe('tokens stay out of URLs and logs', () => {
  it('through sign-up, sign-in, the cart, a customer order and a guest Mobile Money order', async () => {
    const secrets: string[] = [];
    const visitedUrls: string[] = [];
    const call = async (method: string, url: string, options: Parameters<typeof api.json>[2] = {}) => {
      visitedUrls.push(url);
      const res = await api.request(method, url, options);
      const location = res.headers.get('location');
      if (location) visitedUrls.push(location);
      const text = await res.text();
      return { status: res.status, text, body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined };
    };
    const shea = await api.createProduct({ price: 45.5, stock: 20 });

    const account = { fullName: 'Ama Serwaa', email: 'ama.serwaa@example.com', password: 'a very secret pass 1', confirmPassword: 'a very secret pass 1' };
    secrets.push(account.password);
    expect((await call('POST', '/api/addUser', { body: account })).status).toBe(201);
    const signedIn = await call('POST', '/api/login', { body: { email: account.email, password: account.password } });
    expect(signedIn.status).toBe(200);
    const token: string = signedIn.body.token;
    secrets.push(token);

    expect((await call('POST', '/api/addToCart', { token, body: { productId: shea.id, quantity: 2 } })).status).toBe(200);
    expect((await call('POST', '/api/setCartItem', { token, body: { productId: shea.id, quantity: 1 } })).status).toBe(200);
    expect((await call('GET', '/api/getMyCart', { token })).status).toBe(200);
    const customerOrder = await call('POST', '/api/createOrder', { token, body: checkoutForm, headers: { 'Idempotency-Key': 'customer-order-1' } });
    expect(customerOrder.status).toBe(201);
    expect((await call('GET', `/api/getOrderById/${customerOrder.body.order._id}`, { token })).status).toBe(200);
    expect((await call('GET', '/api/getAllMyOrders', { token })).status).toBe(200);

    const guest = await call('POST', '/api/createGuestOrder', {
      body: { ...checkoutForm, paymentMethod: 'Mobile Money', cart: [{ productId: shea.id, quantity: '1' }] },
      headers: { 'Idempotency-Key': 'guest-order-1' },
    });
    expect(guest.status).toBe(201);
    const orderToken: string = guest.body.orderToken;
    secrets.push(orderToken);
    const asGuest = { 'X-Order-Token': orderToken };
    const orderId: string = guest.body.order._id;
    const payment = await call('POST', '/api/initializePayment', { headers: asGuest, body: { orderId } });
    expect(payment.status).toBe(200);
    const paymentLink: string = payment.body.payment_link;
    visitedUrls.push(paymentLink);
    const payPage = await call('GET', paymentLink);
    expect(payPage.status).toBe(200);
    const approved = await call('POST', paymentLink, { rawBody: 'outcome=success', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(approved.status).toBe(303);
    const reference: string = payment.body.reference;
    expect((await call('GET', `/api/verifyPayment/${reference}`, { headers: asGuest })).body).toMatchObject({ status: 'success' });
    expect((await call('GET', `/api/getOrderById/${orderId}`, { headers: asGuest })).status).toBe(200);
    expect((await call('POST', '/api/logout', { token })).status).toBe(200);

    // Where the server sent the browser: the payment page, then back to the checkout by reference.
    expect(visitedUrls).toContain(`/checkout?trxref=${reference}&reference=${reference}`);
    // A payment reference is no key: without the order's token or its owner it opens nothing.
    expect((await api.json('GET', `/api/verifyPayment/${reference}`)).status).toBe(404);
    expect((await api.json('GET', `/api/getOrderById/${orderId}`)).status).toBe(404);

    const logged = api.logs.join('\n');
    expect(api.logs.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(logged).not.toContain(secret);
      for (const url of visitedUrls) expect(url).not.toContain(encodeURIComponent(secret));
      for (const url of visitedUrls) expect(url).not.toContain(secret);
    }
    expect(payPage.text).not.toContain(orderToken);
    expect(payPage.text).not.toContain(token);
  });

  it('are refused in the query string: a token only counts in its header', async () => {
    const user = await api.createUser();
    const shea = await api.createProduct({ stock: 5 });
    const { order, orderToken } = await mobileMoneyOrder(api, shea.id);
    for (const name of ['token', 'access_token', 'authorization', 'auth', 'bearer']) {
      const value = name === 'authorization' ? `Bearer ${user.token}` : user.token;
      const res = await api.json('GET', `/api/getMyCart?${name}=${encodeURIComponent(value)}`);
      expect(res.status, name).toBe(401);
    }
    for (const name of ['orderToken', 'order_token', 'x-order-token', 'token']) {
      const query = `${name}=${encodeURIComponent(orderToken)}`;
      expect((await api.json('GET', `/api/getOrderById/${order._id}?${query}`)).status, name).toBe(404);
      expect((await api.json('POST', '/api/initializePayment', { body: { orderId: order._id, orderToken } })).status, name).toBe(404);
      expect((await api.json('POST', `/api/cancelOrder/${order._id}?${query}`)).status, name).toBe(404);
    }
    // The order is untouched; its token in the header still works.
    const read = await api.json('GET', `/api/getOrderById/${order._id}`, { headers: { 'X-Order-Token': orderToken } });
    expect(read.body.order.orderStatus).toBe('Pending');
  });
});
