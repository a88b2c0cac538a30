import fs from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp, type PageRenderer } from './app';
import { backupsDirFor, ConfigError, configWarnings, messageLinksOff, parseEnv, uploadsDirFor } from './config';
import { type Database, DataDirLockedError, openConfiguredDatabase } from './db/client';
import { EmbeddedPostgresError } from './db/embedded-postgres-error';
import { errorForLog } from './db/errors';
import { imageStorageFromEnv } from './image-storage';
import { createLogger, type Logger } from './logger';
import { channelsFromEnv, channelsLine } from './notify/channels-from-env';
import { createOutboxSender } from './notify/sender';
import { alertOwner } from './notify/system-alerts';
import { paystackProvider } from './payments/paystack';
import { sandboxProvider } from './payments/sandbox';
import { loadAppSecret } from './secret';
import { sweepRateLimits } from './services/accounts/rate-limit';
import { startCatalogueNotify } from './services/catalogue/catalogue-notify';
import { s3ImageFiles } from './services/catalogue/s3-images';
import { DEFAULT_PHONE_CODE_LIMITS } from './services/orders/phone-verification';
import { paymentDepsFor } from './services/payments/payment-deps';
import { runOrderExpiry } from './services/payments/payments';
import { backupNow, scheduleDailyBackups } from './services/shop/backups';
import { scheduleDiskChecks } from './services/shop/disk-alerts';
import { backupBucket } from './services/shop/offsite-backups';
import { setupConfigFromEnv } from './services/shop/setup-guide';
import { isDemoShop } from './services/shop/shop';
import { adminFromEnv, ensureShopBasics } from './shop-basics';
import { parseStorageUrl } from './storage-url';

type Env = ReturnType<typeof parseEnv>;

/** The environment, checked; a wrong setting ends the process with its message. */
function readEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

type Channels = ReturnType<typeof channelsFromEnv>;

async function main() {
  const env = readEnv();
  const log = createLogger(env.LOG_LEVEL);
  const uploadsDir = uploadsDirFor(env);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;

  // Lines for people about the database's first start, a moved PGlite folder or a stopped orphan.
  const databaseNotes: string[] = [];
  const database = await openDatabase(env, log, databaseNotes);
  const { db } = database;
  const secret = await loadAppSecret(env, (line) => databaseNotes.push(line));

  // Uploaded images: STORAGE_URL's bucket, else DATA_DIR/uploads. A bucket that does not answer is a
  // warning, not a refusal to start: orders, the catalogue and payments do not need it (README).
  const imageStorage = await imageStorageFromEnv(env, uploadsDir);
  const imageStorageWarning = await imageStorage.startWarning();
  if (imageStorageWarning) log.warn('image storage unreachable', { warning: imageStorageWarning });

  // Every start: the settings row, the ADMIN_EMAIL admin, and with SEED_DEMO the demo data (once, across processes).
  const basics = await ensureShopBasics(db, { images: imageStorage.store, log, seedDemo: env.SEED_DEMO, admin: adminFromEnv(env) });

  // Other processes on the same database hear this one's catalogue changes and it theirs (LISTEN/NOTIFY
  // on a direct connection). Before serving, so no copy is made unheard; a failure keeps trying meanwhile.
  const catalogueNotify = database.directUrl ? startCatalogueNotify({ db, url: database.directUrl, log }) : undefined;
  await catalogueNotify?.started;

  // The built PWA sits beside the built server (dist/client next to dist/server).
  const clientDir = fileURLToPath(new URL('../client', import.meta.url));
  const hasClient = fs.existsSync(`${clientDir}/index.html`);
  const pageRenderer = hasClient ? await loadPageRenderer() : undefined;

  // Paystack with a key; the sandbox only when asked for or in a demo shop (never beside a key); else Cash on Delivery only.
  const payments = await paymentProvider(env, db);

  // The channels that really send (keys from the environment only): resets are offered only where one does.
  const channels = channelsFromEnv(env);

  const appDeps = {
    db,
    log,
    payments,
    clock: () => new Date(),
    secret,
    pageRenderer,
    catalogueNotify,
    images: imageStorage.store,
    // Go-live's backup first (DATA_DIR/backups), against this database whichever kind it is; none on PGlite.
    backup: database.url ? () => backupNow(database.url ?? '', backupsDirFor(env), env.BACKUP_KEEP) : undefined,
    config: appConfig(env, channels, { uploadsDir, clientDir: hasClient ? clientDir : undefined, publicUrl }),
  };
  const app = createApp(appDeps);

  const state = { stopping: false };
  const sweep = scheduleRateLimitSweep(db, log);
  const expiry = scheduleOrderExpiry(paymentDepsFor(appDeps), env, log, () => state.stopping);
  // The outbox's sender: every process may run it (claims are SKIP LOCKED); a stop lets a pass in flight finish.
  const sender = createOutboxSender({
    db,
    log,
    secret,
    channels,
    clock: () => new Date(),
    options: { staleMs: env.OUTBOX_STALE_SECONDS * 1000, timeoutMs: env.OUTBOX_SEND_TIMEOUT_MS },
  });
  sender.start(env.OUTBOX_POLL_MS);
  const backups = scheduleBackups(env, database, log, secret);
  const diskChecks = scheduleDiskChecks({ db, secret, dir: path.resolve(env.DATA_DIR), thresholdPercent: env.DISK_ALERT_PERCENT, log });

  const server = startServer(app, env, log, { publicUrl, database, hasClient });

  printBanner({
    env,
    publicUrl,
    basics,
    database,
    backupsOn: backups !== undefined,
    databaseNotes,
    payments,
    channels,
    imageStorage,
    imageStorageWarning,
    hasClient,
  });

  const running: Running = { env, log, server, database, catalogueNotify, sweep, expiry, sender, backups, diskChecks };
  const shutdown = (signal: string) => {
    if (state.stopping) return;
    state.stopping = true;
    stopGracefully(running, signal);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

/** The configured database, opened; one that cannot be opened ends the process with the reason. */
async function openDatabase(env: Env, log: Logger, databaseNotes: string[]): Promise<Database> {
  try {
    return await openConfiguredDatabase(env, (line) => {
      databaseNotes.push(line);
      log.info('database', { note: line });
    });
  } catch (error) {
    console.error(
      error instanceof DataDirLockedError || error instanceof EmbeddedPostgresError
        ? error.message
        : `Could not open the database: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  }
}

/** The storefront's server renderer (vite build --ssr, dist/ssr beside dist/client); without it, pages go out as the app shell. */
async function loadPageRenderer(): Promise<PageRenderer | undefined> {
  const rendererFile = fileURLToPath(new URL('../ssr/server-render.js', import.meta.url));
  return fs.existsSync(rendererFile) ? ((await import(pathToFileURL(rendererFile).href)) as PageRenderer) : undefined;
}

/**
 * Every process sweeps: deleting expired counters twice deletes nothing twice, and a counter being
 * counted meanwhile is either kept (not expired) or starts afresh, as with one process.
 */
function scheduleRateLimitSweep(db: Database['db'], log: Logger): NodeJS.Timeout {
  const sweep = setInterval(() => {
    sweepRateLimits(db, new Date()).catch((error) => log.warn('rate-limit sweep failed', { error: errorForLog(error) }));
  }, 10 * 60_000);
  sweep.unref();
  return sweep;
}

/**
 * Unpaid Mobile Money orders give their stock back when their hold runs out. Every process may
 * run this: the job takes each order with SKIP LOCKED and changes it only once.
 */
function scheduleOrderExpiry(paymentDeps: ReturnType<typeof paymentDepsFor>, env: Env, log: Logger, stopping: () => boolean) {
  // A graceful stop waits for a run in flight (its provider calls are bounded well inside SHUTDOWN_TIMEOUT_MS).
  let expiryRun: Promise<void> | undefined;
  const expireHolds = () => {
    if (expiryRun) return;
    expiryRun = runOrderExpiry(paymentDeps, new Date(), { stopping })
      .then(() => undefined)
      .catch((error) => log.warn('order expiry failed', { error: errorForLog(error) }))
      .finally(() => {
        expiryRun = undefined;
      });
  };
  expireHolds();
  const expiry = setInterval(expireHolds, env.ORDER_EXPIRY_INTERVAL_SECONDS * 1000);
  expiry.unref();
  return { timer: expiry, running: () => expiryRun };
}

/**
 * The shop owns the embedded database, so it keeps a daily backup of it (DATABASE_URL's has its own operator),
 * copied encrypted to the STORAGE_URL bucket; a failure, and a disk over DISK_ALERT_PERCENT, alert the owner.
 */
function scheduleBackups(env: Env, database: Database, log: Logger, secret: Buffer) {
  const { db } = database;
  const bucket = env.STORAGE_URL ? parseStorageUrl(env.STORAGE_URL) : undefined;
  return database.kind === 'embedded' && env.BACKUP_KEEP > 0 && database.url
    ? scheduleDailyBackups({
        url: database.url,
        dir: backupsDirFor(env),
        keep: env.BACKUP_KEEP,
        log,
        offsite: bucket && { bucket: backupBucket(bucket), secret, uploads: s3ImageFiles(bucket) },
        onFailure: (where, error) => alertOwner(db, secret, { kind: 'owner_backup_failed', where, error: errorForLog(error) }),
      })
    : undefined;
}

/** The HTTP server on PORT and HOST; a port already taken ends the process. */
function startServer(app: ReturnType<typeof createApp>, env: Env, log: Logger, facts: { publicUrl: string; database: Database; hasClient: boolean }): Server {
  const { publicUrl, database, hasClient } = facts;
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    log.info('listening', { port: info.port, url: publicUrl, database: database.kind, client: hasClient });
  }) as Server;
  // Idle keep-alive connections stay open longer than a client or proxy keeps them (Node's 5 s default
  // closes a socket just as a client reuses it: the client sees ECONNRESET on a request it had sent).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(error.code === 'EADDRINUSE' ? `Port ${env.PORT} is already in use. Set PORT to another port.` : `Server error: ${error.message}`);
    void database.close().finally(() => process.exit(1));
  });
  return server;
}

/** What a graceful stop ends, in its order. */
interface Running {
  env: Env;
  log: Logger;
  server: Server;
  database: Database;
  catalogueNotify: ReturnType<typeof startCatalogueNotify> | undefined;
  sweep: NodeJS.Timeout;
  expiry: ReturnType<typeof scheduleOrderExpiry>;
  sender: ReturnType<typeof createOutboxSender>;
  backups: ReturnType<typeof scheduleBackups>;
  diskChecks: ReturnType<typeof scheduleDiskChecks>;
}

/** Stops accepting, lets requests in flight and the jobs' runs finish, then closes the database and exits. */
function stopGracefully(running: Running, signal: string): void {
  const { env, log, server, database, catalogueNotify, sweep, expiry, sender, backups, diskChecks } = running;
  log.info('shutting down', { signal });
  clearInterval(sweep);
  clearInterval(expiry.timer);
  backups?.stop();
  diskChecks.stop();
  // Stop accepting, let requests in flight finish, then close the database.
  const force = setTimeout(() => {
    log.warn('forcing shutdown', { afterMs: env.SHUTDOWN_TIMEOUT_MS });
    server.closeAllConnections();
  }, env.SHUTDOWN_TIMEOUT_MS);
  force.unref();
  server.close(() => {
    Promise.all([expiry.running(), backups?.running(), sender.stop()])
      // The jobs' last changes are told to the other processes before the pool closes.
      .then(() => catalogueNotify?.stop())
      .then(() => database.close())
      .then(() => {
        log.info('stopped');
        process.exit(0);
      })
      .catch((error) => {
        log.error('database close failed', { error: errorForLog(error) });
        process.exit(1);
      });
  });
  server.closeIdleConnections();
}

/** Paystack with a key; the sandbox only when asked for or in a demo shop (never beside a key); else none (Cash on Delivery only). */
async function paymentProvider(env: Env, db: Database['db']) {
  return env.PAYSTACK_SECRET_KEY
    ? paystackProvider({ secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_BASE_URL, timeoutMs: env.PAYSTACK_TIMEOUT_MS })
    : env.PAYMENTS_SANDBOX || (await isDemoShop(db))
      ? sandboxProvider(db, { chargeDelayMs: env.PAYMENTS_SANDBOX_DELAY_MS, demoOnly: !env.PAYMENTS_SANDBOX })
      : null;
}

/** The app's settings from the environment: limits, holds, the buyer trust rules and the rate limits. */
function appConfig(env: Env, channels: Channels, where: { uploadsDir: string; clientDir: string | undefined; publicUrl: string }) {
  return {
    setup: setupConfigFromEnv(process.env),
    passwordReset: { email: channels.email !== null, sms: channels.sms !== null },
    providerTimeoutMs: env.PAYSTACK_TIMEOUT_MS,
    uploadsDir: where.uploadsDir,
    imagePublicUrl: env.STORAGE_PUBLIC_URL,
    clientDir: where.clientDir,
    publicUrl: where.publicUrl,
    messageLinks: !messageLinksOff(env),
    originFromRequest: env.PUBLIC_URL === undefined,
    trustProxy: env.TRUST_PROXY,
    bodyLimitBytes: env.BODY_LIMIT_KB * 1024,
    catalogueCacheMs: env.CATALOGUE_CACHE_MS,
    unpaidOrderHoldMinutes: env.UNPAID_ORDER_HOLD_MINUTES,
    codConfirmHours: env.COD_CONFIRM_HOURS,
    buyerUnitsPerDay: env.ORDER_UNITS_PER_BUYER_PER_DAY,
    buyerTrust: {
      smsCodes: channels.sms !== null,
      unverifiedHoldMinutes: env.UNVERIFIED_HOLD_MINUTES,
      unverifiedSharePercent: env.UNVERIFIED_STOCK_SHARE,
      phoneCodes: {
        ...DEFAULT_PHONE_CODE_LIMITS,
        perPhonePerDay: env.PHONE_CODES_PER_PHONE_PER_DAY,
        perIpPerHour: env.PHONE_CODES_PER_IP_PER_HOUR,
        perShopPerDay: env.PHONE_CODES_PER_DAY,
      },
    },
    orderRateLimit: { max: env.RATE_LIMIT_ORDERS_PER_IP, windowSeconds: env.RATE_LIMIT_ORDERS_WINDOW_SECONDS },
    authRateLimit: {
      perIp: { max: env.RATE_LIMIT_AUTH_PER_IP, windowSeconds: env.RATE_LIMIT_AUTH_WINDOW_SECONDS },
      perEmail: { max: env.RATE_LIMIT_AUTH_PER_EMAIL, windowSeconds: env.RATE_LIMIT_AUTH_WINDOW_SECONDS },
      failureDelay: { after: env.RATE_LIMIT_AUTH_DELAY_AFTER, baseMs: 250, maxMs: env.RATE_LIMIT_AUTH_DELAY_MAX_MS },
    },
    resetCodeRateLimit: { max: env.RATE_LIMIT_RESET_CODES_PER_DAY, windowSeconds: 86_400 },
    lookupRateLimit: { max: env.RATE_LIMIT_LOOKUP_PER_ORDER, windowSeconds: env.RATE_LIMIT_LOOKUP_WINDOW_SECONDS },
    avatarRateLimit: { max: env.RATE_LIMIT_AVATAR_PER_ACCOUNT, windowSeconds: env.RATE_LIMIT_AVATAR_WINDOW_SECONDS },
    promoRateLimit: { max: env.RATE_LIMIT_PROMO_PER_IP, windowSeconds: env.RATE_LIMIT_PROMO_WINDOW_SECONDS },
    contactRateLimit: { max: env.RATE_LIMIT_CONTACT_PER_IP, windowSeconds: env.RATE_LIMIT_CONTACT_WINDOW_SECONDS },
    subscribeRateLimit: { max: env.RATE_LIMIT_SUBSCRIBE_PER_IP, windowSeconds: env.RATE_LIMIT_SUBSCRIBE_WINDOW_SECONDS },
    vitalsRateLimit: { max: env.RATE_LIMIT_VITALS_PER_IP, windowSeconds: env.RATE_LIMIT_VITALS_WINDOW_SECONDS },
    vitalsPerDay: env.VITALS_PER_DAY,
  };
}

/** The banner is for people, so it is plain text rather than a JSON log line. */
function printBanner(facts: {
  env: Env;
  publicUrl: string;
  basics: Awaited<ReturnType<typeof ensureShopBasics>>;
  database: Database;
  backupsOn: boolean;
  databaseNotes: string[];
  payments: Awaited<ReturnType<typeof paymentProvider>>;
  channels: Channels;
  imageStorage: Awaited<ReturnType<typeof imageStorageFromEnv>>;
  imageStorageWarning: string | undefined;
  hasClient: boolean;
}): void {
  const { env, publicUrl, basics, database, backupsOn, databaseNotes, payments, channels, imageStorage, imageStorageWarning, hasClient } = facts;
  const demo = env.SEED_DEMO ? basics.demoAccounts : [];
  const lines = [`\n  Nkuto Naturals is running at ${publicUrl}`, `  API: ${publicUrl}/api/getProducts`];
  for (const account of demo) lines.push(`  Demo ${account.role}: ${account.email} / ${account.password}`);
  if (env.ADMIN_EMAIL) lines.push(`  Admin: ${env.ADMIN_EMAIL} (password from ADMIN_PASSWORD, unless changed in the app since that value was applied)`);
  lines.push(
    database.kind === 'embedded'
      ? `  Database: PostgreSQL in ${path.resolve(env.DATA_DIR, 'postgres')}${backupsOn ? `, backed up daily to ${backupsDirFor(env)}` : ''}`
      : `  Database: ${database.kind === 'postgres' ? `DATABASE_URL${env.DATABASE_DIRECT_URL ? ' (LISTEN and locks through DATABASE_DIRECT_URL)' : ''}` : database.kind}`,
  );
  for (const note of databaseNotes) lines.push(`  ${note}`);
  lines.push(
    payments === null
      ? '  Mobile Money: off (Cash on Delivery only). Set PAYSTACK_SECRET_KEY to take Mobile Money, or PAYMENTS_SANDBOX=true to simulate it.'
      : payments.name === 'sandbox'
        ? '  Mobile Money: SANDBOX (test payments, no money moves). Set PAYSTACK_SECRET_KEY to take real payments.'
        : `  Mobile Money: Paystack (${env.PAYSTACK_SECRET_KEY?.startsWith('sk_live_') ? 'live' : 'test'} key)`,
  );
  lines.push(channelsLine(channels));
  lines.push(imageStorage.line);
  for (const warning of [...configWarnings(env), ...basics.warnings, ...(imageStorageWarning ? [imageStorageWarning] : [])])
    lines.push(`  Warning: ${warning}`);
  if (!hasClient) lines.push('  (API only: no build in dist/client. `npm run dev` serves the storefront through Vite; `npm run build` builds it.)');
  console.log(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  console.error('The server could not start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
