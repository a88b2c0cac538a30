import fs from 'node:fs';
import path from 'node:path';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import zlib from 'node:zlib';

/* Files that must survive a power cut once written: backups, the server secret, the PGlite move's note. */

/** Gzipped text written to `file` and on disk before it resolves. */
export async function writeGzipDurably(file: string, text: AsyncIterable<string>, mode: number): Promise<void> {
  await pipelineAsync(text, zlib.createGzip(), fs.createWriteStream(file, { mode }));
  await syncPath(file, 'r+');
}

/**
 * fsync by path flushes the file (or folder) itself, whichever descriptor wrote it. (Not the
 * stream's own FileHandle: its close() waits for ever once a stream was made from it.)
 */
async function syncPath(target: string, flags: 'r' | 'r+'): Promise<void> {
  const handle = await fs.promises.open(target, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A small file written whole or not at all, and on disk (the PGlite move's note, the server secret with mode 0600). */
export async function writeFileDurably(file: string, text: string, mode = 0o644): Promise<void> {
  const partial = `${file}.partial`;
  await fs.promises.writeFile(partial, text, { mode });
  await syncPath(partial, 'r+');
  await fs.promises.rename(partial, file);
  await syncDirectory(path.dirname(path.resolve(file)));
}

/** The rename itself must reach the disk. Windows cannot open a folder for syncing (nor needs to). */
export async function syncDirectory(dir: string): Promise<void> {
  if (process.platform !== 'win32') await syncPath(dir, 'r');
}
