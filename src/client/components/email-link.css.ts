import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

/** A finger's 44 px tall wherever it stands (a details list, a cell), and a long address wraps inside it. */
export const emailLink = style({ display: 'inline-flex', alignItems: 'center', minHeight: vars.size.tapTarget, maxWidth: '100%' });
/** Breaks at its <wbr>s first; `break-word` (unlike a table cell's `anywhere`) splits a part only when it cannot fit a line. */
export const address = style({ minWidth: 0, overflowWrap: 'break-word' });
