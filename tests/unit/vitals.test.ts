import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VITALS_BUCKETS, VITALS_METRICS, VITALS_RANGES, VITALS_ROUTES, VITALS_THRESHOLDS, vitalsBucketOf, vitalsP75, vitalsRating } from '@/shared/vitals';

/** The client's route ids, as TanStack Router's generated tree names them. */
function clientRouteIds(): string[] {
  const tree = readFileSync('src/client/routeTree.gen.ts', 'utf8');
  const byId = /export interface FileRoutesById \{([^}]*)\}/.exec(tree)?.[1] ?? '';
  return [...byId.matchAll(/^\s*'([^']+)':/gm)].map((m) => m[1] ?? '');
}

describe('the speed beacon’s shared rules', () => {
  it("names only the storefront's own routes, by the router's ids, and never the admin's", () => {
    const ids = clientRouteIds();
    expect(ids.length).toBeGreaterThan(20);
    for (const route of VITALS_ROUTES) expect(ids, route).toContain(route);
    expect(VITALS_ROUTES.some((route) => route.startsWith('/admin'))).toBe(false);
  });

  it('has every threshold on a bucket boundary and the top bucket at the range’s end, so a p75 from buckets is rated exactly', () => {
    for (const metric of VITALS_METRICS) {
      const bounds = VITALS_BUCKETS[metric];
      expect(bounds.includes(VITALS_THRESHOLDS[metric].good), metric).toBe(true);
      expect(bounds.includes(VITALS_THRESHOLDS[metric].poor), metric).toBe(true);
      expect(bounds.at(-1)).toBe(VITALS_RANGES[metric].max);
      expect([...bounds].sort((a, b) => a - b)).toEqual([...bounds]);
    }
  });

  it('puts a value on a boundary in the bucket it closes, and rates at the threshold as good', () => {
    expect(vitalsBucketOf('LCP', 0)).toBe(0);
    expect(vitalsBucketOf('LCP', 2500)).toBe(VITALS_BUCKETS.LCP.indexOf(2500));
    expect(vitalsBucketOf('LCP', 2500.1)).toBe(VITALS_BUCKETS.LCP.indexOf(2500) + 1);
    expect(vitalsRating('INP', 200)).toBe('good');
    expect(vitalsRating('INP', 201)).toBe('needs-improvement');
    expect(vitalsRating('CLS', 0.26)).toBe('poor');
    expect(vitalsP75('LCP', new Map())).toBeUndefined();
  });
});
