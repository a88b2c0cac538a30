import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { setupTestApi } from '../../helpers/api';
import { buildFixture, type FuzzFixture } from './fixture';
import { endpointKey, FUZZ_TEST_TIMEOUT, FuzzStats, fuzzEndpoint, loadSampleFiles } from './harness';
import { shopEndpoints } from './shop-endpoints';

/** Every storefront call, fuzzed (see harness.ts for the properties). The sandbox provider serves /pay. */
const api = setupTestApi();
const stats = new FuzzStats('shop');
let fixture: FuzzFixture;

beforeAll(loadSampleFiles);
// After setupTestApi's own beforeEach, which empties the tables.
beforeEach(async () => {
  fixture = await buildFixture(api);
});
afterAll(() => {
  console.log(stats.summary());
});

describe('fuzzing the storefront calls', () => {
  for (const endpoint of shopEndpoints) {
    it(endpointKey(endpoint), () => fuzzEndpoint(api, stats, endpoint, fixture), FUZZ_TEST_TIMEOUT);
  }
});
