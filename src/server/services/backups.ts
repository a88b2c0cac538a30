import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type BackupSummary, backupFileName, makeBackupsFolderPrivate, pruneBackups, writeBackup } from '../db/backup';
import { errorForLog } from '../db/errors';
import type { Logger } from '../logger';

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

/**
 * A backup whenever the newest is a day old, checked a minute after start and then hourly (a shop
 * that is off at night still gets one a day). A graceful stop waits for one in progress.
 */
export function scheduleDailyBackups(options: { url: string; dir: string; keep: number; log: Logger; firstCheckMs?: number; checkEveryMs?: number }): {
  stop(): void;
  running(): Promise<void> | undefined;
} {
  let run: Promise<void> | undefined;
  const check = () => {
    if (run) return;
    const last = lastBackupAt(options.dir);
    if (last && Date.now() - last.getTime() < DAY_MS) return;
    run = backupNow(options.url, options.dir, options.keep)
      .then((summary) => options.log.info('backup written', { file: summary.file, rows: summary.rows }))
      .catch((error) => options.log.error('backup failed', { error: errorForLog(error) }))
      .finally(() => {
        run = undefined;
      });
  };
  const first = setTimeout(check, options.firstCheckMs ?? 60_000);
  const every = setInterval(check, options.checkEveryMs ?? 60 * 60_000);
  first.unref();
  every.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
    running: () => run,
  };
}
