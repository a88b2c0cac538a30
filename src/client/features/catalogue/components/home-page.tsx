import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { button } from '@/client/components/button';
import { DeferredIsland, deferredIsland } from '@/client/components/deferred-island';
import { container } from '@/client/components/primitives.css';
import { SHOP_DESCRIPTION, useDocumentHead } from '@/client/lib/head';
import { useProductPage } from '@/client/lib/use-product-page';
import { pickRandom, useVisitSeed } from '../lib/random';
import { BEST_SELLERS_QUERY, NEW_ARRIVALS_QUERY } from '../lib/section-queries';
import { HeroSlider } from './hero-slider';
import * as h from './home.css';
import { NewArrivals } from './new-arrivals';
import { ProductGrid } from './product-grid';

/**
 * The sections below the fold that hold only links and words (home-sections.tsx): drawn by the
 * server, their code loads once the page is usable (components/deferred-island.tsx).
 */
const SKIN_AND_CATEGORIES = deferredIsland({
  tag: 'section',
  className: h.skinAndCategories,
  load: () => import('./home-sections').then((m) => m.SkinAndCategories),
});
const BRAND = deferredIsland({ tag: 'section', className: h.brandIsland, load: () => import('./home-sections').then((m) => m.BrandSection) });

/** Spec section 9: Best Sellers 4; New Arrivals at most 10. */
const BEST_SELLERS = 4;
const NEW_ARRIVALS = 10;

/**
 * Home, in the spec's order: hero, Best Sellers, skin banner, categories, New Arrivals, brand (no
 * blog while the shop has no posts: docs/decisions.md).
 * Its sections need two short pages of the catalogue (section-queries.ts), never the whole of it.
 */
export function HomePage() {
  const best = useProductPage(BEST_SELLERS_QUERY);
  const fresh = useProductPage(NEW_ARRIVALS_QUERY);
  useDocumentHead({ page: null, description: SHOP_DESCRIPTION, type: 'website' });

  // Four of the best sellers, shuffled: the same four for the whole visit.
  const seed = useVisitSeed();
  const bestSellers = useMemo(() => pickRandom(best.products, BEST_SELLERS, 'best-sellers', seed), [best.products, seed]);
  const newArrivals = useMemo(() => fresh.products.filter((p) => p.newArrival).slice(0, NEW_ARRIVALS), [fresh.products]);

  return (
    <>
      <div className={h.heroWrap}>
        <HeroSlider />
      </div>
      <div className={container}>
        <section className={h.section} aria-labelledby="best-sellers-title">
          <div className={h.sectionHead}>
            <h2 id="best-sellers-title" className={h.sectionTitle}>
              Best Sellers
            </h2>
            <Link to="/products" className={button({ tone: 'quiet', size: 'sm' })}>
              View all
            </Link>
          </div>
          <ProductGrid status={best.status} products={bestSellers} error={best.error} skeletons={BEST_SELLERS} label="Best Sellers" onRetry={best.retry} />
        </section>

        <DeferredIsland island={SKIN_AND_CATEGORIES} />
        <NewArrivals status={fresh.status} products={newArrivals} error={fresh.error} onRetry={fresh.retry} />
        <DeferredIsland island={BRAND} />
      </div>
    </>
  );
}
