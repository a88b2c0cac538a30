// `npm run backup`: a backup of the shop's database into DATA_DIR/backups, while the shop runs or not.
// `npm run restore -- FILE`: loads a backup into an empty database: a fresh DATA_DIR (or DATABASE_URL's, empty).
// `npm run restore -- --from-bucket [--latest|NAME]`: the same from an encrypted bundle in the STORAGE_URL
// bucket (docs/backups.md), opened with APP_SECRET (or DATA_DIR/app-secret); writes the secret
// into DATA_DIR/app-secret when that file is absent.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { runCli } from './cli';
import { backupsDirFor, parseEnv } from './config';
import { BackupError, type BackupSummary, restoreBackup } from './db/backup';
import { DataDirLockedError, lockDataDir, migrationsFolder, openConfiguredDatabase } from './db/client';
import { canConnect, embeddedUrl, startEmbeddedPostgres } from './db/embedded-postgres';
import { EmbeddedPostgresError } from './db/embedded-postgres-error';
import { loadAppSecret, secretFileFor } from './secret';
import { s3ImageFiles } from './services/catalogue/s3-images';
import { backupNow } from './services/shop/backups';
import { backupBucket, copyBackupToBucket, restoreFromBucket } from './services/shop/offsite-backups';
import { parseStorageUrl } from './storage-url';

const USAGE = 'Usage: npm run backup | npm run restore -- FILE | npm run restore -- --from-bucket [--latest|NAME]';

async function backup(env: ReturnType<typeof parseEnv>) {
  const dir = backupsDirFor(env);
  const running = env.DATABASE_URL ?? (await canConnect(embeddedUrl(env.DATA_DIR)).then((up) => (up ? embeddedUrl(env.DATA_DIR) : undefined)));
  if (running) return copied(env, report(await backupNow(running, dir, env.BACKUP_KEEP)));
  // The shop is not running: start its database for the backup.
  const database = await openConfiguredDatabase(env, (line) => console.log(line));
  let summary: BackupSummary;
  try {
    summary = report(await backupNow(database.url ?? '', dir, env.BACKUP_KEEP));
  } finally {
    await database.close();
  }
  await copied(env, summary);
}

/** With STORAGE_URL, the backup's encrypted copy in the bucket too, as the daily one has. */
async function copied(env: ReturnType<typeof parseEnv>, summary: BackupSummary) {
  if (!env.STORAGE_URL) return;
  const location = parseStorageUrl(env.STORAGE_URL);
  const [bucket, images] = [backupBucket(location), s3ImageFiles(location)];
  try {
    const secret = await loadAppSecret(env, (line) => console.log(line));
    const copy = await copyBackupToBucket({ file: summary.file, secret, bucket, keep: env.BACKUP_KEEP, uploads: images });
    console.log(`Copied to ${bucket.where} as ${copy.name} (encrypted, ${copy.bytes} bytes; ${copy.uploads} stored images listed).`);
  } finally {
    bucket.close();
    images.close();
  }
}

function report(summary: BackupSummary): BackupSummary {
  console.log(`Backup written: ${summary.file} (${summary.rows} rows in ${summary.tables} tables).`);
  return summary;
}

async function restore(env: ReturnType<typeof parseEnv>, file: string) {
  const into = env.DATABASE_URL ? 'DATABASE_URL' : path.resolve(env.DATA_DIR);
  restored(await restoreInto(env, path.resolve(file)), into);
}

/** Loads the backup file into DATABASE_URL's empty database, or into a fresh embedded one in DATA_DIR. */
async function restoreInto(env: ReturnType<typeof parseEnv>, source: string): Promise<BackupSummary> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return await restoreBackup(client, source, { migrationsFolder: migrationsFolder() });
    } finally {
      await client.end();
    }
  }
  // Only into a stopped shop's folder: the lock refuses while the shop runs.
  const unlock = lockDataDir(env.DATA_DIR);
  try {
    const server = await startEmbeddedPostgres({
      dataDir: env.DATA_DIR,
      unsafeFastWrites: env.UNSAFE_FAST_WRITES,
      user: env.EMBEDDED_POSTGRES_USER,
      say: (line) => console.log(line),
    });
    const client = new pg.Client({ connectionString: server.url });
    try {
      await client.connect();
      return await restoreBackup(client, source, { migrationsFolder: migrationsFolder() });
    } finally {
      await client.end().catch(() => {});
      await server.stop();
    }
  } finally {
    unlock();
  }
}

/** The secret to open a bundle with: APP_SECRET, else an existing DATA_DIR/app-secret (never a new one). */
function secretForBundle(env: ReturnType<typeof parseEnv>): Buffer {
  if (env.APP_SECRET) return Buffer.from(env.APP_SECRET, 'utf8');
  const file = secretFileFor(env.DATA_DIR);
  if (fs.existsSync(file)) return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
  throw new BackupError(
    `Set APP_SECRET to the server secret of the shop that made the backup (its DATA_DIR/app-secret, or its APP_SECRET): the bundles in the bucket open only with it.`,
  );
}

async function restoreFromTheBucket(env: ReturnType<typeof parseEnv>, which: string) {
  if (!env.STORAGE_URL) throw new BackupError('Set STORAGE_URL to the bucket the backups were copied to.');
  const bucket = backupBucket(parseStorageUrl(env.STORAGE_URL));
  try {
    const into = env.DATABASE_URL ? 'DATABASE_URL' : path.resolve(env.DATA_DIR);
    const result = await restoreFromBucket({
      bucket,
      secret: secretForBundle(env),
      which,
      dataDir: env.DATA_DIR,
      restore: (file) => restoreInto(env, file),
    });
    console.log(`From ${bucket.where}: ${result.name} (backup ${result.manifest.backupFile}, made ${result.manifest.createdAt}).`);
    console.log(
      `Restored the database into ${into} (${result.summary.rows} rows in ${result.summary.tables} tables); the bundle lists ${result.manifest.uploads.length} stored images, which stay in the bucket.`,
    );
    console.log(
      result.secretWritten
        ? `Wrote the server secret to ${result.secretWritten}: guests' order links keep working.`
        : `Left ${secretFileFor(env.DATA_DIR)} as it was (it already existed).`,
    );
  } finally {
    bucket.close();
  }
}

function restored(summary: { rows: number; tables: number; createdAt: string }, into: string) {
  console.log(`Restored the backup of ${summary.createdAt} into ${into} (${summary.rows} rows in ${summary.tables} tables).`);
  console.log(
    'Product photos (DATA_DIR/uploads; a STORAGE_URL bucket stays where it is), the server secret (DATA_DIR/app-secret, unless APP_SECRET is set) and the environment the shop is started with live outside the database: copy them across too; without the secret, the order links guests hold stop working.',
  );
}

async function main() {
  const env = parseEnv(process.env);
  const [command, file, which] = process.argv.slice(2);
  if (command === 'backup') return backup(env);
  if (command === 'restore' && file === '--from-bucket') return restoreFromTheBucket(env, !which || which === '--latest' ? 'latest' : which);
  if (command === 'restore' && file) return restore(env, file);
  console.error(USAGE);
  process.exit(2);
}

runCli(main, { known: [BackupError, DataDirLockedError, EmbeddedPostgresError] });
