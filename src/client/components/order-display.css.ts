import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

/** A panel's heading; focusable by script (tabIndex -1) on the admin's page, so no focus ring. */
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg, ':focus': { outline: 'none' } });

/** Label and value pairs: customer details, payment. */
export const pairs = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: `${vars.space.sm} ${vars.space.md}`, margin: 0 });
export const pairLabel = style({ color: vars.color.textMuted });
export const pairValue = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' });

export const totals = style({ display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'baseline', gap: vars.space.sm, margin: 0 });
export const totalValue = style({ margin: 0, textAlign: 'right', fontWeight: 600, fontVariantNumeric: 'tabular-nums' });
export const grandLabel = style({ fontWeight: 700, fontSize: vars.fontSize.lg, borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.sm });
export const grandValue = style([totalValue, grandLabel]);

/** A delivery fee paid to the rider, under the total (not in it): said in words, set off by a rule on its left. */
export const riderNote = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderLeft: `4px solid ${vars.color.brand}`,
  background: vars.color.surfaceMuted,
  borderRadius: vars.radius.sm,
  fontWeight: 600,
});
export const riderName = style({ fontWeight: 700 });

/*
 * Printing an order: the admin's page prints as a packing slip and receipt, the shopper's
 * as a receipt. The page's content sits in `printPage` (display: contents, so the screen layout is
 * untouched); in print everything outside it that does not hold it (the top bar, side menu, footer,
 * banners, toasts, the chat link, back links) is dropped, and inside it the controls and
 * `noPrint` parts. Loaded with the order pages only; the rules need a `printPage` on the page, so
 * they do nothing elsewhere once loaded.
 */
export const printPage = style({ display: 'contents' });

/** Left out of the printout (an element inside `printPage`). */
export const noPrint = style({});

/** A wrapper left out of the printout that is no box on screen. */
export const noPrintGroup = style({ display: 'contents' });

globalStyle(`body:has(${printPage}) *:not(:has(${printPage}), ${printPage}, ${printPage} *)`, {
  '@media': { print: { display: 'none' } },
});
globalStyle(`body:has(${printPage}), body:has(${printPage}) main`, {
  '@media': { print: { margin: 0, padding: 0, background: '#ffffff', color: '#000000', boxShadow: 'none' } },
});
globalStyle(`${printPage} :is(${noPrint}, ${noPrintGroup}, button, select, input, [role="status"])`, {
  '@media': { print: { display: 'none' } },
});
// Panels print as plain blocks: no shadow, a thin rule, and never split across two sheets.
globalStyle(`${printPage} section`, {
  '@media': { print: { boxShadow: 'none', breakInside: 'avoid' } },
});
globalStyle(`${printPage} a`, {
  '@media': { print: { color: 'inherit', textDecoration: 'none' } },
});

/** The printout's header: the shop (logo, name, contacts) and the order (number, date, payment). Not on screen. */
export const printHeader = style({
  display: 'none',
  '@media': {
    print: {
      display: 'flex',
      flexWrap: 'wrap',
      justifyContent: 'space-between',
      alignItems: 'flex-start',
      gap: vars.space.md,
      paddingBottom: vars.space.md,
      borderBottom: '2px solid #000000',
      color: '#000000',
    },
  },
});
export const printShop = style({ display: 'grid', gap: vars.space.xxs, alignContent: 'start' });
export const printLogo = style({ display: 'block', maxHeight: '56px', width: 'auto', marginBottom: vars.space.xs });
export const printShopName = style({ margin: 0, fontFamily: vars.font.heading, fontSize: vars.fontSize.xl, fontWeight: 700 });
export const printLine = style({ margin: 0 });
export const printDocument = style({ display: 'grid', gap: vars.space.xs, minWidth: '16rem' });
export const printTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.04em' });

/** The Print button with its icon. */
export const printButton = style({ justifySelf: 'start', alignSelf: 'start' });
