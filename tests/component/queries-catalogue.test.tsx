import { focusManager, onlineManager, type QueryClient, QueryObserver } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { createStore, get as idbGet } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '@/client/lib/http';
import { catalogueQuery, productQuery, STOCK_STALE_MS } from '@/client/lib/queries/catalogue';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { catalogueChanged, createShopQueryClient, forgetPrivateQueries, loadQueries, whenQueriesSettle } from '@/client/lib/query-client';
import { QUERY_DATABASE } from '@/client/lib/query-persister';
import { deferred, heldAnswer, json, mockApi } from './api-mock';
import { makeProduct, SHOP_SETTINGS } from './fixtures';

/** What the query persister keeps in IndexedDB for a query (its own database, apart from the cart's). */
const queryStore = createStore(QUERY_DATABASE.name, QUERY_DATABASE.store);
const kept = (key: readonly unknown[]) => idbGet<{ state: { data: unknown; dataUpdatedAt: number } }>(`query-${JSON.stringify(key)}`, queryStore);

describe('the catalogue query', () => {
  it("is GET /api/getProducts, sent without the shopper's token (so the service worker may keep it), answering the products", async () => {
    const products = [makeProduct({ name: 'Raw Shea Butter' })];
    const calls = mockApi({ 'GET getProducts': () => json({ data: products }) });
    const client = createShopQueryClient();
    expect(catalogueQuery().queryKey).toEqual(['catalogue', 'all']);
    await expect(client.fetchQuery(catalogueQuery())).resolves.toEqual(products);
    expect(calls.map((c) => [c.key, c.authorization])).toEqual([['GET getProducts', null]]);
    await vi.waitFor(async () => expect(await kept(['catalogue', 'all'])).toBeDefined());
  });

  it("fails with the server's message, or 'Failed to fetch products' when the network fails", async () => {
    mockApi({ 'GET getProducts': () => json({ message: 'Database unavailable' }, 503) });
    await expect(createShopQueryClient().fetchQuery(catalogueQuery())).rejects.toEqual(new ApiFailure('Database unavailable', 503));
    vi.restoreAllMocks();
    mockApi({});
    const failure = await createShopQueryClient()
      .fetchQuery(catalogueQuery())
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).message).toBe('Failed to fetch products');
  });

  it('is kept in IndexedDB as its own entry, and a later visit opens with it even with no connection', async () => {
    const products = [makeProduct({ name: 'Baobab Oil' }), makeProduct({ name: 'Black Soap' })];
    mockApi({ 'GET getProducts': () => json({ data: products }) });
    await createShopQueryClient().fetchQuery(catalogueQuery());
    await vi.waitFor(async () => expect((await kept(['catalogue', 'all']))?.state.data).toEqual(products));

    // The next visit: a new cache, and the network down.
    vi.restoreAllMocks();
    const calls = mockApi({});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const client = createShopQueryClient();
    await expect(client.fetchQuery(catalogueQuery())).resolves.toEqual(products);
    // The fresh copy it then asks for fails: the kept one stays on screen.
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toEqual(['GET getProducts']));
    await vi.waitFor(() => expect(client.getQueryState(catalogueQuery().queryKey)?.fetchStatus).toBe('idle'));
    expect(client.getQueryData(catalogueQuery().queryKey)).toEqual(products);
  });

  it('a later visit shows the kept copy at once and asks the network for a fresh one meanwhile', async () => {
    const before = [makeProduct({ name: 'Shea', stock: 5 })];
    const after = [{ ...before[0], stock: 1 }, makeProduct({ name: 'Added since' })];
    mockApi({ 'GET getProducts': () => json({ data: before }) });
    await createShopQueryClient().fetchQuery(catalogueQuery());
    await vi.waitFor(async () => expect(await kept(['catalogue', 'all'])).toBeDefined());

    // Seconds later, a new visit: the route's loader gets the kept copy from IndexedDB at once...
    vi.restoreAllMocks();
    const { answer, calls } = heldAnswer('GET getProducts');
    const client = createShopQueryClient();
    await expect(client.ensureQueryData(catalogueQuery())).resolves.toEqual(before);
    // ...while the network is asked, even though the copy is younger than the stale time.
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toEqual(['GET getProducts']));
    expect(client.getQueryData(catalogueQuery().queryKey)).toEqual(before);
    answer.resolve(json({ data: after }));
    await vi.waitFor(() => expect(client.getQueryData(catalogueQuery().queryKey)).toEqual(after));
  });

  it('one product is GET /api/getSingleProductById/{id} under the catalogue key, a missing one a 404', async () => {
    const shea = makeProduct({ _id: 'p/1', name: 'Shea' });
    const calls = mockApi({
      'GET getSingleProductById/p%2F1': () => json({ data: shea }),
      'GET getSingleProductById/gone': () => json({ message: 'Product not found' }, 404),
    });
    const client = createShopQueryClient();
    expect(productQuery('p/1').queryKey).toEqual(['catalogue', 'product', 'p/1']);
    await expect(client.fetchQuery(productQuery('p/1'))).resolves.toEqual(shea);
    await expect(client.fetchQuery(productQuery('gone'))).rejects.toMatchObject({ status: 404, message: 'Product not found' });
    expect(calls.map((c) => c.key)).toEqual(['GET getSingleProductById/p%2F1', 'GET getSingleProductById/gone']);
  });
});

describe("what the phone cannot see (another shopper's order, a hold that ran out)", () => {
  it('reaches a screen showing the catalogue when the shopper comes back to it or the connection returns, once the copy is 30 s old', async () => {
    const calls = mockApi({ 'GET getProducts': () => json({ data: [makeProduct()] }) });
    const client = createShopQueryClient();
    client.mount();
    client.setQueryData(catalogueQuery().queryKey, [makeProduct()]);
    const screenShowingIt = new QueryObserver(client, catalogueQuery());
    const unsubscribe = screenShowingIt.subscribe(() => {});
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);

    // Back within 30 s: the copy is fresh, nothing is asked.
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await act(async () => {});
    expect(calls).toEqual([]);

    now += STOCK_STALE_MS + 1000;
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toEqual(['GET getProducts']));
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));

    now += STOCK_STALE_MS + 1000;
    act(() => onlineManager.setOnline(false));
    act(() => onlineManager.setOnline(true));
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toEqual(['GET getProducts', 'GET getProducts']));

    unsubscribe();
    client.unmount();
    focusManager.setFocused(undefined);
  });
});

describe('the settings query', () => {
  it('is GET /api/settings without a token, kept in IndexedDB like the catalogue', async () => {
    const calls = mockApi({ 'GET settings': () => json({ data: SHOP_SETTINGS }) });
    expect(shopSettingsQuery().queryKey).toEqual(['settings']);
    await expect(createShopQueryClient().fetchQuery(shopSettingsQuery())).resolves.toEqual(SHOP_SETTINGS);
    expect(calls.map((c) => [c.key, c.authorization])).toEqual([['GET settings', null]]);
    await vi.waitFor(async () => expect((await kept(['settings']))?.state.data).toEqual(SHOP_SETTINGS));
  });
});

/** A cache holding the catalogue, one product, the settings and an admin list, all fresh. */
function cacheWithEverything(): QueryClient {
  const client = createShopQueryClient();
  client.setQueryData(catalogueQuery().queryKey, [makeProduct()]);
  client.setQueryData(productQuery('p1').queryKey, makeProduct());
  client.setQueryData(shopSettingsQuery().queryKey, SHOP_SETTINGS);
  client.setQueryData(['admin', 'orders', 'list', { page: 1 }], { orders: [], total: 0 });
  client.setQueryData(['my', 'orders', 'list'], []);
  return client;
}

const invalidated = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('the "catalogue changed" signal', () => {
  it('marks every catalogue query out of date, and nothing else', async () => {
    const client = cacheWithEverything();
    await catalogueChanged(client);
    expect(invalidated(client, ['catalogue', 'all'])).toBe(true);
    expect(invalidated(client, ['catalogue', 'product', 'p1'])).toBe(true);
    expect(invalidated(client, ['settings'])).toBe(false);
    expect(invalidated(client, ['admin', 'orders', 'list', { page: 1 }])).toBe(false);
  });

  it('is raised by a mutation that says it changes the catalogue, and by no other', async () => {
    const client = cacheWithEverything();
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'saved' })
      .execute(undefined);
    expect(invalidated(client, ['catalogue', 'all'])).toBe(false);
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'stock moved', meta: { changes: 'catalogue' } })
      .execute(undefined);
    await vi.waitFor(() => expect(invalidated(client, ['catalogue', 'all'])).toBe(true));
  });
});

describe('signing in or out', () => {
  it("drops the last person's answers and keeps the public ones", () => {
    const client = cacheWithEverything();
    forgetPrivateQueries(client);
    expect(client.getQueryData(['admin', 'orders', 'list', { page: 1 }])).toBeUndefined();
    expect(client.getQueryData(['my', 'orders', 'list'])).toBeUndefined();
    expect(client.getQueryData(catalogueQuery().queryKey)).toHaveLength(1);
    expect(client.getQueryData(shopSettingsQuery().queryKey)).toEqual(SHOP_SETTINGS);
  });
});

describe('route loaders', () => {
  it("'start' begins the fetch and returns at once; 'await' returns with the data; 'none' asks nothing", async () => {
    const { answer, calls } = heldAnswer('GET settings');
    const client = createShopQueryClient();

    await loadQueries({ queryClient: client, dataLoading: 'none' }, shopSettingsQuery());
    expect(calls).toEqual([]);

    await loadQueries({ queryClient: client, dataLoading: 'start' }, shopSettingsQuery());
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toEqual(['GET settings']));
    expect(client.getQueryData(shopSettingsQuery().queryKey)).toBeUndefined();

    const awaiting = loadQueries({ queryClient: client, dataLoading: 'await' }, shopSettingsQuery());
    answer.resolve(json({ data: SHOP_SETTINGS }));
    await awaiting;
    expect(client.getQueryData(shopSettingsQuery().queryKey)).toEqual(SHOP_SETTINGS);
    // The same query again: the cache answers, no second call.
    expect(calls).toHaveLength(1);
  });

  it('a failed load is left to the page (it shows the failure where the data would be)', async () => {
    mockApi({ 'GET getProducts': () => json({ message: 'down' }, 500) });
    const client = createShopQueryClient();
    await expect(loadQueries({ queryClient: client, dataLoading: 'await' }, catalogueQuery())).resolves.toBeUndefined();
    expect(client.getQueryState(catalogueQuery().queryKey)?.status).toBe('error');
  });

  it('the first render waits until the started queries settle, but no longer than its limit', async () => {
    const { answer } = heldAnswer('GET settings');
    const client = createShopQueryClient();
    void client.prefetchQuery(shopSettingsQuery());
    let settled = false;
    const waiting = whenQueriesSettle(client, 60_000).then(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(client.isFetching()).toBe(1));
    expect(settled).toBe(false);
    answer.resolve(json({ data: SHOP_SETTINGS }));
    await waiting;
    expect(client.getQueryData(shopSettingsQuery().queryKey)).toEqual(SHOP_SETTINGS);

    const never = deferred();
    vi.restoreAllMocks();
    mockApi({ 'GET getProducts': () => never.promise });
    void client.prefetchQuery(catalogueQuery());
    await vi.waitFor(() => expect(client.isFetching()).toBe(1));
    await whenQueriesSettle(client, 50);
    expect(client.isFetching()).toBe(1);
  });
});
