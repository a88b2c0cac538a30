import { type ReactNode, useCallback } from 'react';
import { PagedGrid } from '@/client/components/paged-grid';
import { WindowedGrid } from '@/client/components/windowed-grid';
import type { NextPages } from '@/client/lib/use-product-listing';
import type { Product } from '@/shared/types';
import { ProductCard } from './product-card';
import { grid } from './product-card.css';
import { ProductGrid, type ProductGridProps } from './product-grid';

/** ProductGrid's props (the list's name also says each card's place and the total), and how a long list grows. */
interface VirtualProductGridProps extends ProductGridProps {
  /** How the list grows (an infinite query's next pages), and the Load more button's words; none: it does not. */
  paging?: { pages: NextPages; loadMoreLabel: string };
  /** Another card than ProductCard. */
  renderCard?: (product: Product, index: number) => ReactNode;
}

const productKey = (product: Product) => product._id;

/**
 * A listing's cards, as ProductGrid draws them (loading, error, empty, the same cards and columns),
 * keeping only the rows near the screen once the list is long (components/windowed-grid.tsx).
 */
export function VirtualProductGrid({
  status,
  products,
  error,
  skeletons,
  label,
  heading,
  eager = 0,
  empty,
  onRetry,
  paging,
  renderCard,
}: VirtualProductGridProps) {
  const renderItem = useCallback(
    (product: Product, index: number) =>
      renderCard ? renderCard(product, index) : <ProductCard product={product} heading={heading} priority={index < eager} />,
    [renderCard, heading, eager],
  );
  if (status !== 'ready' || products.length === 0) {
    return <ProductGrid status={status} products={products} error={error} skeletons={skeletons} label={label} empty={empty} onRetry={onRetry} />;
  }
  const gridProps = {
    items: products,
    getKey: productKey,
    renderItem,
    className: grid,
    label,
    layoutKey: 'product-card',
    loadingMoreText: 'Loading more products…',
  };
  if (!paging) return <WindowedGrid {...gridProps} />;
  return <PagedGrid {...gridProps} paging={paging.pages} loadMoreLabel={paging.loadMoreLabel} />;
}
