/**
 * The `demo` and `catalogue5000` scenarios: GET /api/getProducts (and with `?sort=price-asc`) against
 * the bare route answering the same number of bytes; the ratio to the bare route is the figure.
 */
import {
  CONNECTIONS,
  DURATION_S,
  drain,
  type ENDPOINTS,
  type EndpointName,
  load,
  type RunResult,
  SCENARIOS,
  type Scenario,
  type Server,
  toRunResult,
  WARMUP_S,
} from './harness';

export async function measureEndpoint(
  server: Server,
  scenario: Scenario,
  endpoint: (typeof ENDPOINTS)[number],
): Promise<{ run: RunResult; warmupFailures: number }> {
  const url = server.base + endpoint.path;
  // The warm-up lets V8 optimise the hot paths; its figures are thrown away.
  const warmup = await load(url, WARMUP_S);
  await drain(server);
  const { result, latencies } = await load(url, DURATION_S);
  await drain(server);
  const run = toRunResult(
    { scenario, endpoint: endpoint.name, method: 'GET', path: endpoint.path, connections: CONNECTIONS, bodyBytes: server.bodyBytes },
    latencies.length,
    result,
    latencies,
  );
  return { run, warmupFailures: warmup.result.errors + warmup.result.non2xx };
}

/** Each catalogue scenario's getProducts req/s over the bare route's, plain and with a query. */
export function catalogueRatios(runs: RunResult[]): { scenario: Scenario; ratio: number; queryRatio: number }[] {
  // Only scenarios that measured the bare route (mixed5000, the orders and the pages measure other things).
  const measured = SCENARIOS.filter((scenario) => runs.some((r) => r.scenario === scenario && r.endpoint === 'bare'));
  return measured.map((scenario) => {
    const find = (name: EndpointName) => runs.find((r) => r.scenario === scenario && r.endpoint === name);
    const app = find('getProducts');
    const query = find('getProductsQuery');
    const bare = find('bare');
    return {
      scenario,
      ratio: app && bare ? app.requestsPerSec / bare.requestsPerSec : Number.NaN,
      queryRatio: query && bare ? query.requestsPerSec / bare.requestsPerSec : Number.NaN,
    };
  });
}
