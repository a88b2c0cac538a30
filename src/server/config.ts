import path from 'node:path';
import { z } from 'zod';
import { isLocalAddress } from './notify/order-link';
import { parsePublicImageUrl, parseStorageUrl } from './storage-url';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = (fallback: number, max = 1_000_000) =>
  z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must not be negative').max(max).default(fallback);

/** Everything the server reads from its environment, with defaults that run the demo shop. */
export const envSchema = z.object({
  PORT: z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535, 'must be a port number (0 picks a free one)').default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Run as root: the unprivileged account the shop's own PostgreSQL runs as (default "nobody"). */
  EMBEDDED_POSTGRES_USER: z.string().min(1).optional(),
  DATABASE_URL: z
    .url('must be a postgres:// URL')
    .refine((u) => /^postgres(ql)?:\/\//.test(u), 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * A direct connection to DATABASE_URL's database (not through a transaction-pooling proxy such as
   * PgBouncer) for what needs a session: LISTEN (other processes' catalogue changes) and the
   * migrations' advisory lock. Unset: DATABASE_URL itself.
   */
  DATABASE_DIRECT_URL: z
    .url('must be a postgres:// URL')
    .refine((u) => /^postgres(ql)?:\/\//.test(u), 'must start with postgres:// or postgresql://')
    .optional(),
  /** Uploaded images in an S3-compatible bucket (`s3://KEY:SECRET@host:port/bucket[/prefix]?…`, storage-url.ts); unset: DATA_DIR/uploads. */
  STORAGE_URL: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseStorageUrl(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    })
    .optional(),
  /** The public base URL of the stored images (a CDN, the bucket's public address); unset: `/uploads` on this server. */
  STORAGE_PUBLIC_URL: z
    .string()
    .transform((value, ctx) => {
      try {
        return parsePublicImageUrl(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  /** fsync, synchronous_commit and full_page_writes off in the embedded database: tests and benchmarks only. */
  UNSAFE_FAST_WRITES: bool.default(false),
  /** Daily backups of the embedded database kept in DATA_DIR/backups; 0 turns the daily backup off. */
  BACKUP_KEEP: positiveInt(7, 365),
  /** The owner is alerted (once a day) when DATA_DIR's disk is fuller than this percentage, checked hourly; 0 turns it off. */
  DISK_ALERT_PERCENT: positiveInt(90, 100),
  PUBLIC_URL: z.url('must be a URL such as https://shop.example.com').optional(),
  ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_DEMO: bool.default(true),
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_KB: positiveInt(100, 10_240),
  /**
   * A generous flood guard per client address (many shoppers share one carrier address): failed
   * sign-ins, sign-ups, reset requests, wrong reset codes and links, failed order lookups, each
   * counted apart. Never counts a successful sign-in or a found order.
   */
  RATE_LIMIT_AUTH_PER_IP: positiveInt(200),
  /**
   * Failed sign-ins per account e-mail and client address (a stranger elsewhere never locks the owner
   * out); also sign-ups per e-mail, current-password checks per signed-in account, reset messages per
   * address typed (past it the newest one sent still works) and failed lookups per order number and
   * client address. 0 also turns off the one-check-at-a-time rule for sign-ins.
   */
  RATE_LIMIT_AUTH_PER_EMAIL: positiveInt(10),
  RATE_LIMIT_AUTH_WINDOW_SECONDS: positiveInt(900),
  /** Failed sign-ins of one account (from any address) answered without a delay; then the delay doubles. */
  RATE_LIMIT_AUTH_DELAY_AFTER: positiveInt(3, 1_000),
  /** The longest delay before answering a sign-in to an account that keeps failing; 0 turns the delay off. */
  RATE_LIMIT_AUTH_DELAY_MAX_MS: positiveInt(3_000, 10_000),
  /** Wrong SMS reset codes per account (or number) in 24 hours, across requests; past it only the e-mailed link (or the admin) resets. */
  RATE_LIMIT_RESET_CODES_PER_DAY: positiveInt(10),
  /** Failed guest order lookups per order number from any address and window; past it the order's own link (in its messages) still opens it. */
  RATE_LIMIT_LOOKUP_PER_ORDER: positiveInt(30),
  RATE_LIMIT_LOOKUP_WINDOW_SECONDS: positiveInt(86_400),
  /** Profile photo uploads per signed-in account and window (each costs seconds of image work). */
  RATE_LIMIT_AVATAR_PER_ACCOUNT: positiveInt(10),
  RATE_LIMIT_AVATAR_WINDOW_SECONDS: positiveInt(3_600),
  /** Promo code checks per client address and window (guessing codes). */
  RATE_LIMIT_PROMO_PER_IP: positiveInt(30),
  RATE_LIMIT_PROMO_WINDOW_SECONDS: positiveInt(900),
  /** Contact messages per client address and window. */
  RATE_LIMIT_CONTACT_PER_IP: positiveInt(10),
  RATE_LIMIT_CONTACT_WINDOW_SECONDS: positiveInt(3_600),
  /** Newsletter sign-ups per client address and window. */
  RATE_LIMIT_SUBSCRIBE_PER_IP: positiveInt(10),
  RATE_LIMIT_SUBSCRIBE_WINDOW_SECONDS: positiveInt(3_600),
  RATE_LIMIT_ORDERS_PER_IP: positiveInt(60),
  /** Speed beacons (POST /api/vitals) per client address and window: generous, many shoppers share a carrier's address. */
  RATE_LIMIT_VITALS_PER_IP: positiveInt(120),
  RATE_LIMIT_VITALS_WINDOW_SECONDS: positiveInt(600),
  /** Speed beacons kept per day for the whole shop; past it they are answered and ignored. 0 keeps none. */
  VITALS_PER_DAY: positiveInt(10_000),
  RATE_LIMIT_ORDERS_WINDOW_SECONDS: positiveInt(900),
  UNPAID_ORDER_HOLD_MINUTES: positiveInt(30),
  /** Cash on Delivery orders an admin has not confirmed (Processing) in this time are cancelled and their stock returns; 0 turns it off. */
  COD_CONFIRM_HOURS: positiveInt(48, 24 * 365),
  /** Units one buyer (a verified phone) may have in the verified orders of a day; 0 turns the limit off. */
  ORDER_UNITS_PER_BUYER_PER_DAY: positiveInt(200),
  /** How long an order whose buyer is not verified holds its stock (then it waits without it). */
  UNVERIFIED_HOLD_MINUTES: positiveInt(60, 24 * 60),
  /** The share (percent) of any product's stock that unverified orders may hold together. */
  UNVERIFIED_STOCK_SHARE: positiveInt(30, 100),
  /** Codes that confirm a phone, per phone and day, per client address and hour, for the whole shop per day. */
  PHONE_CODES_PER_PHONE_PER_DAY: positiveInt(5, 100),
  PHONE_CODES_PER_IP_PER_HOUR: positiveInt(10),
  PHONE_CODES_PER_DAY: positiveInt(500),
  /** The shop's server secret (at least 32 characters); generated into DATA_DIR when unset, required with DATABASE_URL. */
  APP_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional(),
  ORDER_EXPIRY_INTERVAL_SECONDS: positiveInt(60, 86_400),
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_[A-Za-z0-9]+$/, 'must be a Paystack secret key (sk_test_... or sk_live_...)')
    .optional(),
  PAYSTACK_BASE_URL: z.url('must be a URL').default('https://api.paystack.co'),
  /** Each call to Paystack; shorter than SHUTDOWN_TIMEOUT_MS so a graceful stop waits for calls in flight. */
  PAYSTACK_TIMEOUT_MS: positiveInt(8_000, 60_000),
  /** Simulated Mobile Money (no money moves) outside a demo shop; never beside a Paystack key. */
  PAYMENTS_SANDBOX: bool.default(false),
  /** How long the sandbox takes to answer a Mobile Money charge (a slow network, for demos and the crash test). */
  PAYMENTS_SANDBOX_DELAY_MS: positiveInt(0, 30_000),
  /** E-mail through SMTP (`smtp://user:pass@host:587`, `smtps://…:465`); unset: e-mails are only logged. */
  SMTP_URL: z.url('must be an SMTP URL such as smtp://user:pass@mail.example.com:587').optional(),
  /** The From of the shop's e-mails, e.g. `Nkuto Naturals <orders@nkuto.com>`. */
  MAIL_FROM: z.string().min(3).optional(),
  /** The SMS gateway: Hubtel's SMS API (`hubtel`); unset: SMS are only logged. */
  SMS_PROVIDER: z.enum(['hubtel'], { error: 'must be hubtel' }).optional(),
  /** The gateway's credentials (Hubtel: `clientId:clientSecret`): from the environment only, never Settings. */
  SMS_API_KEY: z.string().min(3).optional(),
  /** The sender name registered with the gateway: 3 to 11 letters or digits. */
  SMS_SENDER_ID: z
    .string()
    .regex(/^(?=.*[A-Za-z])[A-Za-z0-9]{3,11}$/, 'must be 3 to 11 letters or digits, as registered with the gateway')
    .optional(),
  SMS_BASE_URL: z.url('must be a URL').optional(),
  /** How often the outbox's sender looks for messages to send. */
  OUTBOX_POLL_MS: positiveInt(2_000, 60_000),
  /** A message left `sending` this long was cut off mid-send (its process died): another pass takes it again. */
  OUTBOX_STALE_SECONDS: positiveInt(120, 3_600),
  /** Each call to the SMS gateway or the mail server; a claim goes stale only well after it (OUTBOX_STALE_SECONDS). */
  OUTBOX_SEND_TIMEOUT_MS: positiveInt(15_000, 120_000),
  /**
   * How long one build of a catalogue answer serves every shopper. Minutes: every change drops what it
   * touched at once, in this process and (LISTEN/NOTIFY) in the others, so this only bounds what a
   * lost notification could leave, and the best-seller order (at most 10 s behind after an order).
   */
  CATALOGUE_CACHE_MS: positiveInt(300_000, 3_600_000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
});

export type ServerEnv = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a wrong value stops the server with one line per problem. */
export function parseEnv(source: Record<string, string | undefined>): ServerEnv {
  // An empty variable means "not set", as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  const lines = result.success ? [] : result.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
  // Checked apart from the schema so it is reported together with any other mistake.
  if ((cleaned.ADMIN_EMAIL === undefined) !== (cleaned.ADMIN_PASSWORD === undefined)) {
    lines.push('  ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither');
  }
  if (result.success) lines.push(...configProblems(result.data).map((problem) => `  ${problem}`));
  if (result.success && result.data.DATABASE_URL && !result.data.APP_SECRET) {
    lines.push(
      '  APP_SECRET: required with DATABASE_URL (every process of the shop must sign with the same secret): set one of at least 32 characters, e.g. `openssl rand -base64 32`',
    );
  }
  if (!result.success || lines.length > 0) {
    throw new ConfigError(`The server's environment is not valid:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** Settings that would lose money or messages, or hang a stop; each is one line naming the variable. */
function configProblems(env: ServerEnv): string[] {
  const problems: string[] = [];
  const key = env.PAYSTACK_SECRET_KEY;
  if (key && env.PAYMENTS_SANDBOX) problems.push('PAYMENTS_SANDBOX: the sandbox never runs beside a Paystack key; unset one of them');
  if (key?.startsWith('sk_live_') && !env.PUBLIC_URL?.startsWith('https://')) {
    problems.push("PUBLIC_URL: a live Paystack key needs the shop's https:// address (where Paystack sends shoppers back)");
  }
  if (env.OUTBOX_STALE_SECONDS * 1000 < 2 * env.OUTBOX_SEND_TIMEOUT_MS) {
    problems.push(
      `OUTBOX_STALE_SECONDS: ${env.OUTBOX_STALE_SECONDS} s must be at least twice OUTBOX_SEND_TIMEOUT_MS (${env.OUTBOX_SEND_TIMEOUT_MS} ms), so a message still being sent is never taken for cut off`,
    );
  }
  if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL) {
    problems.push('DATABASE_DIRECT_URL: only with DATABASE_URL (the direct way to the same database); the embedded database needs none');
  }
  if (env.SMS_PROVIDER && (!env.SMS_API_KEY || !env.SMS_SENDER_ID)) problems.push('SMS_PROVIDER: needs SMS_API_KEY and SMS_SENDER_ID as well');
  if (env.SMTP_URL && !env.MAIL_FROM) problems.push("MAIL_FROM: needed with SMTP_URL (the From of the shop's e-mails, e.g. Shop <orders@shop.com>)");
  if (env.PAYSTACK_TIMEOUT_MS >= env.SHUTDOWN_TIMEOUT_MS) {
    problems.push(
      `PAYSTACK_TIMEOUT_MS: ${env.PAYSTACK_TIMEOUT_MS} ms must be shorter than SHUTDOWN_TIMEOUT_MS (${env.SHUTDOWN_TIMEOUT_MS} ms), so a stop waits for payment calls in flight`,
    );
  }
  return problems;
}

/**
 * Whether messages leave their links out: a channel really sends (SMTP, an SMS gateway) while
 * PUBLIC_URL is unset or names this machine or a private network, so a link would open nothing on
 * the shopper's phone. With nothing configured messages are only logged and listed, where a local
 * link is useful.
 */
export function messageLinksOff(env: ServerEnv): boolean {
  const realChannel = Boolean((env.SMTP_URL && env.MAIL_FROM) || (env.SMS_PROVIDER && env.SMS_API_KEY && env.SMS_SENDER_ID));
  return realChannel && (env.PUBLIC_URL === undefined || isLocalAddress(env.PUBLIC_URL));
}

/** Start-up warnings that do not stop the shop. */
export function configWarnings(env: ServerEnv): string[] {
  const warnings: string[] = [];
  if (messageLinksOff(env)) {
    warnings.push(
      `PUBLIC_URL: ${env.PUBLIC_URL === undefined ? 'not set' : `${env.PUBLIC_URL} is this machine or a private network`}, so e-mails and SMS go out without links (they name the order and the "Find an order" page instead). Set PUBLIC_URL to the shop's public address, e.g. https://shop.example.com.`,
    );
  }
  if (env.PAYSTACK_SECRET_KEY?.startsWith('sk_test_') && !env.PUBLIC_URL?.startsWith('https://')) {
    warnings.push('PUBLIC_URL is not https: fine for a Paystack test key, but a live key will need it.');
  }
  if (env.UNSAFE_FAST_WRITES && !env.DATABASE_URL) {
    warnings.push('UNSAFE_FAST_WRITES: commits are not synced to disk, so a power cut can lose answered orders. For tests and benchmarks only.');
  }
  return warnings;
}

export function uploadsDirFor(env: ServerEnv): string {
  return path.resolve(env.DATA_DIR, 'uploads');
}

export function backupsDirFor(env: Pick<ServerEnv, 'DATA_DIR'>): string {
  return path.resolve(env.DATA_DIR, 'backups');
}
