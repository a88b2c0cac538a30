import type { ReactNode } from 'react';
import { errorText } from '@/client/components/primitives.css';
import { RetryButton } from '@/client/components/retry-button';
import { MESSAGES } from '@/shared/messages';
import type { Product } from '@/shared/types';
import { ProductCard, ProductCardSkeletons } from './product-card';
import { grid, loadError } from './product-card.css';

export interface ProductGridProps {
  status: 'idle' | 'loading' | 'ready' | 'error';
  products: readonly Product[];
  error: string | null;
  /** Placeholders while loading: 4 on home sections, 8 on the shop and category pages (spec section 9). */
  skeletons: number;
  /** What the list is called, for screen readers ('Best Sellers'). */
  label: string;
  heading?: 'h2' | 'h3';
  /** How many cards are above the fold (their images load at once). */
  eager?: number;
  /** Shown when loaded with nothing to list. */
  empty?: ReactNode;
  onRetry?: () => void;
}

/** Loading (skeleton cards), error ('Error: {message}' in red), empty, or the cards. */
export function ProductGrid({ status, products, error, skeletons, label, heading, eager = 0, empty, onRetry }: ProductGridProps) {
  if (status === 'error') return <LoadError message={error} onRetry={onRetry} />;
  if (status !== 'ready') {
    return (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">
          Loading products…
        </p>
        <ProductCardSkeletons className={grid} count={skeletons} />
      </div>
    );
  }
  if (products.length === 0) return <>{empty}</>;
  return (
    <ul className={grid} aria-label={label}>
      {products.map((product, i) => (
        <li key={product._id}>
          <ProductCard product={product} heading={heading} priority={i < eager} />
        </li>
      ))}
    </ul>
  );
}

export function LoadError({ message, onRetry }: { message: string | null; onRetry?: () => void }) {
  return (
    <div className={loadError}>
      <p className={errorText} role="alert">
        Error: {message ?? MESSAGES.productsFetchFailed}
      </p>
      {onRetry && <RetryButton onRetry={onRetry} size="sm" />}
    </div>
  );
}
