/*
 * Real shoppers' speed (issue 44): what a storefront page view reports (POST /api/vitals), how the
 * server files it (fixed histogram buckets per day, route and metric) and how the admin's dashboard
 * reads it (the 28-day p75 against Google's thresholds). Shared so the client, the server and the
 * tests use one list of routes, one set of ranges and one set of buckets.
 */

/**
 * The storefront's pages that report, by their router route id (never the URL: a product's or an
 * order's address is not sent). The client's route ids are TanStack Router's (src/client/routeTree.gen.ts);
 * tests/unit/vitals.test.ts checks every one here exists there. The admin area never reports.
 */
export const VITALS_ROUTES = [
  '/',
  '/products',
  '/hair',
  '/skin',
  '/cleansers',
  '/gifts-and-sets',
  '/natural-oils',
  '/product/$id',
  '/search',
  '/cart',
  '/checkout',
  '/order/$id',
  '/o/$code',
  '/orders',
  '/orders_/lookup',
  '/signin',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/about',
  '/our-brand',
  '/contact',
] as const;
export type VitalsRoute = (typeof VITALS_ROUTES)[number];

/** How the owner reads each route on the dashboard. */
export const VITALS_ROUTE_LABELS: Record<VitalsRoute, string> = {
  '/': 'Home',
  '/products': 'Shop (all products)',
  '/hair': 'Hair',
  '/skin': 'Skin',
  '/cleansers': 'Cleansers',
  '/gifts-and-sets': 'Gifts and Sets',
  '/natural-oils': 'Natural Oils',
  '/product/$id': 'Product pages',
  '/search': 'Search',
  '/cart': 'Cart',
  '/checkout': 'Checkout',
  '/order/$id': 'Order pages',
  '/o/$code': 'Order links from messages',
  '/orders': 'My orders',
  '/orders_/lookup': 'Find an order',
  '/signin': 'Sign in',
  '/signup': 'Sign up',
  '/forgot-password': 'Forgot password',
  '/reset-password': 'Reset password',
  '/about': 'About',
  '/our-brand': 'Our brand',
  '/contact': 'Contact',
};

export const VITALS_METRICS = ['LCP', 'INP', 'CLS', 'TTFB'] as const;

export type VitalsMetric = (typeof VITALS_METRICS)[number];

/**
 * The values kept, per metric (milliseconds; CLS has no unit). A value outside is dropped (not
 * stored, not refused): a clock jump or a tab left open for hours says nothing about the shop.
 */
export const VITALS_RANGES: Record<VitalsMetric, { min: number; max: number }> = {
  LCP: { min: 0, max: 60_000 },
  INP: { min: 0, max: 60_000 },
  TTFB: { min: 0, max: 60_000 },
  CLS: { min: 0, max: 10 },
};

/**
 * Google's thresholds (web.dev/articles/vitals): at or under `good` is good, over `poor` is poor,
 * between needs improvement. Each is a bucket boundary below, so a p75 read from the buckets is
 * rated exactly.
 */
export const VITALS_THRESHOLDS: Record<VitalsMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
};

/**
 * Upper bounds (inclusive) of the timing buckets, in ms, roughly log-spaced (each at most a third
 * above the one before from 100 ms up) with every threshold above a boundary. Bucket i holds values
 * over bound i-1 and at most bound i (bucket 0 from 0). Changing them changes what stored rows mean:
 * add a migration that empties `vitals_histograms` with it.
 */
const TIMING_BOUNDS = [
  10, 20, 30, 40, 50, 60, 80, 100, 125, 150, 175, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 900, 1000, 1200, 1400, 1600, 1800, 2000, 2250, 2500, 2750,
  3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000, 10_000, 12_000, 15_000, 20_000, 30_000, 60_000,
] as const;

/** CLS's own buckets (a unitless score), the same way. */
const CLS_BOUNDS = [0.01, 0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10] as const;

export const VITALS_BUCKETS: Record<VitalsMetric, readonly number[]> = { LCP: TIMING_BOUNDS, INP: TIMING_BOUNDS, TTFB: TIMING_BOUNDS, CLS: CLS_BOUNDS };

/** Whether a value is kept for its metric. */
export function inVitalsRange(metric: VitalsMetric, value: number): boolean {
  const { min, max } = VITALS_RANGES[metric];
  return Number.isFinite(value) && value >= min && value <= max;
}

/** The bucket a value in range falls in. */
export function vitalsBucketOf(metric: VitalsMetric, value: number): number {
  const bounds = VITALS_BUCKETS[metric];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length - 1 : index;
}

/**
 * The 75th percentile of a histogram (counts by bucket index): the value under which three in four
 * samples fall, interpolated inside its bucket (so it lies in that bucket's range and rates the
 * same as the bucket). Undefined without samples.
 */
export function vitalsP75(metric: VitalsMetric, counts: ReadonlyMap<number, number>): number | undefined {
  const bounds = VITALS_BUCKETS[metric];
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  if (total === 0) return undefined;
  const rank = Math.ceil(total * 0.75);
  let below = 0;
  for (let i = 0; i < bounds.length; i++) {
    const inBucket = counts.get(i) ?? 0;
    if (below + inBucket >= rank) {
      const lower = i === 0 ? 0 : (bounds[i - 1] ?? 0);
      const upper = bounds[i] ?? lower;
      return lower + ((upper - lower) * (rank - below)) / inBucket;
    }
    below += inBucket;
  }
  return bounds.at(-1);
}

export type VitalsRating = 'good' | 'needs-improvement' | 'poor';

export function vitalsRating(metric: VitalsMetric, value: number): VitalsRating {
  const { good, poor } = VITALS_THRESHOLDS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

/** How many days the dashboard reads; histograms older than VITALS_KEEP_DAYS are deleted. */
export const VITALS_WINDOW_DAYS = 28;
export const VITALS_KEEP_DAYS = 35;

/** `GET /api/getShopperSpeed` (admin): per route, each metric's p75 over the last 28 days. */
export interface ShopperSpeed {
  days: number;
  /** Routes with at least one sample, in VITALS_ROUTES order. */
  pages: ShopperSpeedPage[];
}

export interface ShopperSpeedPage {
  route: VitalsRoute;
  /** Page views counted for the route (each beacon once, whatever metrics it carried). */
  visits: number;
  /** Only the metrics with samples; each p75 rounded up (ms to a whole number, CLS to 3 decimals). */
  metrics: Partial<Record<VitalsMetric, { p75: number; samples: number; rating: VitalsRating }>>;
}
