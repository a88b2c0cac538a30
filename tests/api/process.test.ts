import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from '../../src/server/db/client';
import { cartItems, products, sessions } from '../../src/server/db/schema';
import { login, registerCustomer } from '../../src/server/services/auth';
import { addToCart } from '../../src/server/services/cart';
import { startServer, waitFor } from '../helpers/server-process';

describe('the PGlite data folder', () => {
  it('keeps accounts, sessions and carts across a restart', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
    const first = await openDatabase({ kind: 'pglite', dataDir });
    const now = new Date();
    await first.db.execute("insert into products (name, category, price_pesewas, stock) values ('Shea', 'Skin', 4500, 3)");
    const user = await registerCustomer(first.db, { fullName: 'Ama', email: 'ama@x.co', password: 'password-1', confirmPassword: 'password-1' }, now);
    const { token } = await login(first.db, { email: 'ama@x.co', password: 'password-1' }, now);
    const [product] = await first.db.select({ id: products.id }).from(products);
    await addToCart(first.db, user._id, { productId: product?.id ?? '', quantity: 2 });
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    expect(await second.db.select().from(cartItems)).toHaveLength(1);
    expect(await second.db.select().from(sessions)).toHaveLength(1);
    expect(token).toBeTruthy();
    await second.close();
  }, 30_000);

  it('is locked while open, so a second process cannot corrupt it', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
    const first = await openDatabase({ kind: 'pglite', dataDir });
    // The lock holds our own pid; pretend another live process (pid 1) holds it.
    writeFileSync(path.join(dataDir, 'shop.lock'), '1');
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    writeFileSync(path.join(dataDir, 'shop.lock'), String(process.pid));
    await first.close();
    expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
  }, 30_000);

  it('takes over a lock left by a process that died', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
    writeFileSync(path.join(dataDir, 'shop.lock'), '999999');
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.close();
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
    // Well before the 10 s timeout: the kept-alive connection is closed once its answer is sent.
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(existsSync(path.join(dataDir, 'shop.lock'))).toBe(false);
  }, 30_000);
});
