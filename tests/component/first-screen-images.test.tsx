import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductsPage } from '@/client/features/catalogue/components/listing-page';
import { markFirstScreenRendered } from '@/client/lib/first-screen';
import { json, mockApi } from './api-mock';
import { fakeTimersAndFreshStores, makeProduct, productPageOf } from './fixtures';
import { renderWithRouter } from './render';

// A file of its own: whether the first screen has been painted is once per page load (module state).
fakeTimersAndFreshStores();

describe("a listing's images on the first screen", () => {
  it('fetches the first two cards at once, with priority, and the others only once the first screen is painted', async () => {
    const products = Array.from({ length: 5 }, (_, i) => makeProduct({ name: `Oil ${i}`, unitsSold: 50 - i }));
    mockApi({ 'GET products': () => json(productPageOf(products)) });
    await renderWithRouter(<ProductsPage />, { path: '/products' });
    await screen.findByText('5 products');
    const images = () => within(screen.getByRole('list', { name: /./ })).getAllByRole('img');
    const fetched = () => images().map((img) => img.getAttribute('srcset')?.split(',')[0]?.trim() ?? null);

    const [first, second] = images();
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(second).toHaveAttribute('loading', 'eager');
    expect(fetched()).toEqual([`${products[0]?.productImageUrls[0]?.replace('640', '320')} 320w`, expect.stringMatching(/-320\.webp 320w$/), null, null, null]);
    // The cards waiting keep their place: a placeholder of the same size, no download.
    expect(images()[2]).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml,/));
    expect(images()[2]).toHaveAttribute('width', '320');

    // Painted a frame and a task later: awaited, not slept for.
    act(() => markFirstScreenRendered());
    await waitFor(() => expect(fetched().every((candidate) => candidate?.endsWith('-320.webp 320w'))).toBe(true));
    expect(images()[4]).toHaveAttribute('src', products[4]?.productImageUrls[0]);
    expect(images()[4]).toHaveAttribute('loading', 'lazy');
  });
});
