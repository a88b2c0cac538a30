/**
 * The demo shop's banner, "Demo shop: nothing here is for sale", on every page while
 * `ShopSettings.demoShop` is true.
 *
 * Why plain markup put into the HTML, outside React's #root, and not a component:
 * - the home route's first JavaScript is at its budget (149.9 of 150 KB gzip): this costs it 0 bytes;
 * - it is in the page's first paint, so nothing moves when the app draws (no layout shift): fixed
 *   above the top bar, which the body's `data-demo-shop` moves down by the banner's height (the
 *   layouts' stylesheets: the top bars, and every offset made of the top bar's height, grow by it), so
 *   the banner never hides the top bar and the top bar never hides it;
 * - React never sees it (createRoot replaces #root only), so hydration is untouched.
 * Who puts it in: the server into every HTML page it sends (src/server/http/pages.ts: rendered pages
 * and the app shells, so the admin gets it too), and the service worker into the precached shell it
 * answers navigations with (sw/sw.ts), from its copy of /api/settings. The admin's go-live removes it
 * from the open page (features/admin/setup/api/go-live.ts).
 * An <aside> with a label: a complementary landmark a screen reader lists, outside <main>.
 * Inline styles (the CSP allows them; no stylesheet to load): white on the shop's dark green
 * (#2f5a23, about 8:1).
 */
export const DEMO_BANNER_TEXT = 'Demo shop: nothing here is for sale';
export const DEMO_BANNER_ID = 'demo-banner';
/** On <body> while the banner shows: the layouts make room for it. */
export const DEMO_BODY_ATTRIBUTE = 'data-demo-shop';
/** The banner's height (one line at 360 px and up), which the top bars move down by. */
export const DEMO_BANNER_HEIGHT = '2.25rem';

export const DEMO_BANNER_HTML =
  `<aside id="${DEMO_BANNER_ID}" aria-label="Demo shop" style="position:fixed;top:0;left:0;right:0;z-index:41;height:${DEMO_BANNER_HEIGHT};` +
  'box-sizing:border-box;padding:0.5rem 0.75rem;overflow:hidden;white-space:nowrap;text-overflow:ellipsis;background:#2f5a23;color:#fff;' +
  `font:600 0.875rem/1.25rem system-ui,sans-serif;text-align:center">${DEMO_BANNER_TEXT}</aside>`;

/** The page with the banner first in its body (once), and the body marked for the layouts. */
export function withDemoBanner(html: string): string {
  if (html.includes(`id="${DEMO_BANNER_ID}"`)) return html;
  return html.replace(/<body([^>]*)>/, (_body, attributes: string) => `<body ${DEMO_BODY_ATTRIBUTE}${attributes}>\n    ${DEMO_BANNER_HTML}`);
}
