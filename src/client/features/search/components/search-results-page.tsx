import { useMemo } from 'react';
import { Breadcrumb } from '@/client/components/breadcrumb';
import { PagedGrid } from '@/client/components/paged-grid';
import { container, errorText, skeleton } from '@/client/components/primitives.css';
import { RetryButton } from '@/client/components/retry-button';
import { Skeleton } from '@/client/components/skeleton';
import { usePageTitle } from '@/client/lib/head';
import type { ListingQuery } from '@/client/lib/queries/catalogue';
import { useProductListing } from '@/client/lib/use-product-listing';
import type { Product } from '@/shared/types';
import { SEARCH_TEXTS } from '../texts';
import { NoResults } from './no-results';
import { ResultCard } from './result-card';
import * as css from './search.css';

const SKELETON_CARDS = 8;
const productKey = (product: Product) => product._id;
const renderResult = (product: Product, index: number) => <ResultCard product={product} priority={index < 2} />;

/**
 * /search?q= (spec section 2): the products matching the query, best match first, as cards: online a
 * page at a time from the server (more as the shopper scrolls), offline or when the network fails
 * from the phone's copy.
 */
export function SearchResultsPage({ query }: { query: string }) {
  const q = query.trim();
  const listingQuery = useMemo((): ListingQuery => ({ q }), [q]);
  const listing = useProductListing(listingQuery, { enabled: q !== '' });
  const { status, products: results, total, error, retry } = listing;
  const title = q ? `Search results for "${q}"` : 'Search';
  usePageTitle(title);

  return (
    <div className={`${container} ${css.page}`}>
      <Breadcrumb crumbs={[{ label: 'Home', to: '/' }, { label: 'Search' }]} />
      <h1 className={css.heading}>{title}</h1>
      {!q ? (
        <p>Type a product name, an ingredient or a category in the search box above.</p>
      ) : status === 'error' ? (
        <div role="alert">
          <p className={errorText}>Error: {error}</p>
          <RetryButton onRetry={() => void retry()} />
        </div>
      ) : status !== 'ready' ? (
        <>
          <p className={css.count} role="status">
            Searching…
          </p>
          <ul className={css.grid} aria-hidden="true">
            {Array.from({ length: SKELETON_CARDS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <li key={i} className={css.skeletonCard}>
                <span className={`${skeleton} ${css.cardImage}`} />
                <Skeleton height="1em" width="80%" />
                <Skeleton height="1em" width="40%" />
              </li>
            ))}
          </ul>
        </>
      ) : results.length === 0 ? (
        <NoResults query={q} />
      ) : (
        <>
          <p className={css.count} role="status">
            {total} {total === 1 ? 'product' : 'products'} found
            {listing.fromCopy && ` ${SEARCH_TEXTS.fromCopy}`}
          </p>
          <PagedGrid
            items={results}
            getKey={productKey}
            renderItem={renderResult}
            className={css.grid}
            layoutKey="search-card"
            paging={listing}
            loadMoreLabel={SEARCH_TEXTS.loadMore}
          />
        </>
      )}
    </div>
  );
}
