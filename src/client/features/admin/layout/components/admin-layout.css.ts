import { globalStyle, style } from '@vanilla-extract/css';
import { ghostButton } from '@/client/components/button.css';
import { media, vars } from '@/client/styles/theme.css';
import { DEMO_BANNER_HEIGHT, DEMO_BODY_ATTRIBUTE } from '@/shared/demo-banner';

/**
 * The admin shell, tablet first: from 1024 px (a landscape tablet) the side menu is always there;
 * below it (a portrait tablet, a phone) it slides in under the top bar.
 */
const SIDE_MENU_WIDTH = '240px';

/* ---------- Top bar ---------- */

export const topBar = style({
  position: 'fixed',
  inset: '0 0 auto 0',
  zIndex: 40,
  height: vars.size.topBar,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `0 ${vars.space.sm}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
  '@media': { [media.tablet]: { padding: `0 ${vars.space.lg}`, gap: vars.space.sm } },
});

const barButton = style([
  ghostButton,
  {
    color: vars.color.brandStrong,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surfaceMuted }, '&:disabled': { opacity: 0.6, cursor: 'wait' } },
  },
]);

export const menuToggle = style([barButton, { '@media': { [media.desktop]: { display: 'none' } } }]);

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: vars.size.tapTarget,
  minWidth: 0,
  marginRight: 'auto',
  padding: `0 ${vars.space.xs}`,
  color: vars.color.brandStrong,
  textDecoration: 'none',
});

export const brandLogo = style({ width: 'auto', height: '32px', maxWidth: '96px', objectFit: 'contain' });

export const brandName = style({
  fontFamily: vars.font.heading,
  fontWeight: 700,
  fontSize: vars.fontSize.md,
  lineHeight: 1,
  whiteSpace: 'nowrap',
  '@media': { [media.tablet]: { fontSize: vars.fontSize.lg } },
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const brandTag = style({
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surfaceMuted,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
});

export const storefrontNav = style({ display: 'flex' });

/** Home Page (the storefront), beside Logout: the icon alone on a phone (the words stay its name), both from a tablet up. */
export const homeLink = style([barButton, { textDecoration: 'none' }]);

export const homeLinkText = style({
  '@media': {
    'screen and (max-width: 767.98px)': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
  },
});

export const logoutButton = style([barButton, { border: `2px solid ${vars.color.brand}`, color: vars.color.brand }]);

/** A phone needs the room for the shop's name: the word Logout is enough there. */
export const logoutIcon = style({ display: 'none', '@media': { [media.tablet]: { display: 'inline-flex' } } });

/* ---------- Side menu ---------- */

export const sideMenu = style({
  position: 'fixed',
  top: vars.size.topBar,
  bottom: 0,
  left: 0,
  zIndex: 50,
  width: `min(${SIDE_MENU_WIDTH}, 86vw)`,
  padding: `${vars.space.sm} 0 ${vars.space.xl}`,
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  // Closed below 1024 px: off screen and out of the tab order (visibility), sliding in when opened.
  transform: 'translateX(-100%)',
  visibility: 'hidden',
  transition: 'transform 200ms ease-out, visibility 0s linear 200ms',
  selectors: {
    '&[data-open="true"]': { transform: 'none', visibility: 'visible', boxShadow: vars.shadow.raised, transition: 'transform 200ms ease-out' },
  },
  '@media': { [media.desktop]: { width: SIDE_MENU_WIDTH, transform: 'none', visibility: 'visible', transition: 'none', zIndex: 30 } },
});

export const backdrop = style({
  position: 'fixed',
  inset: `${vars.size.topBar} 0 0 0`,
  zIndex: 45,
  background: vars.color.overlay,
  '@media': { [media.desktop]: { display: 'none' } },
});

export const menuList = style({ listStyle: 'none', margin: 0, padding: 0 });

export const menuLink = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '48px',
  padding: `0 ${vars.space.md}`,
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.surfaceMuted },
    '&[aria-current="page"]': { color: vars.color.brand, background: vars.color.successBg, boxShadow: `inset 4px 0 0 ${vars.color.brand}` },
  },
});

export const subMenuLink = style([menuLink, { paddingLeft: vars.space.xl, fontWeight: 500 }]);

export const groupLabel = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '40px',
  margin: `${vars.space.sm} 0 0`,
  padding: `0 ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
});

/* ---------- Content ---------- */

export const main = style({
  display: 'block',
  minHeight: '100vh',
  padding: `calc(${vars.size.topBar} + ${vars.space.md}) ${vars.space.md} ${vars.space.xl}`,
  outline: 'none',
  '@media': {
    [media.tablet]: { padding: `calc(${vars.size.topBar} + ${vars.space.lg}) ${vars.space.lg} ${vars.space.xl}` },
    // The menu's column is painted the page's whole height (the fixed menu covers only the screen's):
    // a long page, or a full-page screenshot, shows no menu stopping halfway down.
    [media.desktop]: {
      paddingLeft: `calc(${SIDE_MENU_WIDTH} + ${vars.space.lg})`,
      backgroundImage: `linear-gradient(to right, ${vars.color.surface} calc(${SIDE_MENU_WIDTH} - 1px), ${vars.color.border} calc(${SIDE_MENU_WIDTH} - 1px), ${vars.color.border} ${SIDE_MENU_WIDTH}, transparent ${SIDE_MENU_WIDTH})`,
    },
  },
});

/* ---------- Admins only ---------- */

export const refusal = style({
  display: 'grid',
  gap: vars.space.md,
  justifyItems: 'start',
  maxWidth: '560px',
  margin: `${vars.space.xxl} auto`,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});

export const refusalTitle = style({ margin: 0, fontSize: vars.fontSize.xl });
export const refusalText = style({ margin: 0 });
export const refusalMain = style({ display: 'block', padding: `0 ${vars.space.md}`, outline: 'none' });

/* ---------- Test payments banner ---------- */

/** While the sandbox simulates Mobile Money: on every admin page, words first, the colour repeats them. */
export const testBanner = style({
  display: 'grid',
  gap: vars.space.xxs,
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderLeft: `6px solid ${vars.color.warning}`,
  background: vars.color.warningBg,
  color: vars.color.warning,
});
export const testBannerTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: 700 });
export const testBannerText = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.text });
/** The way to the setup guide, on a line of its own: a link tall enough to tap on a tablet (44 px). */
export const testBannerLink = style({
  display: 'flex',
  width: 'fit-content',
  alignItems: 'center',
  minHeight: vars.size.tapTarget,
  color: vars.color.brand,
  fontWeight: 700,
});

/*
 * The demo banner (shared/demo-banner.ts) is fixed above the top bar while the body carries
 * data-demo-shop. The top bar moves down by its height and keeps its own (64 px, the theme's); every
 * offset made of the top bar's height (the page's padding, the menus, sticky panels) grows by it.
 */
globalStyle(`body[${DEMO_BODY_ATTRIBUTE}]`, { vars: { [vars.size.topBar]: `calc(64px + ${DEMO_BANNER_HEIGHT})` } });
globalStyle(`body[${DEMO_BODY_ATTRIBUTE}] ${topBar}`, { top: DEMO_BANNER_HEIGHT, height: '64px' });
