import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimits, vitalsDays, vitalsHistograms, vitalsPageViews } from '@/server/db/schema';
import { expectAdminOnly } from '../helpers/admin';
import { setupTestApi } from '../helpers/api';

/**
 * Issue 44, real shoppers' speed: POST /api/vitals keeps only counts in fixed buckets per day, route
 * and metric (bounded body, only the app's routes, values in range, a daily cap, a per-address
 * limit), and GET /api/getShopperSpeed reads the 28-day p75 from them for the admin.
 */
const PER_DAY = 5;
const PER_IP = 8;
const api = setupTestApi({ vitalsPerDay: PER_DAY, vitalsRateLimit: { max: PER_IP, windowSeconds: 600 } });

const DAY_MS = 24 * 60 * 60 * 1000;
let address = 0;

/** A beacon as navigator.sendBeacon sends a string: text/plain, from its own address unless one is given. */
const beacon = (body: unknown, ip = `10.9.${Math.floor(address / 250)}.${(address++ % 250) + 1}`) =>
  api.request('POST', '/api/vitals', {
    rawBody: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': ip },
  });

const stored = async () => ({
  histograms: await api.db
    .select()
    .from(vitalsHistograms)
    .orderBy(asc(vitalsHistograms.day), asc(vitalsHistograms.route), asc(vitalsHistograms.metric), asc(vitalsHistograms.bucket)),
  views: await api.db.select().from(vitalsPageViews).orderBy(asc(vitalsPageViews.day), asc(vitalsPageViews.route)),
  days: await api.db.select().from(vitalsDays),
});

async function speed() {
  const { token } = await api.createUser({ role: 'admin' });
  const answer = await api.json('GET', '/api/getShopperSpeed', { token });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('POST /api/vitals', () => {
  it('answers 204 with no cookie, and counts the page view and each metric in its bucket, nothing else', async () => {
    const res = await beacon({ route: '/product/$id', metrics: { LCP: 1830.4, INP: 96, CLS: 0.02, TTFB: 310 }, connection: '4g', deviceMemory: 4 });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.get('set-cookie')).toBeNull();
    // JSON as application/json is taken too.
    const asJson = await api.request('POST', '/api/vitals', { body: { route: '/product/$id', metrics: { LCP: 1790 } } });
    expect(asJson.status).toBe(204);

    const { histograms, views, days } = await stored();
    expect(views).toEqual([{ day: '2026-11-22', route: '/product/$id', count: 2 }]);
    expect(days).toEqual([{ day: '2026-11-22', beacons: 2 }]);
    // Fixed buckets: LCP 1790 falls in (1600, 1800], 1830 in (1800, 2000].
    expect(histograms.map(({ metric, bucket, count }) => [metric, bucket, count])).toEqual([
      ['CLS', 1, 1], // (0.01, 0.025]
      ['INP', 7, 1], // (80, 100]
      ['LCP', 26, 1], // (1600, 1800]
      ['LCP', 27, 1], // (1800, 2000]
      ['TTFB', 14, 1], // (300, 350]
    ]);
    // Only counts: no value, address, time, connection or memory is kept anywhere.
    expect(Object.keys(histograms[0] ?? {}).sort()).toEqual(['bucket', 'count', 'day', 'metric', 'route']);
  });

  it('refuses bad JSON, a wrong shape, an unknown route or metric, a URL for a route and an oversized body with 400/413, storing nothing', async () => {
    const bad: [unknown, number][] = [
      ['{"route": "/", "metrics": {"LCP": 1', 400],
      ['', 400],
      [[{ route: '/' }], 400],
      [{ route: '/', metrics: {} }, 400],
      [{ route: '/', metrics: { LCP: '1200' } }, 400],
      [{ route: '/', metrics: { FID: 12 } }, 400],
      [{ route: '/admin/', metrics: { LCP: 1200 } }, 400],
      [{ route: '/product/whipped-shea-butter', metrics: { LCP: 1200 } }, 400],
      [{ route: '/', metrics: { LCP: 1200 }, url: 'https://shop.example/?phone=0241234567' }, 400],
      [{ route: '/', metrics: { LCP: 1200 }, connection: 'a-long-made-up-connection' }, 400],
      [{ route: '/', metrics: { LCP: 1200 }, deviceMemory: -2 }, 400],
      [{ route: '/', metrics: { LCP: 1200 }, connection: 'x'.repeat(3000) }, 413],
    ];
    for (const [body, status] of bad) {
      const res = await beacon(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      const answer = (await res.json()) as { message: string; errors?: unknown[] };
      expect(typeof answer.message).toBe('string');
    }
    expect(await stored()).toEqual({ histograms: [], views: [], days: [] });
  });

  it('drops a value outside its metric range and keeps the rest; a beacon with nothing in range stores nothing', async () => {
    expect((await beacon({ route: '/', metrics: { LCP: 61_000, INP: -5, CLS: 11, TTFB: 420 } })).status).toBe(204);
    expect((await beacon({ route: '/', metrics: { LCP: 3_600_000, CLS: 10.5 } })).status).toBe(204);
    const { histograms, views, days } = await stored();
    expect(histograms.map(({ metric, count }) => [metric, count])).toEqual([['TTFB', 1]]);
    expect(views).toEqual([{ day: '2026-11-22', route: '/', count: 1 }]);
    expect(days).toEqual([{ day: '2026-11-22', beacons: 1 }]);
  });

  it("keeps at most the day's cap of beacons (the rest answered 204 and dropped), and counts again the next day", async () => {
    for (let i = 0; i < PER_DAY + 3; i++) expect((await beacon({ route: '/', metrics: { LCP: 1000 } })).status).toBe(204);
    let { views, days } = await stored();
    expect(views).toEqual([{ day: '2026-11-22', route: '/', count: PER_DAY }]);
    expect(days).toEqual([{ day: '2026-11-22', beacons: PER_DAY }]);

    api.clock.advance(DAY_MS);
    expect((await beacon({ route: '/', metrics: { LCP: 1000 } })).status).toBe(204);
    ({ views } = await stored());
    expect(views).toEqual([
      { day: '2026-11-22', route: '/', count: PER_DAY },
      { day: '2026-11-23', route: '/', count: 1 },
    ]);
  });

  it('limits beacons per client address with 429 and Retry-After, other addresses unaffected', async () => {
    for (let i = 0; i < PER_IP; i++) expect((await beacon({ route: '/cart', metrics: { TTFB: 200 } }, '10.77.0.1')).status).toBe(204);
    const refused = await beacon({ route: '/cart', metrics: { TTFB: 200 } }, '10.77.0.1');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { message: string }).message).toBe('Too many requests from your network. Please try again later.');
    expect((await beacon({ route: '/cart', metrics: { TTFB: 200 } }, '10.77.0.2')).status).toBe(204);
    expect((await api.db.select().from(rateLimits)).map((row) => row.key).sort()).toEqual(['vitals:ip:10.77.0.1', 'vitals:ip:10.77.0.2']);
  });

  it("deletes histograms older than 35 days with the first beacon of a day; a day's own rows stay", async () => {
    await api.db.insert(vitalsHistograms).values([
      { day: '2026-10-17', route: '/', metric: 'LCP', bucket: 20, count: 4 }, // 36 days before
      { day: '2026-10-18', route: '/', metric: 'LCP', bucket: 20, count: 3 }, // 35 days before: kept
    ]);
    await api.db.insert(vitalsPageViews).values([
      { day: '2026-10-17', route: '/', count: 4 },
      { day: '2026-10-18', route: '/', count: 3 },
    ]);
    await api.db.insert(vitalsDays).values([
      { day: '2026-10-17', beacons: 4 },
      { day: '2026-10-18', beacons: 3 },
    ]);
    expect((await beacon({ route: '/', metrics: { LCP: 900 } })).status).toBe(204);
    const { histograms, views, days } = await stored();
    expect(histograms.map((row) => row.day)).toEqual(['2026-10-18', '2026-11-22']);
    expect(views.map((row) => row.day)).toEqual(['2026-10-18', '2026-11-22']);
    expect(days.map((row) => row.day).sort()).toEqual(['2026-10-18', '2026-11-22']);
  });
});

describe('GET /api/getShopperSpeed', () => {
  it('refuses guests (401) and customers (403)', async () => {
    await expectAdminOnly(api, 'GET', '/api/getShopperSpeed');
  });

  it('answers no pages before any visit', async () => {
    expect(await speed()).toEqual({ days: 28, pages: [] });
  });

  it('reads the p75 of 28 days from the buckets of several days, rated against Google thresholds, with the visits counted', async () => {
    // Four days of home page views inside the window: LCP 1000, 1500, 2400 and 5000 ms.
    const lcps = [1000, 1500, 2400, 5000];
    for (const [i, LCP] of lcps.entries()) {
      api.clock.now = new Date(new Date('2026-11-22T10:00:00Z').getTime() - i * 7 * DAY_MS); // today, 7, 14 and 21 days ago
      expect((await beacon({ route: '/', metrics: { LCP, CLS: 0.3, TTFB: 900 } })).status).toBe(204);
    }
    // 28 days ago: outside the window (today and the 27 days before it count).
    api.clock.now = new Date(new Date('2026-11-22T10:00:00Z').getTime() - 28 * DAY_MS);
    expect((await beacon({ route: '/', metrics: { LCP: 50_000 } })).status).toBe(204);
    // A checkout view with an interaction only.
    api.clock.now = new Date('2026-11-22T10:00:00Z');
    expect((await beacon({ route: '/checkout', metrics: { INP: 180 } })).status).toBe(204);

    const answer = await speed();
    expect(answer).toEqual({
      days: 28,
      pages: [
        {
          route: '/',
          visits: 4,
          metrics: {
            // The 3rd of 4 samples (2400 ms) sits alone in (2250, 2500]: its top, 2500, is still good.
            LCP: { p75: 2500, samples: 4, rating: 'good' },
            // Four samples in one bucket: three quarters of the way up it.
            CLS: { p75: 0.288, samples: 4, rating: 'poor' },
            TTFB: { p75: 875, samples: 4, rating: 'needs-improvement' },
          },
        },
        { route: '/checkout', visits: 1, metrics: { INP: { p75: 200, samples: 1, rating: 'good' } } },
      ],
    });
  });

  it('interpolates inside the p75 bucket when many samples share it', async () => {
    await api.db.insert(vitalsHistograms).values([
      { day: '2026-11-20', route: '/products', metric: 'INP', bucket: 12, count: 30 }, // (200, 250]
      { day: '2026-11-21', route: '/products', metric: 'INP', bucket: 12, count: 30 },
      { day: '2026-11-21', route: '/products', metric: 'INP', bucket: 18, count: 40 }, // (500, 600]
    ]);
    await api.db.insert(vitalsPageViews).values({ day: '2026-11-21', route: '/products', count: 100 });
    const [page] = (await speed()).pages;
    // Rank 75 of 100: the 15th of the 40 in (500, 600] → 500 + 100 × 15/40 = 537.5, rounded up.
    expect(page).toEqual({ route: '/products', visits: 100, metrics: { INP: { p75: 538, samples: 100, rating: 'poor' } } });
  });
});
