import fc from 'fast-check';
import type { FuzzFixture } from './fixture';
import {
  actorOf,
  actors,
  type FormPart,
  FUZZ_RUNS,
  type FuzzEndpoint,
  filePart,
  formBody,
  headerSafe,
  hostileText,
  idempotencyKeyHeader,
  jsonBody,
  mutatedList,
  mutatedObject,
  orderTokenHeader,
  pathSegment,
  queryString,
  strayBody,
} from './harness';
import {
  accountCall,
  accountOf,
  allOrders,
  cartLineCall,
  checkoutFields,
  confirmedPassword,
  currentPassword,
  email,
  isSomeoneElsesOrder,
  longText,
  mostly,
  newPassword,
  orderCall,
  pageParam,
  pathParam,
  personName,
  phone,
  productId,
  quantity,
} from './values';

/** The storefront's calls: catalogue, accounts, cart, orders, payments, shop pages; and the sandbox payment page. */

const CATEGORY_VALUES = fc.constantFrom('hair', 'Skin', 'natural-oils', 'Natural Oils', 'GIFTS-AND-SETS', 'Others', 'soap');
const SORT_VALUES = fc.constantFrom('popularity', 'price-asc', 'price-desc', 'newest', 'rating', 'cheapest');

/** The sandbox and Paystack reference shapes, the fixture's own, and junk. */
const references = (fixture: FuzzFixture) =>
  fc.oneof(
    { weight: 4, arbitrary: pathSegment([fixture.guestOrder.reference, fixture.paidGuestOrder.reference]) },
    { weight: 1, arbitrary: fc.stringMatching(/^NK-[A-Z2-9]{6}-[a-f0-9]{12}$/) },
  );

/** One photo mostly; none, or several under any name, now and then. */
const avatarFiles = fc.oneof(
  { weight: 5, arbitrary: filePart(fc.constant('avatar')).map((part) => [part]) },
  { weight: 1, arbitrary: fc.constant<FormPart[]>([]) },
  { weight: 1, arbitrary: fc.array(filePart(fc.constantFrom('avatar', 'logo', 'images')), { maxLength: 3 }) },
);

const withPath = (prefix: string) => (segment: string) => `${prefix}${segment}`;

/** A page cursor (base64url JSON of the sort and the last product's keys): well-formed, tampered, and junk. */
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const cursors = (fx: FuzzFixture) =>
  fc.oneof(
    // Empty: the first page (a cursor must match the sort, and most requests here sort otherwise).
    { weight: 8, arbitrary: fc.constant('') },
    { weight: 3, arbitrary: fc.constant(cursorOf(['popularity', 0, 'Shea Butter', fx.products.shea])) },
    { weight: 1, arbitrary: fc.constant(cursorOf(['newest', '2026-11-22T10:00:00.000000Z', 'Shea', fx.products.shea])) },
    { weight: 1, arbitrary: fc.constant(cursorOf(['newest', '2026-02-30T10:00:00.000000Z', 'Shea', fx.products.shea])) },
    { weight: 1, arbitrary: fc.constant(cursorOf(['rating', 1e308, 2 ** 40, 'x\u0000', 'not-an-id'])) },
    { weight: 1, arbitrary: fc.constant(cursorOf(['relevance', 1, 0.5, 'Shea', fx.products.shea])) },
    { weight: 1, arbitrary: fc.jsonValue().map(cursorOf) },
    { weight: 1, arbitrary: fc.constantFrom('', '!!', 'e30', 'x'.repeat(1001)) },
  );

/** A path segment back to the text a client would put in a body. */
function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export const shopEndpoints: FuzzEndpoint[] = [
  {
    method: 'GET',
    route: '/api/getProducts',
    access: 'public',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'public'),
        path: queryString({
          category: CATEGORY_VALUES,
          q: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('shea', 'x'.repeat(101))),
          sort: SORT_VALUES,
          page: pageParam,
          limit: pageParam,
        }).map((query) => `/api/getProducts${query}`),
        headers: fc.record(
          {
            'If-None-Match': fc.oneof(fc.constantFrom('*', '""', 'W/"x"'), hostileText.map(headerSafe)),
            'Accept-Encoding': fc.constantFrom('gzip', 'br', 'identity;q=0', '*', 'gzip;q=abc'),
          },
          { requiredKeys: [] },
        ),
      }),
  },
  {
    method: 'GET',
    route: '/api/getSingleProductById/:id',
    access: 'public',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'public'),
        path: pathSegment([fx.products.shea, fx.products.soldOut, fx.customerOrder]).map(withPath('/api/getSingleProductById/')),
      }),
  },
  // The paged listing, stock levels and the phone's catalogue sync.
  {
    method: 'GET',
    route: '/api/products',
    access: 'public',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'public'),
        path: queryString({
          category: CATEGORY_VALUES,
          q: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('shea', 'shea buter', "o'neil & co | !x", 'x'.repeat(101))),
          sort: fc.oneof(SORT_VALUES, fc.constant('relevance')),
          cursor: cursors(fx),
          limit: mostly(fc.integer({ min: 1, max: 60 }).map(String), '0', '61', '1.5', '-1'),
        }).map((query) => `/api/products${query}`),
        headers: fc.record(
          { 'If-None-Match': fc.constantFrom('*', '""', 'W/"x"'), 'Accept-Encoding': fc.constantFrom('gzip', 'br', 'identity') },
          { requiredKeys: [] },
        ),
      }),
  },
  {
    method: 'GET',
    route: '/api/stock',
    access: 'public',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'public'),
        path: queryString({
          ids: fc.oneof(
            { weight: 6, arbitrary: fc.array(productId(fx), { minLength: 1, maxLength: 5 }).map((ids) => ids.join(',')) },
            { weight: 1, arbitrary: fc.array(fc.uuid(), { minLength: 100, maxLength: 102 }).map((ids) => ids.join(',')) },
            { weight: 1, arbitrary: fc.constantFrom('', ',', ' , ', 'not-an-id', `${fx.products.shea},,${fx.products.shea}`) },
          ),
        }).map((query) => `/api/stock${query}`),
      }),
  },
  {
    method: 'GET',
    route: '/api/catalogueChanges',
    access: 'public',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'public'),
        path: queryString({
          since: fc.oneof(
            { weight: 4, arbitrary: fc.bigInt({ min: 0n, max: 2n ** 64n }).map((n) => `v1.${n}`) },
            { weight: 1, arbitrary: fc.constantFrom('', 'v1.', 'v1.-1', 'v2.5', 'v1.1.1', 'V1.5', 'v1.00000000000000000001', 'v1.99999999999999999999') },
          ),
        }).map((query) => `/api/catalogueChanges${query}`),
        headers: fc.record({ 'If-None-Match': fc.constantFrom('*', '""'), 'Accept-Encoding': fc.constantFrom('gzip', 'identity') }, { requiredKeys: [] }),
      }),
  },
  {
    method: 'POST',
    route: '/api/login',
    access: 'public',
    requests: (fx) =>
      fc.record({ actor: actors(fx, 'public'), path: fc.constant('/api/login'), body: jsonBody({ email: email(fx), password: currentPassword }) }),
  },
  {
    method: 'POST',
    route: '/api/addUser',
    access: 'public',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'public'),
        path: fc.constant('/api/addUser'),
        body: jsonBody({ fullName: personName, email: email(fx), password: newPassword, confirmPassword: confirmedPassword, phone }),
      }),
  },
  {
    method: 'POST',
    route: '/api/forgotPassword',
    access: 'public',
    requests: (fx) =>
      fc.record({ actor: actors(fx, 'public'), path: fc.constant('/api/forgotPassword'), body: jsonBody({ contact: fc.oneof(email(fx), phone) }) }),
  },
  {
    method: 'POST',
    route: '/api/resetPassword',
    access: 'public',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'public'),
        path: fc.constant('/api/resetPassword'),
        body: fc.oneof(
          jsonBody({ token: mostly(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), 'short', ''), password: newPassword, confirmPassword: confirmedPassword }),
          jsonBody({
            contact: phone,
            code: mostly(fc.stringMatching(/^\d{6}$/), '12345', 'abcdef'),
            password: newPassword,
            confirmPassword: confirmedPassword,
          }),
        ),
      }),
  },
  {
    method: 'POST',
    route: '/api/lookupOrder',
    access: 'public',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'public'),
        path: fc.constant('/api/lookupOrder'),
        body: jsonBody({ orderNumber: mostly(fc.stringMatching(/^NK-[A-Z2-9]{6}$/), 'NK-BIG222', 'nk big333', ''), contact: fc.oneof(email(fx), phone) }),
      }),
  },
  {
    // A code to confirm a phone; only Ghana mobile numbers, capped.
    method: 'POST',
    route: '/api/phoneCodes',
    access: 'public',
    requests: (fx) => fc.record({ actor: actors(fx, 'public'), path: fc.constant('/api/phoneCodes'), body: jsonBody({ phone }) }),
  },
  {
    method: 'POST',
    route: '/api/phoneCodes/verify',
    access: 'public',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'public'),
        path: fc.constant('/api/phoneCodes/verify'),
        body: jsonBody({ phone, code: mostly(fc.stringMatching(/^\d{6}$/), '12345', 'abcdef', '') }),
      }),
  },
  {
    method: 'POST',
    route: '/api/logout',
    access: 'signedIn',
    requests: (fx) => fc.record({ actor: actors(fx, 'signedIn'), path: fc.constant('/api/logout'), body: strayBody }, { requiredKeys: ['actor', 'path'] }),
  },
  {
    method: 'PATCH',
    route: '/api/updateUser/:userId',
    access: 'signedIn',
    requests: (fx) =>
      fc
        .tuple(accountCall(fx), jsonBody({ fullName: personName, email: email(fx), password: newPassword, currentPassword, phone }))
        .map(([{ actor, userId }, body]) => ({ actor, path: `/api/updateUser/${userId}`, body })),
    // Only the account itself, never another (admins included).
    mustRefuse: (request, fx) => {
      const target = pathParam(request, '/api/updateUser/');
      return target !== undefined && [fx.customer.id, fx.otherCustomer.id, fx.admin.id].includes(target) && target !== accountOf(request.actor.kind, fx);
    },
  },
  // The signed-in account's own photo; the account is the session's, whatever the form names.
  {
    method: 'PUT',
    route: '/api/myAvatar',
    access: 'signedIn',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'signedIn'),
        path: fc.constant('/api/myAvatar'),
        body: formBody({ userId: mostly(fc.constantFrom(fx.customer.id, fx.otherCustomer.id, fx.admin.id), 'not-an-id') }, avatarFiles),
      }),
  },
  {
    method: 'DELETE',
    route: '/api/myAvatar',
    access: 'signedIn',
    requests: (fx) => fc.record({ actor: actors(fx, 'signedIn'), path: fc.constant('/api/myAvatar'), body: strayBody }, { requiredKeys: ['actor', 'path'] }),
  },
  {
    method: 'GET',
    route: '/api/getMyCart',
    access: 'signedIn',
    requests: (fx) => fc.record({ actor: actors(fx, 'signedIn'), path: fc.constant('/api/getMyCart') }),
  },
  {
    method: 'POST',
    route: '/api/addToCart',
    access: 'signedIn',
    requests: (fx) => fc.record({ actor: actors(fx, 'signedIn'), path: fc.constant('/api/addToCart'), body: jsonBody({ productId: productId(fx), quantity }) }),
  },
  {
    method: 'POST',
    route: '/api/setCartItem',
    access: 'signedIn',
    requests: (fx) =>
      fc.record({ actor: actors(fx, 'signedIn'), path: fc.constant('/api/setCartItem'), body: jsonBody({ productId: productId(fx), quantity }) }),
  },
  {
    method: 'PATCH',
    route: '/api/updateCartItem/:lineId',
    access: 'signedIn',
    requests: (fx) =>
      fc.tuple(cartLineCall(fx), jsonBody({ quantity })).map(([{ actor, lineId }, body]) => ({ actor, path: `/api/updateCartItem/${lineId}`, body })),
    mustRefuse: (request, fx) => isSomeoneElsesLine(pathParam(request, '/api/updateCartItem/'), request.actor.kind, fx),
  },
  {
    method: 'DELETE',
    route: '/api/removeCartItemById/:lineId',
    access: 'signedIn',
    requests: (fx) => fc.tuple(cartLineCall(fx), strayBody).map(([{ actor, lineId }, body]) => ({ actor, path: `/api/removeCartItemById/${lineId}`, body })),
    mustRefuse: (request, fx) => isSomeoneElsesLine(pathParam(request, '/api/removeCartItemById/'), request.actor.kind, fx),
  },
  {
    method: 'DELETE',
    route: '/api/clearCart',
    access: 'signedIn',
    requests: (fx) => fc.record({ actor: actors(fx, 'signedIn'), path: fc.constant('/api/clearCart'), body: strayBody }, { requiredKeys: ['actor', 'path'] }),
  },
  {
    method: 'POST',
    route: '/api/mergeCart',
    access: 'signedIn',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'signedIn'),
        path: fc.constant('/api/mergeCart'),
        body: jsonBody({ items: mutatedList({ productId: productId(fx), quantity }, { maxLength: 6 }) }),
      }),
  },
  {
    method: 'POST',
    route: '/api/createOrder',
    access: 'signedIn',
    // Orders are where a half-done write would hurt most: more runs.
    numRuns: 2 * FUZZ_RUNS,
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'signedIn'),
        path: fc.constant('/api/createOrder'),
        headers: idempotencyKeyHeader(fx),
        body: jsonBody(checkoutFields(fx)),
      }),
  },
  {
    method: 'POST',
    route: '/api/createGuestOrder',
    access: 'public',
    numRuns: 2 * FUZZ_RUNS,
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'public'),
        path: fc.constant('/api/createGuestOrder'),
        headers: idempotencyKeyHeader(fx),
        body: jsonBody({ ...checkoutFields(fx), cart: mutatedList({ productId: productId(fx), quantity }, { minLength: 1, maxLength: 3 }) }),
      }),
  },
  {
    method: 'POST',
    route: '/api/validatePromo',
    access: 'public',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'public'),
        path: fc.constant('/api/validatePromo'),
        body: jsonBody({
          code: mostly(fc.constantFrom('SAVE10', 'save10', ' save10 ', 'HALFOFF', 'NOPE'), ''),
          subtotal: mostly(fc.double({ min: 0, max: 1e8, noNaN: true }), -1, 1e8 + 1),
        }),
      }),
  },
  {
    method: 'POST',
    route: '/api/cancelOrder/:id',
    access: 'order',
    requests: (fx) =>
      fc
        .tuple(orderCall(fx, { allowAdmin: false }), strayBody)
        .map(([{ actor, orderId, headers }, body]) => ({ actor, headers, path: `/api/cancelOrder/${orderId}`, body })),
    mustRefuse: (request, fx) => isSomeoneElsesOrder(request, fx, pathParam(request, '/api/cancelOrder/'), { allowAdmin: false }),
  },
  {
    // The order's buyer proved its phone (a phone token, forged or malformed here).
    method: 'POST',
    route: '/api/orders/:id/verification',
    access: 'order',
    requests: (fx) =>
      fc
        .tuple(orderCall(fx, { allowAdmin: false }), strayBody, mostly(fc.stringMatching(/^233\d{9}\.\d{10}\.[\w-]{43}$/), 'token', ''))
        .map(([{ actor, orderId, headers }, body, phoneToken]) => ({
          actor,
          headers: { ...headers, 'X-Phone-Token': phoneToken },
          path: `/api/orders/${orderId}/verification`,
          body,
        })),
    mustRefuse: (request, fx) => isSomeoneElsesOrder(request, fx, pathParam(request, '/api/orders/')?.replace(/\/verification$/, ''), { allowAdmin: false }),
  },
  {
    // The short link in a message: a forged, stale or malformed code opens nothing.
    method: 'GET',
    route: '/api/orderByLink/:code',
    access: 'public',
    requests: (fx) => fc.record({ actor: actors(fx, 'public'), path: pathSegment(['A'.repeat(36), ...allOrders(fx)]).map(withPath('/api/orderByLink/')) }),
  },
  {
    method: 'GET',
    route: '/api/getAllMyOrders',
    access: 'signedIn',
    requests: (fx) => fc.record({ actor: actors(fx, 'signedIn'), path: fc.constant('/api/getAllMyOrders') }),
  },
  {
    method: 'GET',
    route: '/api/getOrderById/:id',
    access: 'order',
    requests: (fx) => orderCall(fx, { allowAdmin: true }).map(({ actor, orderId, headers }) => ({ actor, headers, path: `/api/getOrderById/${orderId}` })),
    mustRefuse: (request, fx) => isSomeoneElsesOrder(request, fx, pathParam(request, '/api/getOrderById/'), { allowAdmin: true }),
  },
  {
    method: 'POST',
    route: '/api/initializePayment',
    access: 'order',
    requests: (fx) =>
      orderCall(fx, { allowAdmin: false }).chain(({ actor, orderId, headers }) =>
        jsonBody({ orderId: fc.constant(decodeURIComponentSafe(orderId)), email: email(fx), total: fc.constantFrom(0.01, 45.5, -1, 1e9) }).map((body) => ({
          actor,
          headers,
          path: '/api/initializePayment',
          body,
        })),
      ),
    mustRefuse: (request, fx) => {
      const orderId = request.body?.kind === 'json' ? (request.body.value as { orderId?: unknown } | null)?.orderId : undefined;
      return typeof orderId === 'string' && isSomeoneElsesOrder(request, fx, orderId.toLowerCase(), { allowAdmin: false });
    },
  },
  {
    method: 'POST',
    route: '/api/chargeMobileMoney',
    access: 'order',
    requests: (fx) =>
      orderCall(fx, { allowAdmin: false }).chain(({ actor, orderId, headers }) =>
        jsonBody({
          orderId: fc.constant(decodeURIComponentSafe(orderId)),
          phone: mostly(fc.constantFrom('0241234567', '+233 20 123 4567', '0551234567'), '12345', '0301234567', '+2330241234567'),
          network: mostly(fc.constantFrom('mtn', 'vod', 'atl'), 'MTN', 'orange', ''),
        }).map((body) => ({ actor, headers, path: '/api/chargeMobileMoney', body })),
      ),
    mustRefuse: (request, fx) => {
      const orderId = request.body?.kind === 'json' ? (request.body.value as { orderId?: unknown } | null)?.orderId : undefined;
      return typeof orderId === 'string' && isSomeoneElsesOrder(request, fx, orderId.toLowerCase(), { allowAdmin: false });
    },
  },
  ...(['submitPaymentOtp', 'cancelPaymentAttempt'] as const).map((name) => ({
    method: 'POST' as const,
    route: `/api/${name}`,
    access: 'order' as const,
    requests: (fx: FuzzFixture) =>
      fc
        .record({ actor: actors(fx, 'order'), headers: orderTokenHeader(fx), reference: references(fx) })
        .chain(({ actor, headers, reference }) =>
          jsonBody(
            name === 'submitPaymentOtp'
              ? { reference: fc.constant(decodeURIComponentSafe(reference)), otp: mostly(fc.constantFrom('123456', '0000'), '', '12 34', 'x'.repeat(13)) }
              : { reference: fc.constant(decodeURIComponentSafe(reference)) },
          ).map((body) => ({ actor, headers, path: `/api/${name}`, body })),
        ),
  })),
  {
    method: 'GET',
    route: '/api/verifyPayment/:reference',
    access: 'order',
    requests: (fx) => {
      // The guest with the payment's order token, an admin, or anyone with any reference.
      const entitled = fc.oneof(
        fc
          .constantFrom(fx.guestOrder, fx.paidGuestOrder)
          .map((order) => ({ actor: actorOf(fx, 'anonymous'), headers: { 'X-Order-Token': order.orderToken }, reference: order.reference })),
        fc.constantFrom(fx.guestOrder.reference, fx.paidGuestOrder.reference).map((reference) => ({ actor: actorOf(fx, 'admin'), headers: {}, reference })),
      );
      const anyone = fc.record({ actor: actors(fx, 'order'), headers: orderTokenHeader(fx), reference: references(fx) });
      return fc.oneof(entitled, anyone).map(({ actor, headers, reference }) => ({ actor, headers, path: `/api/verifyPayment/${reference}` }));
    },
    mustRefuse: (request, fx) => {
      const reference = pathParam(request, '/api/verifyPayment/');
      const orderByReference: Record<string, string> = {
        [fx.guestOrder.reference.toLowerCase()]: fx.guestOrder.id,
        [fx.paidGuestOrder.reference.toLowerCase()]: fx.paidGuestOrder.id,
      };
      return reference !== undefined && isSomeoneElsesOrder(request, fx, orderByReference[reference], { allowAdmin: true });
    },
  },
  {
    // The sandbox provider signs nothing, so every webhook is refused; the body is still read first.
    method: 'POST',
    route: '/api/paystack/webhook',
    access: 'public',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'public'),
        path: fc.constant('/api/paystack/webhook'),
        headers: fc.record({ 'x-paystack-signature': fc.oneof(fc.stringMatching(/^[0-9a-f]{128}$/), hostileText.map(headerSafe)) }, { requiredKeys: [] }),
        body: jsonBody({
          event: fc.constantFrom('charge.success', 'transfer.success'),
          data: mutatedObject({
            reference: fc.constant(fx.guestOrder.reference),
            status: fc.constant('success'),
            amount: fc.integer(),
            currency: fc.constant('GHS'),
          }),
        }),
      }),
  },
  {
    method: 'GET',
    route: '/api/health',
    access: 'public',
    requests: (fx) => fc.record({ actor: actors(fx, 'public'), path: queryString({ fields: fc.constant('all') }).map((query) => `/api/health${query}`) }),
  },
  {
    method: 'GET',
    route: '/api/settings',
    access: 'public',
    requests: (fx) => fc.record({ actor: actors(fx, 'public'), path: queryString({ fields: fc.constant('all') }).map((query) => `/api/settings${query}`) }),
  },
  {
    // For crawlers: whatever query comes with them, the same text and XML.
    method: 'GET',
    route: '/robots.txt',
    access: 'public',
    requests: (fx) => fc.record({ actor: actors(fx, 'public'), path: queryString({ fields: fc.constant('all') }).map((query) => `/robots.txt${query}`) }),
  },
  {
    method: 'GET',
    route: '/sitemap.xml',
    access: 'public',
    requests: (fx) => fc.record({ actor: actors(fx, 'public'), path: queryString({ fields: fc.constant('all') }).map((query) => `/sitemap.xml${query}`) }),
  },
  {
    method: 'POST',
    route: '/api/contact',
    access: 'public',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'public'),
        path: fc.constant('/api/contact'),
        body: jsonBody({ name: personName, email: email(fx), subject: longText(200), message: longText(5000) }),
      }),
  },
  {
    // A page view's speed: counts only; a refusal (bad route, shape or size) stores nothing.
    method: 'POST',
    route: '/api/vitals',
    access: 'public',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'public'),
        path: fc.constant('/api/vitals'),
        body: jsonBody({
          route: mostly<unknown>(fc.constantFrom('/', '/product/$id', '/checkout'), '/admin/', '/product/shea-butter', 'https://shop.example/'),
          metrics: mostly<unknown>(
            fc.record(
              {
                LCP: fc.double({ min: -10, max: 70_000, noNaN: true }),
                INP: fc.integer({ min: 0, max: 2_000 }),
                CLS: fc.double({ min: 0, max: 12, noNaN: true }),
              },
              { requiredKeys: [] },
            ),
            { FID: 10 },
            { LCP: '1200' },
          ),
          connection: mostly<unknown>(fc.constantFrom('4g', '3g', '2g', 'slow-2g'), 'x'.repeat(17), 'x'.repeat(5_000)),
          deviceMemory: mostly<unknown>(fc.constantFrom(0.5, 4, 8), -1, 2_000),
        }),
      }),
  },
  {
    method: 'POST',
    route: '/api/subscribe',
    access: 'public',
    requests: (fx) => fc.record({ actor: actors(fx, 'public'), path: fc.constant('/api/subscribe'), body: jsonBody({ email: email(fx) }) }),
  },
  {
    method: 'GET',
    route: '/pay/sandbox/:reference',
    access: 'public',
    requests: (fx) => fc.record({ actor: actors(fx, 'public'), path: references(fx).map(withPath('/pay/sandbox/')) }),
  },
  {
    method: 'POST',
    route: '/pay/sandbox/:reference',
    access: 'public',
    requests: (fx) =>
      fc.record({
        actor: actors(fx, 'public'),
        path: references(fx).map(withPath('/pay/sandbox/')),
        body: fc.oneof(
          fc
            .constantFrom('success', 'failed', 'SUCCESS', '')
            .map((outcome) => ({ kind: 'text' as const, text: `outcome=${outcome}`, contentType: 'application/x-www-form-urlencoded' })),
          jsonBody({ outcome: fc.constantFrom('success', 'failed') }),
        ),
      }),
  },
  {
    method: 'GET',
    route: '/uploads/:name',
    access: 'public',
    requests: (fx) =>
      fc.record({ actor: actors(fx, 'public'), path: pathSegment(['0123456789abcdef0123456789abcdef-640.webp', 'missing.webp']).map(withPath('/uploads/')) }),
  },
  {
    method: 'HEAD',
    route: '/uploads/:name',
    access: 'public',
    requests: (fx) => fc.record({ actor: actors(fx, 'public'), path: pathSegment(['0123456789abcdef0123456789abcdef-640.webp']).map(withPath('/uploads/')) }),
  },
  {
    // Paths and methods the API does not have: a JSON 404, whatever comes with them.
    method: 'ANY',
    route: '/api/*',
    access: 'public',
    requests: (fx) =>
      fc.record({
        method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
        actor: actors(fx, 'public'),
        path: fc
          .tuple(fc.constantFrom('/api/', '/api/getProducts/', '/api/admin/', '/api//', '/api/getMyCart/x/'), pathSegment(['getProducts', 'nope']))
          .map(([prefix, rest]) => prefix + rest),
      }),
  },
];

function isSomeoneElsesLine(lineId: string | undefined, kind: string, fx: FuzzFixture): boolean {
  if (lineId === fx.otherCartLine) return kind !== 'otherCustomer';
  if (lineId === fx.cartLine) return kind !== 'customer';
  return false;
}
