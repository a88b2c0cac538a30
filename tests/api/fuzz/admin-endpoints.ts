import fc from 'fast-check';
import { sign } from '@/server/secret';
import { TEST_SECRET } from '../../helpers/api';
import { checkoutForm } from '../../helpers/orders';
import type { FuzzFixture } from './fixture';
import {
  actors,
  type Body,
  type FormPart,
  type FuzzEndpoint,
  filePart,
  formBody,
  hostileText,
  idempotencyKeyHeader,
  jsonBody,
  mutatedList,
  pathSegment,
  queryString,
  strayBody,
} from './harness';
import {
  allOrders,
  checkoutFields,
  confirmedPassword,
  currentPassword,
  email,
  longText,
  mostly,
  newPassword,
  pageParam,
  personName,
  phone,
  productId,
  quantity,
} from './values';

/** The admin area's calls: orders, customers, products (multipart with images), settings, password, messages, promo codes. */

const ORDER_STATUS = mostly(fc.constantFrom('Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled'), 'cancelled', 'Lost');
const PAYMENT_STATUS = mostly(fc.constantFrom('Pending', 'Paid'), 'paid', 'Refunded');
const REFUND_STATE = mostly(fc.constantFrom('none', 'partly', 'refunded'), 'Refunded', 'all');
const searchText = mostly(fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('ama', 'NK-', '%', '_', '\\')), 'x'.repeat(101));

/** The image key every fixture product has (tests/helpers/api.ts), as the client sends it back. */
const FIXTURE_IMAGE_KEY = '0123456789abcdef0123456789abcdef';

const productFields = {
  name: mostly(fc.oneof(fc.string({ minLength: 1, maxLength: 40 }), fc.constant('Raw Shea Butter')), 'n'.repeat(121), '  '),
  description: longText(5000),
  category: mostly(fc.constantFrom('Skin', 'hair', 'Natural Oils', 'natural oils', 'Gifts and Sets', 'Others'), 'Body'),
  price: mostly(
    fc.oneof(
      fc.double({ min: 0, max: 1_000_000, noNaN: true }).map((n) => n.toFixed(2)),
      fc.constantFrom('45.50', '0', '1000000', ' 12 ', 45.5),
    ),
    '1000000.01',
    '45.555',
    '-1',
    '1e3',
  ),
  stock: mostly(fc.oneof(fc.nat(1_000_000).map(String), fc.constant(12)), '-1', '1.5', '1000001'),
  newArrival: mostly(fc.constantFrom('true', 'false', 'on', ''), 'maybe'),
  isNewArrival: mostly(fc.constantFrom('true', '0'), 'yes please'),
};

/** One to four images, now and then none, too many, or under another field name. */
const imageFiles = fc.oneof(
  { weight: 6, arbitrary: fc.array(filePart(fc.constant('images')), { minLength: 1, maxLength: 4 }) },
  { weight: 1, arbitrary: fc.array(filePart(fc.constantFrom('images', 'images[]', 'logo', 'photo')), { maxLength: 6 }) },
);

/** existingImages on an edit: mostly none or the product's own image (as a URL or a key), else `new:N`, JSON, junk. */
const existingImages: fc.Arbitrary<FormPart[]> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<FormPart[]>([]) },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom(`/uploads/${FIXTURE_IMAGE_KEY}-640.webp`, `http://localhost:3000/uploads/${FIXTURE_IMAGE_KEY}-1200.webp`, FIXTURE_IMAGE_KEY)
      .map((value) => [{ name: 'existingImages', value }]),
  },
  {
    weight: 2,
    arbitrary: fc.array(
      fc.record({
        name: fc.constantFrom('existingImages', 'existingImages[]'),
        value: fc.oneof(
          fc.constantFrom(`/uploads/${FIXTURE_IMAGE_KEY}-640.webp`, 'new:0', 'new:1', 'new:999'),
          fc.constantFrom(`["/uploads/${FIXTURE_IMAGE_KEY}-640.webp","new:0"]`, '[1,2]', '[', '["new:0","new:0"]', `/uploads/${'f'.repeat(32)}-640.webp`),
          hostileText,
        ),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  },
);

const settingsFields = (fx: FuzzFixture) => ({
  shopName: personName,
  email: email(fx),
  phone: mostly(fc.constantFrom('+233241234567', '024 123 4567'), 'p'.repeat(41)),
  whatsapp: mostly(fc.constantFrom('+233 24 123 4567', '024 123 4567', '', null), 'abc', '0'.repeat(16)),
  address: longText(500),
  socials: fc.record(
    {
      facebook: mostly(fc.constantFrom('https://facebook.com/nkuto', '', null), 'http://facebook.com/nkuto'),
      instagram: mostly(fc.constant('https://instagram.com/nkuto'), 'javascript:alert(1)', 'https://user:pw@evil.example'),
      tiktok: mostly(fc.constant('https://tiktok.com/@nkuto'), 'https://localhost'),
      x: mostly(fc.constant('https://x.com/nkuto'), 'x'.repeat(501)),
    },
    { requiredKeys: [] },
  ),
  removeLogo: mostly(fc.constantFrom('true', true, 'false'), 'nope'),
  logo: mostly(fc.constantFrom(null, '/uploads/abc-320.webp'), 'https://evil.example/logo.png'),
});

/** No logo, one, or several under any name. */
const logoFiles = fc.oneof(
  { weight: 3, arbitrary: fc.constant<FormPart[]>([]) },
  { weight: 3, arbitrary: filePart(fc.constant('logo')).map((part) => [part]) },
  { weight: 1, arbitrary: fc.array(filePart(fc.constantFrom('logo', 'images')), { maxLength: 3 }) },
);

const promoCodeSegment = pathSegment(['SAVE10', 'save10', 'HALFOFF', 'NOPE']);
const promoPercent = mostly(fc.oneof(fc.integer({ min: 1, max: 100 }), fc.constantFrom('50', ' 7 ')), 0, 101, 1.5, -5);
/** A code's dates (a date, a date and time, none), total uses and one use per customer. */
const promoDate = mostly<unknown>(
  fc.constantFrom(null, '', '2026-12-01', '2026-12-31', '2026-11-22T10:00', '2027-01-01T00:00:00Z', '2026-12-01T12:00:00+01:00'),
  '2026-02-30',
  'tomorrow',
  20261201,
  '2026-12-01T25:00',
);
const promoLimitFields = {
  startsAt: promoDate,
  endsAt: promoDate,
  maxUses: mostly<unknown>(fc.oneof(fc.constantFrom(null, '', '10'), fc.integer({ min: 1, max: 1_000_000 })), 0, -1, 2.5, 1_000_001, 'ten'),
  onePerCustomer: mostly<unknown>(fc.boolean(), 'yes'),
};

/** A fixture order id (every kind, the cancelled one twice as often), another resource's id, or junk. */
const anyOrderId = (fx: FuzzFixture) => pathSegment([...allOrders(fx), fx.cancelledOrder.id, fx.products.shea]);
const anyProductId = (fx: FuzzFixture) => pathSegment([fx.products.shea, fx.products.soldOut, fx.products.priciest, fx.customerOrder]);
const withPath = (prefix: string) => (segment: string) => `${prefix}${segment}`;

/** An admin's change of one order (its id, or a hostile one, in the path) with a JSON body. */
const orderChange = (method: 'PATCH' | 'POST', route: string, body: fc.Arbitrary<Body>): FuzzEndpoint => ({
  method,
  route,
  access: 'admin',
  requests: (fx) => fc.record({ actor: actors(fx, 'admin'), path: anyOrderId(fx).map(withPath(route.replace(/:\w+$/, ''))), body }),
});

/** The fixture's guest buyer's key (its phone's), a key of the right shape no buyer has, and an e-mail's. */
const guestKey = (identity: string) => `g${sign(TEST_SECRET, 'guest-buyer', identity).slice(0, 24)}`;
const GUEST_KEYS = [guestKey(`p:233${checkoutForm.phone.slice(4)}`), guestKey('p:233200000000'), guestKey(`e:${checkoutForm.email}`), `g${'A'.repeat(24)}`];
const CUSTOMER_KIND = mostly(fc.constantFrom('account', 'guest', 'all'), 'Guest', 'accounts');
const ORDER_FLAG = mostly(fc.constantFrom('any', 'refund_due', 'paid_twice'), 'lost');

const deliveryOptionFields = {
  name: mostly(fc.constantFrom('Accra (Osu, Labone)', 'Outside Accra: courier', 'Pick up at the shop'), '  ', 'n'.repeat(121)),
  regions: mostly<unknown>(fc.subarray(['Greater Accra', 'Ashanti', 'Volta', 'Western North']), ['Accra'], 'Ashanti'),
  cities: mostly<unknown>(fc.array(fc.string({ maxLength: 20 }), { maxLength: 4 }), ['x'.repeat(101)], 'Osu'),
  fee: mostly<unknown>(fc.oneof(fc.integer({ min: 0, max: 500 }), fc.constantFrom('20', '12.50')), -1, 100_001, '1.234'),
  freeFrom: mostly<unknown>(fc.constantFrom(null, 200, '500.00'), -5, 'free'),
  eta: mostly(fc.constantFrom('', '1-2 days', 'Same day'), 'e'.repeat(61)),
  feePaidWith: mostly(fc.constantFrom('order', 'rider'), 'cash'),
  pickup: mostly<unknown>(fc.boolean(), 'yes'),
  active: mostly<unknown>(fc.boolean(), 'on'),
};

/** The admin's delivery options, every change answering the whole list. */
function deliveryOptionEndpoints(): FuzzEndpoint[] {
  const optionSegment = (fx: FuzzFixture) => pathSegment(fx.deliveryOptions);
  return [
    {
      method: 'GET',
      route: '/api/deliveryOptions',
      access: 'admin',
      requests: (fx) => fc.record({ actor: actors(fx, 'admin'), path: fc.constant('/api/deliveryOptions') }),
    },
    {
      method: 'POST',
      route: '/api/deliveryOptions',
      access: 'admin',
      requests: (fx) => fc.record({ actor: actors(fx, 'admin'), path: fc.constant('/api/deliveryOptions'), body: jsonBody(deliveryOptionFields) }),
    },
    {
      method: 'PUT',
      route: '/api/deliveryOptions/order',
      access: 'admin',
      requests: (fx) =>
        fc.record({
          actor: actors(fx, 'admin'),
          path: fc.constant('/api/deliveryOptions/order'),
          body: jsonBody({ ids: mostly<unknown>(fc.shuffledSubarray(fx.deliveryOptions, { minLength: 2 }), [fx.deliveryOptions[0]], 'x') }),
        }),
    },
    {
      method: 'PATCH',
      route: '/api/deliveryOptions/:id',
      access: 'admin',
      requests: (fx) =>
        fc.record({ actor: actors(fx, 'admin'), path: optionSegment(fx).map(withPath('/api/deliveryOptions/')), body: jsonBody(deliveryOptionFields) }),
    },
    {
      method: 'DELETE',
      route: '/api/deliveryOptions/:id',
      access: 'admin',
      requests: (fx) =>
        fc.record(
          { actor: actors(fx, 'admin'), path: optionSegment(fx).map(withPath('/api/deliveryOptions/')), body: strayBody },
          { requiredKeys: ['actor', 'path'] },
        ),
    },
  ];
}

/** The setup guide and go-live (the fixture's shop is not a demo, so go-live is refused, never run). */
function setupEndpoints(): FuzzEndpoint[] {
  return [
    {
      method: 'GET',
      route: '/api/setupGuide',
      access: 'admin',
      requests: (fx) => fc.record({ actor: actors(fx, 'admin'), path: fc.constant('/api/setupGuide') }),
    },
    {
      method: 'PATCH',
      route: '/api/setupGuide',
      access: 'admin',
      requests: (fx) =>
        fc.record({
          actor: actors(fx, 'admin'),
          path: fc.constant('/api/setupGuide'),
          body: jsonBody({ policiesDone: mostly<unknown>(fc.boolean(), 'yes', 1, null) }),
        }),
    },
    {
      method: 'POST',
      route: '/api/goLive',
      access: 'admin',
      requests: (fx) =>
        fc.record({
          actor: actors(fx, 'admin'),
          path: fc.constant('/api/goLive'),
          body: jsonBody({ confirm: mostly<unknown>(fc.constant(true), false, 'true', 1) }),
        }),
    },
  ];
}

export const adminEndpoints: FuzzEndpoint[] = [
  {
    method: 'GET',
    route: '/api/getAllOrders',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: queryString({
          q: searchText,
          status: ORDER_STATUS,
          paymentStatus: PAYMENT_STATUS,
          refundState: REFUND_STATE,
          page: pageParam,
          limit: pageParam,
        }).map((query) => `/api/getAllOrders${query}`),
      }),
  },
  orderChange('PATCH', '/api/updateOrderStatusById/:id', jsonBody({ orderStatus: ORDER_STATUS })),
  orderChange('PATCH', '/api/updatePaymentStatusById/:id', jsonBody({ paymentStatus: PAYMENT_STATUS })),
  orderChange('POST', '/api/clearOrderFlag/:flagId', jsonBody({ note: mostly(fc.string({ minLength: 1, maxLength: 40 }), '', 'n'.repeat(501)) })),
  {
    method: 'POST',
    route: '/api/refundOrder/:id',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: anyOrderId(fx).map(withPath('/api/refundOrder/')),
        body: jsonBody({
          amount: mostly<unknown>(fc.oneof(fc.constantFrom(1, 10.5, 0.01), fc.double({ min: 0.01, max: 100, noNaN: true })), 0, -5, 10.555, '10', 20_000_000),
          returnToStock: mostly<unknown>(fc.boolean(), 'yes'),
        }),
      }),
  },
  {
    method: 'GET',
    route: '/api/getDashboardStats',
    access: 'admin',
    requests: (fx) =>
      fc.record({ actor: actors(fx, 'admin'), path: queryString({ days: fc.constantFrom('7', '-1') }).map((query) => `/api/getDashboardStats${query}`) }),
  },
  {
    method: 'GET',
    route: '/api/getShopperSpeed',
    access: 'admin',
    requests: (fx) =>
      fc.record({ actor: actors(fx, 'admin'), path: queryString({ days: fc.constantFrom('7', '-1') }).map((query) => `/api/getShopperSpeed${query}`) }),
  },
  {
    method: 'GET',
    route: '/api/getAllUsers',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: queryString({
          q: searchText,
          role: mostly(fc.constantFrom('admin', 'customer'), 'Admin', 'root'),
          kind: CUSTOMER_KIND,
          page: pageParam,
          limit: pageParam,
        }).map((query) => `/api/getAllUsers${query}`),
      }),
  },
  {
    method: 'GET',
    route: '/api/getGuestBuyer/:key',
    access: 'admin',
    requests: (fx) => fc.record({ actor: actors(fx, 'admin'), path: pathSegment([...GUEST_KEYS, fx.customer.id]).map(withPath('/api/getGuestBuyer/')) }),
  },
  {
    method: 'GET',
    route: '/api/exportOrders.csv',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: queryString({ q: searchText, status: ORDER_STATUS, paymentStatus: PAYMENT_STATUS, flag: ORDER_FLAG, page: pageParam, limit: pageParam }).map(
          (query) => `/api/exportOrders.csv${query}`,
        ),
      }),
  },
  {
    method: 'GET',
    route: '/api/exportCustomers.csv',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: queryString({ q: searchText, kind: CUSTOMER_KIND, role: mostly(fc.constantFrom('admin', 'customer'), 'root') }).map(
          (query) => `/api/exportCustomers.csv${query}`,
        ),
      }),
  },
  {
    method: 'GET',
    route: '/api/exportSubscribers.csv',
    access: 'admin',
    requests: (fx) => fc.record({ actor: actors(fx, 'admin'), path: fc.constant('/api/exportSubscribers.csv') }),
  },
  {
    method: 'GET',
    route: '/api/getUserById/:id',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: pathSegment([fx.customer.id, fx.otherCustomer.id, fx.admin.id, fx.customerOrder]).map(withPath('/api/getUserById/')),
      }),
  },
  {
    method: 'POST',
    route: '/api/sendPasswordReset/:userId',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: pathSegment([fx.customer.id, fx.otherCustomer.id, fx.admin.id, fx.customerOrder]).map(withPath('/api/sendPasswordReset/')),
        body: jsonBody({ channel: mostly(fc.constantFrom('email', 'sms'), 'fax', '') }),
      }),
  },
  {
    method: 'POST',
    route: '/api/addProduct',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: fc.constant('/api/addProduct'),
        body: fc.oneof({ weight: 5, arbitrary: formBody(productFields, imageFiles) }, { weight: 1, arbitrary: jsonBody(productFields) }),
      }),
  },
  {
    method: 'PATCH',
    route: '/api/updateProductInfo/:id',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: anyProductId(fx).map(withPath('/api/updateProductInfo/')),
        body: fc.oneof(
          {
            weight: 5,
            arbitrary: fc
              .tuple(formBody(productFields, imageFiles), existingImages)
              .map(([body, kept]) => (body.kind === 'form' ? { ...body, parts: [...body.parts, ...kept] } : body)),
          },
          { weight: 1, arbitrary: jsonBody(productFields) },
        ),
      }),
  },
  {
    method: 'DELETE',
    route: '/api/deleteProduct/:id',
    access: 'admin',
    requests: (fx) =>
      fc.record(
        { actor: actors(fx, 'admin'), path: anyProductId(fx).map(withPath('/api/deleteProduct/')), body: strayBody },
        { requiredKeys: ['actor', 'path'] },
      ),
  },
  {
    method: 'GET',
    route: '/api/getLowStockProducts',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: queryString({ threshold: mostly(fc.oneof(fc.nat(1000).map(String), fc.constant(' 5 ')), '1001', '-1', '2.5', '99999') }).map(
          (query) => `/api/getLowStockProducts${query}`,
        ),
      }),
  },
  {
    method: 'PATCH',
    route: '/api/settings',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: fc.constant('/api/settings'),
        body: fc.oneof(jsonBody(settingsFields(fx)), formBody(settingsFields(fx), logoFiles)),
      }),
  },
  {
    method: 'PATCH',
    route: '/api/changePassword',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: fc.constant('/api/changePassword'),
        body: jsonBody({ currentPassword, newPassword, confirmPassword: confirmedPassword }),
      }),
  },
  {
    method: 'GET',
    route: '/api/getContactMessages',
    access: 'admin',
    requests: (fx) =>
      fc.record({ actor: actors(fx, 'admin'), path: queryString({ page: pageParam, limit: pageParam }).map((query) => `/api/getContactMessages${query}`) }),
  },
  {
    method: 'GET',
    route: '/api/promoCodes',
    access: 'admin',
    requests: (fx) => fc.record({ actor: actors(fx, 'admin'), path: fc.constant('/api/promoCodes') }),
  },
  {
    method: 'POST',
    route: '/api/promoCodes',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: fc.constant('/api/promoCodes'),
        body: jsonBody({
          code: mostly(fc.oneof(fc.stringMatching(/^[A-Za-z0-9]{3,12}$/), fc.constantFrom('SAVE10', 'save10', ' new1 ')), 'ab', 'c'.repeat(41), 'WITH SPACE'),
          percent: promoPercent,
          active: mostly<boolean | string>(fc.boolean(), 'true'),
          ...promoLimitFields,
        }),
      }),
  },
  {
    method: 'PATCH',
    route: '/api/promoCodes/:code',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: promoCodeSegment.map(withPath('/api/promoCodes/')),
        body: jsonBody({ percent: promoPercent, active: mostly<boolean | string>(fc.boolean(), 'false'), ...promoLimitFields }),
      }),
  },
  {
    method: 'DELETE',
    route: '/api/promoCodes/:code',
    access: 'admin',
    requests: (fx) =>
      fc.record({ actor: actors(fx, 'admin'), path: promoCodeSegment.map(withPath('/api/promoCodes/')), body: strayBody }, { requiredKeys: ['actor', 'path'] }),
  },
  ...deliveryOptionEndpoints(),
  ...setupEndpoints(),
  {
    // An order taken by phone or WhatsApp.
    method: 'POST',
    route: '/api/adminOrders',
    access: 'admin',
    requests: (fx) => {
      const { paymentMethod: _method, email: _email, ...contact } = checkoutFields(fx);
      return fc.record({
        actor: actors(fx, 'admin'),
        path: fc.constant('/api/adminOrders'),
        headers: idempotencyKeyHeader(fx),
        body: jsonBody({
          ...contact,
          email: mostly(fc.constantFrom('', 'akos@example.com'), 'not-an-email'),
          payment: mostly(fc.constantFrom('cash', 'momo_prompt', 'momo_link'), 'bitcoin'),
          momoPhone: mostly(fc.constantFrom('0241234567', '024 000 0001'), '12345'),
          momoNetwork: mostly(fc.constantFrom('mtn', 'vod', 'atl'), 'glo'),
          orderStatus: mostly(fc.constantFrom('Processing', 'Pending'), 'Shipped'),
          lines: mutatedList({ productId: productId(fx), quantity }, { minLength: 1, maxLength: 3 }),
        }),
      });
    },
  },
  {
    method: 'GET',
    route: '/api/outboxMessages',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: queryString({
          orderId: mostly(fc.constantFrom(...allOrders(fx)), 'not-an-id'),
          status: mostly(fc.constantFrom('queued', 'sending', 'sent', 'failed', 'logged'), 'lost'),
          page: pageParam,
          limit: pageParam,
        }).map((query) => `/api/outboxMessages${query}`),
      }),
  },
  {
    method: 'POST',
    route: '/api/outboxMessages/:id/resend',
    access: 'admin',
    requests: (fx) =>
      fc.record(
        { actor: actors(fx, 'admin'), path: pathSegment(allOrders(fx)).map((id) => `/api/outboxMessages/${id}/resend`), body: strayBody },
        { requiredKeys: ['actor', 'path'] },
      ),
  },
  {
    method: 'GET',
    route: '/api/ownerAlerts',
    access: 'admin',
    requests: (fx) => fc.record({ actor: actors(fx, 'admin'), path: fc.constant('/api/ownerAlerts') }),
  },
  {
    method: 'PUT',
    route: '/api/ownerAlerts',
    access: 'admin',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'admin'),
        path: fc.constant('/api/ownerAlerts'),
        body: jsonBody({
          phones: mostly(fc.array(phone, { maxLength: 3 }), ['0241234567', '0241234568', '0241234569', '0241234570', '0241234571', '0241234572']),
          emails: mostly(fc.array(email(fx), { maxLength: 3 }), ['not an e-mail']),
          newOrder: mostly(fc.boolean(), 'yes' as unknown as boolean),
          paymentFlag: fc.boolean(),
          lowStock: fc.boolean(),
        }),
      }),
  },
];
