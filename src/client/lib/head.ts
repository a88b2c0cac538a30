import { useQuery } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { SHOP_NAME } from '@/shared/constants';
import { type DocumentHead, PageContext, usePageOrigin } from './page-context';
import { shopSettingsQuery } from './queries/settings';

export { SHOP_NAME };

const TAGLINE = 'Natural skincare and haircare from Ghana';
export const SHOP_DESCRIPTION =
  'Nkuto Naturals: natural skincare, haircare and oils made in Ghana. Shea butter, black soap, baobab, moringa and more, delivered across Ghana.';
/** Spec section 9: meta descriptions are cut at 160 characters. */
const META_DESCRIPTION_LENGTH = 160;

export function metaDescription(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, META_DESCRIPTION_LENGTH).trim();
}

/** Everything a link reader or the browser's tab shows for a page, with the shop's name and address filled in. */
interface ResolvedHead extends DocumentHead {
  title: string;
  shopName: string;
  canonical: string;
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

/** The meta tags of a resolved head, as `[attribute, key, content]` (the server writes them; the browser sets them). */
type MetaTag = readonly [attribute: 'name' | 'property', key: string, content: string];

function metaTags(head: ResolvedHead): MetaTag[] {
  const { image, offer } = head;
  return [
    ['name', 'description', head.description] as const,
    ['property', 'og:title', head.title],
    ['property', 'og:description', head.description],
    ['property', 'og:type', head.type ?? 'website'],
    ['property', 'og:site_name', head.shopName],
    ['property', 'og:url', head.canonical],
    ...(image
      ? ([
          ['property', 'og:image', image.url],
          ['property', 'og:image:type', image.url.endsWith('.jpg') ? 'image/jpeg' : 'image/webp'],
          ['property', 'og:image:width', String(image.width)],
          ['property', 'og:image:height', String(image.height)],
          ['property', 'og:image:alt', image.alt],
        ] as const)
      : []),
    ...(offer
      ? ([
          ['property', 'product:price:amount', offer.price.toFixed(2)],
          ['property', 'product:price:currency', offer.currency],
          ['property', 'og:price:amount', offer.price.toFixed(2)],
          ['property', 'og:price:currency', offer.currency],
          ['property', 'product:availability', offer.inStock ? 'in stock' : 'out of stock'],
        ] as const)
      : []),
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', head.title],
    ['name', 'twitter:description', head.description],
    ...(image ? ([['name', 'twitter:image', image.url]] as const) : []),
  ];
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The head as HTML, for the server's page (title, description, canonical, Open Graph, Twitter). */
export function headHtml(head: ResolvedHead): string {
  return [
    `<title>${escapeAttribute(head.title)}</title>`,
    `<link rel="canonical" href="${escapeAttribute(head.canonical)}">`,
    ...metaTags(head).map(([attribute, key, content]) => `<meta ${attribute}="${key}" content="${escapeAttribute(content)}">`),
  ].join('\n    ');
}

/** Sets or adds one meta tag; returns how to put back what was there before. */
function setMeta(attribute: 'name' | 'property', key: string, content: string): () => void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  const created = !element;
  const previous = element?.getAttribute('content') ?? null;
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.setAttribute('content', content);
  const added = element;
  return () => {
    if (created) added.remove();
    else if (previous !== null) added.setAttribute('content', previous);
  };
}

/** The canonical link: set for the page, put back after. */
function setCanonical(href: string): () => void {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  const created = !element;
  const previous = element?.getAttribute('href') ?? null;
  if (!element) {
    element = document.createElement('link');
    element.rel = 'canonical';
    document.head.append(element);
  }
  element.href = href;
  const added = element;
  return () => {
    if (created) added.remove();
    else if (previous !== null) added.setAttribute('href', previous);
  };
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
    const current = JSON.parse(key) as ResolvedHead;
    const previousTitle = document.title;
    document.title = current.title;
    const restore = [setCanonical(current.canonical), ...metaTags(current).map(([attribute, name, content]) => setMeta(attribute, name, content))];
    return () => {
      for (const undo of restore.reverse()) undo();
      document.title = previousTitle;
    };
  }, [key]);
}

/** '{page} - {shop name}' as the title, with the shop's description unless the page has its own. */
export function usePageTitle(page: string, description: string = SHOP_DESCRIPTION): void {
  useDocumentHead({ page, description });
}
