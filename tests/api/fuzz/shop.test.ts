import { beforeAll } from 'vitest';
import { setupTestApi } from '../../helpers/api';
import { buildFixture } from './fixture';
import { describeFuzzing, loadSampleFiles } from './harness';
import { shopEndpoints } from './shop-endpoints';

/** Every storefront call, fuzzed (see harness.ts for the properties). The sandbox provider serves /pay. */
const api = setupTestApi();
beforeAll(loadSampleFiles);
describeFuzzing({ title: 'fuzzing the storefront calls', name: 'shop', api, endpoints: shopEndpoints, buildFixture: () => buildFixture(api) });
