import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { sourceAliases } from './vite.config';

/**
 * Unit tests, and the API suite twice: on the default engine (the shop's own PostgreSQL server, one
 * for the run), and on PostgreSQL when TEST_DATABASE_URL is set; a database of its own per file.
 */
const apiOnPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    // Vitest's default on a two-core machine is one file at a time (cores - 1), and an API file spends
    // most of its time waiting on its database: three at once.
    maxWorkers: 3,
    projects: [
      { resolve: { alias: sourceAliases }, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        // Components in happy-dom with fake IndexedDB; timers are faked per test where the spec fixes them.
        // happy-dom, not jsdom: a file's environment took 2.2 s to set up in jsdom (143 s of the
        // project's 226), about a third of that in happy-dom (project 142 s). The four files that
        // need what only jsdom does say so in their first line (`@vitest-environment jsdom`).
        resolve: { alias: sourceAliases },
        plugins: [react(), vanillaExtractPlugin()],
        test: {
          name: 'components',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/component/setup.ts'],
          // setImmediate stays real: fake-indexeddb runs its transactions on it, and one left pending
          // when a test turns fake timers off would hold IndexedDB for every later test of the file.
          fakeTimers: {
            toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'requestAnimationFrame', 'cancelAnimationFrame', 'performance'],
          },
        },
      },
      {
        // The storefront's server renderer (tests/api/pages.test.ts) renders components with their styles.
        resolve: { alias: sourceAliases },
        plugins: [react(), vanillaExtractPlugin()],
        test: {
          // The default engine: one server of the shop's own PostgreSQL for the run, a database per file.
          name: 'api:embedded',
          include: ['tests/api/**/*.test.ts'],
          // Cutting the database connection, and 200 racing rounds on a pool, run once, in api:postgres.
          // The go-live command runs once, in api:postgres: it is given DATABASE_URL, which must be a URL with
          // a host (the embedded server's URLs name only its socket), and the service itself runs on both (go-live.test.ts).
          exclude: ['tests/api/db-outage.test.ts', 'tests/api/payment-concurrency.test.ts', 'tests/api/go-live-cli.test.ts'],
          globalSetup: ['tests/helpers/embedded-server.global.ts'],
          environment: 'node',
          env: { TEST_DB: 'embedded' },
          // The server is built per test file by createApp(deps) and keeps no module state: files share
          // their worker's imports (a third of the project's time went to importing the server again).
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      ...(apiOnPostgres
        ? [
            {
              resolve: { alias: sourceAliases },
              plugins: [react(), vanillaExtractPlugin()],
              test: {
                name: 'api:postgres',
                include: ['tests/api/**/*.test.ts'],
                // Process, embedded-database, backup and migration-on-PGlite checks run once, in api:embedded;
                // so does the fuzzing of every route's input (what it checks, the answers to bad input, is
                // the same on either engine, and it took a minute and a half more of the run on both), and
                // so do the image pipeline (sharp, the S3 bucket) and the demo seed, whose time goes to
                // drawing and encoding pictures, not to the database (about a minute of a worker each run);
                // so do the demo's bootstrap (the seed again) and the killed-server checks, whose time
                // goes to starting and killing processes: the SQL their recovery relies on (idempotent
                // orders, the outbox's claims) runs on both engines in orders, outbox and multi-process.
                exclude: [
                  'tests/api/bootstrap.test.ts',
                  'tests/api/crash.test.ts',
                  'tests/api/outbox-crash.test.ts',
                  'tests/api/fuzz/**',
                  'tests/api/backup.test.ts',
                  'tests/api/process.test.ts',
                  'tests/api/going-online.test.ts',
                  'tests/api/payment-startup.test.ts',
                  'tests/api/migration-flags.test.ts',
                  'tests/api/embedded-postgres.test.ts',
                  'tests/api/embedded-postgres-rights.test.ts',
                  'tests/api/image-storage-s3.test.ts',
                  'tests/api/share-image.test.ts',
                  'tests/api/seed.test.ts',
                ],
                environment: 'node' as const,
                env: { TEST_DB: 'postgres' },
                isolate: false,
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
