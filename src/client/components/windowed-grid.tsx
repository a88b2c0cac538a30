import { type CSSProperties, type FocusEvent, memo, type ReactNode, useMemo, useRef, useState } from 'react';
import { useGridLayout, useWindowFollowsPage, useWindowView } from './use-window-view';
import type { GridLayout, WindowView } from './window-geometry';
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

/**
 * Keyboard: the index of the card holding the focus, whose neighbours (where Tab and Shift+Tab go
 * next) stay in the page with it when the window moves away; Tab then scrolls the next card in and
 * the window follows it.
 */
function useFocusedCard<T>(items: readonly T[], getKey: (item: T) => string) {
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('li[data-key]');
    setFocusKey(item?.dataset.key ?? null);
  };
  const onBlur = (event: FocusEvent<HTMLUListElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusKey(null);
  };
  const focusIndex = useMemo(() => (focusKey === null ? -1 : items.findIndex((item) => getKey(item) === focusKey)), [items, focusKey, getKey]);
  return { focusIndex, onFocus, onBlur };
}

/** What a render of the list draws: its items and the geometry they are placed by. */
interface ListDrawing<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  windowed: boolean;
  layout: GridLayout | null;
  view: WindowView;
  focusIndex: number;
}

/**
 * The list's rows: the window's cards and placeholders in the flow, and the focused card and its
 * neighbours placed where they belong when the window has moved away from them. The spacer padding
 * above and below gives the list its whole height.
 */
function drawList<T>({ items, getKey, renderItem, windowed, layout, view, focusIndex }: ListDrawing<T>) {
  const count = items.length;
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
  const style: CSSProperties | undefined =
    windowed && layout
      ? { paddingTop: Math.floor(start / layout.columns) * pitch, paddingBottom: (rows - Math.ceil(end / layout.columns)) * pitch }
      : undefined;

  const cardAt = (index: number, flow: boolean) => {
    const item = items[index] as T;
    const key = getKey(item);
    const placed: CSSProperties | undefined =
      !flow && layout
        ? {
            position: 'absolute',
            top: Math.floor(index / layout.columns) * pitch,
            left: (index % layout.columns) * (layout.columnWidth + layout.columnGap),
            width: layout.columnWidth,
            height: layout.rowHeight,
          }
        : undefined;
    return (
      <li
        key={key}
        data-key={key}
        data-flow={flow || undefined}
        aria-posinset={windowed ? index + 1 : undefined}
        aria-setsize={windowed ? count : undefined}
        style={placed}
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
  return { style, children };
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
  const listRef = useRef<HTMLUListElement>(null);
  const { layout, measure } = useGridLayout(listRef, items, windowed, layoutKey);
  const { view, sync } = useWindowView(listRef, { count, layout, windowed, hasMore, loadingMore, onEndReached });
  const firstCardKey = windowed && view.real.start < Math.min(count, view.real.end) ? getKey(items[view.real.start] as T) : null;
  useWindowFollowsPage(listRef, windowed, firstCardKey, measure, sync);
  const { focusIndex, onFocus, onBlur } = useFocusedCard(items, getKey);
  const { style, children } = drawList({ items, getKey, renderItem, windowed, layout, view, focusIndex });

  return (
    <>
      <ul
        ref={listRef}
        className={windowed ? `${className} ${windowedStyle}` : className}
        aria-label={label}
        style={style}
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
