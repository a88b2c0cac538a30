import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_WINDOW_ITEMS, type GridLayout, MAX_WINDOW_ITEMS, stepTowards, type WindowView, windowFor } from '@/client/components/window-geometry';
import { WindowedGrid } from '@/client/components/windowed-grid';
import { VirtualProductGrid } from '@/client/features/catalogue/components/virtual-product-grid';
import { PageLive } from '@/client/lib/page-context';
import { makeProduct } from './fixtures';
import { renderWithRouter } from './render';

/**
 * The windowed grid in jsdom, which lays nothing out: the list's and the cards' boxes are
 * mocked from the page's scroll position, as a phone would lay them out (2 columns of 400 px rows).
 */

const PHONE: GridLayout = { columns: 2, rowHeight: 400, rowGap: 0, columnWidth: 180, columnGap: 0 };
const VIEWPORT = 800;
/** Where the list starts in the page (heading and toolbar above it). */
const LIST_TOP = 200;

interface Item {
  id: string;
  name: string;
}
const itemsOf = (count: number): Item[] => Array.from({ length: count }, (_, i) => ({ id: `i${i}`, name: `Card ${i}` }));
const keyOf = (item: Item) => item.id;
const renderCard = (item: Item) => <a href={`/product/${item.id}`}>{item.name}</a>;

/** The grid as these tests draw it: test cards, keyed by id, in the test layout; the rest as given. */
function TestGrid(props: Omit<Parameters<typeof WindowedGrid<Item>>[0], 'getKey' | 'renderItem' | 'className' | 'layoutKey'>) {
  return <WindowedGrid getKey={keyOf} renderItem={renderCard} className="grid" layoutKey="test" {...props} />;
}

let scrollY = 0;
/** The boxes a browser would give: the list from its spacer padding and rows, every card one cell. */
function mockLayout(layout: GridLayout = PHONE) {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const el = this as HTMLElement;
    if (el.tagName === 'UL') {
      const flowRows = Math.ceil(el.querySelectorAll(':scope > li[data-flow]').length / layout.columns);
      const height = (Number.parseFloat(el.style.paddingTop) || 0) + flowRows * layout.rowHeight + (Number.parseFloat(el.style.paddingBottom) || 0);
      return new DOMRect(0, LIST_TOP - scrollY, layout.columns * layout.columnWidth, height);
    }
    if (el.tagName === 'LI') return new DOMRect(0, 0, layout.columnWidth, layout.rowHeight);
    return new DOMRect(0, 0, 0, 0);
  });
}

/** Scrolls the page and lets the window settle (its steps run on timers). */
function scrollTo(y: number, { settle = true } = {}) {
  scrollY = y;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
  if (settle) settleWindow();
}

/** Runs the window's remaining steps (a row of cards per task). */
function settleWindow() {
  // Each step's render schedules the next: run them until none is left.
  for (let steps = 0; vi.getTimerCount() > 0; steps++) {
    if (steps > 200) throw new Error('the window never settles');
    act(() => {
      vi.runOnlyPendingTimers();
    });
  }
}

const cards = () => screen.queryAllByRole('link');
const cardNames = () => cards().map((a) => a.textContent);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  scrollY = 0;
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: VIEWPORT });
  mockLayout();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('windowFor', () => {
  it('takes the rows on screen and one screen above and below', () => {
    // Scrolled 10,000 px into the list: rows 25 to 26 are on screen (400 px each).
    const range = windowFor({ listTop: -10_000, viewportHeight: 800, layout: PHONE, count: 5_000 });
    expect(range.visible).toEqual({ start: 50, end: 54 });
    // From 9,200 px (row 23) to 11,600 px (row 29, exclusive).
    expect(range).toMatchObject({ start: 46, end: 58 });
  });

  it('starts at the first row at the top and ends with the last (partial) row at the bottom', () => {
    expect(windowFor({ listTop: 200, viewportHeight: 800, layout: PHONE, count: 5_000 })).toMatchObject({ start: 0, end: 8 });
    // 5,001 cards: 2,501 rows, the last with one card; the screen shows the list's end.
    const end = 2_501 * 400;
    expect(windowFor({ listTop: -(end - 800), viewportHeight: 800, layout: PHONE, count: 5_001 })).toMatchObject({ end: 5_001 });
  });

  it('keeps at most MAX_WINDOW_ITEMS cards, the visible ones always', () => {
    // A tall screen with small cards: 4 columns, 100 px rows, 1,000 px high: 10 rows on screen, 30 with overscan.
    const small: GridLayout = { columns: 4, rowHeight: 90, rowGap: 10, columnWidth: 90, columnGap: 10 };
    const range = windowFor({ listTop: -50_000, viewportHeight: 1_000, layout: small, count: 5_000 });
    expect(range.end - range.start).toBeLessThanOrEqual(MAX_WINDOW_ITEMS);
    expect(range.start).toBeLessThanOrEqual(range.visible.start);
    expect(range.end).toBeGreaterThanOrEqual(range.visible.end);
    // What overscan is left is shared above and below (within a row).
    expect(Math.abs(range.visible.start - range.start - (range.end - range.visible.end))).toBeLessThanOrEqual(small.columns);
  });

  it('keeps a row of a list that is far off the screen, so there is one to measure', () => {
    expect(windowFor({ listTop: 5_000, viewportHeight: 800, layout: PHONE, count: 100 })).toMatchObject({ start: 0, end: 2 });
    expect(windowFor({ listTop: -100_000, viewportHeight: 800, layout: PHONE, count: 100 })).toMatchObject({ start: 98, end: 100 });
  });
});

describe('stepTowards', () => {
  const target = windowFor({ listTop: -500_000, viewportHeight: VIEWPORT, layout: PHONE, count: 5_000 });
  const walk = (from: WindowView) => {
    const views: WindowView[] = [];
    for (let view = stepTowards(from, target, 2, 5_000); view; view = stepTowards(view, target, 2, 5_000)) {
      views.push(view);
      if (views.length > 100) throw new Error('never there');
    }
    return views;
  };
  const cardsIn = (view: WindowView) => view.real.end - view.real.start;

  it('after a jump, draws the cards on screen one per step, then adds the overscan a row per step', () => {
    // What a jump leaves: placeholders for the rows on screen (items 2,500-2,503), no card yet.
    const views = walk({ range: { start: 2_500, end: 2_504 }, real: { start: 2_500, end: 2_500 } });
    expect(views.slice(0, 4).map((v) => v.real)).toEqual([
      { start: 2_500, end: 2_501 },
      { start: 2_500, end: 2_502 },
      { start: 2_500, end: 2_503 },
      { start: 2_500, end: 2_504 },
    ]);
    for (let i = 1; i < views.length; i++) {
      const added = cardsIn(views[i] as WindowView) - cardsIn(views[i - 1] as WindowView);
      expect(added).toBeGreaterThan(0);
      expect(added).toBeLessThanOrEqual(i < 4 ? 1 : 2);
    }
    // There: the target, all cards, the overscan shared above and below.
    expect(views.at(-1)).toEqual({ range: { start: 2_496, end: 2_508 }, real: { start: 2_496, end: 2_508 } });
  });

  it('drops what is out of the target in one step, keeping the cards inside it', () => {
    const [first] = walk({ range: { start: 2_480, end: 2_504 }, real: { start: 2_480, end: 2_504 } });
    expect(first).toEqual({ range: { start: 2_496, end: 2_504 }, real: { start: 2_496, end: 2_504 } });
  });

  it('fills the placeholders on the side of the screen first', () => {
    // Cards below the screen, placeholders on it: upwards first.
    const [first] = walk({ range: { start: 2_496, end: 2_508 }, real: { start: 2_504, end: 2_508 } });
    expect(first?.real).toEqual({ start: 2_503, end: 2_508 });
  });
});

// Some tests scroll through many windows: room for a busy machine.
describe('WindowedGrid', { timeout: 20_000 }, () => {
  it('renders a list of up to 60 plainly: every card, no spacer, no position', () => {
    render(<TestGrid items={itemsOf(60)} label="Products" />);
    const list = screen.getByRole('list', { name: 'Products' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(60);
    expect(list).not.toHaveAttribute('style');
    expect(within(list).getAllByRole('listitem')[0]).not.toHaveAttribute('aria-setsize');
  });

  it('keeps only the rows near the screen of 5,000, with spacers for the rest, and follows the scroll', () => {
    render(<TestGrid items={itemsOf(5_000)} label="Products" />);
    settleWindow();
    const list = screen.getByRole('list', { name: 'Products' });
    // At the top: the screen (list from 200 px) and one screen below: rows 0 to 3.
    expect(cardNames()).toEqual(['Card 0', 'Card 1', 'Card 2', 'Card 3', 'Card 4', 'Card 5', 'Card 6', 'Card 7']);
    expect(list.style.paddingTop).toBe('0px');
    expect(list.style.paddingBottom).toBe(`${(2_500 - 4) * 400}px`);

    // Scrolled to 10,200 px: list rows 25-26 on screen, 23-28 rendered.
    scrollTo(10_200);
    expect(cardNames()[0]).toBe('Card 46');
    expect(cards()).toHaveLength(12);
    expect(list.style.paddingTop).toBe(`${23 * 400}px`);
    expect(list.style.paddingBottom).toBe(`${(2_500 - 29) * 400}px`);

    // The whole height never changes: the scrollbar and the position stay right.
    const height = (el: HTMLElement) => Number.parseFloat(el.style.paddingTop) + Number.parseFloat(el.style.paddingBottom) + (cards().length / 2) * 400;
    expect(height(list)).toBe(2_500 * 400);

    // The end: the last rows, and nothing below them.
    scrollTo(LIST_TOP + 2_500 * 400 - VIEWPORT);
    expect(cardNames().at(-1)).toBe('Card 4999');
    expect(list.style.paddingBottom).toBe('0px');
    expect(height(list)).toBe(2_500 * 400);

    // Each card says its place and the total.
    const last = within(list).getAllByRole('listitem').at(-1);
    expect(last).toHaveAttribute('aria-posinset', '5000');
    expect(last).toHaveAttribute('aria-setsize', '5000');
  });

  it('after a jump, ends with the cards of the new place and nothing else', () => {
    render(<TestGrid items={itemsOf(5_000)} label="Products" />);
    settleWindow();
    const list = screen.getByRole('list', { name: 'Products' });
    // The scrollbar dragged to 500,200 px: list rows 1,250-1,251 on screen, 1,248-1,253 kept.
    scrollTo(500_200);
    expect(list.querySelectorAll(':scope > li[aria-hidden="true"]')).toHaveLength(0);
    expect(cardNames()).toEqual(Array.from({ length: 12 }, (_, i) => `Card ${2_496 + i}`));
    expect(list.style.paddingTop).toBe(`${1_248 * 400}px`);
  });

  it('a fling keeps the screen in cards', () => {
    render(<TestGrid items={itemsOf(5_000)} label="Products" />);
    settleWindow();
    const list = screen.getByRole('list', { name: 'Products' });
    for (let y = 150; y <= 6_000; y += 150) {
      scrollTo(y);
      expect(list.querySelectorAll(':scope > li[aria-hidden="true"]')).toHaveLength(0);
    }
    expect(cardNames()[0]).toBe(`Card ${2 * Math.floor((6_000 - LIST_TOP - VIEWPORT) / 400)}`);
  });

  it('never has more than about 60 cards in the page wherever it is scrolled', () => {
    render(<TestGrid items={itemsOf(5_000)} />);
    for (let y = 0; y < 1_000_000; y += 99_123) {
      scrollTo(y);
      expect(cards().length).toBeGreaterThan(0);
      expect(cards().length).toBeLessThanOrEqual(MAX_WINDOW_ITEMS);
    }
  });

  it('asks for more once the last rendered row is within a screen of the end, once per length', () => {
    const onEndReached = vi.fn();
    const { rerender } = render(<TestGrid items={itemsOf(100)} hasMore onEndReached={onEndReached} />);
    // 50 rows of 400 px: the end is 20,000 px below the list's top, far off.
    expect(onEndReached).not.toHaveBeenCalled();
    scrollTo(LIST_TOP + 50 * 400 - 3 * VIEWPORT);
    expect(onEndReached).not.toHaveBeenCalled();
    scrollTo(LIST_TOP + 50 * 400 - 2 * VIEWPORT);
    expect(onEndReached).toHaveBeenCalledTimes(1);
    scrollTo(LIST_TOP + 50 * 400 - 2 * VIEWPORT + 10);
    expect(onEndReached).toHaveBeenCalledTimes(1);

    // The next page is being loaded: a status says so; nothing is asked twice.
    rerender(<TestGrid items={itemsOf(100)} hasMore loadingMore onEndReached={onEndReached} loadingMoreText="Loading more products…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading more products…');
    // It came: 124 products, still at the old end, which is more than a screen above the new one.
    rerender(<TestGrid items={itemsOf(124)} hasMore onEndReached={onEndReached} />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(onEndReached).toHaveBeenCalledTimes(1);
    scrollTo(LIST_TOP + 62 * 400 - VIEWPORT);
    expect(onEndReached).toHaveBeenCalledTimes(2);

    // The last page: nothing more to ask for.
    rerender(<TestGrid items={itemsOf(130)} hasMore={false} onEndReached={onEndReached} />);
    scrollTo(LIST_TOP + 65 * 400 - VIEWPORT);
    expect(onEndReached).toHaveBeenCalledTimes(2);
  });

  it('asks for more from a short first page too (no windowing under 60)', () => {
    const onEndReached = vi.fn();
    render(<TestGrid items={itemsOf(24)} hasMore onEndReached={onEndReached} />);
    // 12 rows, 4,800 px: the end is 4,000 px below the screen's bottom.
    expect(onEndReached).not.toHaveBeenCalled();
    scrollTo(LIST_TOP + 12 * 400 - 2 * VIEWPORT);
    expect(onEndReached).toHaveBeenCalledTimes(1);
  });

  it('keeps the focused card and its neighbours when the window moves away, and Tab goes on to the next card', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<TestGrid items={itemsOf(5_000)} label="Products" />);
    settleWindow();
    const card5 = screen.getByRole('link', { name: 'Card 5' });
    act(() => card5.focus());
    expect(card5).toHaveFocus();

    // Scrolled far down with the wheel: the focused card stays, where it was, and still has the focus.
    scrollTo(100_000);
    expect(card5).toBeInTheDocument();
    expect(card5).toHaveFocus();
    const kept = card5.closest('li') as HTMLElement;
    expect(kept.style.position).toBe('absolute');
    expect(kept.style.top).toBe(`${2 * 400}px`);
    expect(kept.style.left).toBe('180px');
    expect(cardNames().slice(0, 3)).toEqual(['Card 4', 'Card 5', 'Card 6']);
    expect(cards().length).toBeLessThanOrEqual(MAX_WINDOW_ITEMS + 3);

    // Tab goes to the next card (kept for that), Shift+Tab back to the one before.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Card 6' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Card 4' })).toHaveFocus();

    // Focus leaves the list: the far cards go.
    act(() => (document.activeElement as HTMLElement).blur());
    expect(screen.queryByRole('link', { name: 'Card 4' })).not.toBeInTheDocument();
    expect(cards().length).toBeLessThanOrEqual(MAX_WINDOW_ITEMS);
  });

  it('Tab walks the cards across windows as the page follows the focus', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<TestGrid items={itemsOf(500)} />);
    act(() => screen.getByRole('link', { name: 'Card 0' }).focus());
    for (let i = 1; i <= 30; i++) {
      await user.tab();
      const focused = screen.getByRole('link', { name: `Card ${i}` });
      expect(focused).toHaveFocus();
      // The browser scrolls a focused element into view: here, its row to the top of the screen.
      scrollTo(LIST_TOP + Math.floor(i / 2) * 400);
    }
    expect(cards().length).toBeLessThanOrEqual(MAX_WINDOW_ITEMS);
  });

  it('a list met again (back navigation) has its whole height on its first render, for the scroll restoration', () => {
    const { unmount } = render(<WindowedGrid items={itemsOf(1_000)} getKey={keyOf} renderItem={renderCard} className="grid" label="First" layoutKey="again" />);
    unmount();
    // The measured layout is remembered for this kind of card and screen width: the first render has the spacer.
    vi.mocked(Element.prototype.getBoundingClientRect).mockImplementation(() => new DOMRect(0, 0, 0, 0));
    render(<WindowedGrid items={itemsOf(1_000)} getKey={keyOf} renderItem={renderCard} className="grid" label="Again" layoutKey="again" />);
    const list = screen.getByRole('list', { name: 'Again' });
    const rendered = within(list).getAllByRole('listitem').length;
    expect(Number.parseFloat(list.style.paddingBottom)).toBe((500 - rendered / 2) * 400);
  });

  it('renders the same first window on the server and in the browser taking the page over (no mismatch)', async () => {
    const items = itemsOf(500);
    const grid = (
      <PageLive drawnByServer>
        <WindowedGrid items={items} getKey={keyOf} renderItem={renderCard} className="grid" label="Products" layoutKey="hydrate" />
      </PageLive>
    );
    const html = renderToString(grid);
    // A layout measured before (another visit to the page in this tab) must not change the first render.
    render(grid).unmount();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    expect(container.querySelectorAll('li')).toHaveLength(FIRST_WINDOW_ITEMS);
    const serverNodes = [...container.querySelectorAll('li')];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, grid, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    settleWindow();
    // The server's cards were kept, then the window fitted to the screen: rows 0-3.
    expect(serverNodes.slice(0, 8).every((li) => li.isConnected)).toBe(true);
    expect(container.querySelectorAll('li')).toHaveLength(8);
    act(() => root?.unmount());
    container.remove();
  });
});

describe('VirtualProductGrid', () => {
  it('draws the product cards of ProductGrid, windowed when long, in a list named as before', async () => {
    // The router loads with real timers.
    vi.useRealTimers();
    const products = Array.from({ length: 200 }, (_, i) => makeProduct({ name: `Shea ${i}` }));
    await renderWithRouter(<VirtualProductGrid status="ready" products={products} error={null} skeletons={8} label="PRODUCTS" heading="h2" />, {
      path: '/products',
    });
    const list = await screen.findByRole('list', { name: 'PRODUCTS' });
    await waitFor(() => expect(within(list).queryAllByRole('heading', { level: 2 })).toHaveLength(8));
    const headings = within(list).getAllByRole('heading', { level: 2 });
    expect(headings.length).toBeGreaterThan(0);
    expect(headings.length).toBeLessThanOrEqual(MAX_WINDOW_ITEMS);
    expect(headings[0]).toHaveTextContent('Shea 0');
    expect(within(list).getAllByRole('button', { name: 'Add to Cart: Shea 0' })).toHaveLength(1);
    expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '200');
  });

  it('shows the loading placeholders and the error as ProductGrid does', () => {
    const { rerender } = render(<VirtualProductGrid status="loading" products={[]} error={null} skeletons={8} label="PRODUCTS" />);
    expect(screen.getAllByTestId('product-card-skeleton')).toHaveLength(8);
    rerender(<VirtualProductGrid status="error" products={[]} error="Failed to fetch products" skeletons={8} label="PRODUCTS" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Failed to fetch products');
    expect(screen.queryByTestId('product-card-skeleton')).not.toBeInTheDocument();
  });
});
