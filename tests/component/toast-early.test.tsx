import { act, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';

/**
 * The app loads its toast library after the first screen (lib/toast.ts). A toast asked for before it
 * has arrived (a tap right after the page took over) is not lost: it shows once the library is here,
 * and its id still closes it. A fresh copy of the module, as on a page that has just started.
 */
it('a toast asked for before the library has loaded shows once it has, and its id dismisses it', async () => {
  vi.resetModules();
  const { toast, loadToasts } = await import('@/client/lib/toast');
  const id = toast.success('Shea Butter added to cart');
  const second = toast.error('Only 2 items available in stock', { id: 'stock' });
  expect(second).toBe('stock');

  const { Toaster } = await loadToasts();
  render(<Toaster />);
  expect(await screen.findByText('Shea Butter added to cart')).toBeInTheDocument();
  expect(screen.getByText('Only 2 items available in stock')).toBeInTheDocument();

  act(() => toast.dismiss(id));
  // Gone once its closing animation is over (the library removes it a second after).
  await vi.waitFor(() => expect(screen.queryByText('Shea Butter added to cart')).toBeNull(), { timeout: 3_000 });
  expect(screen.getByText('Only 2 items available in stock')).toBeInTheDocument();
});
