import { gte, lt, sql } from 'drizzle-orm';
import type { VitalsBeacon } from '@/shared/schemas/vitals';
import {
  inVitalsRange,
  type ShopperSpeed,
  type ShopperSpeedPage,
  VITALS_KEEP_DAYS,
  VITALS_METRICS,
  VITALS_ROUTES,
  VITALS_WINDOW_DAYS,
  type VitalsMetric,
  vitalsBucketOf,
  vitalsP75,
  vitalsRating,
} from '@/shared/vitals';
import type { Db } from '../../db/client';
import { vitalsDays, vitalsHistograms, vitalsPageViews } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Speed beacons kept per day when the configuration names no cap (VITALS_PER_DAY). */
export const VITALS_DEFAULT_PER_DAY = 10_000;

/** `YYYY-MM-DD` in UTC, which is Ghana's time all year. */
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** What became of a beacon: counted, past the day's cap, or nothing in it in range. Each is answered 204. */
export type VitalsOutcome = 'kept' | 'over-cap' | 'nothing-in-range';

/**
 * Files one page view's metrics into the day's histograms: one more in the bucket of each metric
 * whose value is in its range (the rest are dropped), one more page view for the route. No raw
 * value, address or time is stored. Past `perDay` beacons in a day nothing is stored. The first
 * beacon of a day deletes what is older than VITALS_KEEP_DAYS, so nothing grows without end.
 */
export async function recordVitals(db: Db, beacon: VitalsBeacon, now: Date, perDay: number): Promise<VitalsOutcome> {
  const samples = VITALS_METRICS.flatMap((metric) => {
    const value = beacon.metrics[metric];
    return value !== undefined && inVitalsRange(metric, value) ? [{ metric, bucket: vitalsBucketOf(metric, value) }] : [];
  });
  if (samples.length === 0) return 'nothing-in-range';
  if (perDay <= 0) return 'over-cap';
  const day = dayOf(now);
  return db.transaction(async (tx) => {
    // The day's counter first (every beacon takes its row lock in the same order): over the cap, no row changes.
    const [counted] = await tx
      .insert(vitalsDays)
      .values({ day, beacons: 1 })
      .onConflictDoUpdate({ target: vitalsDays.day, set: { beacons: sql`${vitalsDays.beacons} + 1` }, setWhere: sql`${vitalsDays.beacons} < ${perDay}` })
      .returning({ beacons: vitalsDays.beacons });
    if (!counted) return 'over-cap';
    if (counted.beacons === 1) {
      const oldest = dayOf(new Date(now.getTime() - VITALS_KEEP_DAYS * DAY_MS));
      await tx.delete(vitalsHistograms).where(lt(vitalsHistograms.day, oldest));
      await tx.delete(vitalsPageViews).where(lt(vitalsPageViews.day, oldest));
      await tx.delete(vitalsDays).where(lt(vitalsDays.day, oldest));
    }
    await tx
      .insert(vitalsPageViews)
      .values({ day, route: beacon.route, count: 1 })
      .onConflictDoUpdate({ target: [vitalsPageViews.day, vitalsPageViews.route], set: { count: sql`${vitalsPageViews.count} + 1` } });
    await tx
      .insert(vitalsHistograms)
      .values(samples.map(({ metric, bucket }) => ({ day, route: beacon.route, metric, bucket, count: 1 })))
      .onConflictDoUpdate({
        target: [vitalsHistograms.day, vitalsHistograms.route, vitalsHistograms.metric, vitalsHistograms.bucket],
        set: { count: sql`${vitalsHistograms.count} + 1` },
      });
    return 'kept';
  });
}

/** Rounded up (ms to a whole number, CLS to 3 decimals): still inside its bucket, so it reads as it is rated. */
const rounded = (metric: VitalsMetric, value: number) => (metric === 'CLS' ? Math.ceil(value * 1000) / 1000 : Math.ceil(value));

/**
 * The dashboard's "How fast your shop is for shoppers": per route with page views in the last 28
 * days (today included), each metric's p75 read from the summed buckets, its rating and its sample
 * count, and the route's page views.
 */
export async function shopperSpeed(db: Db, now: Date): Promise<ShopperSpeed> {
  const first = dayOf(new Date(now.getTime() - (VITALS_WINDOW_DAYS - 1) * DAY_MS));
  const [buckets, views] = await Promise.all([
    db
      .select({
        route: vitalsHistograms.route,
        metric: vitalsHistograms.metric,
        bucket: vitalsHistograms.bucket,
        count: sql<number>`sum(${vitalsHistograms.count})::int`,
      })
      .from(vitalsHistograms)
      .where(gte(vitalsHistograms.day, first))
      .groupBy(vitalsHistograms.route, vitalsHistograms.metric, vitalsHistograms.bucket),
    db
      .select({ route: vitalsPageViews.route, count: sql<number>`sum(${vitalsPageViews.count})::int` })
      .from(vitalsPageViews)
      .where(gte(vitalsPageViews.day, first))
      .groupBy(vitalsPageViews.route),
  ]);
  const histograms = new Map<string, Map<number, number>>();
  for (const row of buckets) {
    const key = `${row.route} ${row.metric}`;
    const counts = histograms.get(key) ?? new Map<number, number>();
    counts.set(row.bucket, row.count);
    histograms.set(key, counts);
  }
  const visits = new Map(views.map((row) => [row.route, row.count]));
  const pages: ShopperSpeedPage[] = [];
  for (const route of VITALS_ROUTES) {
    const page: ShopperSpeedPage = { route, visits: visits.get(route) ?? 0, metrics: {} };
    for (const metric of VITALS_METRICS) {
      const counts = histograms.get(`${route} ${metric}`);
      const p75 = counts && vitalsP75(metric, counts);
      if (counts === undefined || p75 === undefined) continue;
      const samples = [...counts.values()].reduce((sum, n) => sum + n, 0);
      page.metrics[metric] = { p75: rounded(metric, p75), samples, rating: vitalsRating(metric, p75) };
    }
    if (page.visits > 0) pages.push(page);
  }
  return { days: VITALS_WINDOW_DAYS, pages };
}
