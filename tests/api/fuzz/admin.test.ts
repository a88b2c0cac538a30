import { beforeAll } from 'vitest';
import { setupTestApi } from '../../helpers/api';
import { adminEndpoints } from './admin-endpoints';
import { buildFixture } from './fixture';
import { describeFuzzing, loadSampleFiles } from './harness';

/** Every admin call, fuzzed (see harness.ts for the properties). */
const api = setupTestApi();
beforeAll(loadSampleFiles);
describeFuzzing({ title: 'fuzzing the admin calls', name: 'admin', api, endpoints: adminEndpoints, buildFixture: () => buildFixture(api) });
