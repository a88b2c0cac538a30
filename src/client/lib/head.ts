import { useEffect } from 'react';
import { SHOP_NAME } from '../../shared/constants';

export { SHOP_NAME };
export const HOME_TITLE = `${SHOP_NAME} | Natural skincare and haircare from Ghana`;
export const SHOP_DESCRIPTION =
  'Nkuto Naturals: natural skincare, haircare and oils made in Ghana. Shea butter, black soap, baobab, moringa and more, delivered across Ghana.';
/** Spec section 9: meta descriptions are cut at 160 characters. */
export const META_DESCRIPTION_LENGTH = 160;

export function metaDescription(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, META_DESCRIPTION_LENGTH).trim();
}

export interface DocumentHead {
  title: string;
  description: string;
  /** Open Graph: an absolute image URL, the page type and its canonical URL. */
  image?: string;
  type?: string;
  url?: string;
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

export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}

/**
 * The page's title, meta description and Open Graph tags, for as long as the page is shown
 * (the root layout sets no route `head`, so the page writes them itself and puts them back after).
 */
export function useDocumentHead(head: DocumentHead | null): void {
  const { title, description, image, type, url } = head ?? {};
  useEffect(() => {
    if (title === undefined || description === undefined) return;
    const previousTitle = document.title;
    document.title = title;
    const restore = [
      setMeta('name', 'description', description),
      setMeta('property', 'og:title', title),
      setMeta('property', 'og:description', description),
      setMeta('property', 'og:type', type ?? 'website'),
      setMeta('property', 'og:site_name', SHOP_NAME),
      setMeta('property', 'og:url', url ?? window.location.href),
      ...(image ? [setMeta('property', 'og:image', image)] : []),
      setMeta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    ];
    return () => {
      for (const undo of restore.reverse()) undo();
      document.title = previousTitle;
    };
  }, [title, description, image, type, url]);
}

/** '{page} - Nkuto Naturals' as the title, with the shop's description unless the page has its own. */
export function usePageTitle(page: string, description: string = SHOP_DESCRIPTION): void {
  useDocumentHead({ title: `${page} - ${SHOP_NAME}`, description });
}
