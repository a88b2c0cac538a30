/**
 * The app's state and its plumbing (the stores, the HTTP client, the query cache and its IndexedDB
 * copy), evaluated as a start-up stage of its own between the libraries (vendor.ts) and the route
 * tree (router.ts): three tasks of a few dozen milliseconds on a slow phone instead of one long one
 * (vite.config.ts, `startupChunks`; main.tsx). Not the stores the first screen does not read (the
 * checkout's, sign-in and sign-out, the outbox's sending): they load right after, on their own.
 */
import './lib/http';
import './lib/query-client';
import './stores/app-update';
import './stores/cart';
import './stores/install-prompt';
import './stores/outbox';
import './stores/session';
