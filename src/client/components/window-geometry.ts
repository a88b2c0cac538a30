/**
 * The geometry of a windowed grid (windowed-grid.tsx): which items a window holds, and the steps
 * by which it moves from one place to another. Pure: no React, no DOM.
 */

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

/** Where the window is going: the items to render, and those on screen. */
export type WindowTarget = ItemRange & { visible: ItemRange };

/**
 * The window when it has to jump to `target` at once (the rows on screen are not in the page, or
 * the columns changed): the rows on screen as placeholders, keeping the cards already beside them;
 * null when the rows on screen are in the page.
 */
export function jumpTowards(shown: WindowView, asked: WindowView, target: WindowTarget, columns: number, count: number): WindowView | null {
  const { visible } = target;
  const aligned = shown.range.start % columns === 0 && asked.range.start % columns === 0;
  if (aligned && covers(shown.range, visible)) return null;
  const beside = aligned ? overlap(shown.range, visible) : null;
  const range = beside
    ? { start: Math.min(visible.start, Math.max(shown.range.start, target.start)), end: Math.max(visible.end, Math.min(shown.range.end, target.end)) }
    : visible.end > visible.start
      ? visible
      : { start: target.start, end: Math.min(count, target.start + columns) };
  const kept = beside ? overlap(shown.real, range) : null;
  return { range, real: kept ?? { start: range.start, end: range.start } };
}
