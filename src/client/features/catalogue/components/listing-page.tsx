import { Link } from '@tanstack/react-router';
import { useId, useMemo } from 'react';
import { Breadcrumb, type Crumb } from '@/client/components/breadcrumb';
import { button } from '@/client/components/button.css';
import { container } from '@/client/components/primitives.css';
import { metaDescription, useDocumentHead } from '@/client/lib/head';
import { usePageLive } from '@/client/lib/page-context';
import { useCatalogue } from '@/client/lib/queries/catalogue';
import type { ProductSort } from '@/shared/constants';
import { LISTING_EAGER_CARDS } from '@/shared/product-images';
import { sortProducts } from '@/shared/product-sort';
import type { Product } from '@/shared/types';
import { SORT_OPTIONS } from '../lib/sort';
import { useSortParam } from '../lib/use-sort';
import { CATALOGUE_TEXTS } from '../texts';
import * as s from './listing.css';
import { VirtualProductGrid } from './virtual-product-grid';

/** Spec section 9: the shop and category pages show 8 placeholders while loading. */
const LISTING_SKELETONS = 8;

interface ListingPageProps {
  heading: string;
  crumbs: Crumb[];
  documentTitle: string;
  description: string;
  /** Which catalogue products the page lists. */
  filter?: (product: Product) => boolean;
  emptyText: string;
}

/** A page of product cards with a sort selector: the shop page and the five category pages. */
export function ListingPage({ heading, crumbs, documentTitle, description, filter, emptyText }: ListingPageProps) {
  const { status, products, error, retry } = useCatalogue();
  const [sort, setSort] = useSortParam();
  const selectId = useId();
  const live = usePageLive();
  useDocumentHead({ page: documentTitle, description: metaDescription(description) });

  const listed = useMemo(() => sortProducts(filter ? products.filter(filter) : products, sort), [products, filter, sort]);

  return (
    <div className={`${container} ${s.page}`}>
      <Breadcrumb crumbs={crumbs} />
      <h1 className={s.title}>{heading}</h1>
      <div className={s.toolbar}>
        <p className={s.count} aria-live="polite">
          {status === 'ready' ? `${listed.length} ${listed.length === 1 ? 'product' : 'products'}` : ''}
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
      <VirtualProductGrid
        status={status}
        products={listed}
        error={error}
        skeletons={LISTING_SKELETONS}
        label={heading}
        heading="h2"
        eager={LISTING_EAGER_CARDS}
        onRetry={retry}
        empty={
          <div className={s.empty}>
            <p>{emptyText}</p>
            {filter && (
              <Link to="/products" className={button({ tone: 'quiet' })}>
                {CATALOGUE_TEXTS.browseAll}
              </Link>
            )}
          </div>
        }
      />
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
