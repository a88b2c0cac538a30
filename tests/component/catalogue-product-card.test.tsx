import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { ProductCard } from '@/client/features/catalogue/components/product-card';
import { useCart } from '@/client/stores/cart';
import { fakeTimersAndFreshStores, makeProduct } from './fixtures';
import { renderWithRouter } from './render';

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

fakeTimersAndFreshStores();

it("shows the image, name, price and 'In Stock' in green, and opens the product", async () => {
  const product = makeProduct({ _id: 'shea', slug: 'raw-shea-butter', name: 'Raw Shea Butter', price: 1234.5, stock: 3 });
  await renderWithRouter(<ProductCard product={product} />);
  expect(screen.getByRole('img', { name: 'Raw Shea Butter' })).toHaveAttribute('loading', 'lazy');
  expect(screen.getByText('₵1,234.50')).toBeInTheDocument();
  expect(screen.getByText('In Stock')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add to Cart: Raw Shea Butter' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Buy Now: Raw Shea Butter' })).toBeEnabled();

  await user().click(screen.getByRole('link', { name: 'Raw Shea Butter' }));
  expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/product\/raw-shea-butter$/);
});

it("says 'Out of Stock' and disables both buttons when the stock is 0", async () => {
  await renderWithRouter(<ProductCard product={makeProduct({ name: 'Baobab Oil', stock: 0 })} />);
  expect(screen.getByText('Out of Stock')).toBeInTheDocument();
  expect(screen.queryByText('In Stock')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add to Cart: Baobab Oil' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Buy Now: Baobab Oil' })).toBeDisabled();
});

it('adds one to the cart', async () => {
  const product = makeProduct({ name: 'Black Soap' });
  await renderWithRouter(<ProductCard product={product} />);
  await user().click(screen.getByRole('button', { name: 'Add to Cart: Black Soap' }));
  expect(await screen.findByText('Black Soap added to cart')).toBeInTheDocument();
  expect(useCart.getState().items).toMatchObject([{ productId: product._id, quantity: 1 }]);
  expect(screen.queryByTestId('navigated')).not.toBeInTheDocument();
});

it('Buy Now adds the product, then goes to /checkout', async () => {
  const product = makeProduct({ name: 'Moringa Oil' });
  await renderWithRouter(<ProductCard product={product} />);
  await user().click(screen.getByRole('button', { name: 'Buy Now: Moringa Oil' }));
  expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/checkout$/);
  expect(useCart.getState().items).toMatchObject([{ productId: product._id, quantity: 1 }]);
});

it('Buy Now stays on the page when the add is refused', async () => {
  const product = makeProduct({ name: 'Cocoa Butter', stock: 2 });
  useCart.setState({ items: [{ productId: product._id, name: product.name, price: product.price, image: null, quantity: 2, stock: 2 }] });
  await renderWithRouter(<ProductCard product={product} />);
  await user().click(screen.getByRole('button', { name: 'Buy Now: Cocoa Butter' }));
  expect(await screen.findByText('Only 2 items available in stock')).toBeInTheDocument();
  expect(screen.queryByTestId('navigated')).not.toBeInTheDocument();
  expect(useCart.getState().items[0]?.quantity).toBe(2);
});
