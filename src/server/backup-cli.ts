// `npm run backup`: a backup of the shop's database into DATA_DIR/backups, while the shop runs or not.
// `npm run restore -- FILE`: loads a backup into an empty database: a fresh DATA_DIR (or DATABASE_URL's, empty).
import path from 'node:path';
import pg from 'pg';
import { runCli } from './cli';
import { backupsDirFor, parseEnv } from './config';
import { BackupError, restoreBackup } from './db/backup';
import { DataDirLockedError, lockDataDir, migrationsFolder, openConfiguredDatabase } from './db/client';
import { canConnect, EmbeddedPostgresError, embeddedUrl, startEmbeddedPostgres } from './db/embedded-postgres';
import { backupNow } from './services/backups';

const USAGE = 'Usage: npm run backup | npm run restore -- FILE';

async function backup(env: ReturnType<typeof parseEnv>) {
  const dir = backupsDirFor(env);
  const running = env.DATABASE_URL ?? (await canConnect(embeddedUrl(env.DATA_DIR)).then((up) => (up ? embeddedUrl(env.DATA_DIR) : undefined)));
  if (running) return report(await backupNow(running, dir, env.BACKUP_KEEP));
  // The shop is not running: start its database for the backup.
  const database = await openConfiguredDatabase(env, (line) => console.log(line));
  try {
    report(await backupNow(database.url ?? '', dir, env.BACKUP_KEEP));
  } finally {
    await database.close();
  }
}

function report(summary: { file: string; rows: number; tables: number }) {
  console.log(`Backup written: ${summary.file} (${summary.rows} rows in ${summary.tables} tables).`);
}

async function restore(env: ReturnType<typeof parseEnv>, file: string) {
  const source = path.resolve(file);
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return restored(await restoreBackup(client, source, { migrationsFolder: migrationsFolder() }), 'DATABASE_URL');
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
      restored(await restoreBackup(client, source, { migrationsFolder: migrationsFolder() }), path.resolve(env.DATA_DIR));
    } finally {
      await client.end().catch(() => {});
      await server.stop();
    }
  } finally {
    unlock();
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
  const [command, file] = process.argv.slice(2);
  if (command === 'backup') return backup(env);
  if (command === 'restore' && file) return restore(env, file);
  console.error(USAGE);
  process.exit(2);
}

runCli(main, { known: [BackupError, DataDirLockedError, EmbeddedPostgresError] });
