import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { ghostButton } from '@/client/components/button.css';
import { media, vars } from '@/client/styles/theme.css';
import { DEMO_BANNER_HEIGHT, DEMO_BODY_ATTRIBUTE } from '@/shared/demo-banner';

/** Wide desktops: room for the search field and the words beside the icons (1024 px has only the icons). */
export const WIDE = 'screen and (min-width: 1280px)';

// Anchors and focused fields are never hidden under the fixed bar.
globalStyle('html', { scrollPaddingTop: `calc(${vars.size.topBar} + ${vars.space.sm})` });

export const main = style({
  display: 'block',
  paddingTop: vars.size.topBar,
  minHeight: '70vh',
  outline: 'none',
});

/* ---------- Top bar ---------- */

export const topBar = style({
  position: 'fixed',
  inset: '0 0 auto 0',
  zIndex: 40,
  height: vars.size.topBar,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
});

export const topBarInner = style({
  height: '100%',
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `0 ${vars.space.sm}`,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  '@media': { [media.tablet]: { padding: `0 ${vars.space.lg}`, gap: vars.space.sm } },
});

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.tapTarget,
  marginRight: 'auto',
  padding: `0 ${vars.space.xs}`,
  fontFamily: vars.font.heading,
  fontWeight: 700,
  fontSize: vars.fontSize.lg,
  lineHeight: 1,
  color: vars.color.brandStrong,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  '@media': { [media.desktop]: { marginRight: 0 }, [WIDE]: { fontSize: vars.fontSize.xl } },
});

export const logoAccent = style({ color: vars.color.accent });

export const desktopOnly = style({
  display: 'none',
  '@media': { [media.desktop]: { display: 'flex' } },
});

export const desktopNav = style({
  display: 'none',
  '@media': { [media.desktop]: { display: 'flex', marginRight: 'auto', marginLeft: vars.space.xs } },
});

export const navList = style({ display: 'flex', alignItems: 'center', gap: vars.space.xxs, listStyle: 'none', margin: 0, padding: 0 });

export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.tapTarget,
  padding: '0 6px',
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  '@media': { [WIDE]: { padding: `0 ${vars.space.sm}` } },
  selectors: {
    '&:hover': { color: vars.color.brand, textDecoration: 'underline', textUnderlineOffset: '4px' },
    '&[aria-current="page"]': { color: vars.color.brand, boxShadow: `inset 0 -3px 0 ${vars.color.brand}` },
  },
});

export const actions = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs });

export const iconButton = style([
  ghostButton,
  {
    position: 'relative',
    padding: `0 ${vars.space.xs}`,
    color: vars.color.brandStrong,
    textDecoration: 'none',
    selectors: { '&:hover': { background: vars.color.surfaceMuted } },
  },
]);

export const hamburger = style([iconButton, { '@media': { [media.desktop]: { display: 'none' } } }]);

export const badge = style({
  position: 'absolute',
  top: '2px',
  right: '0',
  minWidth: '20px',
  height: '20px',
  padding: '0 5px',
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: '0.75rem',
  fontWeight: 700,
  lineHeight: '20px',
  textAlign: 'center',
  pointerEvents: 'none',
});

export const cartText = style({
  display: 'none',
  '@media': { [WIDE]: { display: 'inline', paddingRight: vars.space.md } },
});

export const searchSlot = style({
  display: 'flex',
  alignItems: 'center',
  '@media': { [WIDE]: { flex: '1 1 180px', maxWidth: '320px', minWidth: 0 } },
});

export const accountLink = style([
  iconButton,
  {
    padding: `0 ${vars.space.sm}`,
    color: vars.color.brand,
  },
]);

export const adminLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '36px',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
});

/* ---------- Profile menu ---------- */

export const menuWrap = style({ position: 'relative' });

export const menu = style({
  position: 'absolute',
  top: 'calc(100% + 6px)',
  right: 0,
  zIndex: 45,
  minWidth: '200px',
  margin: 0,
  padding: vars.space.xs,
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
});

export const menuHeader = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

/* ---------- Slide-in menu (small screens) ---------- */

const slideIn = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'none' } });
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: 60,
  background: vars.color.overlay,
  animation: `${fadeIn} 200ms ease-out`,
  '@media': { [media.desktop]: { display: 'none' } },
});

export const panel = style({
  position: 'fixed',
  inset: '0 auto 0 0',
  zIndex: 61,
  width: 'min(320px, 86vw)',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.surface,
  boxShadow: vars.shadow.raised,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  animation: `${slideIn} 220ms ease-out`,
  selectors: { '&[hidden]': { display: 'none' } },
  '@media': { [media.desktop]: { display: 'none' } },
});

export const panelHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  minHeight: vars.size.topBar,
  padding: `0 ${vars.space.sm} 0 ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const panelList = style({ listStyle: 'none', margin: 0, padding: `${vars.space.sm} 0` });

export const panelLink = style({
  display: 'flex',
  alignItems: 'center',
  width: '100%',
  minHeight: '48px',
  padding: `0 ${vars.space.md}`,
  border: 0,
  background: 'transparent',
  color: vars.color.text,
  fontWeight: 600,
  textAlign: 'left',
  textDecoration: 'none',
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&[aria-current="page"]': { color: vars.color.brand, boxShadow: `inset 4px 0 0 ${vars.color.brand}` },
  },
});

export const panelSection = style({
  borderTop: `1px solid ${vars.color.border}`,
  padding: `${vars.space.sm} 0`,
});

export const panelNote = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
});

/*
 * The demo banner (shared/demo-banner.ts) is fixed above the top bar while the body carries
 * data-demo-shop. The top bar moves down by its height and keeps its own (64 px, the theme's); every
 * offset made of the top bar's height (the page's padding, the menus, sticky panels) grows by it.
 */
globalStyle(`body[${DEMO_BODY_ATTRIBUTE}]`, { vars: { [vars.size.topBar]: `calc(64px + ${DEMO_BANNER_HEIGHT})` } });
globalStyle(`body[${DEMO_BODY_ATTRIBUTE}] ${topBar}`, { top: DEMO_BANNER_HEIGHT, height: '64px' });
