import { BUSY_LOAD, formatMs, MIX_CONNECTIONS, MIX_DURATION_S, MIX_REPEAT, printTable, WARMUP_S } from './harness';
import { isSkipped, MIX, type MixOutcome, type MixRun } from './mixed';

/* The mixed load's verdicts and its printed report (scripts/bench/mixed.ts runs it). */

export function mixFailures(run: MixRun): number {
  return run.errors + run.non2xx + run.warmupFailures + run.otherRepeatsFailed;
}

export function mixMatches(run: MixRun): boolean {
  return run.orders.match && run.stock.match && run.carts.match && run.otherRepeatsMismatched === 0;
}

/** The targets for `mixed5000` on PostgreSQL: printed with the figures, and a miss fails the bench. */
export const MIXED5000_TARGETS = { requestsPerSec: 500, p99Ms: 1000 } as const;

export function mixed5000Misses(run: MixRun): string[] {
  if (run.scenario !== 'mixed5000') return [];
  const misses: string[] = [];
  if (run.requestsPerSec < MIXED5000_TARGETS.requestsPerSec) misses.push(`${run.requestsPerSec.toFixed(1)} req/s < ${MIXED5000_TARGETS.requestsPerSec}`);
  if (run.p99Ms >= MIXED5000_TARGETS.p99Ms) misses.push(`p99 ${formatMs(run.p99Ms)} ms >= ${MIXED5000_TARGETS.p99Ms}`);
  return misses;
}

export function printMixed(outcomes: MixOutcome[]): void {
  const n = (value: number) => value.toLocaleString('en-US');
  const verdict = (match: boolean) => (match ? 'ok' : 'MISMATCH');
  console.log(
    `\nMixed shopper load: ${MIX_CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${MIX_DURATION_S} s measured, the median of ${MIX_REPEAT} runs (each on a fresh server and database); mixed: demo catalogue, mixed5000: 5,000 generated products; ${MIX.map((m) => `${m.weight} % ${m.kind}`).join(', ')}`,
  );
  console.log(
    'Orders: 201 answers + placed by cut-off requests = new orders in the database. Stock: units taken = units in new orders. Both over warm-up and run.',
  );
  const runs = outcomes.filter((o): o is MixRun => !isSkipped(o));
  if (runs.length > 0) {
    printTable(
      [
        'scenario',
        'backend',
        'req/s',
        'runs (req/s @ load)',
        'p50 ms',
        'p99 ms',
        'errors',
        'non-2xx',
        'orders: answered + cut off = in db',
        'stock: taken = ordered',
        'carts',
      ],
      runs.map((o) => [
        o.scenario,
        o.backend,
        `${o.requestsPerSec.toFixed(1)}${o.loadAverage > BUSY_LOAD ? ' *' : ''}`,
        o.repeats.map((r) => `${r.requestsPerSec.toFixed(0)}@${r.loadAverage.toFixed(1)}`).join(' '),
        formatMs(o.p50Ms),
        formatMs(o.p99Ms),
        String(o.errors),
        String(o.non2xx),
        `${n(o.orders.answered201)} + ${n(o.orders.placedUnanswered)} = ${n(o.orders.ordersInDb)} ${verdict(o.orders.match)}`,
        `${n(o.stock.stockTaken)} = ${n(o.stock.ordered)} ${verdict(o.stock.match)}`,
        verdict(o.carts.match),
      ]),
      new Set([2, 4, 5, 6, 7]),
    );
    if (runs.some((o) => o.loadAverage > BUSY_LOAD))
      console.log(`* taken with a 1-minute load average above ${BUSY_LOAD} at the start: other work shared the machine.`);
    for (const o of runs.filter((r) => r.scenario === 'mixed5000')) {
      const misses = mixed5000Misses(o);
      console.log(
        `mixed5000/${o.backend} targets (>= ${MIXED5000_TARGETS.requestsPerSec} req/s, 0 errors, p99 < ${MIXED5000_TARGETS.p99Ms} ms, checks exact): ${misses.length === 0 && mixFailures(o) === 0 && mixMatches(o) ? 'met' : `MISSED (${[...misses, mixFailures(o) > 0 ? `${mixFailures(o)} failed` : '', mixMatches(o) ? '' : 'database mismatch'].filter(Boolean).join(', ')})`}`,
      );
    }
  }
  for (const o of outcomes.filter(isSkipped)) console.log(`${o.scenario}/${o.backend}: skipped (${o.skipped})`);
  if (runs.length === 0) return;
  console.log('');
  printTable(
    ['scenario', 'backend', 'request', 'share', 'req/s', 'p50 ms', 'p99 ms', 'failed'],
    runs.flatMap((r) =>
      MIX.map((m) => {
        const k = r.byKind[m.kind];
        return [
          r.scenario,
          r.backend,
          k.request,
          `${(k.share * 100).toFixed(1)} %`,
          k.requestsPerSec.toFixed(1),
          formatMs(k.p50Ms),
          formatMs(k.p99Ms),
          String(k.failed),
        ];
      }),
    ),
    new Set([3, 4, 5, 6, 7]),
  );
  for (const r of runs) {
    const o = r.orders;
    console.log(
      `${r.backend}: orders ${n(o.requestsSent)} sent, ${n(o.answered201)} answered 201, ${n(o.refused)} refused, ${n(o.replayed)} replayed, ${n(o.unanswered)} cut off; stock asked ${n(r.stock.asked)}, taken ${n(r.stock.stockTaken)}, sold ${n(r.stock.unitsSold)}, in order lines ${n(r.stock.ordered)}, ${r.stock.mismatchedProducts} product(s) off, ${r.stock.negativeStock} below zero; carts of ${r.carts.customers} customers hold ${n(r.carts.inCarts)} units for ${n(r.carts.added)} added + ${n(r.carts.cutOff)} cut off, ${r.carts.mismatched} off.`,
    );
    if (r.warmupFailures > 0) console.log(`${r.backend}: ${r.warmupFailures} failure(s) in the warm-up.`);
    for (const [what, count] of Object.entries(r.failures)) console.log(`  ${r.backend}: ${count} x ${what}`);
  }
}
