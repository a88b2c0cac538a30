import { useQuery } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { SHOP_NAME } from '@/shared/constants';
import type { ResolvedHead } from './head-tags';
import { type DocumentHead, PageContext, usePageOrigin } from './page-context';
import { shopSettingsQuery } from './queries/settings';
import { whenIdle } from './when-idle';

export { SHOP_NAME };

const TAGLINE = 'Natural skincare and haircare from Ghana';
export const SHOP_DESCRIPTION =
  'Nkuto Naturals: natural skincare, haircare and oils made in Ghana. Shea butter, black soap, baobab, moringa and more, delivered across Ghana.';
/** Spec section 9: meta descriptions are cut at 160 characters. */
const META_DESCRIPTION_LENGTH = 160;

export function metaDescription(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, META_DESCRIPTION_LENGTH).trim();
}

export function resolveHead(head: DocumentHead, shopName: string, origin: string, path: string): ResolvedHead {
  const title = head.page === null ? `${shopName} | ${TAGLINE}` : `${head.page} - ${shopName}`;
  return { ...head, title, shopName, canonical: head.url ?? new URL(path, origin).href };
}

/**
 * The shop's name from Settings (the built-in one until they are known). Read from the cache only:
 * the root route loads the settings, and a page's title is no reason to ask for them again.
 */
export function useShopName(): string {
  return useQuery({ ...shopSettingsQuery(), enabled: false }).data?.shopName || SHOP_NAME;
}

/**
 * The page's title, meta description, canonical link and Open Graph tags. On the server the page
 * reports them (server-render.tsx writes them into the HTML for link readers); in the browser they
 * are set for as long as the page is shown and put back after.
 */
export function useDocumentHead(head: DocumentHead | null): void {
  const server = useContext(PageContext)?.server;
  const shopName = useShopName();
  const origin = usePageOrigin();
  if (server && head) server.head = head;
  const resolved = head ? resolveHead(head, shopName, origin, typeof window === 'undefined' ? '/' : window.location.pathname) : null;
  const key = resolved ? JSON.stringify(resolved) : null;
  useEffect(() => {
    if (!key) return;
    // The meta tags' code (head-tags.ts) is not in the start-up chunks: the first page's head is the
    // server's already, and a later page's tags follow when the browser is next idle.
    // The title is set at once (the tab and screen readers name the page).
    const current = JSON.parse(key) as ResolvedHead;
    const previousTitle = document.title;
    document.title = current.title;
    let live = true;
    let restore: (() => void) | undefined;
    const cancel = whenIdle(
      () =>
        void import('./head-tags').then(({ applyHead }) => {
          if (live) restore = applyHead(current);
        }),
    );
    return () => {
      live = false;
      cancel();
      restore?.();
      document.title = previousTitle;
    };
  }, [key]);
}

/** '{page} - {shop name}' as the title, with the shop's description unless the page has its own. */
export function usePageTitle(page: string, description: string = SHOP_DESCRIPTION): void {
  useDocumentHead({ page, description });
}
