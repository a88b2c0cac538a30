import fc from 'fast-check';
import { GHANA_REGIONS } from '@/shared/delivery';
import { type FuzzFixture, PASSWORD } from './fixture';
import { type Actor, type ActorKind, actorOf, actors, type FuzzRequest, orderTokenHeader, pathSegment } from './harness';

/**
 * Field values the endpoint catalogues build requests from: mostly valid (so requests reach the
 * database), sometimes just past a limit. The harness breaks them further.
 */

/** Mostly `valid`, now and then one of `edges` (rarely: requests with many fields must still often be valid). */
export const mostly = <T>(valid: fc.Arbitrary<T>, ...edges: T[]) =>
  fc.oneof({ weight: 19, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(...edges) });

export const personName = mostly(fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), fc.constant('Ama Mensah')), 'x'.repeat(120), 'x'.repeat(121), '   ');

export const longText = (max: number) => mostly(fc.string({ minLength: 1, maxLength: 60 }), 'y'.repeat(max), 'y'.repeat(max + 1));

export function email(fixture: FuzzFixture) {
  return fc.oneof(
    { weight: 14, arbitrary: fc.stringMatching(/^[a-z][a-z0-9]{0,8}([._-][a-z0-9]{1,5})?@[a-z]{2,10}\.(com|gh)$/) },
    { weight: 4, arbitrary: fc.constantFrom(fixture.customer.email, fixture.otherCustomer.email, fixture.admin.email, fixture.customer.email.toUpperCase()) },
    // RFC-valid addresses the shop may still refuse (quoted parts, odd characters), and plain wrong ones.
    { weight: 1, arbitrary: fc.emailAddress() },
    { weight: 1, arbitrary: fc.constantFrom('not-an-email', 'a@b', `${'m'.repeat(250)}@example.com`) },
  );
}

/** A new password, and the same again to confirm it (mostly). */
const NEW_PASSWORD = 'new password 1';
export const newPassword = mostly(fc.constant(NEW_PASSWORD), 'short', 'x'.repeat(200), 'x'.repeat(201));
export const confirmedPassword = mostly(fc.constant(NEW_PASSWORD), 'something else');
/** The account's password as the fixture set it (until a change succeeds), or a wrong one. */
export const currentPassword = mostly(fc.constant(PASSWORD), NEW_PASSWORD, 'wrong password');

export const phone = mostly(fc.constantFrom('+233241234567', '0241234567', '024 123 4567', '+233 24 123 4567'), '12345', '+2332412345678');

export const paymentMethod = mostly(fc.constantFrom('Mobile Money', 'Cash on Delivery', 'cash on delivery', ' MOBILE MONEY '), 'Bitcoin');

export const promoCode = mostly(fc.constantFrom('', 'SAVE10', 'save10', ' save10 '), 'HALFOFF', 'NOPE');

/** Whole numbers as numbers or digit strings, with the limits either side. */
export const quantity = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 60 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 10_000 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 10_000 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom(0, 10_000, 10_001, '10000', ' 4 ', '-1', 1.5, '1e3') },
);

/** Mostly products that can be bought; the sold-out one, unknown ids and odd spellings now and then. */
export function productId(fixture: FuzzFixture) {
  const { shea, soldOut, priciest } = fixture.products;
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(shea) },
    // ₵1,000,000 each: a handful already passes the largest order.
    { weight: 2, arbitrary: fc.constant(priciest) },
    { weight: 1, arbitrary: fc.constant(soldOut) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constant(shea.toUpperCase()) },
  );
}

export function checkoutFields(fixture: FuzzFixture) {
  return {
    fullName: personName,
    email: email(fixture),
    phone,
    address: longText(300),
    city: longText(100),
    paymentMethod,
    promoCode,
    // Where a rider finds the shopper, and the delivery option with the fee the checkout showed.
    region: mostly(fc.constantFrom(...GHANA_REGIONS), 'greater accra', 'Accra'),
    gpsAddress: mostly(fc.constantFrom('', 'GA-183-8164', 'ga1838164', ' ak 484 5780 '), 'GA-18-8164', 'x'.repeat(41)),
    landmark: longText(200),
    deliveryOptionId: mostly(fc.constantFrom(...fixture.deliveryOptions), 'not-an-id', '00000000-0000-4000-8000-000000000000'),
    deliveryFee: mostly<number | string>(fc.constantFrom(18, 0, 30), -1, '18', 100_001),
  };
}

export const pageParam = mostly(fc.integer({ min: 1, max: 5 }).map(String), '0', '100', '101', '100000', '100001', '1.5', '-1');

/* ---------------------------------------------------------------------------------------------
 * Ownership: which fixture resources each caller may touch
 * ------------------------------------------------------------------------------------------- */

/** The path parameter after `prefix`, decoded and lower-cased as the server compares ids. */
export function pathParam(request: FuzzRequest, prefix: string): string | undefined {
  if (!request.path.startsWith(prefix)) return undefined;
  try {
    return decodeURIComponent(request.path.slice(prefix.length).split('?')[0] ?? '').toLowerCase();
  } catch {
    return undefined;
  }
}

export function accountOf(kind: ActorKind, fixture: FuzzFixture): string | undefined {
  if (kind === 'customer') return fixture.customer.id;
  if (kind === 'otherCustomer') return fixture.otherCustomer.id;
  if (kind === 'admin') return fixture.admin.id;
  return undefined;
}

/** A fixture order the request may not see or act on (its owner, its order token, or an admin where allowed, may). */
export function isSomeoneElsesOrder(request: FuzzRequest, fixture: FuzzFixture, orderId: string | undefined, options: { allowAdmin: boolean }): boolean {
  if (orderId === undefined) return false;
  const ownerByOrder: Record<string, ActorKind> = { [fixture.customerOrder]: 'customer', [fixture.otherCustomerOrder]: 'otherCustomer' };
  const tokenByOrder: Record<string, string> = Object.fromEntries(
    [fixture.guestOrder, fixture.paidGuestOrder, fixture.cancelledOrder].map((order) => [order.id, order.orderToken]),
  );
  if (!(orderId in ownerByOrder) && !(orderId in tokenByOrder)) return false; // not one of ours: no claim
  const { kind } = request.actor;
  if (ownerByOrder[orderId] === kind) return false;
  if (options.allowAdmin && kind === 'admin') return false;
  const orderToken = request.headers?.['X-Order-Token']?.trim();
  return !(orderToken !== undefined && orderToken === tokenByOrder[orderId]);
}

/* ---------------------------------------------------------------------------------------------
 * Callers paired with resources: half the time one who may act on it, else anyone with anything
 * ------------------------------------------------------------------------------------------- */

export interface OrderCall {
  actor: Actor;
  orderId: string;
  headers: Record<string, string>;
}

/** A fixture order id, another resource's id, or junk. */
export const orderIds = (fixture: FuzzFixture) => pathSegment([...allOrders(fixture), fixture.products.shea]);

export const allOrders = (fixture: FuzzFixture) => [
  fixture.customerOrder,
  fixture.otherCustomerOrder,
  fixture.guestOrder.id,
  fixture.paidGuestOrder.id,
  fixture.cancelledOrder.id,
];

export function orderCall(fixture: FuzzFixture, options: { allowAdmin: boolean }): fc.Arbitrary<OrderCall> {
  const entitled: fc.Arbitrary<OrderCall>[] = [
    fc.constant({ actor: actorOf(fixture, 'customer'), orderId: fixture.customerOrder, headers: {} }),
    fc.constant({ actor: actorOf(fixture, 'otherCustomer'), orderId: fixture.otherCustomerOrder, headers: {} }),
    fc
      .constantFrom(fixture.guestOrder, fixture.paidGuestOrder, fixture.cancelledOrder)
      .map((order) => ({ actor: actorOf(fixture, 'anonymous'), orderId: order.id, headers: { 'X-Order-Token': order.orderToken } })),
  ];
  if (options.allowAdmin) entitled.push(fc.constantFrom(...allOrders(fixture)).map((orderId) => ({ actor: actorOf(fixture, 'admin'), orderId, headers: {} })));
  const anyone = fc.record({ actor: actors(fixture, 'order'), orderId: orderIds(fixture), headers: orderTokenHeader(fixture) });
  return fc.oneof(fc.oneof(...entitled), anyone);
}

/** An account id for updateUser: mostly the caller's own. */
export function accountCall(fixture: FuzzFixture): fc.Arbitrary<{ actor: Actor; userId: string }> {
  const own = fc
    .constantFrom('customer' as const, 'otherCustomer' as const, 'admin' as const)
    .map((kind) => ({ actor: actorOf(fixture, kind), userId: accountOf(kind, fixture) as string }));
  const anyone = fc.record({ actor: actors(fixture, 'signedIn'), userId: pathSegment([fixture.customer.id, fixture.otherCustomer.id, fixture.admin.id]) });
  return fc.oneof({ weight: 2, arbitrary: own }, { weight: 1, arbitrary: anyone });
}

/** A cart line id: mostly the caller's own line. */
export function cartLineCall(fixture: FuzzFixture): fc.Arbitrary<{ actor: Actor; lineId: string }> {
  const own = fc.constantFrom(
    { actor: actorOf(fixture, 'customer'), lineId: fixture.cartLine },
    { actor: actorOf(fixture, 'otherCustomer'), lineId: fixture.otherCartLine },
  );
  const anyone = fc.record({ actor: actors(fixture, 'signedIn'), lineId: pathSegment([fixture.cartLine, fixture.otherCartLine]) });
  return fc.oneof({ weight: 2, arbitrary: own }, { weight: 1, arbitrary: anyone });
}
