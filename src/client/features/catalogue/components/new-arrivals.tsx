import { useRef } from 'react';
import type { Product } from '@/shared/types';
import * as h from './home.css';
import { ProductCard, ProductCardSkeletons } from './product-card';
import { LoadError } from './product-grid';

/** Spec section 2: the carousel arrows scroll 300 px per click. */
const CAROUSEL_STEP_PX = 300;
const CAROUSEL_IMAGE_SIZES = '(min-width: 768px) 240px, 44vw';

interface NewArrivalsProps {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Already filtered: newArrival products, at most 10. */
  products: readonly Product[];
  error: string | null;
  onRetry?: () => void;
}

export function NewArrivals({ status, products, error, onRetry }: NewArrivalsProps) {
  const scroller = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => scroller.current?.scrollBy?.({ left: direction * CAROUSEL_STEP_PX, behavior: 'smooth' });
  const showArrows = status === 'ready' && products.length > 0;

  return (
    <section className={h.section} aria-labelledby="new-arrivals-title">
      <div className={h.sectionHead}>
        <h2 id="new-arrivals-title" className={h.sectionTitle}>
          New Arrivals
        </h2>
        {showArrows && (
          <div className={h.arrows}>
            <button type="button" className={h.arrowButton} aria-label="Scroll new arrivals left" onClick={() => scroll(-1)}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className={h.arrowButton} aria-label="Scroll new arrivals right" onClick={() => scroll(1)}>
              <span aria-hidden="true">›</span>
            </button>
          </div>
        )}
      </div>
      {status === 'error' ? (
        <LoadError message={error} onRetry={onRetry} />
      ) : status !== 'ready' ? (
        <ProductCardSkeletons className={h.track} itemClassName={h.trackItem} aria-busy="true" count={4} />
      ) : products.length === 0 ? (
        <p className={h.empty}>No New Arrivals Available</p>
      ) : (
        <ul ref={scroller} className={h.track} aria-label="New arrivals">
          {products.map((product) => (
            <li key={product._id} className={h.trackItem}>
              <ProductCard product={product} sizes={CAROUSEL_IMAGE_SIZES} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
