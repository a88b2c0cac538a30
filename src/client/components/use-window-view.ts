import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { usePageLive } from '../lib/page-context';
import { FIRST_WINDOW_ITEMS, type GridLayout, jumpTowards, stepTowards, type WindowTarget, type WindowView, windowFor } from './window-geometry';

/**
 * The hooks of a windowed grid (windowed-grid.tsx): its measured geometry, the window following the
 * viewport a step at a time, and the listeners that move it.
 */

/** Layouts measured before, by kind and window width: a list met again has its height on its first render. */
const measured = new Map<string, GridLayout>();
const layoutId = (key: string) => `${key}:${window.innerWidth}`;

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

/** The first card in the page's flow (not a placeholder, not a card kept out of the flow for the focus). */
const firstFlowCard = (list: HTMLUListElement | null | undefined) => list?.querySelector<HTMLElement>(':scope > li[data-flow]:not([aria-hidden])');

/**
 * The grid's geometry: measured on its first row (`measure`), or remembered from the last list of
 * this kind at this width. Measured after every change of the items, plain lists too: a list that
 * grows past the limit (a page loaded as the shopper scrolls) then keeps its height and the
 * shopper's place when it turns windowed.
 */
export function useGridLayout(listRef: RefObject<HTMLUListElement | null>, items: readonly unknown[], windowed: boolean, layoutKey: string) {
  const hydrated = usePageLive();
  const [measuredLayout, setMeasuredLayout] = useState<GridLayout | null>(null);
  // Not while taking over the server's page: its first render has to be the server's.
  const layout = measuredLayout ?? (hydrated && windowed && typeof window !== 'undefined' ? measured.get(layoutId(layoutKey)) : undefined) ?? null;
  const kind = useRef(layoutKey);
  useLayoutEffect(() => {
    kind.current = layoutKey;
  });

  const measure = useCallback(() => {
    const list = listRef.current;
    const first = firstFlowCard(list);
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
    measured.set(layoutId(kind.current), next);
    setMeasuredLayout((previous) => (sameLayout(previous, next) ? previous : next));
  }, [listRef]);

  useLayoutEffect(() => {
    if (items.length > 0) measure();
  }, [measure, items]);
  return { layout, measure };
}

/** What the window's listeners read, without subscribing again on every render. */
export interface WindowInputs {
  count: number;
  layout: GridLayout | null;
  windowed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onEndReached: (() => void) | undefined;
}

/** Loads more once the list's end (its spacer included) is within a screen below the viewport; once per count. */
function useLoadMoreNearEnd(listRef: RefObject<HTMLUListElement | null>, latest: RefObject<WindowInputs>) {
  const requestedAt = useRef(-1);
  return useCallback(() => {
    const { hasMore, loadingMore, onEndReached, count } = latest.current;
    const list = listRef.current;
    if (!list || !hasMore || loadingMore || !onEndReached || requestedAt.current === count) return;
    if (list.getBoundingClientRect().bottom <= 2 * window.innerHeight) {
      requestedAt.current = count;
      onEndReached();
    }
  }, [listRef, latest]);
}

/**
 * The window in the page, following the viewport. It moves to its target a step at a time
 * (stepTowards), each step a render of its own: the next starts once the last is in the page, or
 * from a timer when the target moved while nothing was changing. `sync` aims it at the viewport.
 */
export function useWindowView(listRef: RefObject<HTMLUListElement | null>, inputs: WindowInputs) {
  const { count, layout, windowed, hasMore, loadingMore } = inputs;
  const [view, setView] = useState<WindowView>(() => {
    // The server's first window: cards only (FIRST_WINDOW_ITEMS is whole rows of 2, 3 or 4).
    const first = { start: 0, end: Math.min(count, FIRST_WINDOW_ITEMS) };
    return { range: first, real: first };
  });
  // `view` is the one asked for last, `shown` the one in the page, `target` where the window is going.
  const latest = useRef({ ...inputs, view, shown: view, target: null as WindowTarget | null });
  useLayoutEffect(() => {
    Object.assign(latest.current, inputs, { shown: view });
  });
  const checkEnd = useLoadMoreNearEnd(listRef, latest);

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
   * When the rows on screen are not in the page (a jump), they are drawn at once as placeholders
   * (cheap: inside a scroll event, with flushSync, before the frame is painted); their cards follow
   * one per task, the overscan a row per task.
   */
  const sync = useCallback(
    (fromEvent: boolean) => {
      const { windowed, layout, count, shown, view } = latest.current;
      const list = listRef.current;
      if (windowed && layout && list) {
        const target = windowFor({ listTop: list.getBoundingClientRect().top, viewportHeight: window.innerHeight, layout, count });
        latest.current.target = target;
        const now = jumpTowards(shown, view, target, layout.columns, count);
        if (now) {
          latest.current.view = now;
          if (fromEvent) flushSync(() => setView(now));
          else setView(now);
        }
        scheduleStep();
      }
      checkEnd();
    },
    [listRef, checkEnd, scheduleStep],
  );

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
  return { view, sync };
}

/**
 * The window follows the page's scrolling and resizing; the list's width (rotation, a scrollbar
 * appearing) and its first card's height (a web font; the first card changes as the window moves)
 * change the geometry.
 */
export function useWindowFollowsPage(
  listRef: RefObject<HTMLUListElement | null>,
  windowed: boolean,
  firstCardKey: string | null,
  measure: () => void,
  sync: (fromEvent: boolean) => void,
) {
  useLayoutEffect(() => {
    const onScroll = () => sync(true);
    const onResize = () => {
      if (windowed) measure();
      sync(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onResize, { passive: true });
    const observer = windowed && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(() => measure()) : undefined;
    if (observer && listRef.current) observer.observe(listRef.current);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onResize);
      observer?.disconnect();
    };
  }, [listRef, windowed, measure, sync]);

  useLayoutEffect(() => {
    if (!windowed || firstCardKey === null || typeof ResizeObserver === 'undefined') return;
    const first = firstFlowCard(listRef.current);
    if (!first) return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(first);
    return () => observer.disconnect();
  }, [listRef, windowed, firstCardKey, measure]);
}
