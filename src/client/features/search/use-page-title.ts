import { useEffect } from 'react';

const SHOP_NAME = 'Nkuto Naturals';

/** '{page} - Nkuto Naturals' as the document title while the page is shown (the others' pattern). */
export function usePageTitle(page: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${page} - ${SHOP_NAME}`;
    return () => {
      document.title = previous;
    };
  }, [page]);
}
