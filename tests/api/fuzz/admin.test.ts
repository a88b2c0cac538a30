import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { setupTestApi } from '../../helpers/api';
import { adminEndpoints } from './admin-endpoints';
import { buildFixture, type FuzzFixture } from './fixture';
import { endpointKey, FUZZ_TEST_TIMEOUT, FuzzStats, fuzzEndpoint, loadSampleFiles } from './harness';

/** Every admin call, fuzzed (see harness.ts for the properties). */
const api = setupTestApi();
const stats = new FuzzStats('admin');
let fixture: FuzzFixture;

beforeAll(loadSampleFiles);
// After setupTestApi's own beforeEach, which empties the tables.
beforeEach(async () => {
  fixture = await buildFixture(api);
});
afterAll(() => {
  console.log(stats.summary());
});

describe('fuzzing the admin calls', () => {
  for (const endpoint of adminEndpoints) {
    it(endpointKey(endpoint), () => fuzzEndpoint(api, stats, endpoint, fixture), FUZZ_TEST_TIMEOUT);
  }
});
