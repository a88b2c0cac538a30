import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBox } from '@/client/features/search/components/search-box';
import { SearchResultsPage } from '@/client/features/search/components/search-results-page';
import { searchParams } from '@/client/features/search/search-params';
import { forgetCatalogueCopy, loadCopy } from '@/client/lib/catalogue-copy';
import { queryClient } from '@/client/lib/query-client';
import { importCatalogueCopy } from '@/client/lib/use-phone-copy';
import type { Product } from '@/shared/types';
import { productNamed as product } from '../helpers/products';
import { json, mockApi, mockQueriedApi } from './api-mock';
import { givenPhoneCopy, givenShopSettings, productPageOf, SHOP_SETTINGS } from './fixtures';
import { renderWithRouter } from './render';

const CATALOGUE = [
  product('p1', 'Raw Shea Butter', { price: 1234.5 }),
  product('p2', 'African Black Soap', { category: 'Cleansers', description: 'Cleanses gently with shea and plantain ash.' }),
  product('p3', 'Baobab Oil', { category: 'Natural Oils' }),
  product('p4', 'Shea Hair Cream', { category: 'Hair' }),
  product('p5', 'Whipped Shea Body Butter'),
  product('p6', 'Shea Lip Balm'),
  product('p7', 'Shea and Moringa Gift Box', { category: 'Gifts and Sets' }),
];

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

function setup() {
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

/**
 * The suggestions' code (loaded on the box's first focus, or when the phone is idle) is here, as a
 * moment after the page is live: the 300 ms count from the typing (layout-header-on-demand.test.tsx
 * types before it has arrived).
 */
async function suggestionsArrived() {
  await act(async () => {
    await import('@/client/features/search/components/search-suggestions');
  });
}

/** The search box, with `text` typed into it by a shopper (returned with the box). */
async function searchFor(text: string) {
  const user = setup();
  await renderWithRouter(<SearchBox />);
  const box = screen.getByRole('combobox', { name: 'Search products' });
  await user.click(box);
  await suggestionsArrived();
  await user.type(box, text);
  return { user, box };
}

/** The phone holds a copy of the catalogue, already read into memory (a search earlier in the visit). */
async function givenCopyInMemory(products: Product[]) {
  await givenPhoneCopy(products);
  await importCatalogueCopy();
  await loadCopy();
}

beforeEach(async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  await givenCopyInMemory(CATALOGUE);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  queryClient.clear();
});

describe('search box', () => {
  it("shows nothing before 300 ms, then up to 5 matches from the phone's copy with name, description and price, asking nothing", async () => {
    const calls = mockApi({});
    const { box } = await searchFor('shea');

    await advance(250);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);

    await advance(60);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const options = within(screen.getByRole('listbox', { name: 'Matching products' })).getAllByRole('option');
    // Six products mention shea (one only in its description): five are shown.
    expect(options).toHaveLength(5);
    expect(options[0]).toHaveTextContent('Raw Shea Butter');
    expect(options[0]).toHaveTextContent('Raw Shea Butter, made in Ghana.');
    expect(options[0]).toHaveTextContent('₵1,234.50');
    expect(calls).toEqual([]);
  });

  it('matches the description and the category, whatever the case', async () => {
    const { user, box } = await searchFor('PLANTAIN');
    await advance(300);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('African Black Soap')]);

    await user.clear(box);
    await user.type(box, 'natural oils');
    await advance(300);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('Baobab Oil')]);
  });

  it('ignores blank input: no list, and Enter goes nowhere', async () => {
    const { user, box } = await searchFor('   ');
    await advance(1000);
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('No products found')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await advance(100);
    expect(screen.queryByTestId('navigated')).not.toBeInTheDocument();
  });

  it("says 'No products found' when nothing matches", async () => {
    await searchFor('zzz');
    await advance(300);
    expect(screen.getByRole('status')).toHaveTextContent('No products found');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('shows the error text in the dropdown when the phone has no copy and the server cannot answer', async () => {
    await forgetCatalogueCopy();
    const calls = mockApi({});
    await searchFor('shea');
    await advance(300);
    await vi.waitFor(() => expect(calls).not.toEqual([]));
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    await advance(2000); // the one retry a GET gets
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch products');
  });

  it('without a copy on the phone, asks the server for five matches', async () => {
    await forgetCatalogueCopy();
    const { queries } = mockQueriedApi('GET products', () => json(productPageOf([CATALOGUE[2] as Product])));
    await searchFor('baobab');
    await advance(300);
    expect(await screen.findByRole('option', { name: /Baobab Oil/ })).toBeInTheDocument();
    expect(queries).toEqual(['q=baobab&limit=5']);
  });

  it('Enter goes to /search?q={query}', async () => {
    await searchFor('  shea {Enter}');
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/search\?q=shea$/);
  });

  it('a click on a match opens its product page', async () => {
    const { user } = await searchFor('baobab');
    await advance(300);
    await user.click(screen.getByRole('option', { name: /Baobab Oil/ }));
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/product\/baobab-oil$/);
  });

  it('arrow keys choose a match, Enter opens it, Escape closes the list', async () => {
    const { user, box } = await searchFor('shea');
    await advance(300);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', second.id);

    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    // Up from nothing chosen wraps to the last of the five.
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/product\/shea-and-moringa-gift-box$/);
  });

  it('the small-screen toggle opens the field 200 ms after the last press', async () => {
    const user = setup();
    await renderWithRouter(<SearchBox />);
    const toggle = screen.getByRole('button', { name: 'Search' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await advance(150);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await advance(60);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('combobox', { name: 'Search products' })).toHaveFocus();

    // Presses within 200 ms count once: a double tap does not open and shut it again.
    await user.click(toggle);
    await advance(100);
    await user.click(toggle);
    await advance(150);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await advance(60);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('search results page', () => {
  it("lists the server's matches, best first, as cards linking to their product, and sets the title", async () => {
    const user = setup();
    const { queries } = mockQueriedApi('GET products', () => json(productPageOf(CATALOGUE.slice(0, 3), { total: 3 })));
    await renderWithRouter(<SearchResultsPage query="shea" />, { path: '/search' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search results for "shea"');
    expect(document.title).toBe('Search results for "shea" - Nkuto Naturals');
    expect(await screen.findByText('3 products found')).toBeInTheDocument();
    expect(queries).toEqual(['q=shea']);
    const links = within(screen.getAllByRole('list').at(-1)!).getAllByRole('link');
    expect(links.map((l) => l.querySelector('span > span')?.textContent)).toEqual(['Raw Shea Butter', 'African Black Soap', 'Baobab Oil']);
    expect(links[0]).toHaveTextContent('₵1,234.50');
    const image = links[0]!.querySelector('img')!;
    expect(image).toHaveAttribute('width', '320');
    expect(image).toHaveAttribute('srcset', expect.stringContaining('-320.webp 320w'));
    await user.click(links[2]!);
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/product\/baobab-oil$/);
  });

  /**
   * the test DOM lays nothing out (every box 0 × 0: the grid would find the list's end on screen and ask for
   * more at once): the results' end is `bottom` px below the screen's top (768 px high); a scroll moves it.
   */
  function resultsEndAt(bottom: number) {
    const original = Element.prototype.getBoundingClientRect;
    let end = bottom;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return this.tagName === 'UL' ? new DOMRect(0, end - 5_000, 1_000, 5_000) : original.call(this);
    });
    return (bottomNow: number) => {
      end = bottomNow;
      act(() => {
        window.dispatchEvent(new Event('scroll'));
      });
    };
  }
  const twoPagesOfShea = () =>
    mockQueriedApi('GET products', (query) =>
      json(query.get('cursor') ? productPageOf(CATALOGUE.slice(4), { total: 7 }) : productPageOf(CATALOGUE.slice(0, 4), { total: 7, nextCursor: 'c2' })),
    );
  const resultLinks = () => within(screen.getAllByRole('list').at(-1)!).getAllByRole('link');

  it('more results as the shopper asks for them (Load more results)', async () => {
    resultsEndAt(10_000);
    const user = setup();
    const { queries } = twoPagesOfShea();
    await renderWithRouter(<SearchResultsPage query="shea" />, { path: '/search' });
    expect(await screen.findByText('7 products found')).toBeInTheDocument();
    expect(resultLinks()).toHaveLength(4);
    expect(queries).toEqual(['q=shea']);
    await user.click(screen.getByRole('button', { name: 'Load more results' }));
    await vi.waitFor(() => expect(resultLinks()).toHaveLength(7));
    expect(queries).toEqual(['q=shea', 'q=shea&cursor=c2']);
    expect(screen.queryByRole('button', { name: 'Load more results' })).not.toBeInTheDocument();
  });

  it('more results once as the end of the list comes near the screen', async () => {
    const scrollTo = resultsEndAt(10_000);
    const { queries } = twoPagesOfShea();
    await renderWithRouter(<SearchResultsPage query="shea" />, { path: '/search' });
    expect(await screen.findByText('7 products found')).toBeInTheDocument();
    scrollTo(3_000);
    expect(queries).toEqual(['q=shea']);
    scrollTo(1_200);
    scrollTo(1_100);
    await vi.waitFor(() => expect(resultLinks()).toHaveLength(7));
    expect(queries).toEqual(['q=shea', 'q=shea&cursor=c2']);
  });

  it("offline, every match from the phone's copy, name matches first, and says so", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = mockApi({});
    await renderWithRouter(<SearchResultsPage query="shea" />, { path: '/search' });
    expect(await screen.findByText(/^6 products found/)).toHaveTextContent('Results from the shop as saved on this phone.');
    const links = within(screen.getAllByRole('list').at(-1)!).getAllByRole('link');
    // Name matches first, then the one that mentions shea only in its description.
    expect(links.map((l) => l.querySelector('span > span')?.textContent)).toEqual([
      'Raw Shea Butter',
      'Shea Hair Cream',
      'Whipped Shea Body Butter',
      'Shea Lip Balm',
      'Shea and Moringa Gift Box',
      'African Black Soap',
    ]);
    expect(calls).toEqual([]);
  });

  it("says 'No products found', then offers a WhatsApp chat with the words filled in, the categories and the best sellers", async () => {
    const user = setup();
    const { queries } = mockQueriedApi('GET products', (query) =>
      json(query.get('q') ? productPageOf([]) : productPageOf([CATALOGUE[2]!, CATALOGUE[0]!], { total: 7 })),
    );
    givenShopSettings(SHOP_SETTINGS);
    await renderWithRouter(<SearchResultsPage query="zobo drink" />, { path: '/search' });
    expect(await screen.findByText('No products found')).toHaveAttribute('role', 'status');
    const chat = screen.getByRole('link', { name: 'Ask us on WhatsApp (opens in a new tab)' });
    const chatUrl = new URL(chat.getAttribute('href')!);
    expect(chatUrl.origin + chatUrl.pathname).toBe('https://wa.me/233241234567');
    expect(chatUrl.searchParams.get('text')).toBe('Hello Nkuto Naturals, I am looking for "zobo drink" and could not find it in the shop. Do you have it?');
    expect(chat).toHaveAttribute('target', '_blank');
    const categories = within(screen.getByRole('region', { name: 'Shop by category' })).getAllByRole('link');
    expect(categories.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Hair', '/hair'],
      ['Skin', '/skin'],
      ['Cleansers', '/cleansers'],
      ['Gift & Sets', '/gifts-and-sets'],
      ['Natural Oils', '/natural-oils'],
    ]);
    const bestSellers = within(await screen.findByRole('region', { name: 'Best Sellers' })).getAllByRole('link');
    expect(bestSellers.map((link) => link.querySelector('span > span')?.textContent)).toEqual(['Baobab Oil', 'Raw Shea Butter']);
    expect(queries).toEqual(['q=zobo+drink', 'sort=popularity&limit=4']);
    await user.click(categories[1]!);
    expect(await screen.findByTestId('navigated')).toHaveTextContent(/^\/skin$/);
  });

  it('offers no WhatsApp chat when the shop has no number', async () => {
    mockApi({ 'GET products': () => json(productPageOf([])) });
    givenShopSettings({ ...SHOP_SETTINGS, whatsapp: '', phone: '' });
    await renderWithRouter(<SearchResultsPage query="zzz" />, { path: '/search' });
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Shop by category' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
  });

  it('shows skeletons while loading, then the error text on failure when the phone has no copy', async () => {
    await forgetCatalogueCopy();
    mockApi({ 'GET products': () => json({ message: 'Failed to fetch products' }, 500) });
    const { container } = await renderWithRouter(<SearchResultsPage query="shea" />, { path: '/search' });
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    expect(container.querySelectorAll('ul[aria-hidden="true"] > li')).toHaveLength(8);
    await advance(2000);
    expect(await screen.findByText('Error: Failed to fetch products')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('reads q from the address as text; anything else is an empty query', () => {
    expect(searchParams({ q: 'shea' })).toEqual({ q: 'shea' });
    expect(searchParams({ q: 123 })).toEqual({ q: '123' });
    expect(searchParams({})).toEqual({ q: '' });
    expect(searchParams({ q: { evil: true } })).toEqual({ q: '' });
  });
});
