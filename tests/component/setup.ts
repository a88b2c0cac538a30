import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { forgetCatalogueCopy } from '@/client/lib/catalogue-copy';
import { loadHttp } from '@/client/lib/http';
import { queryClient } from '@/client/lib/query-client';
import { forgetPersistedQueries } from '@/client/lib/query-persister';
import { loadToasts } from '@/client/lib/toast';
import { mediaQueryList } from './media-query';

// DOM gaps the app meets (happy-dom; a few files run in jsdom, each says why): ky builds Requests from relative URLs (Node's Request needs a base),
// react-hot-toast asks matchMedia, and the router scrolls on navigation.
const NodeRequest = globalThis.Request;
vi.stubGlobal(
  'Request',
  class extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
    }
  },
);
// What appears after a lazily loaded part of a screen arrives (a late component, a deferred island, a
// route's chunk) is waited for up to 3 s, not the library's 1 s: the first import of a chunk is
// transformed on the spot, and a CI machine may be three times slower than a developer's.
configure({ asyncUtilTimeout: 3000 });
vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, false));
window.scrollTo = () => {};
// happy-dom has no print dialog or confirm(): the tests spy on them as on a browser's.
window.print ??= () => {};
window.confirm ??= () => false;
// The app loads its toast and HTTP libraries after the first screen (lib/toast.ts, lib/http.ts); here
// they are there from the start, as on a page that has been open a moment: a toast shows as it is
// asked for, a call is sent as it is made.
await Promise.all([loadToasts(), loadHttp()]);

// Each test starts with an empty query cache, nothing kept in (fake) IndexedDB by the query persister,
// and no copy of the catalogue on the phone.
afterEach(async () => {
  cleanup();
  localStorage.clear();
  queryClient.clear();
  // After a macrotask: a query persisted just before the test ended is written first (then removed).
  if (!vi.isFakeTimers()) await new Promise((resolve) => setTimeout(resolve, 0));
  await forgetPersistedQueries();
  await forgetCatalogueCopy();
});
