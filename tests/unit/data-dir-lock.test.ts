import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processStartTime } from '@/server/db/client';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A live process that is not a shop: what a pid left in a lock file may belong to after a restart. */
async function unrelatedProcess(): Promise<number> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject));
  return child.pid as number;
}

/** Another program trying to lock the folder: exit code 3 when it was refused, 0 when it got the lock. */
function lockFromAnotherProcess(dir: string): Promise<number | null> {
  const script = `import('./src/server/db/client.ts').then((m) => { try { m.lockDataDir(${JSON.stringify(dir)}); process.exit(0); } catch (e) { process.exit(e instanceof m.DataDirLockedError ? 3 : 1); } });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: 'ignore' });
  children.push(child);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

const tempDir = () => mkdtempSync(path.join(os.tmpdir(), 'shop-lock-'));
const lockFile = (dir: string) => path.join(dir, 'shop.lock');
const onLinux = process.platform === 'linux';

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks after boot. */
const startTimeOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};

describe('the data folder lock', () => {
  it('records the holder: its pid, and on Linux its start time', () => {
    const dir = tempDir();
    const unlock = lockDataDir(dir);
    const record = JSON.parse(readFileSync(lockFile(dir), 'utf8'));
    expect(record.pid).toBe(process.pid);
    if (onLinux) expect(record.start).toBe(startTimeOf(process.pid));
    expect(processStartTime(process.pid)).toBe(onLinux ? startTimeOf(process.pid) : undefined);
    unlock();
    expect(existsSync(lockFile(dir))).toBe(false);
  });

  it.runIf(onLinux)('takes over a lock whose pid now belongs to an unrelated live process', async () => {
    const pid = await unrelatedProcess();

    // A lock left by a shop that is gone, its pid since given to a program that is not node (the
    // pid alone, as a version before start times wrote it): taken over.
    const older = tempDir();
    writeFileSync(lockFile(older), String(pid));
    const unlockOlder = lockDataDir(older);
    expect(JSON.parse(readFileSync(lockFile(older), 'utf8')).pid).toBe(process.pid);
    unlockOlder();

    // A lock of this version: the shop that wrote it started at another time than the process now holding its pid.
    const start = startTimeOf(pid);
    const dir = tempDir();
    writeFileSync(lockFile(dir), JSON.stringify({ pid, start: String(Number(start) - 1) }));
    const unlock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8')).pid).toBe(process.pid);
    unlock();
  });

  it('still refuses a lock held by a live shop process', async () => {
    const dir = tempDir();
    const unlock = lockDataDir(dir);
    const written = readFileSync(lockFile(dir), 'utf8');
    expect(await lockFromAnotherProcess(dir)).toBe(3);
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(written);
    unlock();
    // Once released, the other process gets it.
    expect(await lockFromAnotherProcess(dir)).toBe(0);
  }, 30_000);

  it('refuses a lock naming a live process with the recorded start time', async () => {
    const pid = await unrelatedProcess();
    const dir = tempDir();
    writeFileSync(lockFile(dir), JSON.stringify(onLinux ? { pid, start: startTimeOf(pid) } : { pid }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = tempDir();
    writeFileSync(lockFile(dir), JSON.stringify({ pid: 999_999, start: '1' }));
    lockDataDir(dir)();
    writeFileSync(lockFile(dir), '999999');
    lockDataDir(dir)();
  });
});
