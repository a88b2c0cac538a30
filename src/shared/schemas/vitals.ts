import * as z from 'zod/mini';
import { VITALS_METRICS, VITALS_ROUTES } from '../vitals';

const metricValue = z.optional(z.number({ error: 'A metric value must be a number.' }));

/**
 * POST /api/vitals: one storefront page view's speed. `route` is the router's route id, never the
 * URL; a value outside its metric's range (VITALS_RANGES) is dropped by the server, not refused.
 * `connection` and `deviceMemory` are what the browser says (Chromium only), and may be absent.
 * Nothing else is accepted: no cookie, account or address goes with it.
 */
export const vitalsBeaconSchema = z.strictObject({
  route: z.enum(VITALS_ROUTES, { error: 'Unknown page.' }),
  metrics: z
    .strictObject(
      { LCP: metricValue, INP: metricValue, CLS: metricValue, TTFB: metricValue },
      { error: 'metrics must be an object of LCP, INP, CLS and TTFB.' },
    )
    .check(z.refine((m) => VITALS_METRICS.some((name) => m[name] !== undefined), { message: 'At least one metric is needed.' })),
  /** Not kept (docs/performance.md): a short word, whatever the browser calls it ('4g', '3g'…). */
  connection: z.optional(z.string({ error: 'connection must be a text.' }).check(z.maxLength(16, 'connection is at most 16 characters.'))),
  deviceMemory: z.optional(z.number({ error: 'deviceMemory must be a number.' }).check(z.minimum(0), z.maximum(1024))),
});
export type VitalsBeacon = z.infer<typeof vitalsBeaconSchema>;

/** The beacon's largest body in bytes: a page view's four numbers and two words fit in a tenth of it. */
export const VITALS_BODY_LIMIT = 2048;
