import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from '@/server/db/client';
import { startServer, waitFor } from '../helpers/server-process';

describe('the data folder', () => {
  it('is locked while open, so a second process cannot corrupt it', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
    const first = await openDatabase({ kind: 'embedded', dataDir });
    // The lock holds our own pid; pretend another live shop process (a node process, named the way
    // an older version wrote its lock: the pid alone) holds it.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    await new Promise((resolve) => other.once('spawn', resolve));
    writeFileSync(path.join(dataDir, 'shop.lock'), String(other.pid));
    await expect(openDatabase({ kind: 'embedded', dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    other.kill();
    writeFileSync(path.join(dataDir, 'shop.lock'), String(process.pid));
    await first.close();
    expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);

    // A lock left by a process that died is taken over.
    writeFileSync(path.join(dataDir, 'shop.lock'), '999999');
    await (await openDatabase({ kind: 'embedded', dataDir })).close();
  }, 30_000);
});

describe('the server process', () => {
  it('stops with a clear message when the environment is wrong', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'shop-data-')) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: must be a number');
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  }, 30_000);

  it('finishes requests in flight on SIGTERM, closes the database and releases the folder', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
    const server = startServer({ PORT: '0', DATA_DIR: dataDir });
    await waitFor(() => server.output().includes('"msg":"listening"'), server.output);
    const port = Number(/"msg":"listening","port":(\d+)/.exec(server.output())?.[1]);

    // A request whose body is still arriving when the signal comes must still get its answer.
    const body = JSON.stringify({ name: 'Abena', email: 'abena@example.com', subject: 'Order', message: 'Hello there' });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/contact',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => {
            text += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    const signalled = Date.now();
    const { status, text } = await answer;
    expect(status).toBe(201);
    expect(JSON.parse(text).message).toBe('Message sent! ✅');
    expect(await server.exited).toBe(0);
    // The kept-alive connection is closed once its answer is sent: held until Node's 5 s keep-alive
    // timeout, the stop would take that plus the database's own stop (3 to 4 s on a busy machine),
    // and the 10 s shutdown timeout would cut it.
    expect(Date.now() - signalled).toBeLessThan(8_000);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
    // The database was stopped after the drain, cleanly: its server wrote no pid file to leave behind.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 30_000);
});
