import { focusManager, InfiniteQueryObserver, onlineManager, type QueryClient, QueryObserver } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { createStore, get as idbGet } from 'idb-keyval';
import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '@/client/lib/http';
import { productPageQuery, productPagesQuery, productQuery, STOCK_STALE_MS } from '@/client/lib/queries/catalogue';
import { shopSettingsQuery } from '@/client/lib/queries/settings';
import { stockQuery } from '@/client/lib/queries/stock';
import { catalogueChanged, createShopQueryClient, forgetPrivateQueries, loadQueries, whenQueriesSettle } from '@/client/lib/query-client';
import { QUERY_DATABASE } from '@/client/lib/query-database';
import { deferred, heldAnswer, json, mockApi, mockQueriedApi } from './api-mock';
import { givenPhoneCopy, makeProduct, productPageOf, SHOP_SETTINGS } from './fixtures';

/** What the query persister keeps in IndexedDB for a query (its own database, apart from the cart's). */
const queryStore = createStore(QUERY_DATABASE.name, QUERY_DATABASE.store);
const kept = (key: readonly unknown[]) => idbGet<{ state: { data: unknown; dataUpdatedAt: number } }>(`query-${JSON.stringify(key)}`, queryStore);

describe('the catalogue, a page at a time', () => {
  it("a listing is GET /api/products with its filters and order, without the shopper's token, then the next page by its cursor", async () => {
    const first = [makeProduct({ name: 'Raw Shea Butter' })];
    const second = [makeProduct({ name: 'Black Soap' })];
    const { queries, calls } = mockQueriedApi('GET products', (query) =>
      json(query.get('cursor') === 'c2' ? productPageOf(second, { total: 2 }) : productPageOf(first, { total: 2, nextCursor: 'c2' })),
    );
    const client = createShopQueryClient();
    const listing = productPagesQuery({ category: 'Skin', sort: 'price-asc' });
    expect(listing.queryKey).toEqual(['catalogue', 'pages', { category: 'Skin', sort: 'price-asc' }]);
    await client.fetchInfiniteQuery(listing);
    const observer = new InfiniteQueryObserver(client, listing);
    expect(observer.getCurrentResult().hasNextPage).toBe(true);
    await observer.fetchNextPage();
    expect(client.getQueryData(listing.queryKey)?.pages.flatMap((page) => page.data)).toEqual([...first, ...second]);
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    expect(queries).toEqual(['category=Skin&sort=price-asc', 'category=Skin&sort=price-asc&cursor=c2']);
    expect(calls.map((c) => c.authorization)).toEqual([null, null]);
  });

  it('a short page (a home section) is one GET /api/products with its limit', async () => {
    const { queries } = mockQueriedApi('GET products', () => json(productPageOf([makeProduct()])));
    await createShopQueryClient().fetchQuery(productPageQuery({ sort: 'newest', limit: 20 }));
    expect(queries).toEqual(['sort=newest&limit=20']);
  });

  it("fails with the server's message, or 'Failed to fetch products' when the network fails", async () => {
    mockApi({ 'GET products': () => json({ message: 'This list has moved on. Start again from the top.' }, 400) });
    await expect(createShopQueryClient().fetchQuery(productPageQuery({ q: 'shea' }))).rejects.toEqual(
      new ApiFailure('This list has moved on. Start again from the top.', 400),
    );
    vi.restoreAllMocks();
    mockApi({});
    const failure = await createShopQueryClient()
      .fetchQuery(productPageQuery({ q: 'shea' }))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).message).toBe('Failed to fetch products');
  });

  it("one product comes from the phone's copy when it has it (no call), else GET /api/getSingleProductById/{id}; a missing one is a 404", async () => {
    const kept = makeProduct({ _id: 'kept', name: 'Kept' });
    await givenPhoneCopy([kept]);
    const shea = makeProduct({ _id: 'p/1', name: 'Shea' });
    const calls = mockApi({
      'GET getSingleProductById/p%2F1': () => json({ data: shea }),
      'GET getSingleProductById/gone': () => json({ message: 'Product not found' }, 404),
    });
    const client = createShopQueryClient();
    expect(productQuery('p/1').queryKey).toEqual(['catalogue', 'product', 'p/1']);
    await expect(client.fetchQuery(productQuery('kept'))).resolves.toEqual(kept);
    await expect(client.fetchQuery(productQuery('p/1'))).resolves.toEqual(shea);
    await expect(client.fetchQuery(productQuery('gone'))).rejects.toMatchObject({ status: 404, message: 'Product not found' });
    expect(calls.map((c) => c.key)).toEqual(['GET getSingleProductById/p%2F1', 'GET getSingleProductById/gone']);
  });

  it('stock is GET /api/stock?ids= for the ids asked, each once, in one key whatever their order', async () => {
    const { queries } = mockQueriedApi('GET stock', () => json({ data: [{ _id: 'a', stock: 3, unitsSold: 1 }] }));
    const client = createShopQueryClient();
    expect(stockQuery(['b', 'a', 'b']).queryKey).toEqual(stockQuery(['a', 'b']).queryKey);
    await expect(client.fetchQuery(stockQuery(['b', 'a', 'b']))).resolves.toEqual([{ _id: 'a', stock: 3, unitsSold: 1 }]);
    expect(queries).toEqual(['ids=a%2Cb']);
  });
});

describe("what the phone cannot see (another shopper's order, a hold that ran out)", () => {
  it('reaches a screen showing a page of the catalogue when the shopper comes back to it or the connection returns, once it is 30 s old', async () => {
    const calls = mockApi({ 'GET products': () => json(productPageOf([makeProduct()])) });
    const client = createShopQueryClient();
    client.mount();
    const page = productPageQuery({ sort: 'popularity', limit: 8 });
    client.setQueryData(page.queryKey, productPageOf([makeProduct()]));
    const screenShowingIt = new QueryObserver(client, page);
    const unsubscribe = screenShowingIt.subscribe(() => {});
    let now = Date.now();
    vi.spyOn(Date, 'now').mockImplementation(() => now);

    // Back within 30 s: the page is fresh, nothing is asked.
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await act(async () => {});
    expect(calls).toEqual([]);

    now += STOCK_STALE_MS + 1000;
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toEqual(['GET products']));
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));

    now += STOCK_STALE_MS + 1000;
    act(() => onlineManager.setOnline(false));
    act(() => onlineManager.setOnline(true));
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toEqual(['GET products', 'GET products']));

    unsubscribe();
    client.unmount();
    focusManager.setFocused(undefined);
  });
});

describe('the settings query', () => {
  it('is GET /api/settings without a token, kept in IndexedDB', async () => {
    const calls = mockApi({ 'GET settings': () => json({ data: SHOP_SETTINGS }) });
    expect(shopSettingsQuery().queryKey).toEqual(['settings']);
    await expect(createShopQueryClient().fetchQuery(shopSettingsQuery())).resolves.toEqual(SHOP_SETTINGS);
    expect(calls.map((c) => [c.key, c.authorization])).toEqual([['GET settings', null]]);
    await vi.waitFor(async () => expect((await kept(['settings']))?.state.data).toEqual(SHOP_SETTINGS));
  });
});

/** A cache holding a listing, a home section, one product, its stock, the settings and an admin list, all fresh. */
function cacheWithEverything(): QueryClient {
  const client = createShopQueryClient();
  client.setQueryData(productPagesQuery({ sort: 'popularity' }).queryKey, { pages: [productPageOf([makeProduct()])], pageParams: [''] });
  client.setQueryData(productPageQuery({ sort: 'newest', limit: 20 }).queryKey, productPageOf([makeProduct()]));
  client.setQueryData(stockQuery(['p1']).queryKey, [{ _id: 'p1', stock: 1, unitsSold: 0 }]);
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
    expect(invalidated(client, productPagesQuery({ sort: 'popularity' }).queryKey)).toBe(true);
    expect(invalidated(client, productPageQuery({ sort: 'newest', limit: 20 }).queryKey)).toBe(true);
    expect(invalidated(client, stockQuery(['p1']).queryKey)).toBe(true);
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
    expect(invalidated(client, ['catalogue', 'product', 'p1'])).toBe(false);
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'stock moved', meta: { changes: 'catalogue' } })
      .execute(undefined);
    await vi.waitFor(() => expect(invalidated(client, ['catalogue', 'product', 'p1'])).toBe(true));
  });
});

describe('signing in or out', () => {
  it("drops the last person's answers and keeps the public ones", () => {
    const client = cacheWithEverything();
    forgetPrivateQueries(client);
    expect(client.getQueryData(['admin', 'orders', 'list', { page: 1 }])).toBeUndefined();
    expect(client.getQueryData(['my', 'orders', 'list'])).toBeUndefined();
    expect(client.getQueryData(productQuery('p1').queryKey)).toBeDefined();
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

  it("a listing's loader fetches its first page only; a failed load is left to the page (it shows the failure where the data would be)", async () => {
    const calls = mockApi({ 'GET products': () => json(productPageOf([makeProduct()], { total: 50, nextCursor: 'c2' })) });
    const client = createShopQueryClient();
    const listing = productPagesQuery({ sort: 'popularity' });
    await loadQueries({ queryClient: client, dataLoading: 'await' }, listing);
    expect(client.getQueryData(listing.queryKey)?.pages).toHaveLength(1);
    expect(calls).toHaveLength(1);

    vi.restoreAllMocks();
    mockApi({ 'GET products': () => json({ message: 'down' }, 500) });
    const failing = productPageQuery({ sort: 'newest', limit: 20 });
    await expect(loadQueries({ queryClient: client, dataLoading: 'await' }, failing)).resolves.toBeUndefined();
    expect(client.getQueryState(failing.queryKey)?.status).toBe('error');
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
    mockApi({ 'GET products': () => never.promise });
    void client.prefetchQuery(productPageQuery({ sort: 'popularity', limit: 8 }));
    await vi.waitFor(() => expect(client.isFetching()).toBe(1));
    await whenQueriesSettle(client, 50);
    expect(client.isFetching()).toBe(1);
  });
});
