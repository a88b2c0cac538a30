import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type BackupSummary, writeBackup } from '../../db/backup';
import { backupFileName, makeBackupsFolderPrivate, pruneBackups } from '../../db/backup-folder';
import { errorForLog } from '../../db/errors';
import type { Logger } from '../../logger';
import { checkHourly } from './hourly';
import { type BackupBucket, copyBackupToBucket } from './offsite-backups';

const DAY_MS = 24 * 60 * 60_000;

/** One backup of the database at `url` into `dir`, then the oldest beyond `keep` removed. */
export async function backupNow(url: string, dir: string, keep: number, now = new Date()): Promise<BackupSummary> {
  makeBackupsFolderPrivate(dir);
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    const summary = await writeBackup(client, path.join(dir, backupFileName(now)), now);
    if (keep > 0) pruneBackups(dir, keep);
    return summary;
  } finally {
    await client.end().catch(() => {});
  }
}

/** When the newest daily backup in `dir` was made (its file's time), if there is one. */
export function lastBackupAt(dir: string): Date | undefined {
  let newest: number | undefined;
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (!/^shop-.*\.backup\.gz$/.test(name)) continue;
    const mtime = fs.statSync(path.join(dir, name)).mtimeMs;
    if (newest === undefined || mtime > newest) newest = mtime;
  }
  return newest === undefined ? undefined : new Date(newest);
}

/** Where the daily backup failed: on the machine, or its copy to the bucket (the local one was made). */
export type BackupFailure = 'local' | 'bucket';

/** The off-machine copy (STORAGE_URL): the bucket, the server secret the bundles are sealed with, the stored images' names. */
export interface OffsiteCopy {
  bucket: BackupBucket;
  secret: Buffer;
  uploads?: { list(): AsyncIterable<string> };
}

/**
 * One daily backup: the local file, then its encrypted copy to the bucket when there is one. A failure
 * of either is logged and handed to `onFailure` (the owner's alert); the local backup stays whatever
 * becomes of the copy.
 */
export interface DailyBackupOptions {
  url: string;
  dir: string;
  keep: number;
  log: Logger;
  offsite?: OffsiteCopy;
  onFailure?: (where: BackupFailure, error: unknown) => Promise<unknown>;
}

export async function dailyBackup(options: DailyBackupOptions & { now?: Date }): Promise<void> {
  const fail = async (where: BackupFailure, error: unknown) => {
    options.log.error(where === 'local' ? 'backup failed' : 'backup copy to the bucket failed', { error: errorForLog(error) });
    await options.onFailure?.(where, error).catch((alertError) => options.log.warn('could not queue the backup alert', { error: errorForLog(alertError) }));
  };
  let summary: BackupSummary;
  try {
    summary = await backupNow(options.url, options.dir, options.keep, options.now);
  } catch (error) {
    return fail('local', error);
  }
  options.log.info('backup written', { file: summary.file, rows: summary.rows });
  if (!options.offsite) return;
  try {
    const copy = await copyBackupToBucket({ file: summary.file, keep: options.keep, now: options.now, ...options.offsite });
    options.log.info('backup copied to the bucket', { where: options.offsite.bucket.where, name: copy.name, bytes: copy.bytes, pruned: copy.pruned.length });
  } catch (error) {
    await fail('bucket', error);
  }
}

/**
 * A backup whenever the newest is a day old, checked a minute after start and then hourly (a shop
 * that is off at night still gets one a day). A graceful stop waits for one in progress.
 */
export function scheduleDailyBackups(options: DailyBackupOptions & { firstCheckMs?: number; checkEveryMs?: number }): {
  stop(): void;
  running(): Promise<void> | undefined;
} {
  let run: Promise<void> | undefined;
  const check = () => {
    if (run) return;
    const last = lastBackupAt(options.dir);
    if (last && Date.now() - last.getTime() < DAY_MS) return;
    run = dailyBackup(options).finally(() => {
      run = undefined;
    });
  };
  return { stop: checkHourly(check, options.firstCheckMs, options.checkEveryMs), running: () => run };
}
