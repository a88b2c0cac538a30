/**
 * Issue 42: the demo shop's banner, "Demo shop: nothing here is for sale", on every page while
 * `ShopSettings.demoShop` is true.
 *
 * Why plain markup put into the HTML, outside React's #root, and not a component:
 * - the home route's first JavaScript is at its budget (149.9 of 150 KB gzip): this costs it 0 bytes;
 * - it is in the page's first paint, above the app, so nothing moves when the app draws (no layout
 *   shift) and it never covers the top bar (it is in the flow, not fixed);
 * - React never sees it (createRoot replaces #root only), so hydration is untouched.
 * Who puts it in: the server into every HTML page it sends (src/server/http/pages.ts: rendered pages
 * and the app shells, so the admin gets it too), and the service worker into the precached shell it
 * answers navigations with (sw/sw.ts), from its copy of /api/settings. The admin's go-live removes it
 * from the open page (removeDemoBanner).
 * An <aside> with a label: a complementary landmark a screen reader lists, outside <main>.
 * Inline styles (the CSP allows them; no stylesheet to load): white on the shop's dark green
 * (#2f5a23, about 8:1).
 */
export const DEMO_BANNER_TEXT = 'Demo shop: nothing here is for sale';
export const DEMO_BANNER_ID = 'demo-banner';

export const DEMO_BANNER_HTML =
  `<aside id="${DEMO_BANNER_ID}" aria-label="Demo shop" style="background:#2f5a23;color:#fff;font:600 0.875rem/1.25rem system-ui,sans-serif;` +
  `text-align:center;padding:0.5rem 1rem;min-height:2.25rem;box-sizing:border-box">${DEMO_BANNER_TEXT}</aside>`;

/** The page with the banner first in its body (once). */
export function withDemoBanner(html: string): string {
  if (html.includes(`id="${DEMO_BANNER_ID}"`)) return html;
  return html.replace(/<body([^>]*)>/, (body) => `${body}\n    ${DEMO_BANNER_HTML}`);
}
