import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { ProductPage } from '@/client/features/catalogue/components/product-page';
import { useCart } from '@/client/stores/cart';
import type { Product } from '@/shared/types';
import { deferred, json, mockApi } from './api-mock';
import { fakeTimersAndFreshStores, givenPhoneCopy, makeProduct, productPageOf } from './fixtures';
import { renderWithRouter } from './render';

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

/** The shopper replaces what the quantity field holds with `text`. */
async function retype(u: ReturnType<typeof user>, input: HTMLElement, text: string) {
  await u.clear(input);
  await u.type(input, text);
}
const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

const longText = `${'Whipped raw shea butter from the Northern Region, '.repeat(5)}end.`;
const shea = makeProduct({
  _id: 'shea-id',
  slug: 'shea',
  name: 'Raw Shea Butter',
  description: longText,
  category: 'Skin',
  price: 45.5,
  stock: 7,
  productImageUrls: ['/uploads/a-640.webp', '/uploads/b-640.webp', '/uploads/c-640.webp'],
});

/**
 * The server holding `products`: each one alone (`GET /getSingleProductById`), a category's page for
 * similar products (`GET /products`), and their stock as the products say (`GET /stock`).
 */
function serve(products: Product[]) {
  return mockApi(
    {
      'GET products': (_body, request) => {
        const category = new URL(request.url).searchParams.get('category');
        return json(productPageOf(products.filter((p) => p.category === category)));
      },
      'GET stock': (_body, request) => {
        const ids = new URL(request.url).searchParams.get('ids')?.split(',') ?? [];
        return json({ data: products.filter((p) => ids.includes(p._id)).map(({ _id, stock, unitsSold }) => ({ _id, stock, unitsSold })) });
      },
    },
    {
      otherwise: (_body, request) => {
        const id = decodeURIComponent(new URL(request.url).pathname.replace('/api/getSingleProductById/', ''));
        const product = products.find((p) => p._id === id || p.slug === id);
        return product ? json({ data: product }) : json({ message: 'Product not found' }, 404);
      },
    },
  );
}

async function openProduct(id: string) {
  const rendered = await renderWithRouter(<ProductPage id={id} />, { path: `/product/${id}` });
  return rendered;
}

fakeTimersAndFreshStores();

describe('the product', () => {
  it('shows breadcrumb, gallery, price, category, description and stock', async () => {
    serve([shea]);
    await openProduct('shea');
    expect(await screen.findByRole('heading', { level: 1, name: 'Raw Shea Butter' })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((li) => li.textContent)).toEqual(['Home', 'Products', 'Skin', 'Raw Shea Butter']);
    expect(within(crumbs[2] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/skin');
    expect(screen.getByText('₵45.50')).toBeInTheDocument();
    expect(screen.getByText(/^Category:/)).toHaveTextContent('Category: Skin');
    expect(screen.getByText(longText)).toBeInTheDocument();
    expect(screen.getByText('In stock: 7')).toBeInTheDocument();

    const main = screen.getByRole('img', { name: 'Raw Shea Butter, image 1 of 3' });
    expect(main).toHaveAttribute('loading', 'eager');
    expect(main).toHaveAttribute('fetchpriority', 'high');
    const second = screen.getByRole('button', { name: 'Show image 2 of 3' });
    expect(screen.getByRole('button', { name: 'Show image 1 of 3' })).toHaveAttribute('aria-pressed', 'true');
    await user().click(second);
    expect(second).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'Raw Shea Butter, image 2 of 3' })).toHaveAttribute('src', '/uploads/b-640.webp');
  });

  it("asks for a product the phone's copy does not have", async () => {
    const fresh = makeProduct({ _id: 'fresh', slug: 'fresh', name: 'Hibiscus Toner', category: 'Skin' });
    const calls = serve([shea, fresh]);
    await openProduct('fresh');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hibiscus Toner' })).toBeInTheDocument();
    expect(calls.map((c) => c.key)).toContain('GET getSingleProductById/fresh');
  });

  it("opened by its id (an address from before slugs), moves to the product's address in place", async () => {
    serve([shea]);
    await openProduct('shea-id');
    // The test's router has only the id's page: anywhere else shows the address it went to.
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/product\/shea$/);
  });

  it("takes the product from the phone's copy, and asks only for its stock as it is now", async () => {
    await givenPhoneCopy([shea]);
    const calls = mockApi({ 'GET stock': () => json({ data: [{ _id: 'shea-id', stock: 2, unitsSold: 30 }] }) });
    await openProduct('shea');
    expect(await screen.findByRole('heading', { level: 1, name: 'Raw Shea Butter' })).toBeInTheDocument();
    // The copy said 7; the shop has 2 left now.
    expect(await screen.findByText('In stock: 2')).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveAttribute('max', '2');
    expect(calls.map((c) => c.key)).not.toContain('GET getSingleProductById/shea');
    expect(calls.find((c) => c.key === 'GET stock')?.query.get('ids')).toBe('shea-id');
  });

  it('a product the stock answer leaves out is gone: it cannot be bought', async () => {
    await givenPhoneCopy([shea]);
    mockApi({ 'GET stock': () => json({ data: [] }) });
    await openProduct('shea');
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it("offline, the copy's product shows with the stock the copy has", async () => {
    await givenPhoneCopy([shea]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    mockApi({});
    await openProduct('shea');
    expect(await screen.findByRole('heading', { level: 1, name: 'Raw Shea Butter' })).toBeInTheDocument();
    expect(screen.getByText('In stock: 7')).toBeInTheDocument();
  });

  it("says 'Product not found.' for an unknown id", async () => {
    serve([shea]);
    await openProduct('nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/products');
  });

  it('sets the title, a 160-character description, Open Graph tags and Product JSON-LD', async () => {
    serve([shea]);
    const { unmount } = await openProduct('shea');
    await screen.findByRole('heading', { level: 1, name: 'Raw Shea Butter' });
    expect(document.title).toBe('Raw Shea Butter - Nkuto Naturals');
    // The meta tags follow once the browser is idle (lib/head.ts).
    await waitFor(() => expect(meta('meta[name="description"]')).toHaveLength(160));
    const description = meta('meta[name="description"]');
    expect(description).toHaveLength(160);
    expect(longText.startsWith(description ?? '-')).toBe(true);
    expect(meta('meta[property="og:title"]')).toBe('Raw Shea Butter - Nkuto Naturals');
    expect(meta('meta[property="og:type"]')).toBe('product');
    // Link readers get the share JPEG every stored image has (1200×630), with its size and the price.
    expect(meta('meta[property="og:image"]')).toBe(`${window.location.origin}/uploads/a-share.jpg`);
    expect(meta('meta[property="og:image:width"]')).toBe('1200');
    expect(meta('meta[property="og:image:height"]')).toBe('630');
    expect(meta('meta[property="product:price:amount"]')).toBe('45.50');
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}/product/shea`);

    const script = document.querySelector('script[type="application/ld+json"]');
    const data = JSON.parse(script?.textContent ?? '{}');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Raw Shea Butter',
      sku: 'shea-id',
      url: `${window.location.origin}/product/shea`,
      category: 'Skin',
      image: [`${window.location.origin}/uploads/a-640.webp`, `${window.location.origin}/uploads/b-640.webp`, `${window.location.origin}/uploads/c-640.webp`],
      offers: { '@type': 'Offer', price: 45.5, priceCurrency: 'GHS', availability: 'https://schema.org/InStock' },
    });

    unmount();
    expect(meta('meta[property="og:type"]')).toBeUndefined();
  });

  it('escapes < in the JSON-LD', async () => {
    serve([makeProduct({ _id: 'x', slug: 'x', name: 'Oil </script><b>', stock: 0 })]);
    await openProduct('x');
    await screen.findByRole('heading', { level: 1 });
    const text = document.querySelector('script[type="application/ld+json"]')?.textContent ?? '';
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toMatchObject({ name: 'Oil </script><b>', offers: { availability: 'https://schema.org/OutOfStock' } });
  });

  it('links to share on WhatsApp, Facebook and X', async () => {
    serve([shea]);
    await openProduct('shea');
    await screen.findByRole('heading', { level: 1 });
    const url = encodeURIComponent(`${window.location.origin}/product/shea`);
    expect(screen.getByRole('link', { name: /Share on WhatsApp/ })).toHaveAttribute('href', `https://wa.me/?text=Raw%20Shea%20Butter%20${url}`);
    expect(screen.getByRole('link', { name: /Share on Facebook/ })).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${url}`);
    expect(screen.getByRole('link', { name: /Share on X/ })).toHaveAttribute('href', `https://twitter.com/intent/tweet?url=${url}&text=Raw%20Shea%20Butter`);
  });
});

describe('buying', () => {
  it('keeps the quantity between 1 and the stock, refusing anything else and restoring the last value', async () => {
    serve([shea]);
    await openProduct('shea');
    const input = (await screen.findByRole('spinbutton', { name: 'Quantity' })) as HTMLInputElement;
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('max', '7');
    expect(input).toHaveValue(1);
    const u = user();

    await retype(u, input, '3');
    await u.tab();
    expect(input).toHaveValue(3);
    expect(screen.queryByText('Please enter a valid quantity')).not.toBeInTheDocument();

    await retype(u, input, '0');
    await u.tab();
    expect(await screen.findByText('Please enter a valid quantity')).toBeInTheDocument();
    expect(input).toHaveValue(3);

    act(() => toast.remove());
    await retype(u, input, '9{Enter}');
    expect(await screen.findByText('Only 7 items available in stock')).toBeInTheDocument();
    expect(input).toHaveValue(3);

    act(() => toast.remove());
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.blur(input);
    expect(await screen.findByText('Please enter a valid quantity')).toBeInTheDocument();
    expect(input).toHaveValue(3);

    await u.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Raw Shea Butter added to cart')).toBeInTheDocument();
    expect(useCart.getState().items).toMatchObject([{ productId: 'shea-id', quantity: 3 }]);
  });

  it('adds nothing when the entry is bad at the moment Add to Cart is pressed', async () => {
    serve([shea]);
    await openProduct('shea');
    const input = await screen.findByRole('spinbutton', { name: 'Quantity' });
    const u = user();
    await retype(u, input, '0');
    await u.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Please enter a valid quantity')).toBeInTheDocument();
    expect(input).toHaveValue(1);
    expect(useCart.getState().items).toEqual([]);
  });

  it('caps the quantity at 100 for a large stock', async () => {
    serve([makeProduct({ _id: 'big', slug: 'big', stock: 500 })]);
    await openProduct('big');
    const input = await screen.findByRole('spinbutton', { name: 'Quantity' });
    expect(input).toHaveAttribute('max', '100');
    const u = user();
    await retype(u, input, '101{Enter}');
    expect(await screen.findByText('Please enter a valid quantity')).toBeInTheDocument();
    expect(input).toHaveValue(1);
  });

  it('a product with its own most per order says "At most N per order" by the quantity, and stops there', async () => {
    serve([makeProduct({ _id: 'oil', slug: 'oil', name: 'Baobab Oil', stock: 7, maxPerOrder: 3 })]);
    await openProduct('oil');
    const input = (await screen.findByRole('spinbutton', { name: 'Quantity' })) as HTMLInputElement;
    expect(input).toHaveAttribute('max', '3');
    // Shown beside the input, and read with it.
    expect(input).toHaveAccessibleDescription('At most 3 per order');
    expect(screen.getByText('In stock: 7')).toBeInTheDocument();
    const u = user();

    await retype(u, input, '5{Enter}');
    // The toast, besides the note.
    await waitFor(() => expect(screen.getAllByText('At most 3 per order')).toHaveLength(2));
    expect(input).toHaveValue(1);

    act(() => toast.remove());
    await retype(u, input, '3');
    await u.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Baobab Oil added to cart')).toBeInTheDocument();
    expect(useCart.getState().items).toMatchObject([{ productId: 'oil', quantity: 3, maxPerOrder: 3 }]);

    // Three in the cart already: one more would pass the limit.
    act(() => toast.remove());
    await retype(u, input, '1');
    await u.click(screen.getByRole('button', { name: 'Add to Cart' }));
    // The toast, besides the note.
    await waitFor(() => expect(screen.getAllByText('At most 3 per order')).toHaveLength(2));
    expect(useCart.getState().items).toMatchObject([{ productId: 'oil', quantity: 3 }]);
  });

  it('says nothing of a limit when the stock is what stops the shopper', async () => {
    serve([makeProduct({ _id: 'few', slug: 'few', name: 'Moringa Mask', stock: 2, maxPerOrder: 5 }), makeProduct({ _id: 'none', slug: 'none', stock: 9 })]);
    const { unmount } = await openProduct('few');
    const input = await screen.findByRole('spinbutton', { name: 'Quantity' });
    expect(input).toHaveAttribute('max', '2');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText(/per order/)).not.toBeInTheDocument();
    unmount();

    await openProduct('none');
    expect(await screen.findByRole('spinbutton', { name: 'Quantity' })).toHaveAttribute('max', '9');
    expect(screen.queryByText(/per order/)).not.toBeInTheDocument();
  });

  it('Buy Now adds the quantity, then goes to /checkout', async () => {
    serve([shea]);
    await openProduct('shea');
    const input = await screen.findByRole('spinbutton', { name: 'Quantity' });
    const u = user();
    await retype(u, input, '2');
    await u.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/checkout$/);
    expect(useCart.getState().items).toMatchObject([{ productId: 'shea-id', quantity: 2 }]);
  });

  it("says 'Out of stock' and disables both buttons", async () => {
    serve([makeProduct({ _id: 'gone', slug: 'gone', name: 'Sold Out Soap', stock: 0 })]);
    await openProduct('gone');
    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toBeDisabled();
  });
});

describe('similar products', () => {
  const section = () => screen.getByRole('region', { name: 'Similar products' });

  it("shows up to 4 others of the category's most bought (one short page), with 4 skeletons while it loads", async () => {
    const answer = deferred();
    const skin = Array.from({ length: 6 }, (_, i) => makeProduct({ name: `Skin ${i + 1}`, category: 'Skin' }));
    const calls = mockApi({
      'GET products': () => answer.promise,
      'GET getSingleProductById/shea': () => json({ data: shea }),
      'GET stock': () => json({ data: [] }),
    });
    await openProduct('shea');
    await screen.findByRole('heading', { level: 1, name: 'Raw Shea Butter' });
    expect(within(section()).getAllByTestId('product-card-skeleton')).toHaveLength(4);
    expect(calls.find((c) => c.key === 'GET products')?.query.toString()).toBe('category=Skin&sort=popularity&limit=9');

    await act(async () => answer.resolve(json(productPageOf([shea, ...skin]))));
    const cards = await within(section()).findAllByRole('article');
    expect(cards).toHaveLength(4);
    const names = cards.map((card) => within(card).getByRole('heading').textContent ?? '');
    for (const name of names) expect(name).toMatch(/^Skin \d$/);
    expect(new Set(names).size).toBe(4);
  });

  it("says 'No similar products found.' when the category has no others", async () => {
    serve([shea, makeProduct({ category: 'Hair' })]);
    await openProduct('shea');
    await screen.findByRole('heading', { level: 1, name: 'Raw Shea Butter' });
    expect(await within(section()).findByText('No similar products found.')).toBeInTheDocument();
  });
});
