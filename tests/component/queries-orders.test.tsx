import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { orderCancelled, orderDetailKey, orderFinished, orderListsChanged } from '@/client/features/checkout/lib/order-cache';
import { orderQuery } from '@/client/features/orders/api/get-order';
import { deviceOrderIds, deviceOrdersQuery } from '@/client/features/orders/lib/device-orders';
import { orderPageQueries, ordersPageQueries } from '@/client/features/orders/route-queries';
import { ApiFailure } from '@/client/lib/http';
import { getMyOrders, myOrdersQuery } from '@/client/lib/queries/my-orders';
import { createShopQueryClient, type RouterContext } from '@/client/lib/query-client';
import { Route as OrderRoute } from '@/client/routes/order/$id';
import { Route as OrdersRoute } from '@/client/routes/orders';
import { useCheckout } from '@/client/stores/checkout';
import { useSession } from '@/client/stores/session';
import type { Order } from '@/shared/types';
import { json, mockApi } from './api-mock';
import { CUSTOMER_SESSION, freshStoresWithOrderTokens, makeOrder } from './fixtures';

/** Akosua signed in; the calls show her token as `Bearer tok-akosua`. */
const session = { ...CUSTOMER_SESSION, token: 'tok-akosua' };

const older = makeOrder({ _id: 'o1', createdAt: '2026-11-01T09:00:00.000Z' });
const newer = makeOrder({ _id: 'o2', orderNumber: 'NK-22AB4C', createdAt: '2026-11-20T09:00:00.000Z' });

/** What a query's fetch failed with. */
const failureOf = (fetching: Promise<unknown>) =>
  fetching.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

freshStoresWithOrderTokens();

describe("the customer's orders", () => {
  it('is GET /api/getAllMyOrders with the bearer token, answering the orders as the server sends them', async () => {
    useSession.setState({ session });
    const calls = mockApi({ 'GET getAllMyOrders': () => json({ Orders: [newer, older] }) });
    expect(myOrdersQuery().queryKey).toEqual(['my', 'orders', 'list']);
    await expect(createShopQueryClient().fetchQuery(myOrdersQuery())).resolves.toEqual([newer, older]);
    expect(calls).toEqual([{ key: 'GET getAllMyOrders', body: undefined, authorization: 'Bearer tok-akosua' }]);
  });

  it("fails with the server's message, or 'Failed to fetch orders' when the network fails", async () => {
    useSession.setState({ session });
    mockApi({ 'GET getAllMyOrders': () => json({ message: 'Orders are being moved.' }, 503) });
    expect(await failureOf(createShopQueryClient().fetchQuery(myOrdersQuery()))).toEqual(new ApiFailure('Orders are being moved.', 503));
    vi.restoreAllMocks();
    mockApi({});
    const failure = await failureOf(createShopQueryClient().fetchQuery(myOrdersQuery()));
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({ message: 'Failed to fetch orders', status: 0 });
    // The function itself is kept for the query to call.
    await expect(getMyOrders()).rejects.toBeInstanceOf(ApiFailure);
  });
});

describe('one order', () => {
  it("is GET /api/getOrderById/{id}, with the bearer token, or a guest's order token kept on this device", async () => {
    const calls = mockApi({ 'GET getOrderById/o1': () => json({ order: older }) });
    expect(orderQuery('o1').queryKey).toEqual(['my', 'orders', 'detail', 'o1']);

    useSession.setState({ session });
    await expect(createShopQueryClient().fetchQuery(orderQuery('o1'))).resolves.toEqual(older);
    expect(calls[0]?.authorization).toBe('Bearer tok-akosua');
    expect(calls[0]?.headers.get('x-order-token')).toBeNull();

    useSession.setState({ session: null });
    useCheckout.getState().rememberOrderToken('o1', 'guest-secret');
    await expect(createShopQueryClient().fetchQuery(orderQuery('o1'))).resolves.toEqual(older);
    expect(calls[1]?.authorization).toBeNull();
    expect(calls[1]?.headers.get('x-order-token')).toBe('guest-secret');
  });

  it("fails with status 404 for an order that is not the caller's, and 'Failed to fetch order' with no network", async () => {
    useSession.setState({ session });
    mockApi({ 'GET getOrderById/nope': () => json({ message: 'Order Not Found' }, 404) });
    expect(await failureOf(createShopQueryClient().fetchQuery(orderQuery('nope')))).toEqual(new ApiFailure('Order Not Found', 404));
    vi.restoreAllMocks();
    mockApi({});
    expect(await failureOf(createShopQueryClient().fetchQuery(orderQuery('o1')))).toMatchObject({ message: 'Failed to fetch order', status: 0 });
  });
});

describe("the device's guest orders", () => {
  it('are keyed by their ids, newest first as the checkout store keeps them', () => {
    useCheckout.getState().rememberOrderToken('o1', 'token-1');
    useCheckout.getState().rememberOrderToken('o2', 'token-2');
    const ids = deviceOrderIds(useCheckout.getState().orderTokens);
    expect(ids).toEqual(['o2', 'o1']);
    expect(deviceOrdersQuery(ids).queryKey).toEqual(['device-orders', 'o2', 'o1']);
  });

  it('read each order with its token, leave out the ones gone (404), and come newest first', async () => {
    const guest = (order: Order) => ({ ...order, user: null });
    useCheckout.getState().rememberOrderToken('o2', 'token-2');
    useCheckout.getState().rememberOrderToken('o-gone', 'token-gone');
    useCheckout.getState().rememberOrderToken('o1', 'token-1');
    const calls = mockApi({
      'GET getOrderById/o1': () => json({ order: guest(older) }),
      'GET getOrderById/o2': () => json({ order: guest(newer) }),
      'GET getOrderById/o-gone': () => json({ message: 'Order Not Found' }, 404),
    });
    const orders = await createShopQueryClient().fetchQuery(deviceOrdersQuery(['o1', 'o-gone', 'o2']));
    expect(orders.map((o) => o._id)).toEqual(['o2', 'o1']);
    expect(calls.map((c) => [c.key, c.headers.get('x-order-token')])).toEqual([
      ['GET getOrderById/o1', 'token-1'],
      ['GET getOrderById/o-gone', 'token-gone'],
      ['GET getOrderById/o2', 'token-2'],
    ]);
  });

  it('fail as a whole on any other failure, so the list can be tried again', async () => {
    mockApi({ 'GET getOrderById/o1': () => json({ order: older }) });
    expect(await failureOf(createShopQueryClient().fetchQuery(deviceOrdersQuery(['o1', 'o2'])))).toMatchObject({ message: 'Failed to fetch order', status: 0 });
  });
});

describe('the orders routes load what their pages show', () => {
  const contextOf = (client: QueryClient): RouterContext => ({ queryClient: client, dataLoading: 'await' });
  const keysOf = (queries: { queryKey: readonly unknown[] }[]) => queries.map((q) => q.queryKey);
  // The loaders as the router calls them, with only what they read.
  const loadOrders = (context: RouterContext) => (OrdersRoute.options.loader as unknown as (match: { context: RouterContext }) => Promise<void>)({ context });
  const loadOrder = (context: RouterContext, id: string) =>
    (OrderRoute.options.loader as unknown as (match: { context: RouterContext; params: { id: string } }) => Promise<void>)({ context, params: { id } });

  it("/orders: the customer's orders when signed in, else the guest orders of this device, else nothing", async () => {
    expect(keysOf(ordersPageQueries())).toEqual([]);
    useCheckout.getState().rememberOrderToken('o1', 'token-1');
    useCheckout.getState().rememberOrderToken('o2', 'token-2');
    expect(keysOf(ordersPageQueries())).toEqual([['device-orders', 'o2', 'o1']]);
    useSession.setState({ session });
    expect(keysOf(ordersPageQueries())).toEqual([['my', 'orders', 'list']]);

    mockApi({ 'GET getAllMyOrders': () => json({ Orders: [newer] }) });
    const client = createShopQueryClient();
    await loadOrders(contextOf(client));
    expect(client.getQueryData(['my', 'orders', 'list'])).toEqual([newer]);
  });

  it("/orders: a guest's tokens not yet read back from IndexedDB are the page's to wait for", () => {
    useCheckout.getState().rememberOrderToken('o1', 'token-1');
    vi.spyOn(useCheckout.persist, 'hasHydrated').mockReturnValue(false);
    expect(ordersPageQueries()).toEqual([]);
  });

  it('/order/{id}: the order when signed in or its token is on this device, and nothing otherwise', async () => {
    expect(keysOf(orderPageQueries('o1'))).toEqual([]);
    useCheckout.getState().rememberOrderToken('o1', 'guest-secret');
    expect(keysOf(orderPageQueries('o1'))).toEqual([['my', 'orders', 'detail', 'o1']]);
    expect(keysOf(orderPageQueries('o2'))).toEqual([]);
    useSession.setState({ session });
    expect(keysOf(orderPageQueries('o2'))).toEqual([['my', 'orders', 'detail', 'o2']]);

    const calls = mockApi({ 'GET getOrderById/o2': () => json({ order: newer }) });
    const client = createShopQueryClient();
    await loadOrder(contextOf(client), 'o2');
    expect(client.getQueryData(['my', 'orders', 'detail', 'o2'])).toEqual(newer);
    // A failure is the page's to show, not the route's.
    await expect(loadOrder(contextOf(client), 'o3')).resolves.toBeUndefined();
    // (ky asks once more after a dropped answer.)
    expect(new Set(calls.map((c) => c.key))).toEqual(new Set(['GET getOrderById/o2', 'GET getOrderById/o3']));
  });

  it('/order/{id}: a guest without the token loads nothing (the page sends them to sign in)', async () => {
    const calls = mockApi({});
    const client = createShopQueryClient();
    await loadOrder(contextOf(client), 'o1');
    expect(calls).toEqual([]);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});

describe("the checkout's changes to orders", () => {
  /** A cache holding an order's page, the customer's list, a device list, another order and the catalogue. */
  function filledCache() {
    const client = createShopQueryClient();
    client.setQueryData(orderQuery('o1').queryKey, older);
    client.setQueryData(orderQuery('o2').queryKey, newer);
    client.setQueryData(myOrdersQuery().queryKey, [newer, older]);
    client.setQueryData(deviceOrdersQuery(['o2', 'o1']).queryKey, [newer, older]);
    client.setQueryData(['catalogue', 'all'], []);
    return client;
  }
  const invalidated = (client: QueryClient, queryKey: readonly unknown[]) => client.getQueryState(queryKey)?.isInvalidated;

  it("write the orders feature's keys (the checkout cannot import them)", () => {
    expect(orderDetailKey('o1')).toEqual(orderQuery('o1').queryKey);
  });

  it('a new order: the lists are read again, nothing else', () => {
    const client = filledCache();
    orderListsChanged(client);
    expect(invalidated(client, myOrdersQuery().queryKey)).toBe(true);
    expect(invalidated(client, deviceOrdersQuery(['o2', 'o1']).queryKey)).toBe(true);
    expect(invalidated(client, orderQuery('o1').queryKey)).toBe(false);
    expect(invalidated(client, ['catalogue', 'all'])).toBe(false);
  });

  it("a cancel: the order's page holds the server's answer, the lists are read again, another order is untouched", () => {
    const client = filledCache();
    const cancelled = { ...older, orderStatus: 'Cancelled' as const };
    orderCancelled(client, cancelled);
    expect(client.getQueryData(orderQuery('o1').queryKey)).toEqual(cancelled);
    expect(invalidated(client, orderQuery('o1').queryKey)).toBe(false);
    expect(invalidated(client, myOrdersQuery().queryKey)).toBe(true);
    expect(invalidated(client, deviceOrdersQuery(['o2', 'o1']).queryKey)).toBe(true);
    expect(client.getQueryData(orderQuery('o2').queryKey)).toEqual(newer);
    expect(invalidated(client, orderQuery('o2').queryKey)).toBe(false);
  });

  it('an order placed or paid: a kept copy of its page is dropped (read afresh when opened), the lists are read again', () => {
    const client = filledCache();
    orderFinished(client, 'o1');
    expect(client.getQueryState(orderQuery('o1').queryKey)).toBeUndefined();
    expect(invalidated(client, myOrdersQuery().queryKey)).toBe(true);
    expect(client.getQueryData(orderQuery('o2').queryKey)).toEqual(newer);
    expect(invalidated(client, ['catalogue', 'all'])).toBe(false);
  });
});
