import { Link } from '@tanstack/react-router';
import { useId, useMemo } from 'react';
import { Breadcrumb, type Crumb } from '@/client/components/breadcrumb';
import { button } from '@/client/components/button';
import { container } from '@/client/components/primitives.css';
import { metaDescription, useDocumentHead } from '@/client/lib/head';
import { usePageLive } from '@/client/lib/page-context';
import type { ListingQuery } from '@/client/lib/queries/catalogue';
import { useProductListing } from '@/client/lib/use-product-listing';
import type { Category, ProductSort } from '@/shared/constants';
import { LISTING_EAGER_CARDS } from '@/shared/product-images';
import { SORT_OPTIONS } from '../lib/sort';
import { useSortParam } from '../lib/use-sort';
import { LISTING_TEXTS } from '../listing-texts';
import { CATALOGUE_TEXTS } from '../texts';
import * as s from './listing.css';
import { SaveOffline } from './save-offline';
import { VirtualProductGrid } from './virtual-product-grid';

/** Spec section 9: the shop and category pages show 8 placeholders while loading. */
const LISTING_SKELETONS = 8;

interface ListingPageProps {
  heading: string;
  crumbs: Crumb[];
  documentTitle: string;
  description: string;
  /** The category the page lists; every product without one. */
  category?: Category;
  emptyText: string;
}

/**
 * A page of product cards with a sort selector: the shop page and the five category pages. Online a
 * page of products at a time from the server, more as the shopper scrolls (or presses Load more);
 * offline or when the network fails, the phone's copy (and the page says so).
 */
export function ListingPage({ heading, crumbs, documentTitle, description, category, emptyText }: ListingPageProps) {
  const [sort, setSort] = useSortParam();
  const query = useMemo((): ListingQuery => ({ category, sort }), [category, sort]);
  const listing = useProductListing(query);
  const { status, products, total, error, retry } = listing;
  const selectId = useId();
  const live = usePageLive();
  useDocumentHead({ page: documentTitle, description: metaDescription(description) });

  return (
    <div className={`${container} ${s.page}`}>
      <Breadcrumb crumbs={crumbs} />
      <h1 className={s.title}>{heading}</h1>
      <div className={s.toolbar}>
        <p className={s.count} aria-live="polite">
          {status === 'ready' ? `${total} ${total === 1 ? 'product' : 'products'}` : ''}
        </p>
        <label className={s.sortField} htmlFor={selectId}>
          Sort by
          <select
            id={selectId}
            className={s.select}
            value={sort}
            // A choice made before the app takes over the server's page would be lost: wait for it.
            disabled={!live}
            data-starting={live ? undefined : true}
            onChange={(event) => setSort(event.target.value as ProductSort)}
          >
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {listing.fromCopy && <p className={s.copyNote}>{LISTING_TEXTS.fromCopy}</p>}
      <VirtualProductGrid
        status={status}
        products={products}
        paging={{ pages: listing, loadMoreLabel: LISTING_TEXTS.loadMore }}
        error={error}
        skeletons={LISTING_SKELETONS}
        label={heading}
        heading="h2"
        eager={LISTING_EAGER_CARDS}
        onRetry={retry}
        empty={
          <div className={s.empty}>
            <p>{emptyText}</p>
            {category && (
              <Link to="/products" className={button({ tone: 'quiet' })}>
                {CATALOGUE_TEXTS.browseAll}
              </Link>
            )}
          </div>
        }
      />
      <SaveOffline />
    </div>
  );
}

/** /products: every product, Popularity first unless `?sort=` says otherwise. */
export function ProductsPage() {
  return (
    <ListingPage
      heading="PRODUCTS"
      crumbs={[{ label: 'Home', to: '/' }, { label: 'Products' }]}
      documentTitle="Products"
      description="Shop natural skincare, haircare, cleansers, oils and gift sets from Ghana. Shea butter, black soap, baobab and moringa, priced in cedi and delivered across Ghana."
      emptyText="No products are available yet. Please check back soon."
    />
  );
}
