import type { StyleRule } from '@vanilla-extract/css';
import { media, vars } from './theme.css';

/**
 * Style shapes the shop repeats, as plain style objects for `style()` in *.css.ts files: spread one
 * into a class (`style({ ...stack({ gap: vars.space.md }), minHeight: '100vh' })`) and the class
 * keeps its own properties and values, with no extra class name on the element. Only *.css.ts files
 * import this: vanilla-extract runs it at build time, so none of it reaches the browser's script.
 */

type Space = string;

/** A list without markers, indent or margin (its items' layout is the caller's). */
export const bareList = { listStyle: 'none', margin: 0, padding: 0 } as const satisfies StyleRule;

/** A bare list whose items stack a gap apart (order lines, info rows, flags, history). */
export function stackedList(gap: Space) {
  return { ...bareList, display: 'grid', gap } as const satisfies StyleRule;
}

type FlexOptions = { gap: Space; align?: 'flex-start' | 'center' | 'baseline'; padding?: string };

function flexBox<Shape extends StyleRule>(shape: Shape, { gap, align, padding }: FlexOptions) {
  return { ...shape, ...(align && { alignItems: align }), gap, ...(padding !== undefined && { padding }) } satisfies StyleRule;
}

/** A flex column: its children stacked a gap apart, aligned and padded as asked. */
export const stack = (options: FlexOptions) => flexBox({ display: 'flex', flexDirection: 'column' } as const, options);

/** A wrapping flex row: its children side by side a gap apart, onto the next line when out of room. */
export const cluster = (options: FlexOptions) => flexBox({ display: 'flex', flexWrap: 'wrap' } as const, options);

/** A line with a thumbnail: the picture's column, the name taking the room left, the figure at the end. */
export function thumbnailLine(thumbnail: string, gap: Space) {
  return { display: 'grid', gridTemplateColumns: `${thumbnail} minmax(0, 1fr) auto`, alignItems: 'center', gap } as const satisfies StyleRule;
}

/** A product's square picture in a line, cropped to fill, on the muted colour while it loads. */
export function thumbnailImage(size: string, radius: string) {
  return { width: size, height: size, objectFit: 'cover', borderRadius: radius, background: vars.color.surfaceMuted } as const satisfies StyleRule;
}

/** A row of a round mark (an icon, a number) beside its text, both from the top. */
export function markedRow(mark: string, gap: Space) {
  return { display: 'grid', gridTemplateColumns: `${mark} minmax(0, 1fr)`, gap, alignItems: 'start' } as const satisfies StyleRule;
}

/** A round mark of the given size with its icon or figure centred (the caller gives its colours). */
export function roundMark(size: string) {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: size,
    height: size,
    borderRadius: vars.radius.pill,
  } as const satisfies StyleRule;
}

/** The raised white card's look (no padding or layout): white, bordered, rounded, with the card shadow. */
export const raisedSurface = {
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
} as const satisfies StyleRule;

/** An outline button in one colour: tap-tall, a 2px border and text in that colour, no fill. */
export function outlineButton(color: string) {
  return {
    minHeight: vars.size.tapTarget,
    padding: `0 ${vars.space.md}`,
    border: `2px solid ${color}`,
    borderRadius: vars.radius.md,
    background: 'transparent',
    color,
    cursor: 'pointer',
  } as const satisfies StyleRule;
}

/** A page's blocks in one column, tops aligned; from the `from` media query up, side by side in `columns`. */
export function columnsFrom(from: string, columns: string) {
  return { display: 'grid', gap: vars.space.lg, alignItems: 'start', '@media': { [from]: { gridTemplateColumns: columns } } } satisfies StyleRule;
}

/** A description list of short facts or figures in columns, more of them from tablets up. */
export function factGrid(phoneColumns: string, tabletColumns: string, gap: Space) {
  return {
    display: 'grid',
    gridTemplateColumns: phoneColumns,
    gap,
    margin: 0,
    '@media': { [media.tablet]: { gridTemplateColumns: tabletColumns } },
  } satisfies StyleRule;
}

/** One line of text, cut with an ellipsis: fixed-height cards (a windowed list's rows) rely on it. */
export const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const satisfies StyleRule;

/**
 * At most `lines` lines of text, cut with an ellipsis, and always that tall (at `lineHeight`), so the
 * cards of a row, and every row of a windowed list, are the same height.
 */
export function clampedLines(lines: number, lineHeight: string) {
  return {
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    lineHeight,
    minHeight: `calc(${lines} * ${lineHeight} * 1em)`,
  } as const satisfies StyleRule;
}

/** The search and the filters above an admin list: stacked on a phone, in `columns` from a tablet up. */
export function listToolbar(columns: string) {
  return {
    display: 'grid',
    gap: vars.space.md,
    alignItems: 'start',
    '@media': { [media.tablet]: { gridTemplateColumns: columns } },
  } as const satisfies StyleRule;
}

/** A word badge (Guest, Entered by the shop, Refund due): small bold words on a tinted chip; its colours are the caller's. */
export function wordBadge(background: string, color: string) {
  return {
    display: 'inline-block',
    padding: `${vars.space.xxs} ${vars.space.sm}`,
    borderRadius: vars.radius.sm,
    background,
    color,
    fontSize: vars.fontSize.xs,
    fontWeight: 700,
  } as const satisfies StyleRule;
}

/** A bordered box on the surface colour, rounded `radius` (text boxes, tables, cards). */
export function borderedSurface(radius: string) {
  return { background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: radius } as const satisfies StyleRule;
}

/** A tap-tall inline control (a link or badge that is tapped): its words centred in it, `padding` each side, rounded `radius`. */
export function tapInline(padding: Space, radius: string) {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: vars.size.tapTarget,
    padding: `0 ${padding}`,
    borderRadius: radius,
  } as const satisfies StyleRule;
}
