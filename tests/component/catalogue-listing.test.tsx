import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CategoryPage } from '@/client/features/catalogue/components/category-page';
import { ProductsPage } from '@/client/features/catalogue/components/listing-page';
import { SHOP_CATEGORIES } from '@/shared/constants';
import { sortProducts } from '@/shared/product-sort';
import type { Product } from '@/shared/types';
import { heldAnswer, json, mockApi, mockQueriedApi } from './api-mock';
import { fakeTimersAndFreshStores, givenPhoneCopy, makeProduct, productPageOf, textsOf } from './fixtures';
import { renderWithRouter } from './render';

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const cardNames = () =>
  within(screen.getByRole('list', { name: /./ }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

const catalogue = [
  makeProduct({ name: 'Shea', category: 'Skin', price: 45, unitsSold: 10, rating: 4.2, ratingCount: 8, createdAt: '2025-03-01T00:00:00Z' }),
  makeProduct({ name: 'Alata Soap', category: 'Cleansers', price: 20, unitsSold: 50, rating: null, ratingCount: 0, createdAt: '2025-05-01T00:00:00Z' }),
  makeProduct({ name: 'Baobab', category: 'Natural Oils', price: 120, unitsSold: 5, rating: 4.8, ratingCount: 3, createdAt: '2025-01-01T00:00:00Z' }),
  makeProduct({ name: 'Growth Oil', category: 'Hair', price: 65.5, unitsSold: 30, rating: 3.9, ratingCount: 20, createdAt: '2025-04-01T00:00:00Z' }),
  makeProduct({ name: 'Gift Box', category: 'Gifts and Sets', price: 250, unitsSold: 1, rating: 4.8, ratingCount: 9, createdAt: '2025-02-01T00:00:00Z' }),
];

/**
 * `GET /products` as the server answers it: the query's category and order, a page of `size` at a
 * time (cursor: where the next starts). A next page waits for `nextPagesWait` when given.
 */
function serveListing(products: Product[], size = 24, nextPagesWait?: Promise<unknown>) {
  return mockQueriedApi('GET products', async (query) => {
    if (query.get('cursor') && nextPagesWait) await nextPagesWait;
    const category = query.get('category');
    const sort = (query.get('sort') ?? 'popularity') as Parameters<typeof sortProducts>[1];
    const matching = sortProducts(
      products.filter((p) => !category || p.category === category),
      sort,
    );
    const from = Number(query.get('cursor') ?? 0);
    const next = from + size < matching.length ? String(from + size) : null;
    return json(productPageOf(matching.slice(from, from + size), { total: matching.length, nextCursor: next }));
  });
}

/**
 * the test DOM lays nothing out: every box is 0 × 0, so the grid would always find the list's end within a
 * screen and ask for the next page at once. Here the list's end is `bottom` px below the screen's top
 * (the screen is window.innerHeight, 768 px), and `scrollTo` moves it as a scroll would.
 */
function listEndAt(bottom: number) {
  const original = Element.prototype.getBoundingClientRect;
  let end = bottom;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    return this.tagName === 'UL' ? new DOMRect(0, end - 5_000, 1_000, 5_000) : original.call(this);
  });
  return {
    /** A scroll event with the end at `bottomNow` (inside the caller's act). */
    scroll(bottomNow: number) {
      end = bottomNow;
      window.dispatchEvent(new Event('scroll'));
    },
    scrollTo(bottomNow: number) {
      act(() => this.scroll(bottomNow));
    },
  };
}
const FAR_BELOW = 10_000;
const WITHIN_A_SCREEN = 1_200;

const many = (count: number) => Array.from({ length: count }, (_, i) => makeProduct({ name: `Oil ${String(i + 1).padStart(2, '0')}`, unitsSold: 100 - i }));

fakeTimersAndFreshStores();

describe('/products', () => {
  it('shows the breadcrumb, PRODUCTS and 8 skeleton cards while loading, then the first page and how many there are', async () => {
    const { answer } = heldAnswer('GET products');
    await renderWithRouter(<ProductsPage />, { path: '/products' });
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((li) => li.textContent)).toEqual(['Home', 'Products']);
    expect(screen.getByRole('heading', { level: 1, name: 'PRODUCTS' })).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(8);
    await act(async () => answer.resolve(json(productPageOf(catalogue, { total: 130, nextCursor: 'c2' }))));
    expect(await screen.findByText('130 products')).toBeInTheDocument();
    expect(cardNames()).toHaveLength(5);
    expect(screen.queryByTestId('product-card-skeleton')).not.toBeInTheDocument();
    expect(document.title).toBe('Products - Nkuto Naturals');
  });

  it("links each card to the product's readable address, not its id", async () => {
    serveListing([
      makeProduct({ _id: '14a1a1ac-5d3e-4c1f-9b7a-0c1d2e3f4a5b', slug: 'whipped-shea-butter-unscented', name: 'Whipped Shea Butter – Unscented' }),
    ]);
    await renderWithRouter(<ProductsPage />, { path: '/products' });
    const name = await screen.findByRole('link', { name: 'Whipped Shea Butter – Unscented' });
    expect(name).toHaveAttribute('href', '/product/whipped-shea-butter-unscented');
  });

  it('asks the server for each order of the dropdown (Popularity by default), kept in ?sort=, and shows its order', async () => {
    const { queries } = serveListing(catalogue);
    const { router } = await renderWithRouter(<ProductsPage />, { path: '/products' });
    await screen.findByText('5 products');
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('popularity');
    expect(textsOf(select, 'option')).toEqual(['Popularity', 'Price: Low to High', 'Price: High to Low', 'New Arrivals', 'Average Rating']);
    expect(cardNames()).toEqual(['Alata Soap', 'Growth Oil', 'Shea', 'Baobab', 'Gift Box']);

    const u = user();
    await u.selectOptions(select, 'Price: Low to High');
    expect(router.state.location.search).toEqual({ sort: 'price-asc' });
    await vi.waitFor(() => expect(cardNames()).toEqual(['Alata Soap', 'Shea', 'Growth Oil', 'Baobab', 'Gift Box']));

    await u.selectOptions(select, 'Average Rating');
    expect(router.state.location.search).toEqual({ sort: 'rating' });
    await vi.waitFor(() => expect(cardNames()).toEqual(['Gift Box', 'Baobab', 'Shea', 'Growth Oil', 'Alata Soap']));

    await u.selectOptions(select, 'Popularity');
    expect(router.state.location.search).toEqual({});
    await vi.waitFor(() => expect(cardNames()).toEqual(['Alata Soap', 'Growth Oil', 'Shea', 'Baobab', 'Gift Box']));
    // Each order asked once (the default's page came from the cache the second time).
    expect(queries).toEqual(['sort=popularity', 'sort=price-asc', 'sort=rating']);
  });

  it('reads the sort from the address, and falls back to Popularity for an unknown one', async () => {
    serveListing(catalogue);
    const { router } = await renderWithRouter(<ProductsPage />, { path: '/products' });
    await screen.findByText('5 products');
    await act(() => router.navigate({ to: '/products', search: { sort: 'price-desc' } } as never));
    expect(await screen.findByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc');
    await vi.waitFor(() => expect(cardNames()[0]).toBe('Gift Box'));
    await act(() => router.navigate({ to: '/products', search: { sort: 'cheapest' } } as never));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('popularity');
    await vi.waitFor(() => expect(cardNames()[0]).toBe('Alata Soap'));
  });

  it("shows 'Error: Failed to fetch products' when the listing cannot load and the phone has no copy", async () => {
    mockApi({});
    await renderWithRouter(<ProductsPage />, { path: '/products' });
    act(() => vi.advanceTimersByTime(2000));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to fetch products');
  });
});

describe('more as the shopper scrolls', () => {
  it('"Load more products" brings the next page, after the cards already shown, until there is no more (by keyboard too)', async () => {
    listEndAt(FAR_BELOW);
    const products = many(30);
    const { queries } = serveListing(products);
    await renderWithRouter(<ProductsPage />, { path: '/products' });
    await screen.findByText('30 products');
    expect(cardNames()).toHaveLength(24);
    // The end is far below the screen: nothing more is asked until the shopper asks.
    expect(queries).toEqual(['sort=popularity']);
    screen.getByRole('button', { name: 'Load more products' }).focus();
    await user().keyboard('{Enter}');
    await vi.waitFor(() => expect(cardNames()).toHaveLength(30));
    expect(cardNames()).toEqual(products.map((p) => p.name));
    expect(queries).toEqual(['sort=popularity', 'sort=popularity&cursor=24']);
    expect(screen.queryByRole('button', { name: 'Load more products' })).not.toBeInTheDocument();
  });

  it('the next page is asked for once as the end of the list comes near the screen, with one line saying it is loading', async () => {
    const page = listEndAt(FAR_BELOW);
    let sendNextPage = () => {};
    const products = many(30);
    const { queries } = serveListing(
      products,
      24,
      new Promise<void>((resolve) => {
        sendNextPage = resolve;
      }),
    );
    await renderWithRouter(<ProductsPage />, { path: '/products' });
    await screen.findByText('30 products');
    page.scrollTo(3_000);
    expect(queries).toEqual(['sort=popularity']);

    page.scrollTo(WITHIN_A_SCREEN);
    await vi.waitFor(() => expect(queries).toEqual(['sort=popularity', 'sort=popularity&cursor=24']));
    // Scrolling on while it comes asks nothing more.
    page.scrollTo(WITHIN_A_SCREEN - 100);
    page.scrollTo(WITHIN_A_SCREEN - 200);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Load more products' })).toBeDisabled());
    expect(screen.getAllByText(/Loading more/)).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('Loading more products…');
    expect(queries).toEqual(['sort=popularity', 'sort=popularity&cursor=24']);

    await act(async () => sendNextPage());
    await vi.waitFor(() => expect(cardNames()).toEqual(products.map((p) => p.name)));
    expect(screen.queryByText(/Loading more/)).not.toBeInTheDocument();
    expect(queries).toEqual(['sort=popularity', 'sort=popularity&cursor=24']);
  });

  it('a scroll near the end and a press of Load more in the same moment ask for the next page once', async () => {
    const page = listEndAt(FAR_BELOW);
    const products = many(30);
    const { queries } = serveListing(products);
    await renderWithRouter(<ProductsPage />, { path: '/products' });
    await screen.findByText('30 products');
    act(() => {
      page.scroll(WITHIN_A_SCREEN);
      screen.getByRole('button', { name: 'Load more products' }).click();
    });
    await vi.waitFor(() => expect(cardNames()).toEqual(products.map((p) => p.name)));
    expect(queries).toEqual(['sort=popularity', 'sort=popularity&cursor=24']);
  });

  it('a next page that fails says so at the end of the list, with Try again', async () => {
    listEndAt(FAR_BELOW);
    let fail = false;
    const products = many(30);
    mockQueriedApi('GET products', (query) =>
      fail
        ? json({ message: 'Database unavailable' }, 503)
        : json(productPageOf(query.get('cursor') ? products.slice(24) : products.slice(0, 24), { total: 30, nextCursor: query.get('cursor') ? null : '24' })),
    );
    await renderWithRouter(<ProductsPage />, { path: '/products' });
    await screen.findByText('30 products');
    fail = true;
    await user().click(screen.getByRole('button', { name: 'Load more products' }));
    act(() => vi.advanceTimersByTime(2000));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Database unavailable');
    // The cards already shown stay.
    expect(cardNames()).toHaveLength(24);
    fail = false;
    await user().click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(cardNames()).toEqual(products.map((p) => p.name)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe("offline, or when the network fails: the phone's copy", () => {
  it('offline, the listing comes from the copy, sorted on the phone, and says so; nothing is asked', async () => {
    await givenPhoneCopy(catalogue);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = mockApi({});
    await renderWithRouter(<ProductsPage />, { path: '/products' });
    expect(await screen.findByText('5 products')).toBeInTheDocument();
    expect(screen.getByText('Showing the shop as saved on this phone.')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Alata Soap', 'Growth Oil', 'Shea', 'Baobab', 'Gift Box']);
    await user().selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: High to Low');
    expect(cardNames()).toEqual(['Gift Box', 'Baobab', 'Growth Oil', 'Shea', 'Alata Soap']);
    expect(calls).toEqual([]);
  });

  it('a failed call falls back to the copy, which lists every match at once (more than a page), with nothing more to load', async () => {
    const products = many(30);
    await givenPhoneCopy(products);
    const calls = mockApi({ 'GET products': () => json({ message: 'Database unavailable' }, 503) });
    await renderWithRouter(<ProductsPage />, { path: '/products' });
    act(() => vi.advanceTimersByTime(2000));
    expect(await screen.findByText('Showing the shop as saved on this phone.')).toBeInTheDocument();
    expect(screen.getByText('30 products')).toBeInTheDocument();
    expect(cardNames()).toEqual(products.map((p) => p.name));
    expect(screen.queryByRole('button', { name: 'Load more products' })).not.toBeInTheDocument();
    // Only the first page was asked for (and retried): the copy never asks for a next one.
    expect(calls.every((call) => !call.query.has('cursor'))).toBe(true);
  });

  it("a category offline lists the copy's products of that category only", async () => {
    await givenPhoneCopy([...catalogue, makeProduct({ name: 'Cocoa Butter', category: 'Skin', unitsSold: 90 })]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockApi({});
    await renderWithRouter(<CategoryPage slug="skin" />, { path: '/skin' });
    expect(await screen.findByText('2 products')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Cocoa Butter', 'Shea']);
  });
});

describe('category pages', () => {
  it.each(SHOP_CATEGORIES.map((c) => [c.slug, c.label, c.category] as const))('/%s lists only %s products under its heading', async (slug, label, category) => {
    const extra = makeProduct({ name: `Second ${label}`, category, unitsSold: 0 });
    const { queries } = serveListing([...catalogue, extra]);
    await renderWithRouter(<CategoryPage slug={slug} />, { path: `/${slug}` });
    expect(screen.getByRole('heading', { level: 1, name: label })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((li) => li.textContent)).toEqual(['Home', 'Products', label]);
    await screen.findByText('2 products');
    const own = catalogue.find((p) => p.category === category);
    expect(cardNames()).toEqual([own?.name, `Second ${label}`]);
    expect(queries).toEqual([`category=${encodeURIComponent(category).replace(/%20/g, '+')}&sort=popularity`]);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('popularity');
    expect(document.title).toBe(`${label} - Nkuto Naturals`);
  });

  it.each(SHOP_CATEGORIES.map((c) => [c.slug] as const))('/%s shows 8 placeholders, then the error text on failure', async (slug) => {
    const { answer } = heldAnswer('GET products');
    await renderWithRouter(<CategoryPage slug={slug} />, { path: `/${slug}` });
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(8);
    await act(async () => answer.resolve(json({ message: 'Failed to fetch products' }, 400)));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to fetch products');
    expect(screen.queryByTestId('product-card-skeleton')).not.toBeInTheDocument();
  });

  it('says so when a category has no products', async () => {
    serveListing(catalogue.filter((p) => p.category !== 'Hair'));
    await renderWithRouter(<CategoryPage slug="hair" />, { path: '/hair' });
    expect(await screen.findByText('There are no products in Hair yet. Please check back soon.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/products');
  });
});
