import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { LowStockPage } from '@/client/features/admin/products/components/low-stock-page';
import { configureHttp } from '@/client/lib/http';
import type { Product } from '@/shared/types';
import { mockProductApi, nodeFormData } from './admin-products-multipart';
import { deferred, json } from './api-mock';
import { freshStoresAndStorage, makeProduct } from './fixtures';
import { renderWithRouter } from './render';

freshStoresAndStorage();
nodeFormData();

beforeEach(() => {
  configureHttp({ token: () => 'tok-admin', unauthorized: () => {} });
});

const soldOut = makeProduct({ _id: 'p-out', name: 'Sold Out Soap', category: 'Cleansers', stock: 0 });
const aloe = makeProduct({
  _id: 'p-aloe',
  name: 'Aloe Gel',
  description: 'Cooling gel.',
  category: 'Skin',
  price: 35.5,
  stock: 3,
  maxPerOrder: 2,
  newArrival: true,
  productImageUrls: ['/uploads/aloe-front-640.webp', '/uploads/aloe-back-640.webp'],
});
const five = makeProduct({ _id: 'p-five', name: 'Five Left', category: 'Hair', stock: 5 });
const eight = makeProduct({ _id: 'p-eight', name: 'Eight Left', category: 'Natural Oils', stock: 8 });

/** GET getLowStockProducts answering from `products` by the threshold asked; the thresholds asked are kept. */
function lowStock(products: Product[]) {
  const thresholds: string[] = [];
  const route = (_body: unknown, request: Request) => {
    const threshold = new URL(request.url).searchParams.get('threshold') ?? '';
    thresholds.push(threshold);
    return json({ data: products.filter((p) => p.stock <= Number(threshold)) });
  };
  return { route, thresholds };
}

const rowOf = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe('low stock', () => {
  it('lists the products with 5 or less, lowest first, and those with 10 or less on request', async () => {
    const { route, thresholds } = lowStock([soldOut, aloe, five, eight]);
    mockProductApi({ 'GET getLowStockProducts': route });
    const user = userEvent.setup({ delay: null });
    await renderWithRouter(<LowStockPage />, { path: '/admin/products/low-stock' });
    expect(screen.getByRole('heading', { level: 1, name: 'Low Stock' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading low stock products');
    await waitFor(() => expect(document.title).toBe('Low Stock - Admin - Nkuto Naturals'));

    await screen.findByRole('row', { name: /Sold Out Soap/ });
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names()).toEqual(['Sold Out Soap', 'Aloe Gel', 'Five Left']);
    expect(thresholds).toEqual(['5']);
    const aloeCells = within(rowOf('Aloe Gel')).getAllByRole('cell');
    expect(aloeCells[1]).toHaveTextContent('Skin');
    expect(aloeCells[2]?.firstElementChild).toHaveTextContent('3');
    expect(aloeCells[2]?.firstElementChild).toHaveAttribute('data-tone', 'danger');
    expect(within(rowOf('Aloe Gel')).getByRole('link', { name: 'Edit Aloe Gel' })).toHaveAttribute('href', '/admin/products/edit/p-aloe');

    await user.click(screen.getByRole('checkbox', { name: 'Show stock of 10 or less' }));
    await screen.findByRole('row', { name: /Eight Left/ });
    expect(thresholds).toEqual(['5', '10']);
    expect(names()).toEqual(['Sold Out Soap', 'Aloe Gel', 'Five Left', 'Eight Left']);
    expect(within(rowOf('Eight Left')).getAllByRole('cell')[2]?.firstElementChild).toHaveAttribute('data-tone', 'warning');
  });

  it('says so when nothing is low on stock', async () => {
    mockProductApi({ 'GET getLowStockProducts': () => json({ data: [] }) });
    await renderWithRouter(<LowStockPage />, { path: '/admin/products/low-stock' });
    expect(await screen.findByRole('cell', { name: 'No products are low on stock.' })).toBeInTheDocument();
  });

  it('saves a new stock with every other field and the images unchanged; the row leaves once above the threshold', async () => {
    const save = deferred();
    const { route } = lowStock([soldOut, aloe, five]);
    const calls = mockProductApi({ 'GET getLowStockProducts': route, 'PATCH updateProductInfo/p-aloe': () => save.promise });
    const user = userEvent.setup({ delay: null });
    await renderWithRouter(<LowStockPage />, { path: '/admin/products/low-stock' });
    const stock = await screen.findByRole('spinbutton', { name: 'Stock for Aloe Gel' });
    expect(stock).toHaveValue(3);

    await user.clear(stock);
    await user.type(stock, '24');
    await user.click(within(rowOf('Aloe Gel')).getByRole('button', { name: 'Save' }));
    expect(within(rowOf('Aloe Gel')).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(calls.at(-1)).toEqual({
      key: 'PATCH updateProductInfo/p-aloe',
      authorization: 'Bearer tok-admin',
      body: [
        ['name', 'Aloe Gel'],
        ['description', 'Cooling gel.'],
        ['category', 'Skin'],
        ['price', '35.5'],
        ['stock', '24'],
        // Its limit goes back as it was.
        ['maxPerOrder', '2'],
        ['newArrival', 'true'],
        ['existingImages', JSON.stringify(['/uploads/aloe-front-640.webp', '/uploads/aloe-back-640.webp'])],
      ],
    });

    save.resolve(json({ message: 'Product updated successfully', data: { ...aloe, stock: 24 } }));
    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: /Aloe Gel/ })).not.toBeInTheDocument());
    expect(rowOf('Sold Out Soap')).toBeInTheDocument();
    expect(rowOf('Five Left')).toBeInTheDocument();
  });

  it('keeps a product still low on stock, with its new badge, in stock order', async () => {
    const { route } = lowStock([soldOut, aloe, five]);
    mockProductApi({
      'GET getLowStockProducts': route,
      'PATCH updateProductInfo/p-out': () => json({ message: 'Product updated successfully', data: { ...soldOut, stock: 4 } }),
    });
    const user = userEvent.setup({ delay: null });
    await renderWithRouter(<LowStockPage />, { path: '/admin/products/low-stock' });
    const stock = await screen.findByRole('spinbutton', { name: 'Stock for Sold Out Soap' });

    await user.clear(stock);
    await user.type(stock, '4');
    await user.keyboard('{Enter}');
    await screen.findByText('Product updated successfully');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Aloe Gel', 'Sold Out Soap', 'Five Left']);
    expect(within(rowOf('Sold Out Soap')).getAllByRole('cell')[2]).toHaveTextContent('4');
    expect(screen.getByRole('spinbutton', { name: 'Stock for Sold Out Soap' })).toHaveFocus();
  });

  it('refuses a stock that is not a whole number of 0 or more, sending nothing', async () => {
    const { route } = lowStock([aloe]);
    const calls = mockProductApi({ 'GET getLowStockProducts': route });
    const user = userEvent.setup({ delay: null });
    await renderWithRouter(<LowStockPage />, { path: '/admin/products/low-stock' });
    const stock = await screen.findByRole('spinbutton', { name: 'Stock for Aloe Gel' });

    await user.clear(stock);
    await user.type(stock, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The form library validates after the click's own turn: a loaded machine can show it a moment later.
    await waitFor(() => expect(stock).toHaveAttribute('aria-invalid', 'true'));
    expect(stock).toHaveAccessibleDescription('Stock must be a whole number of 0 or more.');
    expect(calls.map((c) => c.key)).toEqual(['GET getLowStockProducts']);
  });
});
