import { createRoute } from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductsPage } from '@/client/features/admin/products/components/products-page';
import { adminProductsSearch } from '@/client/features/admin/products/lib/products-search';
import { configureHttp } from '@/client/lib/http';
import type { Product } from '@/shared/types';
import { deferred, heldAnswer, json, mockApi } from './api-mock';
import { fakeTimersAndFreshStores, makeProduct, textsOf } from './fixtures';
import { renderRoutes, renderWithRouter } from './render';

fakeTimersAndFreshStores();

beforeEach(() => {
  configureHttp({ token: () => 'tok-admin', unauthorized: () => {} });
});

const shea = makeProduct({ _id: 'p-shea', name: 'Raw Shea Butter', price: 45.5, stock: 5, category: 'Skin', productImageUrls: ['/uploads/shea-640.webp'] });
const chebe = makeProduct({ _id: 'p-chebe', name: 'Chebe Hair Oil', price: 1234, stock: 6, category: 'Hair' });
const soap = makeProduct({ _id: 'p-soap', name: 'African Black Soap', price: 30, stock: 10, category: 'Cleansers' });
const baobab = makeProduct({ _id: 'p-baobab', name: 'Baobab Oil', price: 80.25, stock: 11, category: 'Natural Oils' });

/** GET getProducts answering `pages[page - 1]` with the total; every request's search parameters are kept. */
function productPages(pages: Product[][], total = pages.flat().length) {
  const searches: Record<string, string>[] = [];
  const route = (_body: unknown, request: Request) => {
    const params = Object.fromEntries(new URL(request.url).searchParams);
    searches.push(params);
    const page = Number(params.page);
    return json({ data: pages[page - 1] ?? [], total, page, limit: 10 });
  };
  return { route, searches };
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

/** Opens the row's More menu and chooses Delete; answers the menu's button (the focus comes back to it). */
async function askToDelete(name: string) {
  const more = within(rowOf(name)).getByRole('button', { name: `More actions for ${name}` });
  await user().click(more);
  await user().click(screen.getByRole('menuitem', { name: 'Delete' }));
  return more;
}
const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

describe('the products table', () => {
  it('shows skeleton rows, then each product with its thumbnail, price in ₵, stock badge, category, Edit and a More menu', async () => {
    const { answer, calls } = heldAnswer('GET getProducts');
    await renderWithRouter(<ProductsPage />, { path: '/admin/products' });

    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Product' })).toHaveAttribute('href', '/admin/products/add');
    await waitFor(() => expect(document.title).toBe('Products - Admin - Nkuto Naturals'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading products');
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');

    answer.resolve(json({ data: [shea, chebe], total: 2, page: 1, limit: 10 }));
    const row = await screen.findByRole('row', { name: /Raw Shea Butter/ });
    expect(screen.getByRole('status')).toHaveTextContent('2 products');
    expect(calls).toEqual([{ key: 'GET getProducts', body: undefined, authorization: 'Bearer tok-admin' }]);
    expect(textsOf(row, 'cell')).toEqual(['Raw Shea Butter', '₵45.50', '5', 'Skin', 'EditMore']);
    expect(row.querySelector('img')).toHaveAttribute('src', '/uploads/shea-640.webp');
    expect(within(rowOf('Chebe Hair Oil')).getByText('₵1,234.00')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit Raw Shea Butter' })).toHaveAttribute('href', '/admin/products/edit/p-shea');
    // Delete is not beside Edit: it is in the row's menu (a menu button).
    expect(within(row).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    const more = within(row).getByRole('button', { name: 'More actions for Raw Shea Butter' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    // One page holds them all: no pagination.
    expect(screen.queryByRole('navigation', { name: 'Products pages' })).not.toBeInTheDocument();
  });

  it('colours the stock badge red at 5, yellow at 6 and 10, green at 11, with the number as text', async () => {
    mockApi({ 'GET getProducts': () => json({ data: [shea, chebe, soap, baobab], total: 4, page: 1, limit: 10 }) });
    await renderWithRouter(<ProductsPage />, { path: '/admin/products' });
    await screen.findByRole('row', { name: /Raw Shea Butter/ });

    const badge = (name: string) => within(rowOf(name)).getAllByRole('cell')[2]?.firstElementChild;
    expect(badge('Raw Shea Butter')).toHaveTextContent('5');
    expect(badge('Raw Shea Butter')).toHaveAttribute('data-tone', 'danger');
    expect(badge('Chebe Hair Oil')).toHaveTextContent('6');
    expect(badge('Chebe Hair Oil')).toHaveAttribute('data-tone', 'warning');
    expect(badge('African Black Soap')).toHaveTextContent('10');
    expect(badge('African Black Soap')).toHaveAttribute('data-tone', 'warning');
    expect(badge('Baobab Oil')).toHaveTextContent('11');
    expect(badge('Baobab Oil')).toHaveAttribute('data-tone', 'success');
  });

  it('pages through the server 10 rows at a time: page 2 asks page=2; Previous and Next are disabled at the ends', async () => {
    const firstPage = Array.from({ length: 10 }, (_, i) => makeProduct({ name: `Shea ${i + 1}` }));
    const secondPage = Array.from({ length: 10 }, (_, i) => makeProduct({ name: `Moringa ${i + 1}` }));
    const thirdPage = [makeProduct({ name: 'Last One' })];
    const { route, searches } = productPages([firstPage, secondPage, thirdPage]);
    mockApi({ 'GET getProducts': route });
    const { router } = await renderWithRouter(<ProductsPage />, { path: '/admin/products' });
    await screen.findByRole('row', { name: /Shea 10/ });

    const pages = screen.getByRole('navigation', { name: 'Products pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(searches).toEqual([{ q: '', page: '1', limit: '10' }]);

    await user().click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('row', { name: /Moringa 1\b/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Shea 1\b/ })).not.toBeInTheDocument();
    expect(searches.at(-1)).toEqual({ q: '', page: '2', limit: '10' });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    // The page is in the address: a reload or Back shows it again.
    expect(router.state.location.search).toEqual({ page: 2 });

    await user().click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('row', { name: /Last One/ });
    expect(searches.at(-1)).toEqual({ q: '', page: '3', limit: '10' });
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    // Back to a page seen moments ago: shown at once from the cache, not asked again.
    await user().click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('row', { name: /Moringa 10/ });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(searches).toHaveLength(3);
  });

  it('searches 300 ms after the last key, sending q once, and goes back to page 1', async () => {
    const firstPage = Array.from({ length: 10 }, (_, i) => makeProduct({ name: `Shea ${i + 1}` }));
    const secondPage = [makeProduct({ name: 'Moringa Powder' })];
    const { route, searches } = productPages([firstPage, secondPage]);
    mockApi({ 'GET getProducts': route });
    const { router } = await renderWithRouter(<ProductsPage />, { path: '/admin/products' });
    await screen.findByRole('row', { name: /Shea 10/ });
    await user().click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('row', { name: /Moringa Powder/ });
    expect(searches).toHaveLength(2);

    await user().type(screen.getByRole('searchbox', { name: 'Search products' }), 'shea');
    await act(() => vi.advanceTimersByTimeAsync(250));
    // Not yet: nothing is asked while the admin is still typing.
    expect(searches).toHaveLength(2);

    await act(() => vi.advanceTimersByTimeAsync(60));
    await waitFor(() => expect(searches).toHaveLength(3));
    expect(searches[2]).toEqual({ q: 'shea', page: '1', limit: '10' });
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ q: 'shea' });
  });

  it('says so when no product matches, and shows the failure with Try again', async () => {
    let fail = false;
    mockApi({
      'GET getProducts': (_body, request) => {
        if (fail) throw new TypeError('Failed to fetch');
        const q = new URL(request.url).searchParams.get('q') ?? '';
        const found = 'raw shea butter'.includes(q.toLowerCase()) ? [shea] : [];
        return json({ data: found, total: found.length, page: 1, limit: 10 });
      },
    });
    await renderWithRouter(<ProductsPage />, { path: '/admin/products' });
    await screen.findByRole('row', { name: /Raw Shea Butter/ });

    await user().type(screen.getByRole('searchbox', { name: 'Search products' }), 'caviar');
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(await screen.findByRole('cell', { name: 'No products found' })).toBeInTheDocument();

    // A search not seen before (one seen is shown from the cache).
    fail = true;
    await user().clear(screen.getByRole('searchbox', { name: 'Search products' }));
    await user().type(screen.getByRole('searchbox', { name: 'Search products' }), 'shea');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch products');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    fail = false;
    await user().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /Raw Shea Butter/ })).toBeInTheDocument();
  });
});

describe('the category filter and the sort', () => {
  it('asks the server for one category and another order, from page 1, kept in the address; All categories and Newest first clear them', async () => {
    const firstPage = Array.from({ length: 10 }, (_, i) => makeProduct({ name: `Shea ${i + 1}` }));
    const { route, searches } = productPages([firstPage, [makeProduct({ name: 'Last One' })]]);
    mockApi({ 'GET getProducts': route });
    const { router } = await renderWithRouter(<ProductsPage />, { path: '/admin/products' });
    await screen.findByRole('row', { name: /Shea 10/ });
    await user().click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('row', { name: /Last One/ });

    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All categories', 'Hair', 'Skin', 'Cleansers', 'Gifts and Sets', 'Natural Oils', 'Others']);
    await user().selectOptions(category, 'Natural Oils');
    await waitFor(() => expect(searches.at(-1)).toEqual({ q: '', category: 'Natural Oils', page: '1', limit: '10' }));
    expect(router.state.location.search).toEqual({ category: 'Natural Oils' });

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('');
    expect(within(sort).getAllByRole('option')[0]).toHaveTextContent('Newest first');
    await user().selectOptions(sort, 'Stock (lowest first)');
    await waitFor(() => expect(searches.at(-1)).toEqual({ q: '', category: 'Natural Oils', sort: 'stock-asc', page: '1', limit: '10' }));
    expect(router.state.location.search).toEqual({ category: 'Natural Oils', sort: 'stock-asc' });

    await user().selectOptions(category, 'All categories');
    await user().selectOptions(sort, 'Newest first');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('reads them from the address (a reload), dropping what it does not know', async () => {
    const { route, searches } = productPages([[shea]]);
    mockApi({ 'GET getProducts': route });
    await renderRoutes(
      (root) => [createRoute({ getParentRoute: () => root, path: '/admin/products', validateSearch: adminProductsSearch, component: ProductsPage })],
      { url: '/admin/products?category=Skin&sort=price-desc&page=x&extra=1' },
    );
    await screen.findByRole('row', { name: /Raw Shea Butter/ });
    expect(searches).toEqual([{ q: '', category: 'Skin', sort: 'price-desc', page: '1', limit: '10' }]);
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Skin');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-desc');
    // An unknown category or sort, and the default order, stay out of the address.
    expect(adminProductsSearch({ category: 'Toys', sort: 'cheapest' })).toEqual({});
    expect(adminProductsSearch({ category: 'Others', sort: 'newest' })).toEqual({ category: 'Others' });
  });
});

describe('the row menu', () => {
  it('opens on its button with the focus on the first item, moves with the arrows, closes on Escape back to its button', async () => {
    mockApi({ 'GET getProducts': () => json({ data: [shea, chebe], total: 2, page: 1, limit: 10 }) });
    await renderWithRouter(<ProductsPage />, { path: '/admin/products' });
    await screen.findByRole('row', { name: /Raw Shea Butter/ });
    const more = within(rowOf('Chebe Hair Oil')).getByRole('button', { name: 'More actions for Chebe Hair Oil' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user().click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu', { name: 'More actions for Chebe Hair Oil' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['See in the shop', 'Delete']);
    expect(within(menu).getByRole('menuitem', { name: 'See in the shop' })).toHaveFocus();
    expect(within(menu).getByRole('menuitem', { name: 'See in the shop' })).toHaveAttribute('href', '/product/p-chebe');
    await user().keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
  });
});

describe('deleting a product', () => {
  it('asks first: Cancel (or Escape) deletes nothing and gives the focus back', async () => {
    const calls = mockApi({ 'GET getProducts': () => json({ data: [shea, chebe], total: 2, page: 1, limit: 10 }) });
    await renderWithRouter(<ProductsPage />, { path: '/admin/products' });
    await screen.findByRole('row', { name: /Raw Shea Butter/ });
    const deleteButton = await askToDelete('Raw Shea Butter');
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Raw Shea Butter?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleteButton).toHaveFocus();

    await askToDelete('Raw Shea Butter');
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.map((c) => c.key)).toEqual(['GET getProducts']);
    expect(rowOf('Raw Shea Butter')).toBeInTheDocument();
  });

  it('deletes on Delete: the button waits with a spinner, then the toast and the row is gone', async () => {
    const answer = deferred();
    let remaining = [shea, chebe];
    const calls = mockApi({
      'GET getProducts': () => json({ data: remaining, total: remaining.length, page: 1, limit: 10 }),
      'DELETE deleteProduct/p-shea': () => answer.promise,
    });
    await renderWithRouter(<ProductsPage />, { path: '/admin/products' });
    await screen.findByRole('row', { name: /Raw Shea Butter/ });

    await askToDelete('Raw Shea Butter');
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Raw Shea Butter?' });
    await user().click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(calls.at(-1)).toEqual({ key: 'DELETE deleteProduct/p-shea', body: undefined, authorization: 'Bearer tok-admin' });

    remaining = [chebe];
    answer.resolve(json({ message: 'Product deleted successfully' }));
    expect(await screen.findByText('Product deleted successfully')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Raw Shea Butter/ })).not.toBeInTheDocument();
    expect(rowOf('Chebe Hair Oil')).toBeInTheDocument();
    // The page is asked again (quietly), so a product from the next page moves up.
    await waitFor(() => expect(calls.map((c) => c.key)).toEqual(['GET getProducts', 'DELETE deleteProduct/p-shea', 'GET getProducts']));
  });

  it('keeps the row and says "Failed to delete product" when the call fails', async () => {
    mockApi({ 'GET getProducts': () => json({ data: [shea], total: 1, page: 1, limit: 10 }) });
    await renderWithRouter(<ProductsPage />, { path: '/admin/products' });
    await screen.findByRole('row', { name: /Raw Shea Butter/ });

    await askToDelete('Raw Shea Butter');
    await user().click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete product')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(rowOf('Raw Shea Butter')).toBeInTheDocument();
  });
});
