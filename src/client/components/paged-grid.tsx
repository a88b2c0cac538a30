import type { NextPages } from '../lib/use-product-listing';
import { LoadMore } from './load-more';
import { WindowedGrid, type WindowedGridProps } from './windowed-grid';

type PagedGridProps<T> = Omit<WindowedGridProps<T>, 'hasMore' | 'loadingMore' | 'onEndReached'> & {
  /** The list's next pages (an infinite query's, useProductListing's). */
  paging: NextPages;
  /** The Load more button's words. */
  loadMoreLabel: string;
};

/**
 * A list that grows a page at a time: the windowed grid asks for the next page as the shopper scrolls
 * near its end, and Load more under it does the same for keyboards and screen readers (and says when
 * a page failed). Both read the same paging, so they never disagree.
 */
export function PagedGrid<T>({ paging, loadMoreLabel, ...grid }: PagedGridProps<T>) {
  return (
    <>
      <WindowedGrid {...grid} hasMore={paging.hasNextPage} loadingMore={paging.isFetchingNextPage} onEndReached={paging.fetchNextPage} />
      <LoadMore
        hasMore={paging.hasNextPage}
        loading={paging.isFetchingNextPage}
        error={paging.nextPageError}
        onMore={paging.fetchNextPage}
        label={loadMoreLabel}
      />
    </>
  );
}
