import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HomePage } from '@/client/features/catalogue/components/home-page';
import type { Product } from '@/shared/types';
import { deferred, json, mockApi, mockQueriedApi } from './api-mock';
import { fakeTimersAndFreshStores, givenPhoneCopy, makeProduct, productPageOf } from './fixtures';
import { renderWithRouter } from './render';

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const activeDot = () => screen.getAllByRole('button', { name: /^Go to slide \d$/ }).find((b) => b.getAttribute('aria-current') === 'true');
const section = (name: string) => screen.getByRole('region', { name });

fakeTimersAndFreshStores();

/** The two short pages the sections show: Best Sellers (most bought) and New Arrivals (newest). */
function serveSections({ popular = [] as Product[], newest = [] as Product[] } = {}) {
  return mockQueriedApi('GET products', (query) => json(productPageOf(query.get('sort') === 'newest' ? newest : popular)));
}

describe('hero slider', () => {
  beforeEach(() => {
    serveSections();
  });

  it('shows six slides with alt text, the overlay texts and Shop Now', async () => {
    await renderWithRouter(<HomePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Unlock Your Natural Glow' })).toBeInTheDocument();
    expect(screen.getByText('Discover the beauty of nature with our premium skincare products.')).toBeInTheDocument();
    const slides = screen.getAllByRole('img', { hidden: true }).filter((el) => el.closest('[aria-roledescription="slide"]'));
    expect(slides).toHaveLength(6);
    for (const slide of slides) expect(slide.getAttribute('alt')?.length).toBeGreaterThan(10);
    // The pictures come with their own chunk, right after the hero is on screen (the server's page has the first already).
    await vi.waitFor(() => {
      for (const slide of slides) expect(slide).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml,/));
    });
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
  it('asks for two short pages, never the whole catalogue: the most bought and the newest', async () => {
    const { queries } = serveSections();
    await renderWithRouter(<HomePage />);
    await vi.waitFor(() => expect([...queries].sort()).toEqual(['sort=newest&limit=20', 'sort=popularity&limit=8']));
  });

  it('shows 4 skeleton cards in Best Sellers and New Arrivals while loading, then 4 of the best sellers', async () => {
    const answer = deferred();
    const popular = Array.from({ length: 8 }, () => makeProduct());
    mockApi({ 'GET products': () => answer.promise });
    await renderWithRouter(<HomePage />);
    expect(within(section('Best Sellers')).getAllByTestId('product-card-skeleton')).toHaveLength(4);
    expect(within(section('New Arrivals')).getAllByTestId('product-card-skeleton')).toHaveLength(4);

    await act(async () => answer.resolve(json(productPageOf(popular))));
    const list = await within(section('Best Sellers')).findByRole('list', { name: 'Best Sellers' });
    const names = within(list)
      .getAllByRole('heading')
      .map((h) => h.textContent);
    expect(names).toHaveLength(4);
    for (const name of names) expect(popular.map((p) => p.name)).toContain(name);
    expect(within(section('Best Sellers')).queryByTestId('product-card-skeleton')).not.toBeInTheDocument();
  });

  it("shows 'Error: Failed to fetch products' in red in both sections when the pages cannot load and the phone has no copy", async () => {
    mockApi({});
    await renderWithRouter(<HomePage />);
    act(() => vi.advanceTimersByTime(2000)); // ky's one retry
    const errors = await screen.findAllByText('Error: Failed to fetch products');
    expect(errors).toHaveLength(2);
    expect(within(section('Best Sellers')).getByRole('alert')).toHaveTextContent('Error: Failed to fetch products');
    expect(within(section('New Arrivals')).getByRole('alert')).toBeInTheDocument();
  });

  it("prefers the server's message", async () => {
    mockApi({ 'GET products': () => json({ message: 'Catalogue is being updated' }, 400) });
    await renderWithRouter(<HomePage />);
    expect(await screen.findAllByText('Error: Catalogue is being updated')).toHaveLength(2);
  });

  it('offline, both sections come from the phone’s copy', async () => {
    const fresh = makeProduct({ name: 'New Balm', newArrival: true, createdAt: '2026-01-01T00:00:00Z' });
    await givenPhoneCopy([makeProduct({ name: 'Old favourite', unitsSold: 40 }), fresh]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = mockApi({});
    await renderWithRouter(<HomePage />);
    const best = await within(section('Best Sellers')).findByRole('list', { name: 'Best Sellers' });
    expect(
      within(best)
        .getAllByRole('heading')
        .map((h) => h.textContent)
        .sort(),
    ).toEqual(['New Balm', 'Old favourite']);
    const arrivals = await within(section('New Arrivals')).findByRole('list', { name: 'New arrivals' });
    expect(
      within(arrivals)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['New Balm']);
    expect(calls).toEqual([]);
  });

  it('lists up to 10 of the newest products marked as new arrivals, in a carousel whose arrows scroll 300 px', async () => {
    const scrollBy = vi.fn();
    Element.prototype.scrollBy = scrollBy;
    const fresh = Array.from({ length: 12 }, (_, i) => makeProduct({ name: `New ${i + 1}`, newArrival: true }));
    serveSections({ newest: [fresh[0] as Product, makeProduct({ name: 'Not marked new' }), ...fresh.slice(1)] });
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

  it("says 'No New Arrivals Available' when none of the newest is marked new", async () => {
    serveSections({ newest: [makeProduct(), makeProduct()] });
    await renderWithRouter(<HomePage />);
    expect(await within(section('New Arrivals')).findByText('No New Arrivals Available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Scroll new arrivals/ })).not.toBeInTheDocument();
  });
});

describe('the rest of the page', () => {
  beforeEach(() => {
    serveSections();
  });

  it('has the sections in order, with the category row and brand links, and no blog while the shop has no posts', async () => {
    await renderWithRouter(<HomePage />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Best Sellers', 'Understanding Your Skin', 'Product Categories', 'New Arrivals', 'Our Brand']);

    const categories = within(section('Product Categories')).getAllByRole('link');
    expect(categories.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Hair Care', '/hair'],
      ['Skin Care', '/skin'],
      ['Cleansers', '/cleansers'],
      ['Gifts and Sets', '/gifts-and-sets'],
      ['Natural Oils', '/natural-oils'],
    ]);
    expect(within(section('Understanding Your Skin')).getByRole('link')).toHaveAttribute('href', '/skin');

    // No placeholder posts ('Blog 1', 'Description 1', 'Read More →' to '#').
    expect(screen.queryByText(/^Blog \d$|^Description \d$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Read More →' })).not.toBeInTheDocument();
    expect(document.querySelector('a[href="#"]')).toBeNull();

    await user().click(screen.getByRole('link', { name: 'Discover More' }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/our-brand$/);
  });

  it('sets the title, meta description and social tags', async () => {
    await renderWithRouter(<HomePage />);
    expect(document.title).toBe('Nkuto Naturals | Natural skincare and haircare from Ghana');
    // The meta tags follow a moment later (their code loads after the first screen).
    await waitFor(() => expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/natural skincare/));
    expect(document.head.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(document.title);
    expect(document.head.querySelector('meta[property="og:type"]')?.getAttribute('content')).toBe('website');
  });
});
