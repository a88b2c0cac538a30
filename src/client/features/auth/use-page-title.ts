import { useEffect } from 'react';

const SHOP_NAME = 'Nkuto Naturals';

/**
 * '{page} - Nkuto Naturals' as the document title, and the meta description when one is given
 * (the previous description comes back when the page goes).
 */
export function usePageTitle(page: string, description?: string): void {
  useEffect(() => {
    document.title = `${page} - ${SHOP_NAME}`;
    if (!description) return;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const previous = meta.content;
    meta.content = description;
    return () => {
      meta.content = previous;
    };
  }, [page, description]);
}
