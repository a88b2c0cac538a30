import { type ReactNode, useCallback } from 'react';
import { WindowedGrid } from '@/client/components/windowed-grid';
import type { Product } from '@/shared/types';
import { ProductCard } from './product-card';
import { grid } from './product-card.css';
import { ProductGrid, type ProductGridProps } from './product-grid';

/** ProductGrid's props (the list's name also says each card's place and the total), and how a long list grows. */
interface VirtualProductGridProps extends ProductGridProps {
  /** More products can be fetched after these (an infinite query's next page). */
  hasMore?: boolean;
  /** The next page is being fetched. */
  loadingMore?: boolean;
  /** The shopper is within a screen of the end and there is more: fetch the next page. */
  onEndReached?: () => void;
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
  hasMore,
  loadingMore,
  onEndReached,
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
  return (
    <WindowedGrid
      items={products}
      getKey={productKey}
      renderItem={renderItem}
      className={grid}
      label={label}
      layoutKey="product-card"
      hasMore={hasMore}
      loadingMore={loadingMore}
      onEndReached={onEndReached}
      loadingMoreText="Loading more products…"
    />
  );
}
