import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { VITALS_METRICS } from '@/shared/vitals';
import { inList } from './columns';

/*
 * Real shoppers' speed (issue 44, docs/performance.md): no raw beacon is ever stored, only counts.
 * Days are UTC dates (Ghana's time all year); rows older than VITALS_KEEP_DAYS are deleted.
 */

/** How many samples of a metric fell in each fixed bucket (src/shared/vitals.ts VITALS_BUCKETS), per day and route. */
export const vitalsHistograms = pgTable(
  'vitals_histograms',
  {
    day: date('day', { mode: 'string' }).notNull(),
    route: text('route').notNull(),
    metric: text('metric').notNull(),
    bucket: smallint('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.route, t.metric, t.bucket] }), check('vitals_histograms_metric', inList('metric', VITALS_METRICS))],
);

/** Page views that reported, per day and route: what the dashboard's "based on N visits" counts. */
export const vitalsPageViews = pgTable(
  'vitals_page_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    route: text('route').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.route] })],
);

/** Beacons taken per day, across routes: past the day's cap the rest are answered and ignored. */
export const vitalsDays = pgTable(
  'vitals_days',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    beacons: integer('beacons').notNull(),
  },
  (t) => [check('vitals_days_beacons', sql`${t.beacons} >= 0`)],
);
