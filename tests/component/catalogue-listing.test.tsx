import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CategoryPage } from '@/client/features/catalogue/components/category-page';
import { ProductsPage } from '@/client/features/catalogue/components/listing-page';
import { SHOP_CATEGORIES } from '@/shared/constants';
import { heldAnswer, json, mockApi } from './api-mock';
import { fakeTimersAndFreshStores, makeProduct, textsOf } from './fixtures';
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

fakeTimersAndFreshStores();

describe('/products', () => {
  it('shows the breadcrumb, PRODUCTS and 8 skeleton cards while loading', async () => {
    const { answer } = heldAnswer('GET getProducts');
    await renderWithRouter(<ProductsPage />, { path: '/products' });
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((li) => li.textContent)).toEqual(['Home', 'Products']);
    expect(screen.getByRole('heading', { level: 1, name: 'PRODUCTS' })).toBeInTheDocument();
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(8);
    await act(async () => answer.resolve(json({ data: catalogue })));
    expect(await screen.findByText('5 products')).toBeInTheDocument();
    expect(screen.queryByTestId('product-card-skeleton')).not.toBeInTheDocument();
    expect(document.title).toBe('Products - Nkuto Naturals');
  });

  it('sorts by Popularity by default and by each choice of the dropdown, kept in ?sort=', async () => {
    mockApi({ 'GET getProducts': () => json({ data: catalogue }) });
    const { router } = await renderWithRouter(<ProductsPage />, { path: '/products' });
    await screen.findByText('5 products');
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('popularity');
    expect(textsOf(select, 'option')).toEqual(['Popularity', 'Price: Low to High', 'Price: High to Low', 'New Arrivals', 'Average Rating']);
    expect(cardNames()).toEqual(['Alata Soap', 'Growth Oil', 'Shea', 'Baobab', 'Gift Box']);

    const u = user();
    await u.selectOptions(select, 'Price: Low to High');
    expect(router.state.location.search).toEqual({ sort: 'price-asc' });
    expect(cardNames()).toEqual(['Alata Soap', 'Shea', 'Growth Oil', 'Baobab', 'Gift Box']);

    await u.selectOptions(select, 'Price: High to Low');
    expect(cardNames()).toEqual(['Gift Box', 'Baobab', 'Growth Oil', 'Shea', 'Alata Soap']);

    await u.selectOptions(select, 'New Arrivals');
    expect(cardNames()).toEqual(['Alata Soap', 'Growth Oil', 'Shea', 'Gift Box', 'Baobab']);

    // Highest rating first, more ratings breaking the tie, unrated last.
    await u.selectOptions(select, 'Average Rating');
    expect(router.state.location.search).toEqual({ sort: 'rating' });
    expect(cardNames()).toEqual(['Gift Box', 'Baobab', 'Shea', 'Growth Oil', 'Alata Soap']);

    await u.selectOptions(select, 'Popularity');
    expect(router.state.location.search).toEqual({});
    expect(cardNames()).toEqual(['Alata Soap', 'Growth Oil', 'Shea', 'Baobab', 'Gift Box']);
  });

  it('reads the sort from the address, and falls back to Popularity for an unknown one', async () => {
    mockApi({ 'GET getProducts': () => json({ data: catalogue }) });
    const { router } = await renderWithRouter(<ProductsPage />, { path: '/products' });
    await screen.findByText('5 products');
    await act(() => router.navigate({ to: '/products', search: { sort: 'price-desc' } } as never));
    expect(await screen.findByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc');
    expect(cardNames()[0]).toBe('Gift Box');
    await act(() => router.navigate({ to: '/products', search: { sort: 'cheapest' } } as never));
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('popularity');
    expect(cardNames()[0]).toBe('Alata Soap');
  });

  it("shows 'Error: Failed to fetch products' when the catalogue cannot load", async () => {
    mockApi({});
    await renderWithRouter(<ProductsPage />, { path: '/products' });
    act(() => vi.advanceTimersByTime(2000));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to fetch products');
  });
});

describe('category pages', () => {
  it.each(SHOP_CATEGORIES.map((c) => [c.slug, c.label, c.category] as const))('/%s lists only %s products under its heading', async (slug, label, category) => {
    const extra = makeProduct({ name: `Second ${label}`, category, unitsSold: 0 });
    mockApi({ 'GET getProducts': () => json({ data: [...catalogue, extra] }) });
    await renderWithRouter(<CategoryPage slug={slug} />, { path: `/${slug}` });
    expect(screen.getByRole('heading', { level: 1, name: label })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((li) => li.textContent)).toEqual(['Home', 'Products', label]);
    await screen.findByText('2 products');
    const own = catalogue.find((p) => p.category === category);
    expect(cardNames()).toEqual([own?.name, `Second ${label}`]);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('popularity');
    expect(document.title).toBe(`${label} - Nkuto Naturals`);
  });

  it.each(SHOP_CATEGORIES.map((c) => [c.slug] as const))('/%s shows 8 placeholders, then the error text on failure', async (slug) => {
    const { answer } = heldAnswer('GET getProducts');
    await renderWithRouter(<CategoryPage slug={slug} />, { path: `/${slug}` });
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(8);
    await act(async () => answer.resolve(json({ message: 'Failed to fetch products' }, 400)));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Failed to fetch products');
    expect(screen.queryByTestId('product-card-skeleton')).not.toBeInTheDocument();
  });

  it('says so when a category has no products', async () => {
    mockApi({ 'GET getProducts': () => json({ data: catalogue.filter((p) => p.category !== 'Hair') }) });
    await renderWithRouter(<CategoryPage slug="hair" />, { path: '/hair' });
    expect(await screen.findByText('There are no products in Hair yet. Please check back soon.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/products');
  });
});
