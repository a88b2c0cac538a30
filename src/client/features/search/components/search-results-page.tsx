import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Breadcrumb } from '@/client/components/breadcrumb';
import { PagedGrid } from '@/client/components/paged-grid';
import { Price } from '@/client/components/price';
import { container, errorText, skeleton } from '@/client/components/primitives.css';
import { ProductImage } from '@/client/components/product-image';
import { RetryButton } from '@/client/components/retry-button';
import { Skeleton } from '@/client/components/skeleton';
import { usePageTitle } from '@/client/lib/head';
import type { ListingQuery } from '@/client/lib/queries/catalogue';
import { useProductListing } from '@/client/lib/use-product-listing';
import { productAddress } from '@/shared/product-address';
import type { Product } from '@/shared/types';
import { SEARCH_TEXTS } from '../texts';
import * as css from './search.css';

const SKELETON_CARDS = 8;
const CARD_SIZES = '(min-width: 1024px) 270px, (min-width: 768px) 33vw, 50vw';
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
        <p role="status">No products found</p>
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

function ResultCard({ product, priority }: { product: Product; priority: boolean }) {
  return (
    <Link to="/product/$id" params={{ id: productAddress(product) }} className={css.card}>
      <ProductImage src={product.productImageUrls[0]} alt="" width={320} height={320} sizes={CARD_SIZES} priority={priority} className={css.cardImage} />
      <span className={css.cardBody}>
        <span className={css.cardName}>{product.name}</span>
        <span className={css.cardCategory}>
          {product.category}
          {product.stock <= 0 && ' · Out of Stock'}
        </span>
        <Price value={product.price} className={css.cardPrice} />
      </span>
    </Link>
  );
}
