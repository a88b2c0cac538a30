import fs from 'node:fs';
import type { Db } from '../../db/client';
import { errorForLog } from '../../db/errors';
import type { Logger } from '../../logger';
import { alertOwner } from '../../notify/system-alerts';
import { checkHourly } from './hourly';

/** What `fs.promises.statfs` answers that the check reads (injected in tests). */
export type StatFs = (dir: string) => Promise<{ blocks: number | bigint; bfree: number | bigint; bavail: number | bigint }>;

/**
 * How full the filesystem holding `dir` is, in whole percent, as `df` counts it: used blocks over
 * the blocks an ordinary account can use (used + available; the root-reserved part left out).
 */
export async function diskUsePercent(dir: string, statfs: StatFs = fs.promises.statfs): Promise<number> {
  const stats = await statfs(dir);
  const [blocks, free, available] = [Number(stats.blocks), Number(stats.bfree), Number(stats.bavail)];
  const used = blocks - free;
  const usable = used + available;
  return usable > 0 ? Math.ceil((used / usable) * 100) : 0;
}

/** One check: an owner alert (once a day) when DATA_DIR's disk is over `thresholdPercent`. */
export async function checkDisk(options: {
  db: Db;
  secret: Buffer;
  dir: string;
  thresholdPercent: number;
  statfs?: StatFs;
  now?: Date;
}): Promise<{ percent: number; alerted: number }> {
  const percent = await diskUsePercent(options.dir, options.statfs);
  if (options.thresholdPercent <= 0 || percent <= options.thresholdPercent) return { percent, alerted: 0 };
  const alerted = await alertOwner(options.db, options.secret, { kind: 'owner_disk_full', percent, folder: options.dir }, options.now);
  return { percent, alerted };
}

/** The disk check a minute after start, then hourly. */
export function scheduleDiskChecks(options: { db: Db; secret: Buffer; dir: string; thresholdPercent: number; log: Logger; everyMs?: number }): {
  stop(): void;
} {
  const check = () => {
    checkDisk(options)
      .then(({ percent, alerted }) => {
        if (alerted > 0) options.log.warn('disk nearly full: owner alerted', { dir: options.dir, percent });
      })
      .catch((error) => options.log.warn('disk check failed', { error: errorForLog(error) }));
  };
  return { stop: checkHourly(check, undefined, options.everyMs) };
}
