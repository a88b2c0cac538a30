import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from '@/client/features/catalogue/components/home-page';
import { deferred, json, mockApi } from './api-mock';
import { fakeTimersAndFreshStores, makeProduct } from './fixtures';
import { renderWithRouter } from './render';

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const activeDot = () => screen.getAllByRole('button', { name: /^Go to slide \d$/ }).find((b) => b.getAttribute('aria-current') === 'true');
const section = (name: string) => screen.getByRole('region', { name });

fakeTimersAndFreshStores();

describe('hero slider', () => {
  beforeEach(() => {
    mockApi({ 'GET getProducts': () => json({ data: [] }) });
  });

  it('shows six slides with alt text, the overlay texts and Shop Now', async () => {
    await renderWithRouter(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Unlock Your Natural Glow' })).toBeInTheDocument();
    expect(screen.getByText('Discover the beauty of nature with our premium skincare products.')).toBeInTheDocument();
    const slides = screen.getAllByRole('img', { hidden: true }).filter((el) => el.closest('[aria-roledescription="slide"]'));
    expect(slides).toHaveLength(6);
    for (const slide of slides) expect(slide.getAttribute('alt')?.length).toBeGreaterThan(10);
    expect(slides[0]).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml,/));
    expect(screen.getAllByRole('button', { name: /^Go to slide \d$/ })).toHaveLength(6);

    await user().click(screen.getByRole('link', { name: 'Shop Now' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/products$/);
  });

  it('advances every 5 s and wraps from the last slide to the first', async () => {
    await renderWithRouter(<HomePage />);
    expect(activeDot()).toHaveAccessibleName('Go to slide 1');
    act(() => vi.advanceTimersByTime(4900));
    expect(activeDot()).toHaveAccessibleName('Go to slide 1');
    act(() => vi.advanceTimersByTime(100));
    expect(activeDot()).toHaveAccessibleName('Go to slide 2');
    for (const n of [3, 4, 5, 6]) {
      act(() => vi.advanceTimersByTime(5000));
      expect(activeDot()).toHaveAccessibleName(`Go to slide ${n}`);
    }
    act(() => vi.advanceTimersByTime(5000));
    expect(activeDot()).toHaveAccessibleName('Go to slide 1');
  });

  it('goes back from the first slide to the last, forward again, and to a chosen dot', async () => {
    await renderWithRouter(<HomePage />);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(activeDot()).toHaveAccessibleName('Go to slide 6');
    await u.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeDot()).toHaveAccessibleName('Go to slide 1');
    await u.click(screen.getByRole('button', { name: 'Go to slide 4' }));
    expect(activeDot()).toHaveAccessibleName('Go to slide 4');
    // Only the shown slide is exposed to screen readers.
    const visible = screen.getAllByRole('img').filter((el) => el.closest('[aria-roledescription="slide"]'));
    expect(visible).toHaveLength(1);
    expect(visible[0]?.closest('[aria-roledescription="slide"]')).toHaveAccessibleName('4 of 6');
  });

  it('holds still while the pointer is over it', async () => {
    await renderWithRouter(<HomePage />);
    const u = user();
    await u.hover(screen.getByRole('heading', { level: 1 }));
    act(() => vi.advanceTimersByTime(15_000));
    expect(activeDot()).toHaveAccessibleName('Go to slide 1');
    await u.unhover(screen.getByRole('heading', { level: 1 }));
    act(() => vi.advanceTimersByTime(5000));
    expect(activeDot()).toHaveAccessibleName('Go to slide 2');
  });
});

describe('product sections', () => {
  it('shows 4 skeleton cards in Best Sellers and New Arrivals while loading, then 4 best sellers', async () => {
    const answer = deferred();
    const products = Array.from({ length: 7 }, () => makeProduct());
    mockApi({ 'GET getProducts': () => answer.promise });
    await renderWithRouter(<HomePage />);
    expect(within(section('Best Sellers')).getAllByTestId('product-card-skeleton')).toHaveLength(4);
    expect(within(section('New Arrivals')).getAllByTestId('product-card-skeleton')).toHaveLength(4);

    await act(async () => answer.resolve(json({ data: products })));
    const list = await within(section('Best Sellers')).findByRole('list', { name: 'Best Sellers' });
    expect(within(list).getAllByRole('article')).toHaveLength(4);
    expect(within(section('Best Sellers')).queryByTestId('product-card-skeleton')).not.toBeInTheDocument();
  });

  it("shows 'Error: Failed to fetch products' in red in both sections when the catalogue cannot load", async () => {
    mockApi({});
    await renderWithRouter(<HomePage />);
    act(() => vi.advanceTimersByTime(2000)); // ky's one retry
    const errors = await screen.findAllByText('Error: Failed to fetch products');
    expect(errors).toHaveLength(2);
    expect(within(section('Best Sellers')).getByRole('alert')).toHaveTextContent('Error: Failed to fetch products');
    expect(within(section('New Arrivals')).getByRole('alert')).toBeInTheDocument();
  });

  it("prefers the server's message", async () => {
    mockApi({ 'GET getProducts': () => json({ message: 'Catalogue is being updated' }, 400) });
    await renderWithRouter(<HomePage />);
    expect(await screen.findAllByText('Error: Catalogue is being updated')).toHaveLength(2);
  });

  it('lists the first 10 new arrivals in a carousel whose arrows scroll 300 px', async () => {
    const scrollBy = vi.fn();
    Element.prototype.scrollBy = scrollBy;
    const fresh = Array.from({ length: 12 }, (_, i) => makeProduct({ name: `New ${i + 1}`, newArrival: true }));
    mockApi({ 'GET getProducts': () => json({ data: [makeProduct({ name: 'Old favourite' }), ...fresh] }) });
    await renderWithRouter(<HomePage />);
    const list = await within(section('New Arrivals')).findByRole('list', { name: 'New arrivals' });
    const names = within(list)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(names).toEqual(fresh.slice(0, 10).map((p) => p.name));

    const u = user();
    await u.click(screen.getByRole('button', { name: 'Scroll new arrivals right' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: 300, behavior: 'smooth' });
    await u.click(screen.getByRole('button', { name: 'Scroll new arrivals left' }));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -300, behavior: 'smooth' });
    expect(scrollBy).toHaveBeenCalledTimes(2);
  });

  it("says 'No New Arrivals Available' when no product is new", async () => {
    mockApi({ 'GET getProducts': () => json({ data: [makeProduct(), makeProduct()] }) });
    await renderWithRouter(<HomePage />);
    expect(await within(section('New Arrivals')).findByText('No New Arrivals Available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Scroll new arrivals/ })).not.toBeInTheDocument();
  });
});

describe('the rest of the page', () => {
  beforeEach(() => {
    mockApi({ 'GET getProducts': () => json({ data: [] }) });
  });

  it('has the sections in order, with the category row, blog teaser and brand links', async () => {
    await renderWithRouter(<HomePage />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Best Sellers', 'Understanding Your Skin', 'Product Categories', 'New Arrivals', 'Our Blog', 'Our Brand']);

    const categories = within(section('Product Categories')).getAllByRole('link');
    expect(categories.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Hair Care', '/hair'],
      ['Skin Care', '/skin'],
      ['Cleansers', '/cleansers'],
      ['Gifts and Sets', '/gifts-and-sets'],
      ['Natural Oils', '/natural-oils'],
    ]);
    expect(within(section('Understanding Your Skin')).getByRole('link')).toHaveAttribute('href', '/skin');

    const blog = section('Our Blog');
    expect(
      within(blog)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Blog 1', 'Blog 2', 'Blog 3', 'Blog 4']);
    expect(within(blog).getByText('Description 3')).toBeInTheDocument();
    const readMore = within(blog).getAllByRole('link', { name: 'Read More →' });
    expect(readMore).toHaveLength(4);
    for (const link of readMore) expect(link).toHaveAttribute('href', '#');

    await user().click(screen.getByRole('link', { name: 'Discover More' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/our-brand$/);
  });

  it('sets the title, meta description and social tags', async () => {
    await renderWithRouter(<HomePage />);
    expect(document.title).toBe('Nkuto Naturals | Natural skincare and haircare from Ghana');
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/natural skincare/);
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(document.title);
    expect(document.head.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('website');
  });
});
