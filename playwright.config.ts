import { statfsSync } from 'node:fs';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/** The message sinks (tests/e2e/message-sinks.ts): SMTP on this port, the fake Hubtel gateway on +1, the read-out on +2. */
const sinksPort = port + 10;
/** The big shop (5,000 products, tests/e2e/big-catalogue-seed.ts): its own server, data folder and port. */
const bigPort = port + 20;
const bigURL = `http://127.0.0.1:${bigPort}`;

/** The admin area's specs: admin.spec.ts, and admin-<area>.spec.ts should it be split later. */
const ADMIN_SPECS = /(^|[\\/])admin(-[\w-]+)?\.spec\.ts$/;
/**
 * Specs that change what every checkout shows (delivery options): they run after the rest,
 * in a project of their own, so no other checkout meets their options mid-test.
 */
const SHOP_WIDE_SPECS = /delivery\.spec\.ts$/;
/** Specs against the big shop (5,000 products), which time the page: they run last, alone. */
const BIG_SHOP_SPECS = /big-catalogue\.spec\.ts$/;
const BIG_SHOP_PROJECT = 'phone-big-catalogue';
/** The projects a run names (`--project a --project=b`); none: the whole suite. */
const namedProjects = process.argv.flatMap((arg, i, all) => (arg === '--project' ? [all[i + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice(10)] : []));
/**
 * A run that names the big shop's project runs it alone: Playwright would otherwise run its
 * dependencies (the whole suite) first, whatever the file filter. A run that names only other
 * projects does not start the big shop.
 */
const BIG_SHOP_NAMED = namedProjects.includes(BIG_SHOP_PROJECT);
const BIG_SHOP_NEEDED = namedProjects.length === 0 || namedProjects.some((name) => name === BIG_SHOP_PROJECT || name.includes('*'));
const PHONE = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, defaultBrowserType: 'chromium' as const };

/**
 * Chromium keeps its pages' shared memory in /dev/shm; where that is small (a container's 64 MB) it
 * must use /tmp instead, but on a disk-backed /tmp that costs CPU in the kernel: a fifth of the
 * suite's CPU on the CI machine, whose /dev/shm is a large tmpfs.
 */
function sharedMemoryArgs(): string[] {
  try {
    const shm = statfsSync('/dev/shm');
    return shm.blocks * shm.bsize >= 1024 ** 3 ? [] : ['--disable-dev-shm-usage'];
  } catch {
    return ['--disable-dev-shm-usage'];
  }
}

/**
 * End-to-end tests in the system Chromium (Debian's package; Playwright's own browser download
 * cannot work here) against the built shop, served by its production server on a fresh data folder.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // After the servers start: the main shop's demo delivery options go (global-setup.ts says why).
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  // Four, though the machine has two cores: most of a test is spent waiting (timers, the network, the
  // server), and every test makes its own products and accounts, so none waits on another's stock.
  // On the two-core machine: 4.9-5.3 min with 4, 6.8 min with 2. `npm test` runs this
  // suite alone; with TEST_LANES=parallel (vitest beside it) E2E_WORKERS=2 leaves vitest a core.
  workers: Number(process.env.E2E_WORKERS ?? 4),
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  // Room for a slow day on the two-core machine with four workers (saw axe scans of 10-17 s
  // and 60 s time-outs there); a test that passes takes a fraction of it.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // No trace by default: recording one for every test (DOM snapshots at each step, a screencast)
    // cost about a sixth of the suite's CPU on the two-core machine, and CI's traces are never read.
    // E2E_TRACE=retain-on-failure keeps one for each failing test when looking into a failure here.
    trace: (process.env.E2E_TRACE ?? 'off') as 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', ...sharedMemoryArgs()],
    },
  },
  // A phone (390×844, touch) and a tablet (1024×768), the two sizes the shop is built for.
  projects: [
    // The admin area is built for tablets: its specs do not run on the phone.
    {
      name: 'phone',
      testIgnore: [ADMIN_SPECS, SHOP_WIDE_SPECS, BIG_SHOP_SPECS],
      use: PHONE,
    },
    // Checkout, offline, install and the security checks are phone flows (the issues ask for phone size); the tablet runs the storefront and the admin area.
    // Not at tablet size either: the server's HTML (server-rendering.spec), the same whatever the
    // screen, the one-column pages' a11y scans (a11y-forms.spec), the phone's layout centred, and
    // the 360 px sweep of the shopper pages (phone-sweep.spec; phone-sweep-delivery.spec runs with delivery.spec).
    {
      name: 'tablet',
      testIgnore:
        /(checkout|momo-crash|offline|flaky-network|pwa|security|messages|accounts|delivery|big-catalogue|go-live|a11y-forms|server-rendering|phone-sweep)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1024, height: 768 }, hasTouch: true, defaultBrowserType: 'chromium' },
    },
    // The wider tablet (1280×800) has no project of its own: admin-tablet.spec lays every admin screen
    // out at 1280×800 too, and running the admin flows again there (a project until 2026-11-29) took
    // 160 s of test time to repeat what the 1024×768 run proves.
    // Last, at phone size: the specs whose shop-wide changes other checkouts must not meet.
    {
      name: 'phone-shop-wide',
      testMatch: SHOP_WIDE_SPECS,
      dependencies: ['phone', 'tablet'],
      use: PHONE,
    },
    // At phone size against the big shop, after everything else: its tests time the page under 4×
    // CPU throttling, which other tests sharing the two cores would distort.
    {
      name: BIG_SHOP_PROJECT,
      testMatch: BIG_SHOP_SPECS,
      dependencies: BIG_SHOP_NAMED ? [] : ['phone-shop-wide'],
      use: { ...PHONE, baseURL: bigURL },
    },
  ],
  webServer: [
    {
      // The message sinks start first (in the background, in the same process group, so they stop with the shop).
      command: `rm -rf .e2e-data && (node --import tsx tests/e2e/message-sinks.ts &) && node dist/server/index.js`,
      url: `${baseURL}/api/settings`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: '.e2e-data',
        // Every test comes from 127.0.0.1: sign-in limits would trip on the suite itself.
        RATE_LIMIT_AUTH_PER_IP: '0',
        RATE_LIMIT_AUTH_PER_EMAIL: '0',
        RATE_LIMIT_ORDERS_PER_IP: '0',
        RATE_LIMIT_PROMO_PER_IP: '0',
        RATE_LIMIT_CONTACT_PER_IP: '0',
        RATE_LIMIT_SUBSCRIBE_PER_IP: '0',
        RATE_LIMIT_VITALS_PER_IP: '0',
        PHONE_CODES_PER_IP_PER_HOUR: '0',
        // Per account or order: the suite reuses its few accounts and orders across many tests.
        RATE_LIMIT_RESET_CODES_PER_DAY: '0',
        RATE_LIMIT_LOOKUP_PER_ORDER: '0',
        RATE_LIMIT_AVATAR_PER_ACCOUNT: '0',
        LOG_LEVEL: 'warn',
        // Messages go to a real SMTP server and the fake Hubtel gateway (tests/e2e/message-sinks.ts).
        E2E_SINKS_PORT: String(sinksPort),
        SMTP_URL: `smtp://shop:secret@127.0.0.1:${sinksPort}`,
        MAIL_FROM: 'Nkuto Naturals <orders@nkuto.test>',
        SMS_PROVIDER: 'hubtel',
        SMS_API_KEY: 'e2eclient:e2esecret',
        SMS_SENDER_ID: 'NkutoShop',
        SMS_BASE_URL: `http://127.0.0.1:${sinksPort + 1}`,
        OUTBOX_POLL_MS: '500',
      },
    },
    ...(BIG_SHOP_NEEDED
      ? ([
          {
            // The big shop: 5,000 products written straight into its own empty database, then the same
            // built server. Its admin is the demo admin's address and password (tests/e2e/fixtures.ts adminHeaders).
            command: 'rm -rf .e2e-data-5000 && node --import tsx tests/e2e/big-catalogue-seed.ts && node dist/server/index.js',
            url: `${bigURL}/api/settings`,
            timeout: 180_000,
            reuseExistingServer: false,
            // The seed's one line (how long it took).
            stdout: 'pipe',
            stderr: 'pipe',
            env: {
              PORT: String(bigPort),
              HOST: '127.0.0.1',
              DATA_DIR: '.e2e-data-5000',
              SEED_DEMO: 'false',
              ADMIN_EMAIL: 'admin@nkutonaturals.com.gh',
              ADMIN_PASSWORD: 'nkuto-admin-2026',
              RATE_LIMIT_AUTH_PER_IP: '0',
              RATE_LIMIT_AUTH_PER_EMAIL: '0',
              LOG_LEVEL: 'warn',
            },
          },
        ] satisfies PlaywrightTestConfig['webServer'])
      : []),
  ],
});
