import {
  type CSSProperties,
  type FocusEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { flushSync } from 'react-dom';
import { loadingMore as loadingMoreStyle, placeholder as placeholderStyle, windowed as windowedStyle } from './windowed-grid.css';

/**
 * A grid of cards where a long list keeps only the rows near the screen in the page (at
 * most about 60 cards at 5,000 products). The page itself scrolls, as it always has: spacer padding
 * above and below the rendered rows gives the list its whole height, so the scrollbar, the position
 * and the router's scroll restoration stay right. Every row has the same height (the cards clamp
 * their text), measured on the first rendered row.
 */

/** Up to this many items the list renders plainly: small shops and tests meet no windowing. */
export const PLAIN_LIST_LIMIT = 60;
/** The most cards a windowed list keeps in the page (the visible rows count even beyond it). */
export const MAX_WINDOW_ITEMS = 60;
/**
 * What the server renders of a long list, and the browser's first render while it takes the page
 * over (the two must match): a first screen on a phone, a tablet or a desktop.
 */
export const FIRST_WINDOW_ITEMS = 12;

/** A windowed grid's geometry, in CSS pixels. */
export interface GridLayout {
  columns: number;
  rowHeight: number;
  rowGap: number;
  columnWidth: number;
  columnGap: number;
}

/** A range of item indexes, end excluded. */
export interface ItemRange {
  start: number;
  end: number;
}

/**
 * The items to render: the rows on screen, one screen above and one below (so a fling or a Tab does
 * not meet an empty row), trimmed to `maxItems` around the visible rows; always at least one row.
 * `listTop` is the list's top edge relative to the viewport's (negative once scrolled past).
 */
export function windowFor(input: { listTop: number; viewportHeight: number; layout: GridLayout; count: number; maxItems?: number }): ItemRange & {
  visible: ItemRange;
} {
  const { listTop, viewportHeight, layout, count, maxItems = MAX_WINDOW_ITEMS } = input;
  const { columns } = layout;
  const pitch = layout.rowHeight + layout.rowGap;
  const rows = Math.ceil(count / columns);
  const clampRow = (row: number) => Math.min(rows, Math.max(0, row));
  const visFirst = clampRow(Math.floor(-listTop / pitch));
  const visLast = Math.max(visFirst, clampRow(Math.ceil((viewportHeight - listTop) / pitch)));
  let first = clampRow(Math.floor((-listTop - viewportHeight) / pitch));
  let last = clampRow(Math.ceil((2 * viewportHeight - listTop) / pitch));
  const maxRows = Math.max(visLast - visFirst, Math.floor(maxItems / columns));
  if (last - first > maxRows) {
    // Less overscan, shared evenly above and below the screen.
    const spare = maxRows - (visLast - visFirst);
    first = clampRow(visFirst - Math.floor(spare / 2));
    last = clampRow(first + maxRows);
    first = clampRow(last - maxRows);
  }
  if (last <= first) {
    // The list is off the screen: keep its nearest row, so there is something to measure.
    first = last >= rows ? Math.max(0, rows - 1) : first;
    last = Math.min(rows, first + 1);
  }
  const toItems = (a: number, b: number): ItemRange => ({ start: a * columns, end: Math.min(count, b * columns) });
  return { ...toItems(first, last), visible: toItems(visFirst, visLast) };
}

export interface WindowedGridProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  /** One card; kept stable (useCallback) so rendered cards are not drawn again as the window moves. */
  renderItem: (item: T, index: number) => ReactNode;
  /** The grid's own class: its columns and gaps, by screen size. */
  className: string;
  /** What the list is called, for screen readers. */
  label?: string;
  /** Which kind of card: a measured layout is remembered per kind and screen width, for the way back. */
  layoutKey: string;
  /** More items can be loaded after these. */
  hasMore?: boolean;
  /** The next items are being loaded (a status line shows under the list). */
  loadingMore?: boolean;
  /** The last rendered row is within a screen of the end and there are more: load them. */
  onEndReached?: () => void;
  loadingMoreText?: string;
  /** Below this many items no windowing (tests may lower it). */
  plainLimit?: number;
}

/** Layouts measured before, by kind and window width: a list met again has its height on its first render. */
const measured = new Map<string, GridLayout>();
const layoutId = (key: string) => `${key}:${window.innerWidth}`;

const noSubscription = () => () => {};
/** False while React takes over the server's page (the first render must match the server's), true after. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const px = (value: string) => {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) ? n : 0;
};
const sameLayout = (a: GridLayout | null | undefined, b: GridLayout) =>
  !!a &&
  a.columns === b.columns &&
  Math.abs(a.rowHeight - b.rowHeight) < 0.5 &&
  Math.abs(a.rowGap - b.rowGap) < 0.5 &&
  Math.abs(a.columnWidth - b.columnWidth) < 0.5 &&
  Math.abs(a.columnGap - b.columnGap) < 0.5;

/**
 * What a windowed list has in the page: the items of `range` (whole rows), of which those of `real`
 * are cards and the others placeholders of a card's size, drawn when the window jumped (the
 * scrollbar dragged, End pressed, the router restoring a position) and filled a card at a time.
 */
export interface WindowView {
  range: ItemRange;
  real: ItemRange;
}

const overlap = (a: ItemRange, b: ItemRange): ItemRange | null => {
  const start = Math.max(a.start, b.start);
  const end = Math.min(a.end, b.end);
  return end > start ? { start, end } : null;
};
const covers = (outer: ItemRange, inner: ItemRange) => inner.end <= inner.start || (outer.start <= inner.start && outer.end >= inner.end);
const sameRange = (a: ItemRange, b: ItemRange) => a.start === b.start && a.end === b.end;

/**
 * One step from `view` towards `target`, each one short task: drop what is out of the target; else
 * turn the placeholder nearest the screen into its card; else add a row of cards on the side with
 * less overscan. Null once there.
 */
export function stepTowards(view: WindowView, target: ItemRange & { visible: ItemRange }, columns: number, count: number): WindowView | null {
  const range = overlap(view.range, target);
  if (!range) {
    const first = target.visible.end > target.visible.start ? target.visible : { start: target.start, end: Math.min(count, target.start + columns) };
    return { range: first, real: { start: first.start, end: first.start } };
  }
  const real = overlap(view.real, range);
  if (!real) {
    // No card yet (or none left): the first is the top one on screen.
    const first = Math.min(Math.max(target.visible.start, range.start), range.end - 1);
    const cardless = { start: first, end: first };
    if (!sameRange(range, view.range)) return { range, real: cardless };
    return { range, real: { start: first, end: first + 1 } };
  }
  if (!sameRange(range, view.range) || !sameRange(real, view.real)) return { range, real };
  const placeholdersAbove = real.start > range.start;
  const placeholdersBelow = real.end < range.end;
  if (placeholdersAbove || placeholdersBelow) {
    const screenAbove = target.visible.start < real.start;
    const down = placeholdersBelow && (!placeholdersAbove || !screenAbove);
    return { range, real: down ? { start: real.start, end: real.end + 1 } : { start: real.start - 1, end: real.end } };
  }
  const canDown = range.end < target.end;
  const canUp = range.start > target.start;
  if (!canDown && !canUp) return null;
  const down = canDown && (!canUp || range.end - target.visible.end <= target.visible.start - range.start);
  // A row of cards at once: the overscan has to keep up with a fling, and a row is still a short task.
  if (down) {
    const end = Math.min(count, range.end + columns);
    return { range: { start: range.start, end }, real: { start: real.start, end } };
  }
  const start = range.start - columns;
  return { range: { start, end: range.end }, real: { start, end: real.end } };
}

/** The grid of `items`: plain up to `plainLimit`, windowed beyond (see the file's comment). */
export function WindowedGrid<T>({
  items,
  getKey,
  renderItem,
  className,
  label,
  layoutKey,
  hasMore = false,
  loadingMore = false,
  onEndReached,
  loadingMoreText = 'Loading more…',
  plainLimit = PLAIN_LIST_LIMIT,
}: WindowedGridProps<T>) {
  const count = items.length;
  const windowed = count > plainLimit;
  const hydrated = useHydrated();
  const listRef = useRef<HTMLUListElement>(null);
  const [measuredLayout, setMeasuredLayout] = useState<GridLayout | null>(null);
  // Not while taking over the server's page: its first render has to be the server's.
  const layout = measuredLayout ?? (hydrated && windowed && typeof window !== 'undefined' ? measured.get(layoutId(layoutKey)) : undefined) ?? null;
  const [view, setView] = useState<WindowView>(() => {
    // The server's first window: cards only (FIRST_WINDOW_ITEMS is whole rows of 2, 3 or 4).
    const first = { start: 0, end: Math.min(count, FIRST_WINDOW_ITEMS) };
    return { range: first, real: first };
  });
  const [focusKey, setFocusKey] = useState<string | null>(null);

  // What the listeners read, without subscribing again on every render: `view` is the one asked for
  // last, `shown` the one in the page, `target` where the window is going.
  const latest = useRef({
    count,
    layout,
    view,
    shown: view,
    target: null as (ItemRange & { visible: ItemRange }) | null,
    windowed,
    hasMore,
    loadingMore,
    onEndReached,
    layoutKey,
  });
  useLayoutEffect(() => {
    Object.assign(latest.current, { count, layout, shown: view, windowed, hasMore, loadingMore, onEndReached, layoutKey });
  });

  const measure = useCallback(() => {
    const list = listRef.current;
    const first = list?.querySelector<HTMLElement>(':scope > li[data-flow]:not([aria-hidden])');
    if (!list || !first) return;
    const listBox = list.getBoundingClientRect();
    const itemBox = first.getBoundingClientRect();
    // Not laid out (a hidden tab, display: none): nothing to learn.
    if (itemBox.width <= 0 || itemBox.height <= 0) return;
    const style = getComputedStyle(list);
    const rowGap = px(style.rowGap);
    const columnGap = px(style.columnGap);
    const next: GridLayout = {
      columns: Math.max(1, Math.round((listBox.width + columnGap) / (itemBox.width + columnGap))),
      rowHeight: itemBox.height,
      rowGap,
      columnWidth: itemBox.width,
      columnGap,
    };
    measured.set(layoutId(latest.current.layoutKey), next);
    setMeasuredLayout((previous) => (sameLayout(previous, next) ? previous : next));
  }, []);

  /** Loads more once the list's end (its spacer included) is within a screen below the viewport. */
  const requestedAt = useRef(-1);
  const checkEnd = useCallback(() => {
    const { hasMore, loadingMore, onEndReached, count } = latest.current;
    const list = listRef.current;
    if (!list || !hasMore || loadingMore || !onEndReached || requestedAt.current === count) return;
    if (list.getBoundingClientRect().bottom <= 2 * window.innerHeight) {
      requestedAt.current = count;
      onEndReached();
    }
  }, []);

  /**
   * The window moves to its target a step at a time (stepTowards), each step a render of its own:
   * the next starts once the last is in the page (the effect below), or from a timer when the
   * target moved while nothing was changing.
   */
  const step = useCallback(() => {
    const { view, target, layout, count, windowed } = latest.current;
    if (!windowed || !layout || !target) return;
    const next = stepTowards(view, target, layout.columns, count);
    if (next) {
      latest.current.view = next;
      setView(next);
    }
  }, []);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const scheduleStep = useCallback(() => {
    if (timer.current !== null) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      step();
    }, 0);
  }, [step]);
  useLayoutEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  /**
   * Aims the window at the viewport. When the rows on screen are not in the page (a jump), they are
   * drawn at once as placeholders (cheap: inside a scroll event, with flushSync, before the frame is
   * painted); their cards follow one per task, the overscan a row per task.
   */
  const sync = useCallback(
    (fromEvent: boolean) => {
      const { windowed, layout, count, shown } = latest.current;
      const list = listRef.current;
      if (windowed && layout && list) {
        const target = windowFor({ listTop: list.getBoundingClientRect().top, viewportHeight: window.innerHeight, layout, count });
        latest.current.target = target;
        const { visible } = target;
        const { columns } = layout;
        const aligned = shown.range.start % columns === 0 && latest.current.view.range.start % columns === 0;
        if (!aligned || !covers(shown.range, visible)) {
          const beside = aligned ? overlap(shown.range, visible) : null;
          const range = beside
            ? { start: Math.min(visible.start, Math.max(shown.range.start, target.start)), end: Math.max(visible.end, Math.min(shown.range.end, target.end)) }
            : visible.end > visible.start
              ? visible
              : { start: target.start, end: Math.min(count, target.start + columns) };
          const kept = beside ? overlap(shown.real, range) : null;
          const now: WindowView = { range, real: kept ?? { start: range.start, end: range.start } };
          latest.current.view = now;
          if (fromEvent) flushSync(() => setView(now));
          else setView(now);
        }
        scheduleStep();
      }
      checkEnd();
    },
    [checkEnd, scheduleStep],
  );

  // Measured after every change of the items, plain lists too: a list that grows past the limit (a
  // page loaded as the shopper scrolls) then keeps its height and the shopper's place when it turns windowed.
  useLayoutEffect(() => {
    if (items.length > 0) measure();
  }, [measure, items]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the window is placed again when the geometry, the count or the loading state change (sync reads them from `latest`)
  useLayoutEffect(() => {
    sync(false);
  }, [sync, layout, count, hasMore, loadingMore]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: after each step is in the page, the next
  useEffect(() => {
    step();
  }, [step, view]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each change of the window is laid out in its own task
  useLayoutEffect(() => {
    // Laid out here, right after the cards go in, rather than in the next frame's scroll event:
    // the work is the same, split over two tasks instead of one long frame.
    if (windowed) listRef.current?.getBoundingClientRect();
  }, [windowed, view]);

  useLayoutEffect(() => {
    const onScroll = () => sync(true);
    const onResize = () => {
      if (latest.current.windowed) measure();
      sync(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize, { passive: true });
    // The list's width (rotation, a scrollbar appearing) and its first row's height (a web font) change the geometry.
    const observer = windowed && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => measure()) : undefined;
    if (observer && listRef.current) observer.observe(listRef.current);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
      observer?.disconnect();
    };
  }, [windowed, measure, sync]);

  // The first card in the flow is watched for size changes (it changes as the window moves).
  const firstCardKey = windowed && view.real.start < Math.min(count, view.real.end) ? getKey(items[view.real.start] as T) : null;
  useLayoutEffect(() => {
    if (!windowed || firstCardKey === null || typeof ResizeObserver === 'undefined') return;
    const first = listRef.current?.querySelector<HTMLElement>(':scope > li[data-flow]:not([aria-hidden])');
    if (!first) return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(first);
    return () => observer.disconnect();
  }, [windowed, firstCardKey, measure]);

  // Keyboard: the card holding the focus, and its neighbours (where Tab and Shift+Tab go next), stay
  // in the page when the window moves away from them; Tab then scrolls the next card in and the
  // window follows it.
  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('li[data-key]');
    setFocusKey(item?.dataset.key ?? null);
  };
  const onBlur = (event: FocusEvent<HTMLUListElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusKey(null);
  };
  const focusIndex = useMemo(() => (focusKey === null ? -1 : items.findIndex((item) => getKey(item) === focusKey)), [items, focusKey, getKey]);

  const start = windowed ? Math.min(view.range.start, count) : 0;
  const end = windowed ? Math.min(Math.max(view.range.end, start), count) : count;
  const kept = new Set<number>();
  if (windowed && layout && focusIndex >= 0) {
    for (const i of [focusIndex - 1, focusIndex, focusIndex + 1]) if (i >= 0 && i < count) kept.add(i);
  }
  // Placeholders only where the layout is known (they take a card's height from it).
  const isCard = (i: number) => !windowed || !layout || (i >= view.real.start && i < view.real.end) || kept.has(i);

  const pitch = layout ? layout.rowHeight + layout.rowGap : 0;
  const rows = layout ? Math.ceil(count / layout.columns) : 0;
  const listStyle: CSSProperties | undefined =
    windowed && layout
      ? {
          paddingTop: Math.floor(start / layout.columns) * pitch,
          paddingBottom: (rows - Math.ceil(end / layout.columns)) * pitch,
        }
      : undefined;

  const cardAt = (index: number, flow: boolean) => {
    const item = items[index] as T;
    const key = getKey(item);
    let style: CSSProperties | undefined;
    if (!flow && layout) {
      const column = index % layout.columns;
      style = {
        position: 'absolute',
        top: Math.floor(index / layout.columns) * pitch,
        left: column * (layout.columnWidth + layout.columnGap),
        width: layout.columnWidth,
        height: layout.rowHeight,
      };
    }
    return (
      <li
        key={key}
        data-key={key}
        data-flow={flow || undefined}
        aria-posinset={windowed ? index + 1 : undefined}
        aria-setsize={windowed ? count : undefined}
        style={style}
      >
        <Cell item={item} index={index} render={renderItem as (item: unknown, index: number) => ReactNode} />
      </li>
    );
  };

  const children: ReactNode[] = [];
  for (const i of kept) if (i < start) children.push(cardAt(i, false));
  for (let i = start; i < end; i++) {
    children.push(
      isCard(i) ? (
        cardAt(i, true)
      ) : (
        <li key={`placeholder-${i}`} data-flow aria-hidden="true" className={placeholderStyle} style={{ height: layout?.rowHeight }} />
      ),
    );
  }
  for (const i of kept) if (i >= end) children.push(cardAt(i, false));

  return (
    <>
      <ul
        ref={listRef}
        className={windowed ? `${className} ${windowedStyle}` : className}
        aria-label={label}
        style={listStyle}
        onFocus={windowed ? onFocus : undefined}
        onBlur={windowed ? onBlur : undefined}
      >
        {children}
      </ul>
      {loadingMore && (
        <p className={loadingMoreStyle} role="status">
          {loadingMoreText}
        </p>
      )}
    </>
  );
}

/** One card, drawn once while its item and position stay (the window moving re-renders only the list). */
const Cell = memo(function Cell({ item, index, render }: { item: unknown; index: number; render: (item: unknown, index: number) => ReactNode }) {
  return <>{render(item, index)}</>;
});
