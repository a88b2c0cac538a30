import fs from 'node:fs';
import path from 'node:path';

/* The backups folder: the backups' names, their private modes, and pruning the oldest. */

/** The names backupFileName gives; pruning leaves every other file alone (the PGlite move's backup too). */
const BACKUP_NAME = /^shop-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.backup\.gz$/;

/** e.g. shop-2026-11-25T06-30-00Z.backup.gz: sorts by time, and no ':' (not allowed in Windows file names). */
export function backupFileName(now: Date): string {
  return `shop-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z.backup.gz`;
}

/**
 * Backups hold password and session hashes, customers' addresses and order links: files are written
 * 0600 in folders of mode 0700, readable by the shop's own account only.
 */
export const FILE_MODE = 0o600;
export const FOLDER_MODE = 0o700;

/**
 * The shop's backups folder (DATA_DIR/backups) made private: created 0700, or closed if an earlier
 * version left it (and the backups in it) readable by every account. Only for the shop's own folders:
 * writeBackup alone never changes the mode of a folder that already exists.
 */
export function makeBackupsFolderPrivate(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: FOLDER_MODE });
  fs.chmodSync(dir, FOLDER_MODE);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.includes('.backup.gz')) fs.chmodSync(path.join(dir, entry.name), FILE_MODE);
  }
}

/** Deletes the oldest shop backups in `dir` beyond the newest `keep`; returns the deleted paths. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!fs.existsSync(dir)) return [];
  const names = fs
    .readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort();
  const doomed = names.slice(0, Math.max(0, names.length - Math.max(0, keep))).map((name) => path.join(dir, name));
  for (const file of doomed) fs.rmSync(file, { force: true });
  return doomed;
}
