import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { restoreBackup, writeBackup } from './backup';
import { backupFileName, makeBackupsFolderPrivate } from './backup-folder';
import { writeFileDurably } from './durable-files';

/** Where versions before the embedded server kept their PGlite database. */
export function pgliteDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'pgdata');
}

/**
 * Shops made by an older version keep their data. The first start of the embedded server writes the
 * PGlite folder's data to a backup file (it stays in DATA_DIR/backups), notes the move in
 * DATA_DIR/pglite-move.json, moves the PGlite folder aside as pglite-backup-<time>, and loads the
 * file into the server. A start cut short anywhere finds the note and loads the file again into an
 * emptied server (the shop never served in between). Nothing is deleted.
 */
export async function moveFromPglite(
  dataDir: string,
  url: string,
  options: { migrationsFolder: string; say: (line: string) => void; now?: Date },
): Promise<void> {
  const source = pgliteDir(dataDir);
  const notePath = path.join(path.resolve(dataDir), 'pglite-move.json');
  if (fs.existsSync(path.join(source, 'PG_VERSION'))) {
    const now = options.now ?? new Date();
    const file = path.join(path.resolve(dataDir), 'backups', `pglite-${backupFileName(now)}`);
    const aside = path.join(path.resolve(dataDir), `pglite-backup-${backupFileName(now).replace(/^shop-|\.backup\.gz$/g, '')}`);
    makeBackupsFolderPrivate(path.dirname(file));
    const pglite = await PGlite.create(source);
    try {
      // An older version's folder may be some migrations behind: bring it to this version first.
      await migrate(drizzle({ client: pglite }), { migrationsFolder: options.migrationsFolder });
      await writeBackup(pglite, file, now);
    } finally {
      await pglite.close();
    }
    await writeFileDurably(notePath, JSON.stringify({ file, aside }));
    fs.renameSync(source, aside);
  }
  if (!fs.existsSync(notePath)) return;

  const { file, aside } = JSON.parse(fs.readFileSync(notePath, 'utf8')) as { file: string; aside: string };
  const target = new pg.Client({ connectionString: url });
  target.on('error', () => {});
  await target.connect();
  try {
    await emptySchemas(target);
    const summary = await restoreBackup(target, file, { migrationsFolder: options.migrationsFolder });
    fs.rmSync(notePath);
    options.say(
      `Database: moved the shop's data from PGlite into PostgreSQL (${summary.rows} rows in ${summary.tables} tables). The old folder is kept at ${aside}; the data also sits in ${file}.`,
    );
  } finally {
    await target.end().catch(() => {});
  }
}

/** A load cut short may have left tables and migration rows: start again from nothing. */
async function emptySchemas(client: pg.Client): Promise<void> {
  await client.query('drop schema if exists drizzle cascade');
  await client.query('drop schema public cascade');
  await client.query('create schema public');
}
