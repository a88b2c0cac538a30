import type { DocumentHead } from './page-context';

/** Everything a link reader or the browser's tab shows for a page, with the shop's name and address filled in. */
export interface ResolvedHead extends DocumentHead {
  title: string;
  shopName: string;
  canonical: string;
}

/**
 * A page's head as tags: written into the server's HTML (headHtml) and set in the browser while the
 * page shows (applyHead, loaded by useDocumentHead in head.ts after the first screen).
 */

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

/** Sets the page's canonical link and meta tags; returns how to put back what was there. */
export function applyHead(head: ResolvedHead): () => void {
  const restore = [setCanonical(head.canonical), ...metaTags(head).map(([attribute, name, content]) => setMeta(attribute, name, content))];
  return () => {
    for (const undo of restore.reverse()) undo();
  };
}
